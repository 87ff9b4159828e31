package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/jackc/pgx/v5"
)

// Env is the environment variable holding the test database DSN.
const Env = "SHARC_TEST_PG"

// SchemaDSN creates a fresh schema named prefix_RANDOM in the SHARC_TEST_PG
// database and returns a DSN whose search_path selects it. The schema is
// dropped when the test ends (cleanups run last-in first-out, so after
// stores opened on it are closed). Without SHARC_TEST_PG the test is
// skipped with a message saying how to run it.
func SchemaDSN(t testing.TB, prefix string) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		t.Skip(Env + " is unset; set it to a PostgreSQL DSN, e.g. postgres://postgres@127.0.0.1:5432/test?sslmode=disable, to run the PostgreSQL tests (make test does)")
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	defer admin.Close(ctx)
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	schema := prefix + "_" + hex.EncodeToString(rnd[:])
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

// AliasDSN names dsn's database and schema another way: through
// localhost instead of 127.0.0.1, as another login role (trust auth;
// created here as role, dropped when the test ends) and with application
// name app, as a node behind a host alias or with its own credentials
// would. Tests of store identity use it.
func AliasDSN(t testing.TB, dsn, role, app string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE ROLE "+role+" LOGIN SUPERUSER"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), dsn)
		if err != nil {
			t.Errorf("drop role %s: %v", role, err)
			return
		}
		defer c.Close(context.Background())
		if _, err := c.Exec(context.Background(), "DROP ROLE "+role); err != nil {
			t.Errorf("drop role %s: %v", role, err)
		}
	})
	u.Host = "localhost:" + u.Port()
	u.User = url.User(role)
	q := u.Query()
	q.Set("application_name", app)
	q.Set("connect_timeout", "5")
	u.RawQuery = q.Encode()
	return u.String()
}

// StoreDSNs names, per store kind, the DSN of a fresh store for a test
// whose capture lives in dir: a SQLite file there, and a PostgreSQL schema
// named after prefix when Env is set (otherwise the case is left out, and
// t says so).
func StoreDSNs(t testing.TB, prefix string) map[string]func(t *testing.T, dir string) string {
	t.Helper()
	dsns := map[string]func(t *testing.T, dir string) string{
		"sqlite": func(t *testing.T, dir string) string { return "sqlite:" + filepath.Join(dir, "index.db") },
	}
	if os.Getenv(Env) == "" {
		t.Log(Env + " unset: PostgreSQL case skipped")
		return dsns
	}
	dsns["postgres"] = func(t *testing.T, dir string) string { return SchemaDSN(t, prefix) }
	return dsns
}
