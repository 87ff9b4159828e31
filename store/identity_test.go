package store_test

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/store"
)

// identified is a store that names its database.
type identified interface {
	Identity(ctx context.Context) (string, error)
}

func identityOf(t *testing.T, dsn string) string {
	t.Helper()
	s := openPostgresOrSQLite(t, dsn)
	id, err := s.(identified).Identity(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func openPostgresOrSQLite(t *testing.T, dsn string) store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), dsn, testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestStoreIdentity: spellings of one database agree (PostgreSQL: host
// alias, extra parameters; SQLite: a link, "." in the path); another
// schema, another database or another file differ.
func TestStoreIdentity(t *testing.T) {
	t.Run("postgres", func(t *testing.T) {
		a := pgSchemaDSN(t)
		u, err := url.Parse(a)
		if err != nil {
			t.Fatal(err)
		}
		alias := *u
		alias.Host = "localhost:" + u.Port()
		q := alias.Query()
		q.Set("application_name", "other")
		alias.RawQuery = q.Encode()
		otherDB := *u
		otherDB.Path = "/postgres"
		idA := identityOf(t, a)
		if !strings.HasPrefix(idA, "postgres:") || !strings.HasSuffix(idA, "/"+u.Query().Get("search_path")) {
			t.Fatalf("identity %q: want postgres:SYSID/DB/SCHEMA", idA)
		}
		for _, tc := range []struct {
			dsn  string
			same bool
		}{
			{alias.String(), true},
			{pgSchemaDSN(t), false},
			{otherDB.String(), false},
		} {
			if id := identityOf(t, tc.dsn); (id == idA) != tc.same {
				t.Errorf("%s: identity %q vs %q; want same = %v", store.Redact(tc.dsn), id, idA, tc.same)
			}
		}
	})
	t.Run("sqlite", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.Mkdir(filepath.Join(dir, "db"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(dir, "db"), filepath.Join(dir, "alias")); err != nil {
			t.Fatal(err)
		}
		idA := identityOf(t, "sqlite:"+filepath.Join(dir, "db", "a.db"))
		if id := identityOf(t, "sqlite:"+filepath.Join(dir, "alias", ".", "a.db")); id != idA {
			t.Errorf("through a link: %q, want %q", id, idA)
		}
		if id := identityOf(t, "sqlite:"+filepath.Join(dir, "db", "b.db")); id == idA {
			t.Errorf("another file has the identity %q", id)
		}
	})
}
