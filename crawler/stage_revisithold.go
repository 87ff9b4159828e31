package crawler

import (
	"context"
	"time"

	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/scheduler"
)

// revisitHoldStage looks up a revisit's visit and holds the revisit until
// a later second than the visit's (see revisitHold).
type revisitHoldStage struct{}

func (revisitHoldStage) name() string { return stages.RevisitHold }

func (revisitHoldStage) run(ctx context.Context, c *Crawler, it *item) (bool, error) {
	if it.t.Action != scheduler.Revisit || it.t.Prereq {
		return false, nil
	}
	it.visit = c.visitOf(ctx, it.t)
	if hold := revisitHold(it.visit, time.Now()); hold > 0 {
		c.frontier.Done(it.t, frontier.Result{Requeue: hold})
		return true, nil // handed out again when the hold ends
	}
	return false, nil
}
