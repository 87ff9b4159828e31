package crawler

import (
	"bytes"
	"errors"
	"slices"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/extract"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// discovered is what a response points to: its candidate URLs (before
// admit), the outlinks recorded in its metadata record, the malformed
// references met, annotations for its crawl.log line and its text digest.
type discovered struct {
	cands      []frontier.URL
	outlinks   []warc.Outlink
	malformed  []drop
	ann        []string
	textDigest string
	graph      *store.PageGraph // refresh.record_graph: the page's links and features
	// frames are the iframe and frame documents the page names, kept
	// only when the job has frame-only block rules (blockInFrames).
	frames []string
}

// discover reads a response's Location and, for a 2xx, its links (at most
// limits.max_outlinks; extraction counts the rest), sitemap entries and
// visible text.
//
// dom, when set, is the page as a browser rendered it (browser.go): links
// and text are read from it rather than from the response's body.
func (c *Crawler) discover(t frontier.Task, f *fetched, dom []byte) discovered {
	var d discovered
	if loc := f.Header.Get("Location"); f.Status/100 == 3 && loc != "" {
		if u, err := urlcanon.Canonical(t.URL.URL, loc); err == nil {
			d.cands = append(d.cands, c.candidate(t, u, 'R'))
			d.outlinks = append(d.outlinks, warc.Outlink{URL: u, Hop: 'R', Context: "http/location"})
		} else if !errors.Is(err, urlcanon.ErrScheme) {
			d.malformed = append(d.malformed, canonicalizeStage{}.malformed(loc, t.HopPath+"R", t.URL.URL))
		}
	}
	if f.Status/100 == 2 {
		ctype, body, size := f.Header.Get("Content-Type"), f.decoded(c.job.Fetch.MaxBodyBytes), f.BodyLen
		if dom != nil {
			ctype, body, size = "text/html; charset=utf-8", bytes.NewReader(dom), int64(len(dom))
		}
		res, err := extract.ExtractFrom(ctype, t.URL.URL, body, extract.Options{MaxLinks: c.job.Limits.MaxOutlinks, SizeHint: size})
		if err != nil {
			d.ann = append(d.ann, "extract-error")
			c.log.Debug("extraction", zap.String("url", t.URL.URL), zap.Error(err))
		}
		if res.Title != "" || res.Text != "" {
			d.textDigest = c.textDigest(res.Title, res.Text)
		}
		d.graph = c.pageGraph(t, f, res)
		if res.LinksDropped > 0 {
			d.ann = append(d.ann, outlinksCut(res.LinksDropped))
		}
		for _, ref := range res.Malformed {
			d.malformed = append(d.malformed, canonicalizeStage{}.malformed(ref, t.HopPath+"L", t.URL.URL))
		}
		// Sized once: grown by doubling, they were most of what
		// discover itself allocated.
		d.cands = slices.Grow(d.cands, len(res.Links)+len(res.Sitemap)+len(res.SitemapIndex))
		d.outlinks = slices.Grow(d.outlinks, len(res.Links))
		for _, l := range res.Links {
			d.cands = append(d.cands, c.candidate(t, l.URL, byte(l.Hop)))
			d.outlinks = append(d.outlinks, warc.Outlink{URL: l.URL, Hop: byte(l.Hop), Context: l.Context})
			if len(c.job.Fetch.BlockInFrames) > 0 && isFrameContext(l.Context) {
				d.frames = append(d.frames, l.URL)
			}
		}
		for _, s := range res.Sitemap {
			d.cands = append(d.cands, c.candidate(t, s.Loc, 'M'))
		}
		for _, s := range res.SitemapIndex {
			d.cands = append(d.cands, c.candidate(t, s, 'M'))
		}
	}
	if c.refreshing() {
		d.cands = nil // a refresh cycle fetches its plan only
	}
	return d
}

// candidate builds a frontier URL discovered on t's page. Its parent is
// t's seq in the store's numbering when both are on one host; a seq of
// another host would mean nothing to this host's strategy.
func (c *Crawler) candidate(t frontier.Task, u string, hop byte) frontier.URL {
	cand := c.newURL(u, t.HopPath+string(hop), t.URL.URL, t.StoreSeq)
	if cand.Host != t.Host {
		cand.Parent = -1
	}
	return cand
}

// newURL builds a frontier URL; its rate is set by assignRates once it is
// known to be new.
func (c *Crawler) newURL(u, hops, via string, parent int) frontier.URL {
	return frontier.URL{URL: u, SURT: urlcanon.SURT(u), Host: urlcanon.Host(u), Parent: parent, HopPath: hops, Via: via}
}
