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

	"github.com/sharc-archive/sharc/migrations"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// execer is what the upgrade test needs of a raw connection of either
// dialect.
type execer func(ctx context.Context, sql string, args ...any) error

// v1Fixture writes, with migration 0001 only, a job, a running capture,
// one frontier URL and one response record, as a database created by a
// binary from before 0002 would hold them. ph turns "?" placeholders into
// the dialect's.
func v1Fixture(t *testing.T, dialect string, exec execer, ph func(string) string, at any) {
	t.Helper()
	ctx := context.Background()
	ms, err := migrations.For(dialect)
	if err != nil {
		t.Fatal(err)
	}
	applied := "INTEGER"
	if dialect == migrations.Postgres {
		applied = "TIMESTAMPTZ"
	}
	stmts := []struct {
		sql  string
		args []any
	}{
		// The bookkeeping table exactly as Migrate creates it.
		{`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied ` + applied + ` NOT NULL)`, nil},
		{ms[0].SQL, nil},
		{`INSERT INTO schema_migrations (version, name, applied) VALUES (1, ?, ?)`, []any{ms[0].Name, at}},
		{`INSERT INTO jobs (id, name, yaml, created) VALUES (1, 'old', 'name: old', ?)`, []any{at}},
		{`INSERT INTO captures (id, job_id, started, status, strategy, mode) VALUES (1, 1, ?, 'running', 'bfs', 'single-visit')`, []any{at}},
		{`INSERT INTO urls (capture_id, surt, url, host, seq, parent_seq, hop_path, via, rate, state, attempts)
			VALUES (1, 'a)/', 'http://a/', 'a', 0, -1, '', '', 0.5, 'visited', 1)`, nil},
		{`INSERT INTO records (capture_id, url, surt, time, record_type, record_id, status, mime, payload_digest, text_digest,
			length, etag, last_modified, warc_file, file_offset, record_length, phase)
			VALUES (1, 'http://a/', 'a)/', ?, 'response', '<urn:uuid:1>', 200, 'text/html', 'sha1:AAAA', '', 10, '', '', 'f.warc.gz', 0, 100, 'visit')`, []any{at}},
	}
	for _, st := range stmts {
		q := st.sql
		if st.args != nil {
			q = ph(q)
		}
		if err := exec(ctx, q, st.args...); err != nil {
			t.Fatalf("v1 fixture: %v\n%s", err, q)
		}
	}
}

// checkUpgraded migrates a v1 database and checks its rows survive, the
// old URL reads with an empty RateSource, and the new columns and methods
// work on it.
func checkUpgraded(t *testing.T, s store.Store, at time.Time) {
	t.Helper()
	ctx := context.Background()
	if err := s.Migrate(ctx); err != nil {
		t.Fatalf("Migrate from version 1: %v", err)
	}
	if err := s.Migrate(ctx); err != nil {
		t.Fatalf("second Migrate: %v", err)
	}
	c, resumed, err := s.OpenCapture(ctx, 1, "dfs", "visit-revisit")
	if err != nil || !resumed || c.ID != 1 {
		t.Fatalf("OpenCapture after upgrade = %+v resumed=%v err=%v; want capture 1 resumed", c, resumed, err)
	}
	// 0006: the open capture is owned by its job's YAML; the file is unknown.
	if want := (store.CaptureOwner{JobYAML: "name: old"}); c.Owner != want {
		t.Fatalf("owner of the running capture after upgrade = %+v, want %+v", c.Owner, want)
	}
	old := store.FrontierURL{CaptureID: 1, URL: "http://a/", SURT: "a)/", Host: "a", Seq: 0, ParentSeq: -1,
		Rate: 0.5, RateSource: "", State: store.StateVisited, Attempts: 1}
	added := store.FrontierURL{CaptureID: 1, URL: "http://a/b", SURT: "a)/b", Host: "a", Seq: 1, ParentSeq: 0,
		HopPath: "L", Via: "http://a/", Rate: 0.1, RateSource: "predictor", State: store.StateQueued}
	if err := s.Commit(ctx, store.Batch{CaptureID: 1, Discovered: []store.FrontierURL{added}}); err != nil {
		t.Fatal(err)
	}
	fs, err := s.Frontier(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 2 || fs[0] != old || fs[1] != added {
		t.Fatalf("frontier after upgrade:\n got %+v\nwant [%+v %+v]", fs, old, added)
	}
	h, err := s.History(ctx, "http://a/")
	if err != nil || len(h) != 1 || h[0].RecordID != "<urn:uuid:1>" || !h[0].Time.Equal(at) {
		t.Fatalf("History of a record written before the upgrade = %+v, %v", h, err)
	}
}

func TestUpgradeFromV1(t *testing.T) {
	at := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "v1.db")
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		v1Fixture(t, migrations.SQLite, func(ctx context.Context, q string, args ...any) error {
			_, err := db.ExecContext(ctx, q, args...)
			return err
		}, func(q string) string { return q }, at.UnixMicro())
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
		s, err := store.Open(context.Background(), "sqlite:"+path, testLogger(t))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		checkUpgraded(t, s, at)
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := pgSchemaDSN(t)
		ctx := context.Background()
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		v1Fixture(t, migrations.Postgres, func(ctx context.Context, q string, args ...any) error {
			_, err := conn.Exec(ctx, q, args...)
			return err
		}, dollarPlaceholders, at)
		conn.Close(ctx)
		s := openPostgresDSN(t, dsn)
		checkUpgraded(t, s, at)
	})
}

