package crawler

import (
	"context"

	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
)

// extractStage reads the response's links, sitemap entries and text
// (discover), passes the links through the candidate chain (admit) and
// rates the new ones (prerate), here on the worker rather than in the
// committer's serial path.
type extractStage struct {
	links linkReader
}

// linkReader reads a response's links and judges them (Crawler.discover,
// Crawler.admit, Crawler.blockInFrames).
type linkReader interface {
	discover(t frontier.Task, f *fetched, dom []byte) discovered
	admit(cands []frontier.URL) (keep []frontier.URL, drops []drop)
	blockInFrames(cands []frontier.URL, frames []string, drops []drop) ([]frontier.URL, []drop)
	prerate(ctx context.Context, urls []frontier.URL)
}

func (extractStage) name() string { return stages.Extract }

func (s extractStage) run(ctx context.Context, it *item) (bool, error) {
	found := it.found // a browser page's, from its rendered DOM
	if found == nil {
		d := s.links.discover(it.t, it.f, nil)
		found = &d
	}
	it.ann = append(it.ann, found.ann...)
	if found.textDigest != "" {
		// textDigest fingerprints the normalised visible text, so a job
		// can count only text changes (capture.change_signal: text).
		it.textDigest = found.textDigest
	}
	cands, drops := s.links.admit(it.withoutEmbeds(found.cands))
	cands, drops = s.links.blockInFrames(cands, found.frames, drops)
	s.links.prerate(ctx, cands)
	it.outlinks, it.cands, it.drops, it.graph = found.outlinks, cands, append(found.malformed, drops...), found.graph
	if it.f.Truncated {
		it.ann = append(it.ann, "truncated")
	}
	return false, nil
}
