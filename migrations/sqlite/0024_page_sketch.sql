-- Keep in step with postgres/0024_page_sketch.sql.

-- The bottom-k sketch of each archived page's text (issue 31): the
-- SketchSize smallest 32-bit hashes of its word 3-shingles, as
-- space-separated hexadecimal, ascending (refresh.ContentSketch). A
-- refresh cycle compares a page's sketch with the one stored at its
-- previous fetch to measure how much of its content changed, the input
-- of paper 004's 2-D model, without keeping the texts. Rows stored before
-- this migration have none ('').
ALTER TABLE page_graph ADD COLUMN sketch TEXT NOT NULL DEFAULT '';
