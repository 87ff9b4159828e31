package crawler

import (
	"context"
	"time"

	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// revisitHoldStage looks up a revisit's visit and holds the revisit until
// a later second than the visit's (see revisitHold).
type revisitHoldStage struct {
	frontier *frontier.Frontier
	visits   visitFinder
}

// visitFinder finds a revisit's visit in this capture (Crawler.visitOf).
type visitFinder interface {
	visitOf(ctx context.Context, t frontier.Task) *store.Record
}

func (revisitHoldStage) name() string { return stages.RevisitHold }

func (s revisitHoldStage) run(ctx context.Context, it *item) (bool, error) {
	if it.t.Action != scheduler.Revisit || it.t.Prereq {
		return false, nil
	}
	it.visit = s.visits.visitOf(ctx, it.t)
	if hold := revisitHold(it.visit, time.Now()); hold > 0 {
		s.frontier.Done(it.t, frontier.Result{Requeue: hold})
		return true, nil // handed out again when the hold ends
	}
	return false, nil
}

// visitOf returns the visit in this capture of a revisit's URL, or nil.
func (c *Crawler) visitOf(ctx context.Context, t frontier.Task) *store.Record {
	v, err := c.store.LastCapture(ctx, t.URL.URL)
	if err != nil || v.CaptureID != c.capture.ID {
		return nil
	}
	return &v
}

// revisitHold is how long a revisit must wait so that it starts in a later
// UTC second than its visit's WARC-Date. Replay tools key captures by URL
// and 14-digit timestamp: ReplayWeb.page drops a revisit in its visit's
// second ("Skipping duplicate revisit") and pywb cannot ask for it. The
// dates themselves are never shifted.
func revisitHold(visit *store.Record, now time.Time) time.Duration {
	if visit == nil {
		return 0
	}
	notBefore := visit.Time.UTC().Truncate(time.Second).Add(time.Second)
	if now.Before(notBefore) {
		return notBefore.Sub(now)
	}
	return 0
}
