package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/migrations"
	"github.com/sharc-archive/sharc/store"
)

// TestMigrateLogsOneLine: a first run logs the migrations it applied in
// one info line ("applied N migrations (0001..N)"), not one line each,
// and a second run logs none.
func TestMigrateLogsOneLine(t *testing.T) {
	for _, tc := range []struct {
		dialect string
		dsn     func(t *testing.T) string
	}{
		{migrations.SQLite, func(t *testing.T) string { return "sqlite:" + filepath.Join(t.TempDir(), "m.db") }},
		{migrations.Postgres, func(t *testing.T) string { return pgtest.SchemaDSN(t, "migratelog") }},
	} {
		t.Run(tc.dialect, func(t *testing.T) {
			ms, err := migrations.For(tc.dialect)
			if err != nil {
				t.Fatal(err)
			}
			dsn := tc.dsn(t)
			want := fmt.Sprintf("store: applied %d migrations (0001..%04d)", len(ms), ms[len(ms)-1].Version)
			for run, wantLines := range []int{1, 0} {
				core, logs := observer.New(zapcore.InfoLevel)
				st, err := store.Open(context.Background(), dsn, zap.New(core))
				if err != nil {
					t.Fatal(err)
				}
				err = st.Migrate(context.Background())
				st.Close()
				if err != nil {
					t.Fatal(err)
				}
				var lines []string
				for _, e := range logs.FilterMessageSnippet("migration").All() {
					lines = append(lines, e.Message)
				}
				if len(lines) != wantLines || (wantLines == 1 && lines[0] != want) {
					t.Errorf("run %d logged %q, want %d line(s) %q", run+1, lines, wantLines, want)
				}
			}
		})
	}
}
