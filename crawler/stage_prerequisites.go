package crawler

import (
	"context"

	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
)

// prerequisitesStage records the scheduler's decision and settles
// prerequisite tasks: a host's robots.txt (robots.go) and its sitemaps
// (sitemaps.go) have their own handling.
type prerequisitesStage struct {
	obs     Observer
	prereqs prereqProcessor
}

// prereqProcessor fetches, archives and reads a prerequisite task
// (Crawler.processSitemap, Crawler.processRobots).
type prereqProcessor interface {
	processSitemap(ctx context.Context, worker int, t frontier.Task) error
	processRobots(ctx context.Context, worker int, t frontier.Task) error
}

func (prerequisitesStage) name() string { return stages.Prerequisites }

func (s prerequisitesStage) run(ctx context.Context, it *item) (bool, error) {
	s.obs.Decision(it.t.Action, it.t.Prereq)
	switch {
	case !it.t.Prereq:
		return false, nil
	case it.t.Interleaved:
		return true, s.prereqs.processSitemap(ctx, it.worker, it.t)
	default:
		return true, s.prereqs.processRobots(ctx, it.worker, it.t)
	}
}
