-- Keep in step with postgres/0007_reserved.sql.

-- Placeholder: version 7 is reserved for a concurrent change (PostgreSQL
-- commit path) being written on another branch; the report rows below are
-- version 8. Whichever 0007 is merged replaces this file in both dialects.
SELECT 1;
