package crawler

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/temoto/robotstxt"
	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
)

// robotsTTL is how long a host's robots.txt is trusted before it is fetched
// again (Heritrix's default is a day).
const robotsTTL = 24 * time.Hour

// robotsSweepMin is the map size below which expired entries are not
// swept: a small map costs nothing to keep.
const robotsSweepMin = 256

// robotsCache holds each host's parsed robots.txt. Expired entries are
// dropped when the map has doubled since the last sweep, so it holds
// about twice the hosts whose robots.txt was fetched within robotsTTL
// (plus those waiting for theirs), not every host ever seen.
type robotsCache struct {
	mu    sync.Mutex
	agent string
	hosts map[string]robotsEntry
	// swept is the map's size after the last sweep.
	swept int
	// retry is how long a failed robots.txt waits to be asked again.
	retry time.Duration
}

// failure is why host's robots.txt failed, for its pages' annotation.
func (c *robotsCache) failure(host string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hosts[host].cause
}

// robotsEntry is a host's rules, or a placeholder (group nil, denyAll
// false) saying its robots.txt is queued and must not be queued again.
type robotsEntry struct {
	group *robotstxt.Group
	// denyAll: robots.txt answered 5xx or could not be fetched, so nothing
	// may be fetched until it is fetched again (RFC 9309 §2.3.1.3). It is
	// kept apart from group because robotstxt's Group ignores its data's
	// disallow-all flag: Group.Test allows every path of a 5xx answer.
	denyAll bool
	// addressDenied: the network guard refused robots.txt's address, so
	// the host's pages are refused too (with denyAll set, for the retry interval).
	addressDenied bool
	expires       time.Time
	// cause is why robots.txt failed (e.g. "-2", "503"): the annotation
	// of the host's pages that fail for it.
	cause string
}

// maxRobotsBytes is the part of a robots.txt parsed (RFC 9309's minimum).
const maxRobotsBytes = 500 << 10

// DefaultRobotsRetry is how long the crawler waits before asking a
// robots.txt again that answered 5xx or was unreachable after its
// fetch.retries, and how long the host stays closed once robots.txt has
// failed RobotsRounds times (Options.RobotsRetry overrides it).
const DefaultRobotsRetry = time.Minute

// RobotsRounds is how many times (a retry interval apart) robots.txt is
// asked before the host's waiting pages fail with -61. Heritrix likewise
// retries a failed prerequisite before failing its dependents.
const RobotsRounds = 3

func newRobotsCache(agent string, retry time.Duration) *robotsCache {
	if retry <= 0 {
		retry = DefaultRobotsRetry
	}
	return &robotsCache{agent: agent, hosts: map[string]robotsEntry{}, retry: retry}
}

// markSeen records that host's robots.txt is about to be queued and
// reports whether it was already known (queued or fetched), in which case
// the caller queues nothing.
func (c *robotsCache) markSeen(host string) (seen bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, seen = c.hosts[host]; !seen {
		c.hosts[host] = robotsEntry{} // placeholder: expires zero, so unknown
	}
	return seen
}

// put stores a host's rules, first sweeping expired entries if the map
// has doubled since the last sweep (amortised O(1) per put). Placeholders
// stay: dropping one would queue the host's robots.txt a second time.
// Expired rules are unknown rules either way (allowed reports them so and
// the page waits for a new robots.txt); a dropped host found again is
// also unseen, so its robots.txt is queued as for a new host. c.mu must
// be held.
func (c *robotsCache) put(host string, e robotsEntry, now time.Time) {
	if n := len(c.hosts); n >= robotsSweepMin && n >= 2*c.swept {
		for h, old := range c.hosts {
			if (old.group != nil || old.denyAll) && now.After(old.expires) {
				delete(c.hosts, h)
			}
		}
		c.swept = len(c.hosts)
	}
	c.hosts[host] = e
}

// size returns the number of hosts held (rules and placeholders).
func (c *robotsCache) size() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.hosts)
}

// set parses a robots.txt response. A 4xx means "no rules"; a 5xx or an
// unreachable server means "disallow everything" for now (the retry interval), as
// RFC 9309 §2.3.1 says. It returns the Crawl-delay and the Sitemap: URLs.
func (c *robotsCache) set(host string, status int, body []byte, now time.Time) (time.Duration, []string) {
	if status >= 500 {
		c.setUnreachable(host, now, ":"+strconv.Itoa(status))
		return 0, nil
	}
	// RFC 9309 §2.5: parse at least 500 KiB; past it a robots.txt is
	// ignored rather than allowed to cost seconds and gigabytes (a 50 MB
	// one took 13 s and 641 MB to parse whole).
	data, err := robotstxt.FromStatusAndBytes(status, body[:min(len(body), maxRobotsBytes)])
	if err != nil {
		// Unparseable robots.txt: treat as allow-all, the reading most
		// crawlers (and the RFC's "parse what you can") take.
		data, _ = robotstxt.FromStatusAndBytes(404, nil)
	}
	g := data.FindGroup(c.agent)
	c.mu.Lock()
	c.put(host, robotsEntry{group: g, expires: now.Add(robotsTTL)}, now)
	c.mu.Unlock()
	return g.CrawlDelay, data.Sitemaps
}

