package storetest

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

func hash(c byte) string { return strings.Repeat(string(c), 64) }

// testAccounts: an account is found by its token hash until revoked; a
// name is unique among active accounts and free again after revocation;
// HasUsers follows.
func testAccounts(t *testing.T, s store.Store) {
	ctx := context.Background()
	db := asRunStore(t, s)
	if has, err := db.HasUsers(ctx); err != nil || has {
		t.Fatalf("HasUsers on a new store = %v, %v", has, err)
	}
	alice, err := db.AddUser(ctx, store.User{Name: "alice", Role: "operator", TokenHash: hash('a'), Created: t0, CreatedBy: "cli"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddUser(ctx, store.User{Name: "alice", Role: "viewer", TokenHash: hash('b'), Created: t0}); !errors.Is(err, store.ErrExists) {
		t.Fatalf("second alice: %v, want ErrExists", err)
	}
	if _, err := db.AddUser(ctx, store.User{Name: "bob", Role: "viewer", TokenHash: "short", Created: t0}); err == nil {
		t.Fatal("a malformed hash was stored")
	}
	got, err := db.UserByTokenHash(ctx, hash('a'))
	if err != nil || got.Name != "alice" || got.Role != "operator" || got.ID != alice.ID || !got.Created.Equal(t0.Truncate(time.Microsecond)) || got.CreatedBy != "cli" {
		t.Fatalf("UserByTokenHash = %+v, %v", got, err)
	}
	if has, err := db.HasUsers(ctx); err != nil || !has {
		t.Fatalf("HasUsers = %v, %v", has, err)
	}
	if err := db.RevokeUser(ctx, "alice", t0.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := db.RevokeUser(ctx, "alice", t0.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("revoking twice: %v, want ErrNotFound", err)
	}
	if _, err := db.UserByTokenHash(ctx, hash('a')); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a revoked token still authenticates: %v", err)
	}
	if has, _ := db.HasUsers(ctx); has {
		t.Fatal("HasUsers with only a revoked account")
	}
	if _, err := db.AddUser(ctx, store.User{Name: "alice", Role: "viewer", TokenHash: hash('c'), Created: t0}); err != nil {
		t.Fatalf("the name of a revoked account is not free: %v", err)
	}
	us, err := db.Users(ctx)
	if err != nil || len(us) != 2 || us[0].Revoked.IsZero() || !us[1].Revoked.IsZero() {
		t.Fatalf("Users = %+v, %v", us, err)
	}
}

// testAudit: entries come back as written, by ID, filtered by job and
// paged by AfterID and Limit.
func testAudit(t *testing.T, s store.Store) {
	ctx := context.Background()
	db := asRunStore(t, s)
	want := []store.AuditEntry{
		{At: t0, Actor: "alice", Role: "operator", Remote: "127.0.0.1:5000", Via: "api", Action: "submit", Method: "POST", Path: "/api/v1/jobs", Job: "a", Digest: "sha256:" + hash('d'), Status: 201},
		{At: t0.Add(time.Second), Actor: "bob", Role: "viewer", Remote: "[::1]:6000", Via: "console", Action: "cancel", Job: "b", Status: 403, Detail: "needs operator"},
		{At: t0.Add(2 * time.Second), Actor: "alice", Role: "operator", Remote: "127.0.0.1:5000", Via: "api", Action: "pause", Job: "a", CaptureID: 7, Status: 200},
	}
	for i := range want {
		id, err := db.AppendAudit(ctx, want[i])
		if err != nil {
			t.Fatal(err)
		}
		want[i].ID, want[i].At = id, want[i].At.Truncate(time.Microsecond)
	}
	all, err := db.Audit(ctx, store.AuditFilter{})
	if err != nil || len(all) != 3 {
		t.Fatalf("Audit = %+v, %v", all, err)
	}
	for i := range want {
		if all[i] != want[i] {
			t.Errorf("entry %d = %+v, want %+v", i, all[i], want[i])
		}
	}
	a, err := db.Audit(ctx, store.AuditFilter{Job: "a"})
	if err != nil || len(a) != 2 || a[0].ID != want[0].ID || a[1].ID != want[2].ID {
		t.Fatalf("Audit job a = %+v, %v", a, err)
	}
	page, err := db.Audit(ctx, store.AuditFilter{AfterID: want[0].ID, Limit: 1})
	if err != nil || len(page) != 1 || page[0].ID != want[1].ID {
		t.Fatalf("Audit page = %+v, %v", page, err)
	}
}
