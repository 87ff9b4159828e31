package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/sharc-archive/sharc/warc"
)

// The reference from records and urls to captures (migration 0015:
// statement triggers in place of per-row foreign keys) as the database
// enforces it, whoever writes.

// pgFKViolation is PostgreSQL's foreign_key_violation.
const pgFKViolation = "23503"

// wantPGCode fails unless err is a PostgreSQL error with SQLSTATE code.
func wantPGCode(t *testing.T, err error, code, what string) {
	t.Helper()
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != code {
		t.Fatalf("%s: error %v, want SQLSTATE %s", what, err, code)
	}
}

// refRows is a batch of one record and one discovered URL for capture,
// the URL's seq n.
func refRows(capture int64, n int) Batch {
	tag := fmt.Sprint(n)
	surt := "com,example)/" + tag
	return Batch{
		CaptureID: capture,
		Records: []Record{{URL: "http://example.com/" + tag, SURT: surt, Time: time.Now(), RecordType: warc.Response,
			RecordID: "<urn:uuid:" + tag + ">", Status: 200, WARCFile: "f.warc.gz", Phase: "visit"}},
		Discovered: []FrontierURL{{URL: "http://example.com/" + tag, SURT: surt, Host: "example.com", Seq: n, ParentSeq: -1}},
	}
}

// countRows is how many records and urls rows name capture id.
func countRows(ctx context.Context, t *testing.T, db *pgxpool.Pool, capture int64) (records, urls int) {
	t.Helper()
	err := db.QueryRow(ctx, `SELECT (SELECT count(*) FROM records WHERE capture_id = $1), (SELECT count(*) FROM urls WHERE capture_id = $1)`,
		capture).Scan(&records, &urls)
	if err != nil {
		t.Fatal(err)
	}
	return records, urls
}

const (
	pgRawRecord = `INSERT INTO records (capture_id, url, surt, time, record_type, record_id, status, mime, payload_digest, text_digest,
		length, etag, last_modified, warc_file, file_offset, record_length, phase)
		SELECT id, 'http://example.com/raw', 'com,example)/raw', now(), 'response', '<urn:uuid:raw>', 200, '', '', '', 0, '', '', 'f.warc.gz', 0, 0, 'visit'
		FROM unnest($1::bigint[]) AS id`
	pgRawURL = `INSERT INTO urls (capture_id, surt, url, host, seq, parent_seq, hop_path, via, rate, state)
		SELECT id, 'com,example)/raw', 'http://example.com/raw', 'example.com', 1000, -1, '', '', 0, 'queued'
		FROM unnest($1::bigint[]) AS id`
)

func TestCaptureRefRefusesMissingCapture(t *testing.T) {
	ctx := context.Background()
	s, _, c := pgCapture(ctx, t, "sharc_ref", "ref")
	if err := s.Commit(ctx, refRows(c.ID, 0)); err != nil {
		t.Fatal(err)
	}
	missing := c.ID + 1000
	for _, tc := range []struct {
		name string
		run  func() error
	}{
		{"Commit records", func() error { b := refRows(missing, 1); b.Discovered = nil; return s.Commit(ctx, b) }},
		{"Commit discovered", func() error { b := refRows(missing, 2); b.Records = nil; return s.Commit(ctx, b) }},
		{"INSERT records", func() error { _, err := s.pool.Exec(ctx, pgRawRecord, []int64{missing}); return err }},
		{"INSERT urls", func() error { _, err := s.pool.Exec(ctx, pgRawURL, []int64{missing}); return err }},
		// One statement, one good row and one bad: the statement fails whole.
		{"INSERT records, one of two missing", func() error { _, err := s.pool.Exec(ctx, pgRawRecord, []int64{c.ID, missing}); return err }},
		{"INSERT urls, one of two missing", func() error { _, err := s.pool.Exec(ctx, pgRawURL, []int64{c.ID, missing}); return err }},
		{"UPDATE records capture_id", func() error {
			_, err := s.pool.Exec(ctx, `UPDATE records SET capture_id = $2 WHERE capture_id = $1`, c.ID, missing)
			return err
		}},
		{"UPDATE urls capture_id", func() error {
			_, err := s.pool.Exec(ctx, `UPDATE urls SET capture_id = $2 WHERE capture_id = $1`, c.ID, missing)
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantPGCode(t, tc.run(), pgFKViolation, tc.name)
		})
	}
	if r, u := countRows(ctx, t, s.pool, missing); r != 0 || u != 0 {
		t.Errorf("capture %d (none) has %d records and %d urls", missing, r, u)
	}
	if r, u := countRows(ctx, t, s.pool, c.ID); r != 1 || u != 1 {
		t.Errorf("capture %d has %d records and %d urls, want the 1 and 1 committed", c.ID, r, u)
	}
	// Rows that name an existing capture still go in, and may move to one.
	if _, err := s.pool.Exec(ctx, pgRawRecord, []int64{c.ID, c.ID}); err != nil {
		t.Fatal(err)
	}
	j, err := s.UpsertJob(ctx, "ref2", "")
	if err != nil {
		t.Fatal(err)
	}
	c2, _, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.Exec(ctx, `UPDATE urls SET capture_id = $2 WHERE capture_id = $1`, c.ID, c2.ID); err != nil {
		t.Fatal(err)
	}
}