// setUnreachable records that robots.txt could not be fetched: nothing is
// allowed until it can be.
func (c *robotsCache) setUnreachable(host string, now time.Time, cause string) {
	c.mu.Lock()
	// Closed for at least DefaultRobotsRetry: the host's waiting pages
	// must find it closed (and fail) however long their politeness delay.
	c.put(host, robotsEntry{denyAll: true, expires: now.Add(max(c.retry, DefaultRobotsRetry)), cause: cause}, now)
	c.mu.Unlock()
}

// setAddressDenied records that the network guard refused robots.txt's
// address: the host's pages fail as refused until robots.txt is tried
// again, the retry interval later (the host may resolve elsewhere by then).
func (c *robotsCache) setAddressDenied(host string, now time.Time) {
	c.mu.Lock()
	c.put(host, robotsEntry{denyAll: true, addressDenied: true, expires: now.Add(c.retry)}, now)
	c.mu.Unlock()
}

// robotsVerdict is what a host's robots.txt says of one path.
type robotsVerdict int

const (
	// robotsUnknown: robots.txt was not fetched yet, or its rules expired;
	// fetch it first.
	robotsUnknown robotsVerdict = iota
	robotsAllowed
	robotsDisallowed
	// robotsUnavailable: robots.txt answered 5xx or could not be fetched
	// after its retries. Nothing of the host may be fetched (RFC 9309
	// §2.3.1.3) until robots.txt is tried again, the retry interval later.
	robotsUnavailable
	// robotsAddressDenied: the network guard refused robots.txt's address;
	// the host's pages are refused likewise until robots.txt is retried.
	robotsAddressDenied
)

// verdict says whether path of host may be fetched now.
func (c *robotsCache) verdict(host, path string, now time.Time) robotsVerdict {
	c.mu.Lock()
	e, found := c.hosts[host]
	c.mu.Unlock()
	switch {
	case !found || now.After(e.expires):
		return robotsUnknown
	case e.addressDenied:
		return robotsAddressDenied
	case e.denyAll:
		return robotsUnavailable
	case e.group.Test(path):
		return robotsAllowed
	default:
		return robotsDisallowed
	}
}

func (c *Crawler) robotsURL(host, via string) frontier.URL {
	scheme := "http"
	if c.scope.https[host] {
		scheme = "https"
	}
	u := scheme + "://" + host + "/robots.txt"
	return frontier.URL{URL: u, SURT: urlcanon.SURT(u), Host: host, Parent: -1, HopPath: crawllog.HopPrereq, Via: via}
}

// robotsFailed handles a robots.txt that answered 5xx or could not be
// fetched. Within fetch.retries it is asked again after the usual backoff,
// then RobotsRounds times a retry interval apart, while the host's pages
// wait for it (deferred on it, as before a first fetch). After the last
// round the host is closed for a retry interval: its pages fail with -61
// annotated with robots.txt's status. An unreachable robots.txt's line
// carries its own Heritrix code (-2, -4, -6, …) and tries ("3t"); a 5xx
// answer is archived like any response. done is false when the caller
// archives the 5xx response.
func (c *Crawler) robotsFailed(worker int, t frontier.Task, f *fetched, err error, now time.Time) (done bool, _ error) {
	final, isFinal := refused(err) // an oversized header: no retry cures it
	switch {
	case isFinal:
	case t.Attempt < c.job.Fetch.Retries:
		c.frontier.Done(t, frontier.Result{Fetched: true, Retry: c.backoff(t.Attempt)})
		return true, nil
	case t.Attempt < c.job.Fetch.Retries+RobotsRounds-1:
		c.log.Warn("robots.txt unavailable; the host's pages wait for it to be asked again", zap.String("host", t.Host),
			zap.Duration("after", c.robots.retry), zap.Int("round", t.Attempt-c.job.Fetch.Retries+1), zap.Error(err))
		c.frontier.Done(t, frontier.Result{Fetched: true, Retry: c.robots.retry})
		return true, nil
	}
	code, note := crawllog.CodeRetriesGaveUp, fmt.Sprintf("%dt", t.Attempt+1)
	var fe *fetchError
	switch {
	case isFinal:
		code, note = final.Code, final.Note
	case errors.As(err, &fe):
		code = fe.Code
	}
	cause := strconv.Itoa(int(code))
	if err == nil {
		cause = strconv.Itoa(f.Status)
	}
	c.robots.setUnreachable(t.Host, now, ":"+cause)
	c.log.Warn("robots.txt unavailable after its retries; the host's pages fail (-61) and the host is closed", zap.String("host", t.Host),
		zap.Duration("for", c.robots.retry), zap.Error(err))
	if err == nil {
		return false, nil
	}
	c.frontier.Done(t, frontier.Result{Fetched: true})
	return true, c.clog.Log(crawllog.Entry{Time: now, Status: int(code), Size: -1, URI: t.URL.URL, HopPath: t.HopPath, Via: t.Via, Worker: worker, Annotations: []string{note}})
}

