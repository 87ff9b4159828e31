package daemon

import (
	"context"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
)

// TestRunRefusedByCaptureOwner: a daemon and a `sharc crawl` on one job
// and store exclude each other (issue 27). While another process holds
// the job's capture lock (taken here through a second store handle, as
// `sharc crawl` takes it), a submitted job starts no capture, fetches
// nothing and shows an alert naming the holder; once the holder lets go,
// resuming the job runs it to the end.
func TestRunRefusedByCaptureOwner(t *testing.T) {
	dsn := storeDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(20, 0, &hits))
	defer srv.Close()
	ctx := context.Background()
	other, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if err := other.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	lock, err := other.LockCapture(ctx, store.CaptureHolder{Job: "held", Host: "cli-host", PID: 4242, Since: now, Heartbeat: now}, false)
	if err != nil {
		t.Fatal(err)
	}
	td := startDaemon(t, dsn, 1)
	c := td.client
	if _, err := c.Submit(ctx, jobYAML("held", strings.TrimPrefix(srv.URL, "http://"), ""), "held.yaml"); err != nil {
		t.Fatal(err)
	}
	var info JobInfo
	testkit.WaitFor(t, 10*time.Second, "the refusal's alert", func() bool {
		info, err = c.Job(ctx, "held")
		return err == nil && info.Alert != ""
	})
	if !strings.Contains(info.Alert, "another process owns it") || !strings.Contains(info.Alert, "pid 4242 on host cli-host") {
		t.Errorf("alert %q does not say who owns the capture", info.Alert)
	}
	if caps, err := c.Captures(ctx, "held"); err != nil || len(caps) != 0 || hits.Load() != 0 {
		t.Errorf("refused run: captures %+v (%v), %d requests; want none", caps, err, hits.Load())
	}
	if err := lock.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Action(ctx, "held", "resume"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 20*time.Second, "the capture finished", func() bool {
		caps, err := c.Captures(ctx, "held")
		return err == nil && len(caps) == 1 && caps[0].Status == store.CaptureStatusFinished
	})
}
