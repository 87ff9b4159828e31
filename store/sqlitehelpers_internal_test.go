package store

import (
	"context"
	"path/filepath"
	"testing"

	"go.uber.org/zap"
)

// openSQLiteT opens a SQLite store in a file of the test's own, closed
// when the test ends unless the test closes it first (a second Close is
// an error nobody checks). migrate says whether to apply the schema.
func openSQLiteT(t *testing.T, migrate bool) *sqliteStore {
	t.Helper()
	ctx := context.Background()
	s, err := openSQLite(ctx, filepath.Join(t.TempDir(), "index.db"), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if migrate {
		if err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// newCaptureT starts a capture of a new job named job in s.
func newCaptureT(t *testing.T, s Store, job string) Capture {
	t.Helper()
	ctx := context.Background()
	j, err := s.UpsertJob(ctx, job, "")
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := s.OpenCapture(ctx, j.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	return c
}