func TestCaptureDeleteCascades(t *testing.T) {
	ctx := context.Background()
	s, _, a := pgCapture(ctx, t, "sharc_cascade", "a")
	j, err := s.UpsertJob(ctx, "b", "")
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []int64{a.ID, b.ID} {
		for i := range 3 {
			if err := s.Commit(ctx, refRows(c, i)); err != nil {
				t.Fatal(err)
			}
		}
	}
	// A referenced capture keeps its ID.
	_, err = s.pool.Exec(ctx, `UPDATE captures SET id = id + 1000 WHERE id = $1`, a.ID)
	wantPGCode(t, err, pgFKViolation, "UPDATE captures SET id")
	// Captures go with their rows, not without them.
	_, err = s.pool.Exec(ctx, `TRUNCATE captures CASCADE`)
	wantPGCode(t, err, "0A000", "TRUNCATE captures")
	// The cascade needs READ COMMITTED's snapshot (see the migration).
	err = pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM captures WHERE id = $1`, a.ID)
		return err
	})
	wantPGCode(t, err, "55000", "DELETE FROM captures at REPEATABLE READ")
	// A delete that removes no capture has nothing to cascade.
	err = pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM captures WHERE id = $1`, a.ID+1000)
		return err
	})
	if err != nil {
		t.Errorf("DELETE of no capture at REPEATABLE READ: %v", err)
	}

	if _, err := s.pool.Exec(ctx, `DELETE FROM captures WHERE id = $1`, a.ID); err != nil {
		t.Fatal(err)
	}
	if r, u := countRows(ctx, t, s.pool, a.ID); r != 0 || u != 0 {
		t.Errorf("deleted capture %d left %d records and %d urls", a.ID, r, u)
	}
	if r, u := countRows(ctx, t, s.pool, b.ID); r != 3 || u != 3 {
		t.Errorf("capture %d has %d records and %d urls after another capture's delete, want 3 and 3", b.ID, r, u)
	}
	// Deleting a job deletes its captures (a foreign key's cascade), and
	// so their rows.
	if _, err := s.pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, j.ID); err != nil {
		t.Fatal(err)
	}
	if r, u := countRows(ctx, t, s.pool, b.ID); r != 0 || u != 0 {
		t.Errorf("capture %d of a deleted job left %d records and %d urls", b.ID, r, u)
	}
	if _, err := s.pool.Exec(ctx, `TRUNCATE captures, records, urls CASCADE`); err != nil {
		t.Errorf("TRUNCATE captures with records and urls: %v", err)
	}
}

// waitBlockedBy waits until some backend waits for a lock the backend
// blocker holds.
func waitBlockedBy(ctx context.Context, t *testing.T, db *pgxpool.Pool, blocker uint32) {
	t.Helper()
	for range 1000 { // 10 s
		var blocked bool
		if err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid)))`,
			int32(blocker)).Scan(&blocked); err != nil {
			t.Fatal(err)
		}
		if blocked {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no backend waited for backend %d", blocker)
}

// TestCaptureDeleteRacesCommit: a capture's delete and a commit to it,
// in either order, leave no index rows of a capture that does not exist.
func TestCaptureDeleteRacesCommit(t *testing.T) {
	ctx := context.Background()
	for _, commitFirst := range []bool{true, false} {
		t.Run(fmt.Sprintf("commitFirst=%v", commitFirst), func(t *testing.T) {
			s, _, c := pgCapture(ctx, t, "sharc_race", "race")
			if err := s.Commit(ctx, refRows(c.ID, 0)); err != nil {
				t.Fatal(err)
			}
			first, err := s.pool.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = first.Rollback(ctx) }()
			pid := first.Conn().PgConn().PID()
			done := make(chan error, 1)
			if commitFirst {
				// The commit's rows are in and the capture's row is
				// key-share locked; the delete waits for the commit.
				if _, err := first.Exec(ctx, pgRawRecord, []int64{c.ID}); err != nil {
					t.Fatal(err)
				}
				if _, err := first.Exec(ctx, pgRawURL, []int64{c.ID}); err != nil {
					t.Fatal(err)
				}
				go func() {
					_, err := s.pool.Exec(ctx, `DELETE FROM captures WHERE id = $1`, c.ID)
					done <- err
				}()
				waitBlockedBy(ctx, t, s.pool, pid)
				if err := first.Commit(ctx); err != nil {
					t.Fatal(err)
				}
				if err := <-done; err != nil {
					t.Fatalf("delete after the commit: %v", err)
				}
			} else {
				// The capture is deleted, not yet committed; the commit
				// waits, then finds it gone.
				if _, err := first.Exec(ctx, `DELETE FROM captures WHERE id = $1`, c.ID); err != nil {
					t.Fatal(err)
				}
				go func() { done <- s.Commit(ctx, refRows(c.ID, 1)) }()
				waitBlockedBy(ctx, t, s.pool, pid)
				if err := first.Commit(ctx); err != nil {
					t.Fatal(err)
				}
				wantPGCode(t, <-done, pgFKViolation, "commit after the delete")
			}
			if r, u := countRows(ctx, t, s.pool, c.ID); r != 0 || u != 0 {
				t.Errorf("deleted capture %d has %d records and %d urls", c.ID, r, u)
			}
		})
	}
}
