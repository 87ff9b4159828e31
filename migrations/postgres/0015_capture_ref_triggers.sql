-- Keep in step with sqlite/0015_capture_ref_triggers.sql (a no-op there).

-- records and urls keep their reference to captures, enforced by the
-- database, but checked once per statement instead of once per row
-- (issue 11). A foreign key runs one SELECT ... FOR KEY SHARE on captures
-- per inserted row, through its own executor start-up: at 10^6 URLs that
-- was 13 % of the server's time in a commit (perf, docs/benchmarks.md),
-- which inserts about 200 rows in two statements that all name the same
-- capture. The foreign keys give way to triggers that keep what they
-- guaranteed:
--
--  * an INSERT whose rows name a capture that does not exist fails with
--    foreign_key_violation (23503), as before, naming the old constraint;
--    so does an UPDATE that changes capture_id to such a capture;
--  * the captures rows named are locked FOR KEY SHARE until the inserting
--    transaction ends, as the foreign key did: a concurrent DELETE of the
--    capture waits for it, and an insert that comes second finds the
--    capture gone and fails;
--  * deleting a capture deletes its records and urls rows (ON DELETE
--    CASCADE), deleting a job still deletes its captures and so these;
--  * changing captures.id while rows reference it, or truncating captures
--    without records and urls, is refused. (TRUNCATE captures CASCADE,
--    which emptied records and urls through the keys, must now name them.)
--
-- One difference: at READ COMMITTED (the store's level and PostgreSQL's
-- default) each statement of the cascade takes a new snapshot, after the
-- DELETE of the capture waited for every transaction holding its row, so
-- it sees all their rows; at a higher level it would use the
-- transaction's first snapshot and could miss rows committed since,
-- which a foreign key's cascade catches with its newest-snapshot
-- cross-check. A DELETE that removes captures is refused
-- above READ COMMITTED. The store never deletes captures; this applies
-- to an operator's DELETE.

ALTER TABLE records DROP CONSTRAINT records_capture_id_fkey;
ALTER TABLE urls DROP CONSTRAINT urls_capture_id_fkey;

-- The rows of one INSERT statement (transition table new_rows): one
-- probe and key-share lock per distinct capture, i.e. one per commit.
-- TG_ARGV[0] is the constraint name the error reports, as a foreign key's
-- error does.
CREATE FUNCTION capture_ref_check_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    missing BIGINT;
BEGIN
    SELECT d.capture_id INTO missing
    FROM (SELECT DISTINCT capture_id FROM new_rows WHERE capture_id IS NOT NULL) d
    LEFT JOIN LATERAL (SELECT c.id FROM captures c WHERE c.id = d.capture_id FOR KEY SHARE) l ON true
    WHERE l.id IS NULL
    LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, TG_ARGV[0]
            USING ERRCODE = 'foreign_key_violation',
                  DETAIL = format('Key (capture_id)=(%s) is not present in table "captures".', missing),
                  SCHEMA = TG_TABLE_SCHEMA, TABLE = TG_TABLE_NAME, CONSTRAINT = TG_ARGV[0];
    END IF;
    RETURN NULL;
END
$$;

-- One row whose capture_id an UPDATE changed (never on the commit path:
-- the WHEN clause keeps other updates from queuing the trigger at all).
CREATE FUNCTION capture_ref_check_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM captures WHERE id = NEW.capture_id FOR KEY SHARE;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, TG_ARGV[0]
            USING ERRCODE = 'foreign_key_violation',
                  DETAIL = format('Key (capture_id)=(%s) is not present in table "captures".', NEW.capture_id),
                  SCHEMA = TG_TABLE_SCHEMA, TABLE = TG_TABLE_NAME, CONSTRAINT = TG_ARGV[0];
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER records_capture_ref AFTER INSERT ON records
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION capture_ref_check_rows('records_capture_id_fkey');
CREATE TRIGGER records_capture_ref_update AFTER UPDATE OF capture_id ON records
    FOR EACH ROW WHEN (OLD.capture_id IS DISTINCT FROM NEW.capture_id)
    EXECUTE FUNCTION capture_ref_check_row('records_capture_id_fkey');
CREATE TRIGGER urls_capture_ref AFTER INSERT ON urls
    REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION capture_ref_check_rows('urls_capture_id_fkey');
CREATE TRIGGER urls_capture_ref_update AFTER UPDATE OF capture_id ON urls
    FOR EACH ROW WHEN (OLD.capture_id IS DISTINCT FROM NEW.capture_id)
    EXECUTE FUNCTION capture_ref_check_row('urls_capture_id_fkey');

-- ON DELETE CASCADE, for the captures one DELETE statement removed.
CREATE FUNCTION capture_ref_cascade_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('transaction_isolation') <> 'read committed' AND EXISTS (SELECT 1 FROM old_rows) THEN
        RAISE EXCEPTION 'captures rows are deleted at READ COMMITTED, not %', current_setting('transaction_isolation')
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  HINT = 'The cascade to records and urls sees rows that concurrent commits added only with a snapshot taken after the DELETE (migration 0015).';
    END IF;
    DELETE FROM records WHERE capture_id IN (SELECT id FROM old_rows);
    DELETE FROM urls WHERE capture_id IN (SELECT id FROM old_rows);
    RETURN NULL;
END
$$;
CREATE TRIGGER captures_ref_cascade AFTER DELETE ON captures
    REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION capture_ref_cascade_delete();

-- ON UPDATE NO ACTION: a referenced captures.id cannot change.
CREATE FUNCTION capture_ref_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM records WHERE capture_id = OLD.id) THEN
        RAISE EXCEPTION 'update or delete on table "captures" violates foreign key constraint "records_capture_id_fkey" on table "records"'
            USING ERRCODE = 'foreign_key_violation',
                  DETAIL = format('Key (id)=(%s) is still referenced from table "records".', OLD.id),
                  SCHEMA = TG_TABLE_SCHEMA, TABLE = 'records', CONSTRAINT = 'records_capture_id_fkey';
    END IF;
    IF EXISTS (SELECT 1 FROM urls WHERE capture_id = OLD.id) THEN
        RAISE EXCEPTION 'update or delete on table "captures" violates foreign key constraint "urls_capture_id_fkey" on table "urls"'
            USING ERRCODE = 'foreign_key_violation',
                  DETAIL = format('Key (id)=(%s) is still referenced from table "urls".', OLD.id),
                  SCHEMA = TG_TABLE_SCHEMA, TABLE = 'urls', CONSTRAINT = 'urls_capture_id_fkey';
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER captures_ref_update AFTER UPDATE OF id ON captures
    FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id)
    EXECUTE FUNCTION capture_ref_refuse_update();

-- A foreign key refuses TRUNCATE captures unless the referencing tables
-- are truncated by the same command; here they must be empty once it has
-- run (AFTER TRUNCATE triggers fire when every table named is truncated).
CREATE FUNCTION capture_ref_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM records) OR EXISTS (SELECT 1 FROM urls) THEN
        RAISE EXCEPTION 'cannot truncate captures without records and urls'
            USING ERRCODE = 'feature_not_supported',
                  HINT = 'Truncate records and urls in the same command: TRUNCATE captures, records, urls.';
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER captures_ref_truncate AFTER TRUNCATE ON captures
    FOR EACH STATEMENT EXECUTE FUNCTION capture_ref_truncate();
