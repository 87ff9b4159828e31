package crawler

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/extract"
	"github.com/sharc-archive/sharc/crawler/traps"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
)

// Sitemaps are host prerequisites, like robots.txt: the frontier serves
// them before the host's pages, so their changefreq values reach the change-
// rate cascade before the strategy orders the pages (thesis §6.1: sitemaps
// are the first source of change rates for a site never captured before).

// maxSitemapEntries is the most entries read from one sitemap: the
// sitemaps protocol allows 50,000.
const maxSitemapEntries = 50_000

// maxSitemapsAtOnce is how many sitemaps are read and committed at once.
// One full sitemap (50,000 entries) holds ~50 MB of entries, candidates
// and rows until its commit; unbounded, every worker of a host with a
// sitemap index would hold one (16 workers: 900 MB RSS at 10^6 URLs). One
// at a time costs little: a sitemap takes about a second, and the frontier
// keeps the other workers on pages meanwhile (popSide).
const maxSitemapsAtOnce = 1

// addSitemap queues a sitemap URL (from robots.txt, hop path "PM" as
// Heritrix writes it, or a sitemap index, one "M" more) once, if it is in scope and within the
// host's sitemap limits; it returns a drop when a limit refuses it.
func (c *Crawler) addSitemap(u, via, hops string, by namedBy) *drop {
	if c.refreshing() {
		return nil // a refresh cycle fetches its plan only
	}
	cand := frontier.URL{URL: u, SURT: urlcanon.SURT(u), Host: urlcanon.Host(u), Parent: -1, HopPath: hops, Via: via}
	// Scope by address only: a sitemap's depth is bounded by
	// max_sitemap_depth below, not by max_hops.
	if !c.scope.allows(frontier.URL{URL: u, SURT: cand.SURT, Host: cand.Host}, c.job.Fetch.MaxRedirects) {
		return nil
	}
	if c.blockRule(u) {
		return &drop{u, hops, via, crawllog.CodeBlockedUser, annBlockedRule}
	}
	if c.traps.TooLong(u) {
		return &drop{u, hops, via, crawllog.CodeChaff, string(traps.URLTooLong)}
	}
	if !c.coord.holds(cand.Host) {
		return nil // another node's host: fetching it would break its politeness
	}
	lim := c.job.Limits
	c.smMu.Lock()
	defer c.smMu.Unlock()
	if _, seen := c.sitemapsSeen[cand.SURT]; seen {
		c.addNamersLocked(cand.SURT, by)
		return nil
	}
	n := c.sitemapCount[cand.Host]
	switch {
	case lim.MaxSitemapDepth > 0 && strings.Count(hops, crawllog.HopManifest) > lim.MaxSitemapDepth:
		return &drop{u, hops, via, crawllog.CodeTooManyHops, annSitemapDepth}
	case lim.MaxSitemapsPerHost > 0 && n >= lim.MaxSitemapsPerHost:
		return quotasStage{}.over(u, hops, via, annSitemapQuota)
	case lim.MaxPagesPerHost > 0 && n+c.frontier.NextSeq(cand.Host) >= lim.MaxPagesPerHost:
		return quotasStage{}.over(u, hops, via, annHostQuota)
	}
	c.sitemapsSeen[cand.SURT] = struct{}{}
	c.sitemapCount[cand.Host] = n + 1
	c.addNamersLocked(cand.SURT, by) // before a worker can fetch it
	_ = c.frontier.AddInterleaved(cand.Host, cand)
	return nil
}

// namedBy is who may make a sitemap speak for other hosts than its own
// (the sitemaps protocol's cross-submission through robots.txt): host, a
// robots.txt's host that names it; parent, the SURT of the sitemap index
// that lists it, whose namers pass on to it.
type namedBy struct{ host, parent string }

// addNamersLocked records n for the sitemap of SURT s. Called, with smMu
// held, only for sitemaps that are queued, so the namers kept are bounded
// by the sitemap quotas, not by what hostile indexes list.
func (c *Crawler) addNamersLocked(s string, n namedBy) {
	add := func(h string) {
		if h != "" && !slices.Contains(c.sitemapNamers[s], h) {
			c.sitemapNamers[s] = append(c.sitemapNamers[s], h)
		}
	}
	add(n.host)
	if n.parent != "" {
		for _, h := range c.sitemapNamers[n.parent] {
			add(h)
		}
	}
}

