package store_test

import (
	"context"
	"testing"

	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/internal/testkit/storetest"
	"github.com/sharc-archive/sharc/store"
)

// openPostgres opens a store in a fresh schema (see pgSchemaDSN).
func openPostgres(t testing.TB) store.Store {
	t.Helper()
	return openPostgresDSN(t, pgSchemaDSN(t))
}

// openPostgresDSN opens a store on dsn, closed when the test ends.
func openPostgresDSN(t testing.TB, dsn string) store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), dsn, testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

// pgSchemaDSN gives the test its own schema (internal/testkit/pgtest).
func pgSchemaDSN(t testing.TB) string { return pgtest.SchemaDSN(t, "sharc_test") }

func TestPostgres(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openPostgres(t) })
}

// newCapture migrates s, upserts job name (with its YAML) and opens a
// single-visit capture of it, returning the capture's ID.
func newCapture(tb testing.TB, s store.Store, name, yaml string) int64 {
	tb.Helper()
	ctx := context.Background()
	if err := s.Migrate(ctx); err != nil {
		tb.Fatal(err)
	}
	j, err := s.UpsertJob(ctx, name, yaml)
	if err != nil {
		tb.Fatal(err)
	}
	c, _, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil {
		tb.Fatal(err)
	}
	return c.ID
}
