package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sharc-archive/sharc/store"
)

// digestFixture commits two captures of records whose payload digests
// repeat a few times each, as a crawl's would, so a planner with
// statistics prefers an index to a scan when one serves FirstByDigest.
// It returns the first capture's ID.
func digestFixture(t *testing.T, s store.Store) int64 {
	t.Helper()
	ctx := context.Background()
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var first int64
	for k := range 2 {
		j, err := s.UpsertJob(ctx, fmt.Sprintf("plan-%d", k), "")
		if err != nil {
			t.Fatal(err)
		}
		c, _, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
		if err != nil {
			t.Fatal(err)
		}
		if k == 0 {
			first = c.ID
		}
		b := store.Batch{CaptureID: c.ID}
		t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := range 3000 {
			u := fmt.Sprintf("http://h/%d", i)
			typ := []string{"request", "response", "revisit"}[i%3]
			b.Records = append(b.Records, store.Record{URL: u, SURT: "h)/" + u, Time: t0.Add(time.Duration(i) * time.Second),
				RecordType: typ, RecordID: fmt.Sprintf("<urn:uuid:%d-%d>", k, i), PayloadDigest: fmt.Sprintf("sha1:D%d", i%700),
				WARCFile: "f.warc.gz", Offset: int64(i) * 100, RecordLength: 100})
		}
		if err := s.Commit(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	return first
}

// TestFirstByDigestUsesIndex checks both planners answer FirstByDigest from
// records_capture_digest, in its order (no sort), rather than scanning the
// capture: the crawler asks once per deduplication cache miss, so a scan
// would make every miss cost the size of the capture.
func TestFirstByDigestUsesIndex(t *testing.T) {
	ctx := context.Background()
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "plan.db")
		s, err := store.Open(ctx, "sqlite:"+path, testLogger(t))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		capture := digestFixture(t, s)
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.ExecContext(ctx, "ANALYZE"); err != nil {
			t.Fatal(err)
		}
		rows, err := db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+store.SQLiteFirstByDigestSQL, capture, "sha1:D7")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		text := strings.Join(plan, "\n")
		if !strings.Contains(text, "records_capture_digest") || strings.Contains(text, "TEMP B-TREE") {
			t.Fatalf("FirstByDigest plan does not read records_capture_digest in order:\n%s", text)
		}
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := pgSchemaDSN(t)
		s := openPostgresDSN(t, dsn)
		capture := digestFixture(t, s)
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "ANALYZE records"); err != nil {
			t.Fatal(err)
		}
		rows, err := conn.Query(ctx, "EXPLAIN "+store.PGFirstByDigestSQL, capture, "sha1:D7")
		if err != nil {
			t.Fatal(err)
		}
		plan, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(plan, "\n")
		if !strings.Contains(text, "records_capture_digest") || strings.Contains(text, "Seq Scan") || strings.Contains(text, "Sort") {
			t.Fatalf("FirstByDigest plan does not read records_capture_digest in order:\n%s", text)
		}
	})
}