// sitemapMaySpeakFor reports whether the sitemap (by SURT, served by
// host) may list loc: a sitemap speaks for its own host, and for the
// hosts whose robots.txt names it (or the index above it). Entries of
// other hosts are refused, as the sitemaps protocol says: anyone could
// otherwise steer the crawl onto a host through a sitemap of their own.
func (c *Crawler) sitemapMaySpeakFor(sitemapSURT, host, loc string) bool {
	h := urlcanon.Host(loc)
	if h == host {
		return true
	}
	c.smMu.Lock()
	defer c.smMu.Unlock()
	return slices.Contains(c.sitemapNamers[sitemapSURT], h)
}

// processSitemap fetches, archives and reads one sitemap: its entries join
// the frontier (hop M) with rates from their changefreq; index children are
// queued as further sitemaps.
func (c *Crawler) processSitemap(ctx context.Context, worker int, t frontier.Task) error {
	if c.leaseGone(t) {
		return nil
	}
	f, err := c.get(ctx, t.Host, t.URL.URL, nil)
	if f != nil {
		defer f.Close() // releases the spooled response
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return c.sitemapFailed(worker, t, err)
	}
	select {
	case c.sitemapSlots <- struct{}{}:
		defer func() { <-c.sitemapSlots }()
	case <-ctx.Done():
		return ctx.Err() // the sitemap stays queued, as for a fetch cut short
	}
	var cands []frontier.URL
	var drops []drop
	var ann []string
	var entries []string // SURTs put in sitemapEntries, removed once committed
	if f.Status/100 == 2 {
		res, err := extract.ExtractFrom(f.Header.Get("Content-Type"), t.URL.URL, f.decoded(c.job.Fetch.MaxBodyBytes),
			extract.Options{MaxLinks: maxSitemapEntries})
		if err != nil {
			c.log.Info("sitemap partly unreadable", zap.String("url", t.URL.URL), zap.Error(err))
		}
		if res.LinksDropped > 0 {
			ann = append(ann, outlinksCut(res.LinksDropped))
		}
		for _, ref := range res.Malformed {
			drops = append(drops, canonicalizeStage{}.malformed(ref, t.HopPath+"M", t.URL.URL))
		}
		c.smMu.Lock()
		for _, e := range res.Sitemap {
			s := urlcanon.SURT(e.Loc)
			c.sitemapEntries[s] = e
			entries = append(entries, s)
		}
		c.smMu.Unlock()
		for _, e := range res.Sitemap {
			if !c.sitemapMaySpeakFor(t.URL.SURT, t.Host, e.Loc) {
				drops = append(drops, drop{e.Loc, t.HopPath + crawllog.HopManifest, t.URL.URL, crawllog.CodeOutOfScope, annSitemapCrossHost})
				continue
			}
			cands = append(cands, c.newURL(e.Loc, t.HopPath+crawllog.HopManifest, t.URL.URL, -1))
		}
		for _, child := range res.SitemapIndex {
			if d := c.addSitemap(child, t.URL.URL, t.HopPath+"M", namedBy{parent: t.URL.SURT}); d != nil {
				drops = append(drops, *d)
			}
		}
	}
	cands, more := c.admit(cands)
	drops = append(drops, more...)
	c.prerate(ctx, cands) // while the entries are known
	c.bytes.Add(f.Response.Size())
	_, err = c.submit(&archived{t: t, f: f, cands: cands, entry: fetchEntry(worker, t, f, ann)})
	// The entries' change frequencies were read when their URLs were
	// committed (assignRates); keeping them would let sitemaps grow memory.
	c.smMu.Lock()
	for _, s := range entries {
		delete(c.sitemapEntries, s)
	}
	c.smMu.Unlock()
	if err != nil {
		return err
	}
	c.fetched.Add(1)
	c.frontier.Done(t, frontier.Result{Fetched: true, Duration: f.Duration})
	c.obs().Fetched(t.Host, f.Status, f.Response.Size(), f.Duration)
	return c.logDrops(worker, drops)
}

