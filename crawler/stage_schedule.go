package crawler

import (
	"context"
	"sync/atomic"

	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
)

// scheduleStage settles an archived task: the frontier learns it is done
// (and how long the fetch took, for politeness), dropped links are
// logged and the page limits checked.
type scheduleStage struct {
	pages    *atomic.Int64 // pages archived this run (runState.pages)
	frontier *frontier.Frontier
	obs      Observer
	limits   runChecker
}

// runChecker logs dropped links and checks the page limits
// (Crawler.logDrops, Crawler.checkLimits).
type runChecker interface {
	logDrops(worker int, drops []drop) error
	checkLimits(pages int64)
}

func (scheduleStage) name() string { return stages.Schedule }

func (s scheduleStage) run(_ context.Context, it *item) (bool, error) {
	t, f := it.t, it.f
	n := s.pages.Add(1)
	s.frontier.Done(t, frontier.Result{Fetched: true, Duration: f.Duration})
	s.obs.Fetched(t.Host, f.Status, f.Response.Size(), f.Duration)
	if err := s.limits.logDrops(it.worker, it.drops); err != nil {
		return true, err
	}
	s.limits.checkLimits(n)
	return true, nil
}
