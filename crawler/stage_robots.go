package crawler

import (
	"context"
	"time"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/store"
)

// robotsStage applies the host's robots.txt (assembled only when the job
// obeys robots.txt).
type robotsStage struct {
	robots   *robotsCache
	frontier *frontier.Frontier
	tasks    robotsTasker
	finish   unfetchedFinisher
}

// robotsTasker makes the robots.txt task of a host (Crawler.robotsURL).
type robotsTasker interface {
	robotsURL(host, via string) frontier.URL
}

func (robotsStage) name() string { return stages.Robots }

func (s robotsStage) run(ctx context.Context, it *item) (bool, error) {
	t := it.t
	u, err := requestURL(t.URL.URL)
	if err != nil {
		return true, s.finish.finishUnfetched(ctx, it.worker, t, crawllog.CodeUnfetchable, store.StateFailed, annMalformed)
	}
	switch s.robots.verdict(t.Host, u.RequestURI(), time.Now()) {
	case robotsUnknown:
		s.frontier.Defer(t, s.tasks.robotsURL(t.Host, t.URL.URL))
		return true, nil
	case robotsDisallowed:
		return true, s.finish.finishUnfetched(ctx, it.worker, t, crawllog.CodeRobots, store.StateBlocked, "robots")
	case robotsUnavailable:
		// Heritrix's -61: the prerequisite failed, after RobotsRounds
		// tries. The page is not excluded by the site, so it is failed,
		// not blocked; the annotation names robots.txt's own status.
		return true, s.finish.finishUnfetched(ctx, it.worker, t, crawllog.CodePrereqFailed, store.StateFailed, annRobotsUnavailable+s.robots.failure(t.Host))
	case robotsAddressDenied:
		return true, s.finish.finishUnfetched(ctx, it.worker, t, crawllog.CodeBlockedGuard, store.StateFailed, annAddressDenied)
	}
	return false, nil
}
