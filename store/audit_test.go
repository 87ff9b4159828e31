package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// TestAuditAppendOnly: the audit trail cannot be rewritten through SQL
// either: UPDATE, DELETE (and TRUNCATE on PostgreSQL) are refused by the
// schema, and the entry survives each attempt.
func TestAuditAppendOnly(t *testing.T) {
	ctx := context.Background()
	entry := store.AuditEntry{At: time.Now(), Actor: "alice", Role: "admin", Remote: "127.0.0.1:1", Via: "api", Action: "submit", Status: 201}
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "sharc.db")
		s, err := store.Open(ctx, "sqlite:"+path, testLogger(t))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AppendAudit(ctx, entry); err != nil {
			t.Fatal(err)
		}
		raw, err := sql.Open("sqlite", path)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		for _, q := range []string{`UPDATE audit_log SET actor = 'mallory'`, `DELETE FROM audit_log`} {
			if _, err := raw.ExecContext(ctx, q); err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s: %v, want append-only refusal", q, err)
			}
		}
		assertAuditIntact(t, s)
	})
	t.Run("postgres", func(t *testing.T) {
		dsn := pgSchemaDSN(t)
		s, err := store.Open(ctx, dsn, testLogger(t))
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AppendAudit(ctx, entry); err != nil {
			t.Fatal(err)
		}
		conn := rawConn(t, dsn)
		for _, q := range []string{`UPDATE audit_log SET actor = 'mallory'`, `DELETE FROM audit_log`, `TRUNCATE audit_log`} {
			if _, err := conn.Exec(ctx, q); err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s: %v, want append-only refusal", q, err)
			}
		}
		assertAuditIntact(t, s)
	})
}

func assertAuditIntact(t *testing.T, db store.DB) {
	t.Helper()
	es, err := db.Audit(context.Background(), store.AuditFilter{})
	if err != nil || len(es) != 1 || es[0].Actor != "alice" {
		t.Fatalf("audit after the attempts = %+v, %v", es, err)
	}
}
