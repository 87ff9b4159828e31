package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"go.uber.org/zap"
)

// TestLastCapturePlan: with records_url_time dropped (migration 0008),
// LastCapture's query is still answered from an index on url, the partial
// records_url_history, on both stores. Without the literal IN list
// SQLite's planner does not take that index (PostgreSQL proves the
// implication itself).
func TestLastCapturePlan(t *testing.T) {
	ctx := context.Background()
	const url = "http://example.com/"
	t.Run("sqlite", func(t *testing.T) {
		s, err := openSQLite(ctx, filepath.Join(t.TempDir(), "plan.db"), zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		plan := sqlitePlan(ctx, t, s.r, sqliteLastCaptureSQL, url)
		if !strings.Contains(plan, "records_url_history") {
			t.Errorf("LastCapture plan does not use records_url_history:\n%s", plan)
		}
	})
	t.Run("postgres", func(t *testing.T) {
		_, dsn := migratedPG(ctx, t, "sharc_lastplan")
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		// An empty table favours a sequential scan; what is asked is
		// whether the partial index can serve the query at all.
		if _, err := conn.Exec(ctx, "SET enable_seqscan = off"); err != nil {
			t.Fatal(err)
		}
		plan := explain(t, func() (pgx.Rows, error) {
			return conn.Query(ctx, "EXPLAIN "+pgLastCaptureSQL, pgx.QueryExecModeExec, url)
		})
		if !strings.Contains(plan, "records_url_history") {
			t.Errorf("LastCapture plan does not use records_url_history:\n%s", plan)
		}
	})
}
