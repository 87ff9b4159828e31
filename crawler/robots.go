package crawler

import (
	"sync"
	"time"

	"github.com/temoto/robotstxt"
)

// robotsTTL is how long a host's robots.txt is trusted before it is fetched
// again (Heritrix's default is a day).
const robotsTTL = 24 * time.Hour

// robotsCache holds each host's parsed robots.txt.
type robotsCache struct {
	mu    sync.Mutex
	agent string
	hosts map[string]robotsEntry
}

type robotsEntry struct {
	group   *robotstxt.Group
	expires time.Time
}

func newRobotsCache(agent string) *robotsCache {
	return &robotsCache{agent: agent, hosts: map[string]robotsEntry{}}
}

// set parses a robots.txt response. A 4xx means "no rules"; a 5xx or an
// unreachable server means "disallow everything" for now, as RFC 9309 §2.3.1
// says. It returns the Crawl-delay and the Sitemap: URLs.
func (c *robotsCache) set(host string, status int, body []byte, now time.Time) (time.Duration, []string) {
	data, err := robotstxt.FromStatusAndBytes(status, body)
	if err != nil {
		// Unparseable robots.txt: treat as allow-all, the reading most
		// crawlers (and the RFC's "parse what you can") take.
		data, _ = robotstxt.FromStatusAndBytes(404, nil)
	}
	g := data.FindGroup(c.agent)
	c.mu.Lock()
	c.hosts[host] = robotsEntry{group: g, expires: now.Add(robotsTTL)}
	c.mu.Unlock()
	return g.CrawlDelay, data.Sitemaps
}

// setUnreachable records that robots.txt could not be fetched: nothing is
// allowed until it can be.
func (c *robotsCache) setUnreachable(host string, now time.Time) {
	data, _ := robotstxt.FromStatusAndBytes(503, nil)
	c.mu.Lock()
	c.hosts[host] = robotsEntry{group: data.FindGroup(c.agent), expires: now.Add(time.Minute)}
	c.mu.Unlock()
}

// allowed reports whether path may be fetched and whether the host's rules
// are known and fresh.
func (c *robotsCache) allowed(host, path string, now time.Time) (ok, known bool) {
	c.mu.Lock()
	e, found := c.hosts[host]
	c.mu.Unlock()
	if !found || now.After(e.expires) {
		return false, false
	}
	return e.group.Test(path), true
}
