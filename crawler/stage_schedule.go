package crawler

import (
	"context"

	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
)

// scheduleStage settles an archived task: the frontier learns it is done
// (and how long the fetch took, for politeness), dropped links are
// logged and the page limits checked.
type scheduleStage struct{}

func (scheduleStage) name() string { return stages.Schedule }

func (scheduleStage) run(_ context.Context, c *Crawler, it *item) (bool, error) {
	t, f := it.t, it.f
	n := c.pages.Add(1)
	c.frontier.Done(t, frontier.Result{Fetched: true, Duration: f.Duration})
	c.obs().Fetched(t.Host, f.Status, f.Response.Size(), f.Duration)
	if err := c.logDrops(it.worker, it.drops); err != nil {
		return true, err
	}
	c.checkLimits(n)
	return true, nil
}
