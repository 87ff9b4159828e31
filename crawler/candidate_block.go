package crawler

import (
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/crawllog"
	"github.com/sharc-archive/sharc/frontier"
)

// blockStage drops URLs matching a block rule (fetch.block), each with
// its crawl.log line: unlike scope.exclude, a block is something the
// archivist wants to see was refused (ads, trackers, huge media).
type blockStage struct{}

func (blockStage) name() string { return stages.Block }

func (blockStage) admit(c *Crawler, u frontier.URL) (bool, *drop) {
	if !c.blockRule(u.URL) {
		return true, nil
	}
	return false, &drop{u.URL, u.HopPath, u.Via, crawllog.CodeBlockedUser, annBlockedRule}
}

// blockRule reports whether rawURL matches one of the job's block rules.
func (c *Crawler) blockRule(rawURL string) bool {
	for _, re := range c.job.Fetch.Block {
		if re.MatchString(rawURL) {
			return true
		}
	}
	return false
}
