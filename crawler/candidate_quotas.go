package crawler

import (
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
)

// quotasStage is the candidate chain's last stage: a URL over a per-host
// quota is dropped with its crawl.log line. It runs where the count is
// known: the host quota when the committer numbers a new URL (the
// frontier refuses it, commit), the sitemap quotas when a sitemap is
// queued (addSitemap).
type quotasStage struct{}

func (quotasStage) name() string { return stages.Quotas }

// refused turns URLs the frontier refused (their host is full) into
// drops.
func (quotasStage) refused(urls []frontier.URL) []drop {
	out := make([]drop, len(urls))
	for i, u := range urls {
		out[i] = drop{u.URL, u.HopPath, u.Via, crawllog.CodeQuota, annHostQuota}
	}
	return out
}

// over is the crawl.log line of a sitemap u over a quota: ann names
// which (annSitemapQuota, annHostQuota).
func (quotasStage) over(u, hops, via, ann string) *drop {
	return &drop{u, hops, via, crawllog.CodeQuota, ann}
}
