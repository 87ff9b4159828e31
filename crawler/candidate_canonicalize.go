package crawler

import (
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
)

// canonicalizeStage is the candidate chain's first stage: every reference
// read from a response (a page's links, a Location header, a sitemap's
// entries, robots.txt's Sitemap lines) becomes a canonical URL before
// the rest of the chain sees it, or is dropped. It runs where references
// are read (discover, processSitemap, processRobots), since a malformed
// reference never becomes a frontier.URL that admit could take.
type canonicalizeStage struct{}

func (canonicalizeStage) name() string { return stages.Canonicalize }

// malformed is the crawl.log line of a reference that is no URL, found
// by the hop path hops on the page via.
func (canonicalizeStage) malformed(ref, hops, via string) drop {
	return drop{ref, hops, via, crawllog.CodeUnfetchable, annMalformed}
}
