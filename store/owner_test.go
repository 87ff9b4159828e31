package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/store"
)

// TestLockCapture checks the capture lock of both store kinds (issue 27):
// one single process at a time, cluster nodes together but never with a
// single process nor two of one node name, a refusal naming the holder,
// and a released lock free again. Two handles of one store stand for two
// processes: flock and session advisory locks conflict between them.
func TestLockCapture(t *testing.T) {
	dsns := map[string]string{"sqlite": "sqlite:" + filepath.Join(t.TempDir(), "s.db")}
	if os.Getenv("SHARC_TEST_PG") != "" {
		dsns["postgres"] = pgtest.SchemaDSN(t, "sharc_lock")
	}
	for kind, dsn := range dsns {
		t.Run(kind, func(t *testing.T) { testLockCapture(t, dsn) })
	}
}

func testLockCapture(t *testing.T, dsn string) {
	ctx := context.Background()
	a, b := openDSN(t, dsn), openDSN(t, dsn)
	if err := a.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	since := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	holder := func(node string, pid int) store.CaptureHolder {
		return store.CaptureHolder{Job: "j", Node: node, Host: "h1", PID: pid, Since: since, Heartbeat: since}
	}
	lock := func(s store.Store, node string, pid int, shared bool) (store.CaptureLock, error) {
		return s.LockCapture(ctx, holder(node, pid), shared)
	}
	release := func(l store.CaptureLock) {
		if err := l.Release(ctx); err != nil {
			t.Fatal(err)
		}
	}

	first, err := lock(a, "", 101, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		node   string
		shared bool
	}{{"a second process", "", false}, {"a cluster node", "n1", true}} {
		_, err := lock(b, tc.node, 202, tc.shared)
		var busy *store.CaptureBusyError
		if !errors.As(err, &busy) || !errors.Is(err, store.ErrCaptureBusy) {
			t.Fatalf("%s while a process holds the capture: %v, want a CaptureBusyError", tc.name, err)
		}
		if msg := err.Error(); !strings.Contains(msg, "pid 101 on host h1 since 2026-11-24T12:00:00Z") {
			t.Errorf("%s: refusal %q does not name the holder", tc.name, msg)
		}
	}
	if err := first.Heartbeat(ctx, since.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := lock(b, "", 202, false); err == nil || !strings.Contains(err.Error(), "last heartbeat 2026-11-24T12:01:00Z") {
		t.Errorf("refusal after a heartbeat: %v, want the heartbeat's time", err)
	}
	// Another job is another capture.
	other, err := b.LockCapture(ctx, store.CaptureHolder{Job: "k", Host: "h1", PID: 202, Since: since, Heartbeat: since}, false)
	if err != nil {
		t.Fatalf("another job's capture: %v", err)
	}
	release(other)
	release(first)

	n1, err := lock(a, "n1", 101, true)
	if err != nil {
		t.Fatal(err)
	}
	n2, err := lock(b, "n2", 202, true)
	if err != nil {
		t.Fatalf("a second node: %v", err)
	}
	c := openDSN(t, dsn)
	if _, err := lock(c, "n1", 303, true); !errors.Is(err, store.ErrCaptureBusy) {
		t.Errorf("a second process of node n1: %v, want busy", err)
	}
	if _, err := lock(c, "", 303, false); !errors.Is(err, store.ErrCaptureBusy) || !strings.Contains(err.Error(), "node n2") {
		t.Errorf("a single process beside a cluster: %v, want busy naming the nodes", err)
	}
	release(n1)
	release(n2)
	again, err := lock(c, "", 303, false)
	if err != nil {
		t.Fatalf("after every holder let go: %v", err)
	}
	release(again)
}
