package crawler

import (
	"context"

	"github.com/sharc-archive/sharc/crawler/stages"
)

// fetchStage fetches the task's URL. Its outcome, response or error, is
// for the stages after it to judge.
type fetchStage struct{}

func (fetchStage) name() string { return stages.FetchHTTP }

func (fetchStage) run(ctx context.Context, c *Crawler, it *item) (bool, error) {
	if c.leaseGone(it.t) {
		return true, nil // the host's next holder fetches it
	}
	if err := c.loginFirst(ctx, it.worker, it.t); err != nil {
		return true, err // a login exchange could not be archived
	}
	it.f, it.fetchErr = c.get(ctx, it.t.Host, it.t.URL.URL, c.requestHeaders(ctx, it.t, it.visit))
	if ctx.Err() != nil {
		return true, ctx.Err() // abandoned: the URL stays queued for the resumed run
	}
	return false, nil
}