// dollarPlaceholders numbers "?" placeholders as $1, $2, ...
func dollarPlaceholders(q string) string {
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			fmt.Fprintf(&b, "$%d", n)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// historyFixture commits enough records over enough URLs that a planner
// with statistics prefers an index to a scan when one serves the query.
func historyFixture(t *testing.T, s store.Store) {
	t.Helper()
	ctx := context.Background()
	b := store.Batch{CaptureID: newCapture(t, s, "plan", "")}
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 4000 {
		u := fmt.Sprintf("http://h/%d", i%500)
		typ := []warc.RecordType{warc.Request, warc.Response, warc.Revisit, warc.Metadata}[i%4]
		b.Records = append(b.Records, store.Record{URL: u, SURT: "h)/" + u, Time: t0.Add(time.Duration(i) * time.Second),
			RecordType: typ, RecordID: fmt.Sprintf("<urn:uuid:%d>", i), WARCFile: "f.warc.gz", Offset: int64(i) * 100, RecordLength: 100})
	}
	if err := s.Commit(ctx, b); err != nil {
		t.Fatal(err)
	}
}

// TestHistoryUsesIndex checks both planners answer History from
// records_url_history, in order, rather than scanning every record: the
// index is only useful if the query's predicate matches it.
func TestHistoryUsesIndex(t *testing.T) {
	checkIndexPlan(t, "records_url_history", func(t *testing.T, s store.Store) []any {
		historyFixture(t, s)
		return []any{"http://h/7"}
	}, store.SQLiteHistorySQL, store.PGHistorySQL, "Seq Scan")
}

// checkIndexPlan fills a SQLite and a PostgreSQL store with fixture (which
// returns the query's arguments), analyses them, and checks that each
// planner answers its query through index: SQLite without a temporary
// sort, PostgreSQL without any of pgForbid (plan node names).
func checkIndexPlan(t *testing.T, index string, fixture func(*testing.T, store.Store) []any, sqliteSQL, pgSQL string, pgForbid ...string) {
	t.Helper()
	ctx := context.Background()
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "plan.db")
		s, err := store.Open(ctx, "sqlite:"+path, testLogger(t))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		args := fixture(t, s)
		db, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.ExecContext(ctx, "ANALYZE"); err != nil {
			t.Fatal(err)
		}
		rows, err := db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+sqliteSQL, args...)
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
		if !strings.Contains(text, index) || strings.Contains(text, "TEMP B-TREE") {
			t.Fatalf("plan does not read %s in order:\n%s", index, text)
		}
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := pgSchemaDSN(t)
		s := openPostgresDSN(t, dsn)
		args := fixture(t, s)
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "ANALYZE records"); err != nil {
			t.Fatal(err)
		}
		rows, err := conn.Query(ctx, "EXPLAIN "+pgSQL, args...)
		if err != nil {
			t.Fatal(err)
		}
		plan, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(plan, "\n")
		bad := !strings.Contains(text, index)
		for _, f := range pgForbid {
			bad = bad || strings.Contains(text, f)
		}
		if bad {
			t.Fatalf("plan does not read %s (or uses one of %v):\n%s", index, pgForbid, text)
		}
	})
}
