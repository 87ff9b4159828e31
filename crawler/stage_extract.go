package crawler

import (
	"context"

	"github.com/sharc-archive/sharc/crawler/stages"
)

// extractStage reads the response's links, sitemap entries and text
// (discover) and passes the links through the candidate chain (admit).
type extractStage struct{}

func (extractStage) name() string { return stages.Extract }

func (extractStage) run(_ context.Context, c *Crawler, it *item) (bool, error) {
	found := it.found // a browser page's, from its rendered DOM
	if found == nil {
		d := c.discover(it.t, it.f, nil)
		found = &d
	}
	it.ann = append(it.ann, found.ann...)
	if found.textDigest != "" {
		// textDigest fingerprints the normalised visible text, so a job
		// can count only text changes (capture.change_signal: text).
		it.textDigest = found.textDigest
	}
	cands, drops := c.admit(it.withoutEmbeds(found.cands))
	cands, drops = c.blockInFrames(cands, found.frames, drops)
	it.outlinks, it.cands, it.drops, it.graph = found.outlinks, cands, append(found.malformed, drops...), found.graph
	if it.f.Truncated {
		it.ann = append(it.ann, "truncated")
	}
	return false, nil
}
