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
// one transaction, so a resumed capture does not bring them back. A
// parked host's URLs (max_active_hosts) are read from and marked in the
// store, so they are never fetched when the host is activated. It returns
// the dropped URLs. Call it only after Observer.Started.
func (c *Crawler) DropMatching(ctx context.Context, host string, re *regexp.Regexp) ([]string, error) {
	if c.frontier == nil {
		return nil, errNotStarted
	}
	// No activation (nor discovery numbering) while we look: the host
	// stays active or parked until we are done.
	c.parkMu.Lock()
	defer c.parkMu.Unlock()
	if _, parked := c.frontier.Parked(host); parked {
		return c.dropParked(ctx, host, re)
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

// dropParked is DropMatching for a parked host; c.parkMu is held. It
// reads the host's queue from the store a page at a time and holds only
// the matches, which it marks in one transaction.
func (c *Crawler) dropParked(ctx context.Context, host string, re *regexp.Regexp) ([]string, error) {
	b := store.Batch{CaptureID: c.capture.ID}
	var urls []string
	err := store.EachHostQueued(ctx, c.store, c.capture.ID, host, func(r store.FrontierURL) error {
		if re.MatchString(r.URL) {
			b.States = append(b.States, store.StateChange{SURT: r.SURT, State: store.StateBlocked, Attempts: r.Attempts})
			urls = append(urls, r.URL)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if len(urls) > 0 {
		if err := c.store.Commit(ctx, b); err != nil {
			return nil, fmt.Errorf("store: %w", err)
		}
		c.finished.Add(int64(len(urls)))
	}
	// The parked record must agree with the rows: a host left without
	// work is not activated at all.
	if err := c.refreshParked(ctx, host); err != nil {
		return nil, err
	}
	c.log.Info("operator dropped URLs of a parked host", zap.String("host", host), zap.String("pattern", re.String()), zap.Int("count", len(urls)))
	return urls, nil
}

// refreshParked sets a parked host's counts from the store's; c.parkMu
// is held.
func (c *Crawler) refreshParked(ctx context.Context, host string) error {
	n, err := c.store.HostCounts(ctx, c.capture.ID, host)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	// Unfinished rows are queued, or visited and awaiting their revisit:
	// either is work.
	c.frontier.SetParkedCounts(host, frontier.ParkedCounts{URLs: n.URLs, Finished: n.Finished, Queued: n.Queued, Work: n.URLs > n.Finished}, false)
	return nil
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
	Status     HostStatus    // Status.Parked: the URLs come from the store
	Delay      time.Duration // the host's minimum gap
	CrawlDelay time.Duration // robots.txt Crawl-delay in force (capped)
	Queued     int
	URLs       []frontier.URL
}

// Host returns one host's queue from memory, or ok false if the host is
// unknown or the capture not started. For a parked host (max_active_hosts)
// it returns its state and delays but no URLs (see HostFrontier).
func (c *Crawler) Host(host string, limit int) (q HostQueue, ok bool) {
	if c.frontier == nil {
		return HostQueue{}, false
	}
	q.Status, q.Queued, q.URLs, ok = c.frontier.HostQueue(host, limit)
	if !ok {
		if q.Status, ok = c.frontier.Parked(host); ok {
			q.Queued = q.Status.Queued
		}
	}
	q.Delay, q.CrawlDelay, _ = c.frontier.HostDelay(host)
	return q, ok
}

// HostFrontier is Host with a parked host's URLs read from the store (and
// its counts refreshed from the store's). limit ≤ 0 lists them all: a
// caller answering a request bounds it, as a parked host's are read
// into memory only up to limit.
func (c *Crawler) HostFrontier(ctx context.Context, host string, limit int) (HostQueue, bool, error) {
	if c.frontier == nil {
		return HostQueue{}, false, nil
	}
	c.parkMu.Lock()
	defer c.parkMu.Unlock()
	if _, parked := c.frontier.Parked(host); !parked {
		q, ok := c.Host(host, limit)
		return q, ok, nil
	}
	if err := c.refreshParked(ctx, host); err != nil {
		return HostQueue{}, false, err
	}
	rows, err := c.store.HostQueued(ctx, c.capture.ID, host, -1, limit)
	if err != nil {
		return HostQueue{}, false, fmt.Errorf("store: %w", err)
	}
	q, ok := c.Host(host, 0)
	q.URLs = nil
	for _, r := range rows {
		q.URLs = append(q.URLs, frontier.URL{URL: r.URL, SURT: r.SURT, Host: r.Host, Seq: -1, StoreSeq: r.Seq,
			Parent: r.ParentSeq, HopPath: r.HopPath, Via: r.Via, Rate: r.Rate, RateSource: r.RateSource})
	}
	return q, ok, nil
}

// HostStatuses returns every host's queue state, parked hosts' included.
// Parked hosts of a resumed capture get their counts from the store
// (store.FrontierHosts) the first time; later calls read only memory.
func (c *Crawler) HostStatuses(ctx context.Context) ([]HostStatus, error) {
	if c.frontier == nil {
		return nil, nil
	}
	hosts := c.frontier.Status()
	for _, h := range hosts {
		if h.Counted {
			continue
		}
		if err := c.countParked(ctx); err != nil {
			return hosts, err
		}
		return c.frontier.Status(), nil
	}
	return hosts, nil
}

// countParked fills in the counts of parked hosts that lack them.
func (c *Crawler) countParked(ctx context.Context) error {
	c.parkMu.Lock() // the summaries and the parked records agree
	defer c.parkMu.Unlock()
	sums, err := c.store.FrontierHosts(ctx, c.capture.ID)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	for _, s := range sums {
		// Without the rows a visited URL cannot be told from a queued
		// one: Queued counts every unfinished URL.
		c.frontier.SetParkedCounts(s.Host, frontier.ParkedCounts{URLs: s.URLs, Finished: s.Finished,
			Queued: s.URLs - s.Finished, Work: s.URLs > s.Finished}, true)
	}
	return nil
}
