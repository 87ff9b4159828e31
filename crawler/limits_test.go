package crawler_test

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestMaxDurationCountsFromCaptureStart: scope.max_duration bounds the
// capture from its start, across runs (issue 27). A capture interrupted
// after a few pages and resumed when, by the injected clock, two hours
// have passed since it started stops at once with max_duration (1h) and
// fetches nothing; before, each run had the whole duration afresh.
func TestMaxDurationCountsFromCaptureStart(t *testing.T) {
	srv := httptest.NewServer(chainSite(40))
	defer srv.Close()
	dir := t.TempDir()
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	reg := scheduler.NewRegistry()
	text := strings.Replace(ownerJob(t, "timed", "a.test", addr(srv), filepath.Join(dir, "warcs")), "workers: 2", "workers: 2\nscope: {max_duration: 1h}", 1)
	j := testJob(t, dir, text)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first, err := crawler.New(j, st, reg, zaptest.NewLogger(t), ownerOptions("t.yaml", &stopAfter{n: 5, cancel: cancel})).Run(ctx)
	if err != nil || first.StopReason != crawler.StopInterrupted {
		t.Fatalf("first run: %+v, %v; want interrupted", first, err)
	}
	opts := ownerOptions("t.yaml", nil)
	opts.Now = func() time.Time { return time.Now().Add(2 * time.Hour) }
	second, err := crawler.New(j, st, reg, zaptest.NewLogger(t), opts).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if second.StopReason != crawler.StopMaxDuration || !second.Resumed || second.Fetched != first.Fetched {
		t.Errorf("resumed 2h after the capture's start: stopped %s, fetched %d (first run %d); want max_duration and nothing fetched",
			second.StopReason, second.Fetched, first.Fetched)
	}
}