// processRobots fetches and archives a host's robots.txt.
func (c *Crawler) processRobots(ctx context.Context, worker int, t frontier.Task) error {
	if c.leaseGone(t) {
		return nil
	}
	f, err := c.get(ctx, t.Host, t.URL.URL, nil)
	f, final, err, fatal := c.followRobotsRedirects(ctx, worker, t, f, err)
	if f != nil {
		defer f.Close() // releases the spooled response
	}
	if fatal != nil {
		return fatal // a redirect could not be archived
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	now := time.Now()
	if addressDenied(err) {
		// The host's pages would be refused too: fail them without
		// waiting for retries (robotsAddressDenied), robots.txt is asked
		// again after robotsRetry.
		c.robots.setAddressDenied(t.Host, now)
		c.log.Info("robots.txt address denied by the network guard", zap.String("host", t.Host), zap.Error(err))
		c.frontier.Done(t, frontier.Result{Fetched: true})
		return c.clog.Log(crawllog.Entry{Time: now, Status: int(crawllog.CodeBlockedGuard), Size: -1, URI: t.URL.URL, HopPath: t.HopPath, Via: t.Via, Worker: worker, Annotations: []string{annAddressDenied}})
	}
	if err != nil || f.Status >= 500 {
		done, lerr := c.robotsFailed(worker, t, f, err, now)
		if done {
			return lerr
		}
	}
	delay, sitemaps := c.robots.set(t.Host, f.Status, f.decodedBytes(maxRobotsBytes), now)
	if cap := c.job.Politeness.CrawlDelayCap; delay > cap {
		delay = cap
	}
	var drops []drop
	for _, s := range sitemaps {
		u, err := urlcanon.Canonical(final.URL.URL, strings.TrimSpace(s))
		if err != nil {
			drops = append(drops, canonicalizeStage{}.malformed(s, "PM", t.URL.URL))
			continue
		}
		if d := c.addSitemap(u, t.URL.URL, t.HopPath+crawllog.HopManifest, namedBy{host: t.Host}); d != nil {
			drops = append(drops, *d)
		}
	}
	c.bytes.Add(f.Response.Size())
	if _, err := c.submit(&archived{t: final, f: f, entry: fetchEntry(worker, final, f, nil)}); err != nil {
		return err
	}
	c.fetched.Add(1)
	c.frontier.Done(t, frontier.Result{Fetched: true, Duration: f.Duration, MinDelay: delay})
	c.obs().Fetched(t.Host, f.Status, f.Response.Size(), f.Duration)
	return c.logDrops(worker, drops)
}

// maxRobotsRedirects is how many consecutive redirects of a robots.txt
// are followed: RFC 9309 §2.3.1.2 asks for at least five.
const maxRobotsRedirects = 5

// followRobotsRedirects follows robots.txt's redirects, across hosts too
// (RFC 9309 §2.3.1.2), archiving each redirect as it goes; the rules of
// the robots.txt reached apply to t's host. It returns the last response
// (or fetch error) and the task it answers: t, or t with the URL of the
// last hop (hop path "PR…", via the URL that redirected to it). Each hop
// goes through the network guard like any fetch; a redirect left after
// the fifth hop (or with an unusable Location, or one longer than
// max_url_length or the store can index) is the answer, which
// robots.txt reads as "no rules" like any non-2xx, non-5xx status. fatal
// is a failure to archive a redirect (the store's or the WARC's).
func (c *Crawler) followRobotsRedirects(ctx context.Context, worker int, t frontier.Task, f *fetched, err error) (_ *fetched, _ frontier.Task, _, fatal error) {
	cur := t
	for hop := 0; hop < maxRobotsRedirects && err == nil && f.Status/100 == 3 && ctx.Err() == nil; hop++ {
		next, err2 := urlcanon.Canonical(cur.URL.URL, f.Header.Get("Location"))
		if err2 != nil || f.Header.Get("Location") == "" || c.traps.TooLong(next) {
			break // the redirect is the answer: no rules
		}
		c.bytes.Add(f.Response.Size())
		_, serr := c.submit(&archived{t: cur, f: f, entry: fetchEntry(worker, cur, f, nil)})
		_ = f.Close()
		if serr != nil {
			return nil, cur, nil, serr
		}
		c.fetched.Add(1)
		via := cur.URL.URL
		cur.URL = frontier.URL{URL: next, SURT: urlcanon.SURT(next), Host: t.Host, Parent: -1, HopPath: cur.HopPath + "R", Via: via}
		cur.Attempt = 0
		f, err = c.get(ctx, urlcanon.Host(next), next, nil)
	}
	return f, cur, err, nil
}
