package crawler

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
)

// SeedsArchived counts the job's seeds that capture captureID archived (a
// response or revisit record of the seed's canonical URL, whatever its
// HTTP status: an unchanged seed archived as a revisit counts). A capture that archived none captured nothing of the
// site: `sharc crawl` then exits with its own status.
func SeedsArchived(ctx context.Context, st store.Store, j *job.Job, captureID int64) (int, error) {
	n := 0
	for _, s := range j.Seeds {
		u, err := urlcanon.Canonical("", s)
		if err != nil {
			continue // a seed that does not parse was never crawled
		}
		recs, err := st.History(ctx, u)
		if err != nil {
			return n, fmt.Errorf("seeds archived: %w", err)
		}
		if slices.ContainsFunc(recs, func(r store.Record) bool { return r.CaptureID == captureID }) {
			n++
		}
	}
	return n, nil
}

// seed puts the job's seeds into a new capture.
func (c *Crawler) seed(ctx context.Context) error {
	if c.refreshing() {
		return c.seedRefresh(ctx)
	}
	var cands []frontier.URL
	for _, s := range c.job.Seeds {
		u, err := urlcanon.Canonical("", s)
		if err != nil {
			return fmt.Errorf("seed %q: %w", s, err)
		}
		if c.traps.TooLong(u) {
			return fmt.Errorf("seed %.80q…: %d bytes, longer than limits.max_url_length or the store can index", u, len(u))
		}
		cands = append(cands, c.newURL(u, "", "", -1))
	}
	cands = c.scope.filter(cands, c.job.Fetch.MaxRedirects)
	if len(cands) == 0 {
		return errors.New("no seed is in scope")
	}
	_, _, err := c.commit(ctx, store.Batch{CaptureID: c.capture.ID}, cands, "")
	return err
}

// restore reloads the frontier of a resumed capture. With max_active_hosts
// every host starts parked (a few numbers each) and is loaded when it
// becomes active.
func (c *Crawler) restore(ctx context.Context) error {
	if c.job.SeedScopes != nil {
		// Per-seed scopes judge a URL by its parent's seed: every row's,
		// parked hosts' too, is needed once to know them.
		rows, err := c.store.Frontier(ctx, c.capture.ID)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		c.scope.rebuildOrigins(rows)
	}
	if c.job.MaxActiveHosts > 0 {
		hosts, err := c.store.FrontierHosts(ctx, c.capture.ID)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		for _, h := range hosts {
			c.finished.Add(int64(h.Finished))
			c.frontier.Park(h.Host, h.NextSeq, h.URLs, h.URLs > h.Finished)
			// The summary already counts the host, so status needs no
			// capture-wide query later (unfinished includes visited pages
			// awaiting their revisit).
			c.frontier.SetParkedCounts(h.Host, frontier.ParkedCounts{URLs: h.URLs, Finished: h.Finished,
				Queued: h.URLs - h.Finished, Work: h.URLs > h.Finished}, false)
		}
		return nil
	}
	rows, err := c.store.Frontier(ctx, c.capture.ID)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return c.restoreRows(rows, true)
}

// activate loads the parked host that waited longest into the frontier
// (the frontier's Activate hook, called by a worker with nothing better
// to do).
func (c *Crawler) activate(ctx context.Context) error {
	c.parkMu.Lock()
	defer c.parkMu.Unlock()
	host, ok := c.frontier.Unpark()
	if !ok {
		return nil
	}
	rows, err := c.store.HostFrontier(ctx, c.capture.ID, host)
	if err == nil {
		// Finished URLs were counted when they finished (or at resume).
		err = c.restoreRows(rows, false)
	}
	if err != nil {
		c.frontier.Repark(host)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("activating host %s: %w", host, err)
	}
	c.log.Debug("host activated", zap.String("host", host), zap.Int("urls", len(rows)))
	return c.frontier.Activated(host)
}

// restoreRows puts stored frontier rows (by host, then Seq) back into the
// frontier; count adds their finished ones to the finished counter.
func (c *Crawler) restoreRows(rows []store.FrontierURL, count bool) error {
	for _, r := range rows {
		done := r.State == store.StateDone || r.State == store.StateFailed || r.State == store.StateBlocked
		visited := r.State == store.StateVisited
		if done {
			if count {
				c.finished.Add(1)
			}
		} else {
			c.noteHost(r.Host, r.URL)
		}
		if strings.HasPrefix(r.URL, "https://") {
			c.scope.noteHTTPS(r.Host)
		}
		if count {
			// Query variants of a resumed capture count again; a host loaded
			// after parking was counted when its URLs were admitted (or,
			// parked at resume, is not: each resume may add one limit's worth).
			c.traps.Restore(r.URL)
		}
		u := frontier.URL{URL: r.URL, SURT: r.SURT, Host: r.Host, Seq: r.Seq, Parent: r.ParentSeq, HopPath: r.HopPath, Via: r.Via, Rate: r.Rate, RateSource: r.RateSource}
		if err := c.frontier.Restore(u, visited, done); err != nil {
			return err
		}
	}
	return nil
}

// noteHost queues the robots.txt prerequisite the first time a host is
// seen.
// noteHost queues host's robots.txt before the first of its pages, via,
// which crawl.log names as robots.txt's via (Heritrix's prerequisite is
// logged with the URI that needed it).
func (c *Crawler) noteHost(host, via string) {
	if c.job.Robots != "obey" {
		return
	}
	if !c.robots.markSeen(host) {
		_ = c.frontier.AddPrereq(host, c.robotsURL(host, via))
	}
}

func frontierRow(capture int64, u frontier.URL) store.FrontierURL {
	return store.FrontierURL{CaptureID: capture, URL: u.URL, SURT: u.SURT, Host: u.Host, Seq: u.StoreSeq, ParentSeq: u.Parent,
		HopPath: u.HopPath, Via: u.Via, Rate: u.Rate, RateSource: u.RateSource, State: store.StateQueued}
}
