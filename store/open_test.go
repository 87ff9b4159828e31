package store_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/store"
)

func TestOpenErrors(t *testing.T) {
	// A regular file where the store's directory should be: the directory
	// cannot be created.
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, dsn string
		want      []string // substrings of the error
		notWant   string
	}{
		{"unknown scheme", "mysql://root:pw@localhost/db", []string{"mysql://root:xxxxx@localhost/db", "unknown scheme"}, "pw@"},
		{"no scheme", "/tmp/x.db", []string{"/tmp/x.db", "unknown scheme"}, ""},
		// Port 1 on loopback: nothing listens, the connection is refused.
		{"unreachable postgres", "postgres://postgres:secret@127.0.0.1:1/test?sslmode=disable&connect_timeout=2", []string{"postgres://postgres:xxxxx@127.0.0.1:1/test", "127.0.0.1"}, "secret"},
		{"sqlite dir is a file", "sqlite:" + filepath.Join(notDir, "x.db"), []string{"sqlite:", "x.db"}, ""},
		{"sqlite memory", "sqlite::memory:", []string{"file path"}, ""},
		{"sqlite empty", "sqlite:", []string{"file path"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := store.Open(context.Background(), tt.dsn, zaptest.NewLogger(t))
			if err == nil {
				s.Close()
				t.Fatalf("Open(%q) succeeded", tt.dsn)
			}
			msg := err.Error()
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not contain %q", msg, w)
				}
			}
			if tt.notWant != "" && strings.Contains(msg, tt.notWant) {
				t.Errorf("error %q leaks %q", msg, tt.notWant)
			}
			if strings.Contains(msg, "\n") {
				t.Errorf("error is not one line: %q", msg)
			}
		})
	}
}

// TestOpenCreatesSQLiteDir: the embedded store needs no preparation; its
// directory is created (the daemon's default store is data/sharc.db).
func TestOpenCreatesSQLiteDir(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "dir", "x.db")
	s, err := store.Open(context.Background(), "sqlite:"+path, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database file: %v", err)
	}
}

func TestRedact(t *testing.T) {
	tests := []struct{ in, want string }{
		{"postgres://u:p@h/db", "postgres://u:xxxxx@h/db"},
		{"postgres://u@h/db?sslmode=disable", "postgres://u@h/db?sslmode=disable"},
		{"sqlite:/var/lib/sharc.db", "sqlite:/var/lib/sharc.db"},
		{"postgres://u:p%zz@h/db", "postgres://(unparseable DSN)"},
		// pgx takes passwords net/url refuses, and passwords as parameters.
		{"postgres://sharc:pa#ss@db/sharc", "postgres://(unparseable DSN)"},
		{"postgres://sharc:pa{ss@db/sharc", "postgres://(unparseable DSN)"},
		{"postgres://sharc@db/sharc?password=hunter2&sslmode=disable", "postgres://sharc@db/sharc?password=xxxxx&sslmode=disable"},
		{"postgres://db/sharc?sslpassword=hunter2", "postgres://db/sharc?sslpassword=xxxxx"},
		{"postgres://db/sharc?PassWord=hunter2", "postgres://db/sharc?PassWord=xxxxx"},
	}
	for _, tt := range tests {
		if got := store.Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestDescribe: what a capture's job record says its store was holds no
// user, password or parameter, whatever form the DSN takes.
func TestDescribe(t *testing.T) {
	tests := []struct{ in, want string }{
		{"postgres://u:p@h:5432/db?sslmode=disable", "postgres://h:5432/db"},
		{"postgresql://u@h/db?password=hunter2", "postgresql://h/db"},
		{"postgres://sharc:pa#ss@db/sharc", "postgres://(unparseable DSN)"},
		{"postgres://sharc:pa{ss@db/sharc", "postgres://(unparseable DSN)"},
		{"sqlite:/var/lib/sharc.db", "sqlite:/var/lib/sharc.db"},
		{"sqlite:/var/lib/sharc.db?_pragma=busy_timeout(1)", "sqlite:/var/lib/sharc.db"},
		{"", ""}, // no store named: the default
	}
	for _, tt := range tests {
		if got := store.Describe(tt.in); got != tt.want {
			t.Errorf("Describe(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestMigrateTwoProcesses opens the same database twice (as two daemons
// would) and migrates both at once: each migration must apply exactly once.
func TestMigrateTwoProcesses(t *testing.T) {
	path := "sqlite:" + filepath.Join(t.TempDir(), "shared.db")
	tests := []struct {
		name string
		open func(t *testing.T) (store.Store, store.Store)
	}{
		{"sqlite", func(t *testing.T) (store.Store, store.Store) {
			return openDSN(t, path), openDSN(t, path)
		}},
		{"postgres", func(t *testing.T) (store.Store, store.Store) {
			dsn := pgSchemaDSN(t)
			return openDSN(t, dsn), openDSN(t, dsn)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := tt.open(t)
			var wg sync.WaitGroup
			var errA, errB error
			wg.Go(func() { errA = a.Migrate(context.Background()) })
			wg.Go(func() { errB = b.Migrate(context.Background()) })
			wg.Wait()
			if errA != nil || errB != nil {
				t.Fatalf("Migrate: %v / %v", errA, errB)
			}
			j, err := a.UpsertJob(context.Background(), "j", "")
			if err != nil {
				t.Fatal(err)
			}
			// Both see one schema.
			j2, err := b.UpsertJob(context.Background(), "j", "y")
			if err != nil || j2.ID != j.ID {
				t.Fatalf("second store sees job %+v, %v; want ID %d", j2, err, j.ID)
			}
		})
	}
}

func openDSN(t *testing.T, dsn string) store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), dsn, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
