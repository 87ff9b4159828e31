package crawler

import (
	"context"
	"fmt"
	"net/http"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// dedupStage decides whether a response is written as a revisit record:
// not modified, unchanged since its visit, or a payload already archived.
type dedupStage struct {
	store      store.Store
	digests    *dedup
	refreshing bool // capture.mode refresh: a 200 may be unchanged since the last capture
	lease      leaseChecker
}

// leaseChecker hands back a task of a host the node no longer holds
// (Crawler.leaseGone).
type leaseChecker interface {
	leaseGone(t frontier.Task) bool
}

func (dedupStage) name() string { return stages.Dedup }

func (s dedupStage) run(ctx context.Context, it *item) (bool, error) {
	f, visit := it.f, it.visit
	// A revisit refers to its own visit (thesis §3.2): unchanged means
	// identical to the version archived earlier in this capture.
	switch {
	case f.Status == http.StatusNotModified:
		prev := visit
		if prev == nil {
			if p, err := s.store.LastCapture(ctx, it.t.URL.URL); err == nil {
				prev = &p
			}
		}
		if prev != nil {
			it.rev = &warc.RevisitOf{Profile: warc.ProfileServerNotModified, RefersTo: prev.RecordID, RefersToURI: prev.URL, RefersToDate: prev.Time}
			it.ann = append(it.ann, crawllog.AnnServerNotModified)
			it.textDigest = prev.TextDigest
		}
	case visit != nil && f.Status == visit.Status && f.Digest == visit.PayloadDigest && it.sameRendering(visit):
		// The same answer as the visit (a 200 with the same payload, or the
		// same 404 twice): unchanged, a duplicate by digest as Heritrix
		// annotates it, so its reports count it as one.
		it.rev = &warc.RevisitOf{Profile: warc.ProfileIdenticalPayload, RefersTo: visit.RecordID, RefersToURI: visit.URL, RefersToDate: visit.Time}
		it.ann = append(it.ann, crawllog.AnnDuplicateDigest)
	case visit != nil:
		it.ann = append(it.ann, "changed")
	case s.refreshing && unchangedSinceLast(ctx, s.store, it):
		// A server without validators answered 200 with the payload the
		// URL's last capture archived: unchanged (refresh.go).
	case f.Status/100 == 2 && f.BodyLen > 0:
		prev, dup, err := s.digests.first(ctx, f.Digest)
		if err != nil {
			if ctx.Err() != nil {
				return true, ctx.Err() // abandoned: the URL stays queued for the resumed run
			}
			if s.lease.leaseGone(it.t) {
				// A cluster node paused past its lease (SIGSTOP, a long
				// GC) finds the store slow to answer: the host is
				// another node's now, so the page is handed back, not
				// failed (issue 27).
				return true, nil
			}
			return true, fmt.Errorf("store: %w", err)
		}
		if dup {
			it.rev = &warc.RevisitOf{Profile: warc.ProfileIdenticalPayload, RefersTo: prev.recordID, RefersToURI: prev.uri, RefersToDate: prev.date}
			it.ann = append(it.ann, crawllog.AnnDuplicateDigest)
		}
		it.newPayload = !dup
	}
	return false, nil
}

// sameRendering reports whether a browser page rendered the visible text
// its visit rendered: a script may fill the same document from a JSON
// that changed. True for a page not rendered.
func (it *item) sameRendering(visit *store.Record) bool {
	return it.rendered == nil || it.textDigest == visit.TextDigest
}

// unchangedSinceLast marks a refresh cycle's response as a revisit of the
// URL's last archived response when status and payload digest are the
// same (with conditional GET, a server with validators answers 304
// instead). A store error leaves the response a full record.
func unchangedSinceLast(ctx context.Context, st store.Store, it *item) bool {
	prev, err := st.LastCapture(ctx, it.t.URL.URL)
	if err != nil || prev.Status != it.f.Status || prev.PayloadDigest != it.f.Digest {
		return false
	}
	it.rev = &warc.RevisitOf{Profile: warc.ProfileIdenticalPayload, RefersTo: prev.RecordID, RefersToURI: prev.URL, RefersToDate: prev.Time}
	it.ann = append(it.ann, crawllog.AnnDuplicateDigest)
	return true
}
