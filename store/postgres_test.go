package store_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/store/storetest"
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

// pgSchemaDSN creates a fresh schema in the SHARC_TEST_PG database and
// returns a DSN whose search_path selects it. The schema is dropped when
// the test ends (cleanups run last-in first-out, so after stores opened on
// it are closed); concurrent test runs never see each other's rows.
func pgSchemaDSN(t testing.TB) string {
	t.Helper()
	base := os.Getenv("SHARC_TEST_PG")
	if base == "" {
		t.Skip("SHARC_TEST_PG is unset; set it to a PostgreSQL DSN, e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable, to run the PostgreSQL store tests")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("SHARC_TEST_PG: %v", err)
	}
	defer admin.Close(ctx)
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	schema := "sharc_test_" + hex.EncodeToString(rnd[:])
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), base)
		if err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
			return
		}
		defer c.Close(context.Background())
		if _, err := c.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	return u.String()
}

func TestPostgres(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openPostgres(t) })
}
