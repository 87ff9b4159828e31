package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/daemon"
	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/store"
)

// TestUserCommand: sharc user add prints a token once, which the daemon's
// Authenticate accepts with the account's role; list never shows a token;
// revoke ends it at once; a bad role or name is a usage error naming the
// problem; every change is in the audit trail as cli:USER.
func TestUserCommand(t *testing.T) {
	dsn := "sqlite:" + filepath.Join(t.TempDir(), "sharc.db")
	res := runCLI("user", "--store", dsn, "add", "alice", "--role", "operator")
	tok := strings.TrimSpace(res.stdout)
	if res.code != exitOK || !strings.HasPrefix(tok, access.TokenPrefix) || !strings.Contains(res.stderr, "shown this once") {
		t.Fatalf("add: %d %q %q", res.code, res.stdout, res.stderr)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"add", "bob", "--role", "root"}, `role "root": want viewer, operator or admin`},
		{[]string{"add", "bob"}, "--role viewer|operator|admin is required"},
		{[]string{"add", "Bob Smith", "--role", "viewer"}, `account name "Bob Smith"`},
		{[]string{"add", "alice", "--role", "viewer"}, "an active account alice exists"},
		{[]string{"revoke", "nobody"}, "no active account nobody"},
	} {
		r := runCLI(append([]string{"user", "--store", dsn}, tc.args...)...)
		if r.code == exitOK || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("user %v: %d %q, want an error saying %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
	list := runCLI("user", "--store", dsn, "list")
	if list.code != exitOK || !strings.Contains(list.stdout, "alice") || !strings.Contains(list.stdout, "operator") || strings.Contains(list.stdout, tok) {
		t.Fatalf("list: %d %q", list.code, list.stdout)
	}

	ctx := context.Background()
	st, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d, err := daemon.New(ctx, daemon.Config{Listen: "127.0.0.1:0", Store: dsn, DataDir: t.TempDir()}, zap.NewNop(), daemon.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p, err := d.Authenticate(ctx, access.HashToken(tok)); err != nil || p.Name != "alice" || p.Role != access.Operator {
		t.Fatalf("the printed token authenticates as %+v, %v", p, err)
	}
	if r := runCLI("user", "--store", dsn, "revoke", "alice"); r.code != exitOK {
		t.Fatalf("revoke: %d %q", r.code, r.stderr)
	}
	if _, err := d.Authenticate(ctx, access.HashToken(tok)); err == nil {
		t.Fatal("a revoked token still authenticates")
	}
	es, err := st.Audit(ctx, store.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var acts []string
	for _, e := range es {
		if !strings.HasPrefix(e.Actor, "cli:") || e.Via != "cli" {
			t.Errorf("entry %+v is not the command line's", e)
		}
		acts = append(acts, e.Action)
	}
	if got := strings.Join(acts, " "); !strings.HasPrefix(got, "user.add") || !strings.HasSuffix(got, "user.revoke") {
		t.Errorf("audit actions %q", got)
	}
}
