package store

import (
	"context"
	"testing"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
)

// migratedPG opens a migrated PostgreSQL store in a schema of its own
// (closed when the test ends) and returns it with that schema's DSN.
func migratedPG(ctx context.Context, t *testing.T, schema string) (*pgStore, string) {
	t.Helper()
	dsn := pgtest.SchemaDSN(t, schema)
	s, err := openPostgres(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return s, dsn
}

// pgCapture is migratedPG with a job of that name and a capture opened.
func pgCapture(ctx context.Context, t *testing.T, schema, job string) (*pgStore, string, Capture) {
	t.Helper()
	s, dsn := migratedPG(ctx, t, schema)
	j, err := s.UpsertJob(ctx, job, "")
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil {
		t.Fatal(err)
	}
	return s, dsn, c
}