// sitemapFailed retries a sitemap fetch that got no response, or logs it
// as failed once retries are spent or cannot help.
func (c *Crawler) sitemapFailed(worker int, t frontier.Task, err error) error {
	final, isFinal := refused(err)
	if t.Attempt < c.job.Fetch.Retries && !isFinal {
		c.frontier.Done(t, frontier.Result{Fetched: true, Retry: c.backoff(t.Attempt)})
		return nil
	}
	c.frontier.Done(t, frontier.Result{Fetched: true})
	c.log.Info("sitemap unreachable", zap.String("url", t.URL.URL), zap.Error(err))
	code := crawllog.CodeRetriesGaveUp
	var fe *fetchError
	if errors.As(err, &fe) {
		code = fe.Code
	}
	var ann []string
	if isFinal {
		ann = []string{final.Note}
	}
	return c.clog.Log(crawllog.Entry{Time: time.Now(), Status: int(code), Size: -1, URI: t.URL.URL, HopPath: t.HopPath, Via: t.Via, Worker: worker, Annotations: ann})
}

// assignRates predicts the change rate of new URLs with the cascade
// (history of earlier captures, predictor, sitemap, default). The cascade
// answers in changes per hour; strategies count time in politeness delays
// Δ (thesis §3.1), so the rate is converted to changes per Δ. A URL its
// worker already rated (prerate) keeps that rate. It returns how many
// it rated.
func (c *Crawler) assignRates(ctx context.Context, urls []frontier.URL) int {
	n := 0
	for i := range urls {
		u := &urls[i]
		if u.RateSource != "" {
			continue
		}
		est, ok := c.rateOf(ctx, *u)
		if !ok {
			est = changerate.Estimate{Lambda: c.job.DefaultRate, Source: changerate.SourceDefault}
		}
		u.Rate, u.RateSource = est.Lambda*c.delta().Hours(), est.Source
		n++
	}
	return n
}

// prerate is assignRates on a worker, for the links of its page that the
// frontier has not seen yet, so that the committer, whose indexer is the
// capture's serial path, finds them rated (issue 33). Rating reads the
// store once per URL when the cascade uses capture history (a recurring
// capture's default): on the indexer that read was half of a recapture's
// serial time per page (BenchmarkSerialPerPageRecapture). A link rated
// here and committed first by another page's group is simply not used. A
// rate is thus the one known when its URL was found, not when it was
// committed; the two differ only by sitemap entries read in between. A
// cluster node leaves rating to its committer, which rates another
// node's URLs once per URL (cluster.sent), not once per link.
func (c *Crawler) prerate(ctx context.Context, urls []frontier.URL) {
	if c.cl != nil {
		return
	}
	for i := range urls {
		u := &urls[i]
		if u.RateSource != "" || c.frontier.Seen(u.SURT) {
			continue
		}
		est, ok := c.rateOf(ctx, *u)
		if !ok {
			if ctx.Err() != nil {
				return // the run is ending: the committer rates the rest
			}
			est = changerate.Estimate{Lambda: c.job.DefaultRate, Source: changerate.SourceDefault}
		}
		u.Rate, u.RateSource = est.Lambda*c.delta().Hours(), est.Source
	}
}

// rateOf asks the cascade for u's change rate, with its sitemap entry
// and, when the cascade reads it, its history.
func (c *Crawler) rateOf(ctx context.Context, u frontier.URL) (changerate.Estimate, bool) {
	info := changerate.PageInfo{URL: u.URL, Depth: crawllog.HopDepth(u.HopPath)}
	c.smMu.Lock()
	if e, ok := c.sitemapEntries[u.SURT]; ok {
		info.Changefreq = e.ChangeFreq
		if t, err := changerate.ParseLastmod(e.LastMod); err == nil {
			info.Lastmod = t
		}
	}
	c.smMu.Unlock()
	if c.useHistory {
		info.History = c.history(ctx, u.URL)
	}
	return c.rates.Rate(ctx, info)
}

// history is the URL's change history from earlier captures, under the
// job's change signal (changerate.Observations: the same definition
// `sharc rates train` learns from).
func (c *Crawler) history(ctx context.Context, u string) []changerate.Observation {
	recs, err := c.store.History(ctx, u)
	if err != nil || len(recs) < 2 {
		return nil
	}
	return changerate.Observations(recs, changerate.HistoryOptions{Signal: c.job.Capture.ChangeSignal, ExcludeCapture: c.capture.ID})
}

// delta is the time unit Δ of the scheduler: the politeness delay (1 s when
// politeness is off).
func (c *Crawler) delta() time.Duration {
	if d := c.job.Politeness.Delay; d > 0 {
		return d
	}
	return time.Second
}
