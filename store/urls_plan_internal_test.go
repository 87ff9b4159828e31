package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
)

// TestURLsQueriesUseIndexes: every query of urls on SQLite reads one of
// its indexes by a key prefix (SEARCH), never the whole table (SCAN), and
// the frontier's come out in order without a sort: the primary key's
// index (sqlite_autoindex_urls_1, on capture_id and surt) or
// urls_host_seq. The plans are checked on a table with statistics
// (ANALYZE), as a planner sees a capture's. (Issue 33 tried urls WITHOUT
// ROWID, which changes which B-trees these read; docs/benchmarks.md.)
func TestURLsQueriesUseIndexes(t *testing.T) {
	ctx := context.Background()
	s := openSQLiteT(t, true)
	var ids []int64
	for _, name := range []string{"a", "b"} {
		j, err := s.UpsertJob(ctx, name, "name: "+name)
		if err != nil {
			t.Fatal(err)
		}
		c, _, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
		if err != nil {
			t.Fatal(err)
		}
		b := Batch{CaptureID: c.ID}
		for i := range 2000 {
			host := fmt.Sprintf("h%d", i%20)
			b.Discovered = append(b.Discovered, FrontierURL{URL: fmt.Sprintf("http://%s/%d", host, i), SURT: fmt.Sprintf("%s)/%d", host, i),
				Host: host, Seq: i / 20, ParentSeq: -1, State: StateQueued})
		}
		if err := s.Commit(ctx, b); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, c.ID)
	}
	if _, err := s.w.ExecContext(ctx, "ANALYZE"); err != nil {
		t.Fatal(err)
	}
	c := ids[0]
	for _, q := range []struct {
		name, sql string
		args      []any
		index     string
		ordered   bool // read in its ORDER BY's order
	}{
		{"Commit's state change", sqliteCommitSQL(sqliteSetState), []any{"done", 1, c, "h1)/1"}, "sqlite_autoindex_urls_1", false},
		{"Frontier", sqliteFrontierSQL, []any{c}, "urls_host_seq", true},
		{"HostFrontier", sqliteHostFrontierSQL, []any{c, "h1"}, "urls_host_seq", true},
		{"FrontierHosts", fmt.Sprintf(hostSummarySQL, "?"), []any{c}, "urls_host_seq", false},
		{"HostCounts", sqliteHostCountsSQL, []any{c, "h1"}, "urls_host_seq", false},
		{"HostQueued", sqliteHostQueuedSQL, []any{c, "h1", 10, 5}, "urls_host_seq", true},
		{"URLCount", sqliteURLCountSQL, []any{c}, "urls_", false},
		{"InFrontier", sqliteInFrontierSQL(2), []any{c, "h1)/1", "h2)/2"}, "sqlite_autoindex_urls_1", false},
		{"JobCaptureSizes", jobCaptureSizesSQL("?", "?"), []any{int64(1), ids[1]}, "urls_", false},
		{"CaptureTotals", captureTotalsSQLite, []any{c}, "urls", false},
		{"report pages", fmt.Sprintf(pageJoin, "?", "0"), []any{c}, "sqlite_autoindex_urls_1", false},
	} {
		plan := sqlitePlan(ctx, t, s.w, q.sql, q.args...)
		for line := range strings.Lines(plan) {
			// urls is "u" in the report's join.
			if strings.HasPrefix(line, "SCAN u") {
				t.Errorf("%s scans urls:\n%s", q.name, plan)
			}
		}
		if !strings.Contains(plan, q.index) {
			t.Errorf("%s does not read %s:\n%s", q.name, q.index, plan)
		}
		if q.ordered && strings.Contains(plan, "TEMP B-TREE") {
			t.Errorf("%s sorts its rows:\n%s", q.name, plan)
		}
	}
}

// sqlitePlan is the EXPLAIN QUERY PLAN of q on db, one step a line.
func sqlitePlan(ctx context.Context, t *testing.T, db *sql.DB, q string, args ...any) string {
	t.Helper()
	rows, err := db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+q, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, q)
	}
	defer rows.Close()
	var plan strings.Builder
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan.WriteString(detail + "\n")
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return plan.String()
}
