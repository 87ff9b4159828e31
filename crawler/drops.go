package crawler

import (
	"fmt"
	"sync"
	"time"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/traps"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
)

// crawl.log annotations of URIs the crawler met and did not fetch (the
// trap checks' own reasons are traps.Reason values); docs/robustness.md
// lists them with their codes.
const (
	annMalformed     = "malformed-url"
	annMaxHops       = "max-hops"
	annRedirectLimit = "redirect-limit"
	annHostQuota     = "host-quota"
	annSitemapQuota  = "sitemap-quota"
	annSitemapDepth  = "sitemap-depth"
	// annSitemapCrossHost: a sitemap listed a URL of another host whose
	// robots.txt does not name the sitemap (the sitemaps protocol).
	annSitemapCrossHost = "sitemap-cross-host"
	// annBlockedRule: the URL matched a fetch.block rule.
	annBlockedRule  = "blocked-rule"
	annCrawlerError = "crawler-error"
	// annRobotsUnavailable + ":" + robots.txt's status (-2, 503, …):
	// a page failed (-61) because its host's robots.txt did.
	annRobotsUnavailable = "robots-unavailable"
	annOutlinksCut       = "outlinks-dropped:" // + how many
)

// dropLogMemory is how many dropped URLs the crawler remembers so that a
// URL every page links to is logged once, not once per page.
const dropLogMemory = 100_000

// drop is a URL met and not queued, with its crawl.log code and reason.
type drop struct {
	url, hops, via string
	code           crawllog.Code
	why            string
}

// dropLog writes each dropped URL's crawl.log line once (within its
// memory); safe for concurrent use.
type dropLog struct {
	mu   sync.Mutex
	seen *lru[string, struct{}]
}

func newDropLog() *dropLog { return &dropLog{seen: newLRU[string, struct{}](dropLogMemory)} }

// fresh reports whether u was not logged lately, and remembers it.
func (d *dropLog) fresh(u string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.seen.get(u); ok {
		return false
	}
	d.seen.addIfAbsent(u, struct{}{})
	return true
}

// logDrops writes a line for each drop not logged lately.
func (c *Crawler) logDrops(worker int, drops []drop) error {
	var lines []crawllog.Entry
	for _, d := range drops {
		if !c.drops.fresh(d.url) {
			continue
		}
		c.obs().Unfetched(urlcanon.Host(d.url), int(d.code))
		lines = append(lines, crawllog.Entry{Time: time.Now(), Status: int(d.code), Size: -1, URI: d.url, HopPath: d.hops,
			Via: d.via, Worker: worker, Annotations: []string{d.why}})
	}
	if len(lines) == 0 {
		return nil
	}
	return c.clog.Log(lines...)
}

func trailingRedirects(hops string) int {
	n := 0
	for i := len(hops) - 1; i >= 0 && hops[i] == 'R'; i-- {
		n++
	}
	return n
}

func outlinksCut(n int) string { return fmt.Sprintf("%s%d", annOutlinksCut, n) }

// trapLimits maps the job's limits to the trap checker's. A URL longer
// than the store can index (storeMax, 0: any) is refused whatever the job
// allows: its commit would fail, and stop the crawl at every resume.
func trapLimits(l job.Limits, storeMax int) traps.Limits {
	maxLen := l.MaxURLLength
	if storeMax > 0 && (maxLen == 0 || maxLen > storeMax) {
		maxLen = storeMax
	}
	return traps.Limits{MaxURLLength: maxLen, MaxPathSegments: l.MaxPathSegments, MaxSegmentRepeats: l.MaxSegmentRepeats,
		MaxQueryParams: l.MaxQueryParams, MaxQueryVariants: l.MaxQueryVariants, CalendarYearsAhead: l.CalendarYearsAhead}
}
