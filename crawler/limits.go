package crawler

import (
	"context"
	"fmt"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// Scope limits count per capture (issue 27), not per run: a capture
// resumed after a kill or a pause, or crawled by several nodes, stops at
// the same totals as one uninterrupted run.
//
//   - max_pages counts the capture's response and revisit records already
//     in the store when the run started (robots.txt and sitemaps of
//     earlier runs included) plus this run's pages;
//   - max_bytes counts the response bytes the same way;
//   - max_duration counts from the capture's start (its stored Started),
//     so it bounds the capture interval the quality report states.
//
// A run that starts with a limit already reached stops before it fetches
// anything, and the capture finishes.

// captureLimitBase reads what the capture held when the run started, for
// the limits: the earlier runs' totals of a single process (already
// read, earlierTotals); a cluster node reads every node's.
func (c *Crawler) captureLimitBase(ctx context.Context) (store.CaptureTotals, error) {
	s := c.job.Scope
	if !c.coord.shared() || (s.MaxPages == 0 && s.MaxBytes == 0) {
		return c.earlier, nil
	}
	t, err := c.store.CaptureTotals(ctx, c.capture.ID)
	if err != nil {
		return t, fmt.Errorf("scope limits: %w", err)
	}
	return t, nil
}

// checkLimits stops the run once the capture's pages (pages: this run's
// so far) or bytes reach a scope limit.
func (c *Crawler) checkLimits(pages int64) {
	s, base := c.job.Scope, c.limitBase
	switch {
	case s.MaxPages > 0 && base.Fetched+pages >= int64(s.MaxPages):
		c.stop(errLimit{StopMaxPages})
	case s.MaxBytes > 0 && base.Bytes+c.bytes.Load() >= s.MaxBytes:
		c.stop(errLimit{StopMaxBytes})
	}
}

// startLimits stops the run at once if the capture reached a limit in
// earlier runs, and arms max_duration from the capture's start; the
// returned func disarms it.
func (c *Crawler) startLimits() func() {
	c.checkLimits(0)
	d := c.job.Scope.MaxDuration
	if d <= 0 {
		return func() {}
	}
	left := d - c.now().Sub(c.capture.Started)
	if left <= 0 {
		c.stop(errLimit{StopMaxDuration})
		return func() {}
	}
	t := time.AfterFunc(left, func() { c.stop(errLimit{StopMaxDuration}) })
	return func() { t.Stop() }
}
