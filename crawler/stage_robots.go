package crawler

import (
	"context"
	"time"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/store"
)

// robotsStage applies the host's robots.txt (assembled only when the job
// obeys robots.txt).
type robotsStage struct{}

func (robotsStage) name() string { return stages.Robots }

func (robotsStage) run(ctx context.Context, c *Crawler, it *item) (bool, error) {
	t := it.t
	u, err := requestURL(t.URL.URL)
	if err != nil {
		return true, c.finishUnfetched(ctx, it.worker, t, crawllog.CodeUnfetchable, store.StateFailed, annMalformed)
	}
	switch c.robots.verdict(t.Host, u.RequestURI(), time.Now()) {
	case robotsUnknown:
		c.frontier.Defer(t, c.robotsURL(t.Host, t.URL.URL))
		return true, nil
	case robotsDisallowed:
		return true, c.finishUnfetched(ctx, it.worker, t, crawllog.CodeRobots, store.StateBlocked, "robots")
	case robotsUnavailable:
		// Heritrix's -61: the prerequisite failed, after RobotsRounds
		// tries. The page is not excluded by the site, so it is failed,
		// not blocked; the annotation names robots.txt's own status.
		return true, c.finishUnfetched(ctx, it.worker, t, crawllog.CodePrereqFailed, store.StateFailed, annRobotsUnavailable+c.robots.failure(t.Host))
	case robotsAddressDenied:
		return true, c.finishUnfetched(ctx, it.worker, t, crawllog.CodeBlockedGuard, store.StateFailed, annAddressDenied)
	}
	return false, nil
}
