package crawler

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/store"
)

// retryStage requeues a failed fetch, a 429 or a 5xx with backoff until
// fetch.retries, then fails a URL without a response. A 5xx/429 after the
// last retry passes on, to be archived like any response.
type retryStage struct {
	retries  int           // fetch.retries
	backoff  time.Duration // fetch.retry_backoff, doubled each attempt
	log      *zap.Logger
	frontier *frontier.Frontier
	finish   unfetchedFinisher
}

func (retryStage) name() string { return stages.Retry }

func (s retryStage) run(ctx context.Context, it *item) (bool, error) {
	t, f, err := it.t, it.f, it.fetchErr
	if err == nil && f.Status != http.StatusTooManyRequests && f.Status < 500 {
		return false, nil
	}
	if t.Attempt < s.retries {
		wait := backoff(s.backoff, t.Attempt)
		var d time.Duration
		if f != nil {
			if ra := retryAfter(f.Header, time.Now()); ra > wait {
				wait = ra
			}
			d = f.Duration
		}
		s.log.Debug("retrying", zap.String("url", t.URL.URL), zap.Int("attempt", t.Attempt+1), zap.Duration("after", wait), zap.Error(err))
		s.frontier.Done(t, frontier.Result{Fetched: true, Duration: d, Retry: wait})
		return true, nil
	}
	if err == nil {
		return false, nil
	}
	code := crawllog.CodeRetriesGaveUp
	var fe *fetchError
	if errors.As(err, &fe) {
		code = fe.Code
	}
	s.log.Info("giving up", zap.String("url", t.URL.URL), zap.Int("attempts", t.Attempt+1), zap.Error(err))
	return true, s.finish.finishUnfetched(ctx, it.worker, t, code, store.StateFailed, fmt.Sprintf("%dt", t.Attempt+1))
}

func (c *Crawler) backoff(attempt int) time.Duration {
	return backoff(c.job.Fetch.RetryBackoff, attempt)
}

// backoff is the wait before retry attempt+1: base doubled per attempt,
// at most ten minutes.
func backoff(base time.Duration, attempt int) time.Duration {
	d := base << attempt
	if d <= 0 || d > 10*time.Minute {
		d = 10 * time.Minute
	}
	return d
}
