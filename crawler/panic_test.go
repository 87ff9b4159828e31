package crawler_test

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/internal/testkit/hostile"
	"github.com/sharc-archive/sharc/scheduler"
)

// panicky is an Observer that panics on its nth Decision: a stand-in for
// any bug a hostile page might trigger while a worker processes a URL.
type panicky struct {
	n, calls atomic.Int64
}

func (p *panicky) Started(int64, bool) {}
func (p *panicky) Decision(scheduler.Action, bool) {
	if p.calls.Add(1) == p.n.Load() {
		panic("boom")
	}
}
func (p *panicky) Fetched(string, int, int64, time.Duration) {}
func (p *panicky) Unfetched(string, int)                     {}
func (p *panicky) WARCWritten(string, int64)                 {}

var _ crawler.Observer = (*panicky)(nil)

// TestPanicFailsOneURL: a panic while a worker processes a URL fails that
// URL with -5 crawler-error; the capture goes on and finishes.
func TestPanicFailsOneURL(t *testing.T) {
	obs := &panicky{}
	obs.n.Store(5)
	stats, st, warcs := crawlHostile(t, hostile.New(hostile.Config{Normal: 10}), "panic", 2, `
scope: {max_hops: 1}
limits: {max_sitemaps_per_host: 1}
fetch: {retries: 0, timeout: 2s, connect_timeout: 1s, allow_addresses: [127.0.0.0/8]}
`, crawler.Options{Observer: obs})
	failed := 0
	for _, e := range crawlLogByURI(t, stats.CrawlLog) {
		if e.Status == -5 && strings.Join(e.Annotations, ",") == "crawler-error" {
			failed++
		}
	}
	if failed != 1 {
		t.Errorf("%d URLs failed with -5 crawler-error, want 1", failed)
	}
	if stats.Fetched < 10 {
		t.Errorf("only %d URLs fetched", stats.Fetched)
	}
	checkIndex(t, st, stats.CaptureID, warcs)
}
