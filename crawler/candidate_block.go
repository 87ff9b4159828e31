package crawler

import (
	"regexp"
	"slices"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
)

// blockStage drops URLs matching a block rule (fetch.block), each with
// its crawl.log line: unlike scope.exclude, a block is something the
// archivist wants to see was refused (ads, trackers, huge media).
type blockStage struct{ rules []*regexp.Regexp } // fetch.block

func (blockStage) name() string { return stages.Block }

func (s blockStage) admit(u frontier.URL) (bool, *drop) {
	if !matchesAny(s.rules, u.URL) {
		return true, nil
	}
	return false, &drop{u.URL, u.HopPath, u.Via, crawllog.CodeBlockedUser, annBlockedRule}
}

// blockRule reports whether rawURL matches one of the job's block rules.
func (c *Crawler) blockRule(rawURL string) bool { return matchesAny(c.job.Fetch.Block, rawURL) }

// frameBlockRule reports whether rawURL matches a frame-only block rule
// (fetch.block {url:, in_frames_only: true}).
func (c *Crawler) frameBlockRule(rawURL string) bool {
	return matchesAny(c.job.Fetch.BlockInFrames, rawURL)
}

// isFrameContext reports whether a link's context (extract.Link.Context)
// is a frame's document.
func isFrameContext(ctx string) bool {
	return ctx == "iframe/@src" || ctx == "frame/@src"
}

// blockInFrames drops, after the candidate chain, the frame documents
// (frames: the URLs a page names in iframe or frame src) that a
// frame-only block rule matches, each with its crawl.log line. It runs
// after the chain so that, as for blockStage, only URLs the capture would
// have fetched are logged. The fetcher knows a frame by its document
// only: a frame's own embeds are judged as any embed.
func (c *Crawler) blockInFrames(cands []frontier.URL, frames []string, drops []drop) ([]frontier.URL, []drop) {
	if len(frames) == 0 {
		return cands, drops
	}
	kept := slices.DeleteFunc(cands, func(u frontier.URL) bool {
		if !slices.Contains(frames, u.URL) || !c.frameBlockRule(u.URL) {
			return false
		}
		drops = append(drops, drop{u.URL, u.HopPath, u.Via, crawllog.CodeBlockedUser, annBlockedRule})
		return true
	})
	return kept, drops
}
