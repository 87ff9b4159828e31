package crawler

import (
	"context"

	"github.com/sharc-archive/sharc/crawler/stages"
)

// prerequisitesStage records the scheduler's decision and settles
// prerequisite tasks: a host's robots.txt (robots.go) and its sitemaps
// (sitemaps.go) have their own handling.
type prerequisitesStage struct{}

func (prerequisitesStage) name() string { return stages.Prerequisites }

func (prerequisitesStage) run(ctx context.Context, c *Crawler, it *item) (bool, error) {
	c.obs().Decision(it.t.Action, it.t.Prereq)
	switch {
	case !it.t.Prereq:
		return false, nil
	case it.t.Interleaved:
		return true, c.processSitemap(ctx, it.worker, it.t)
	default:
		return true, c.processRobots(ctx, it.worker, it.t)
	}
}
