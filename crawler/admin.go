package crawler

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/store"
)

// errNotStarted is returned by the admin methods before the capture is open
// (Observer.Started has not been called yet).
var errNotStarted = errors.New("crawler: capture not started")

// DropMatching removes from the running capture every URL of host not yet
// fetched whose URL matches re, and marks them "blocked" in the store in
// one transaction, so a resumed capture does not bring them back. It
// returns the dropped URLs. Call it only after Observer.Started.
func (c *Crawler) DropMatching(ctx context.Context, host string, re *regexp.Regexp) ([]string, error) {
	if c.frontier == nil {
		return nil, errNotStarted
	}
	dropped := c.frontier.DropMatching(host, re)
	if len(dropped) == 0 {
		return nil, nil
	}
	b := store.Batch{CaptureID: c.capture.ID}
	urls := make([]string, len(dropped))
	for i, u := range dropped {
		b.States = append(b.States, store.StateChange{SURT: u.SURT, State: store.StateBlocked})
		urls[i] = u.URL
	}
	if err := c.store.Commit(ctx, b); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	c.finished.Add(int64(len(dropped)))
	c.log.Info("operator dropped URLs", zap.String("host", host), zap.String("pattern", re.String()), zap.Int("count", len(dropped)))
	return urls, nil
}

// SetHostDelay changes a host's minimum gap between requests for the rest
// of this run (the caller persists it in the job for later runs). It
// reports whether the host was already known.
func (c *Crawler) SetHostDelay(host string, d time.Duration) (bool, error) {
	if c.frontier == nil {
		return false, errNotStarted
	}
	known := c.frontier.SetHostDelay(host, d)
	c.log.Info("operator changed host delay", zap.String("host", host), zap.Duration("delay", d))
	return known, nil
}

// HostQueue describes one host's queue: its state, how many URLs wait and
// up to limit of them in order of discovery.
type HostQueue struct {
	Status     HostStatus
	Delay      time.Duration // the host's minimum gap
	CrawlDelay time.Duration // robots.txt Crawl-delay in force (capped)
	Queued     int
	URLs       []frontier.URL
}

// Host returns one host's queue, or ok false if the host is unknown or
// the capture not started.
func (c *Crawler) Host(host string, limit int) (q HostQueue, ok bool) {
	if c.frontier == nil {
		return HostQueue{}, false
	}
	q.Status, q.Queued, q.URLs, ok = c.frontier.HostQueue(host, limit)
	q.Delay, q.CrawlDelay, _ = c.frontier.HostDelay(host)
	return q, ok
}
