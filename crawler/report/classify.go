package report

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"sort"
	"strings"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

func download(rc store.Record) *Download {
	return &Download{
		Time: rc.Time.UTC(), HTTPStatus: rc.Status, RecordType: rc.RecordType, Phase: rc.Phase, MIME: rc.MIME,
		PayloadDigest: rc.PayloadDigest, PayloadSHA256: rc.PayloadSHA256, RecordID: rc.RecordID, WARCFile: rc.WARCFile, Offset: rc.Offset, RecordLength: rc.RecordLength,
	}
}

// usable reports whether a response answers the question "what is the page
// now": a server error or rate limit does not.
func usable(status int) bool { return status > 0 && status < 500 && status != 429 }

func gone(status int) bool { return status == 404 || status == 410 }

// pickRevisit finds a visit-revisit page's visit (the first visit-phase
// download) and revisit (the last revisit-phase one) among its records,
// oldest first; undone says a visit+revisit download was only a visit.
func pickRevisit(recs []store.IndexedRecord, ph phases) (visit, revisit *store.IndexedRecord, undone bool) {
	for i := range recs {
		rc := &recs[i]
		switch rc.Phase {
		case phaseVisit:
			if visit == nil || rc.Time.Before(visit.Time) {
				visit = rc
			}
		case phaseRevisit:
			if revisit == nil || !rc.Time.Before(revisit.Time) {
				revisit = rc
			}
		case phaseVisitRevisit:
			if ph.pivot(rc.Time) || ph.after(rc.Time) {
				visit, revisit = rc, rc
			} else if visit == nil || rc.Time.Before(visit.Time) {
				// An undone collapse: a visit only.
				visit, undone = rc, true
			}
		}
	}
	return visit, revisit, undone
}

// classifyRevisit gives a page of a visit-revisit capture its status from
// its records and returns the two it compared.
func (r *Report) classifyRevisit(ctx context.Context, p *Page, f store.FrontierURL, recs []store.IndexedRecord, ph phases, sim *similarity) (visit, revisit *store.IndexedRecord) {
	visit, revisit, undone := pickRevisit(recs, ph)
	if visit != nil {
		p.Visit = download(visit.Record)
	}
	if revisit != nil {
		p.Revisit = download(revisit.Record)
	}
	if visit != nil && revisit != nil {
		p.IntervalSeconds = revisit.Time.Sub(visit.Time).Seconds()
		p.SpansReferenceTime = !visit.Time.After(r.ReferenceTime) && !revisit.Time.Before(r.ReferenceTime)
	}
	switch {
	case visit != nil && !r.RevisitPhaseStart.IsZero() && visit.Time.After(r.RevisitPhaseStart):
		p.Status, p.Reason = StatusNew, "first downloaded after the second downloads had begun"
	case visit == nil && revisit != nil:
		p.Status, p.Reason = StatusNew, "downloaded only during the second downloads"
	case visit == nil:
		p.Status, p.Reason = StatusFailed, failReason(f, "never downloaded")
	case !usable(visit.Status):
		p.Status, p.Reason = StatusFailed, fmt.Sprintf("first download answered HTTP %d", visit.Status)
	case revisit == nil && undone:
		p.Status, p.Reason = StatusFailed, "not downloaded a second time (its download was meant to count twice, but first downloads of other pages followed it)"
	case revisit == nil:
		p.Status, p.Reason = StatusFailed, failReason(f, "not downloaded a second time")
	case visit == revisit:
		p.Status, p.Reason = StatusCoherent, "a single download at the turn from first to second downloads, which counts as both"
	case !usable(revisit.Status):
		p.Status, p.Reason = StatusFailed, fmt.Sprintf("second download answered HTTP %d", revisit.Status)
	case revisit.Status == 304:
		p.Status, p.Reason = StatusCoherent, "the server said the page had not changed (HTTP 304)"
	case gone(revisit.Status) && !gone(visit.Status):
		p.Status, p.Reason = StatusDeleted, fmt.Sprintf("second download answered HTTP %d", revisit.Status)
	case revisit.PayloadDigest != "" && revisit.PayloadDigest == visit.PayloadDigest && !renderedDiffers(visit, revisit):
		p.Status, p.Reason = StatusCoherent, "same content at both downloads (identical fingerprint)"
	case r.ChangeSignal == "text" && visit.TextDigest != "" && visit.TextDigest == revisit.TextDigest:
		p.Status, p.Reason = StatusCoherent, "same visible text at both downloads"
	default:
		p.Status, p.Reason = StatusChanged, "different content at the second download"
		if sim != nil {
			if s, ok := sim.compare(ctx, visit.Record, revisit.Record); ok {
				p.Similarity = &s
				if s >= SimilarityThreshold {
					p.Status, p.Reason = StatusChangedInsignificantly, fmt.Sprintf("different content at the second download; visible text %.0f%% the same", math.Floor(s*100))
				}
			}
		}
	}
	return visit, revisit
}

// Evidence kinds: what the report calls a browser page's resource record.
const (
	EvidenceScreenshot = "screenshot"
	EvidenceThumbnail  = "thumbnail"
	EvidenceText       = "text"
	EvidenceDOM        = "dom"
)

// evidenceKinds are the urn: prefixes of a browser page's resource
// records (crawler/browser.go, Browsertrix's names since issue 29) and
// their kinds. urn:screenshot: is how SHARC named the full-page PNG
// before: captures made then still list their screenshots.
var evidenceKinds = []struct{ prefix, kind string }{
	{"urn:fullPage:", EvidenceScreenshot}, {"urn:screenshot:", EvidenceScreenshot},
	{"urn:thumbnail:", EvidenceThumbnail}, {"urn:text:", EvidenceText}, {"urn:dom:", EvidenceDOM},
}

// noteEvidence lists a browser page's screenshot or DOM record.
func (s *Summary) noteEvidence(rc store.Record) {
	for _, k := range evidenceKinds {
		page, ok := strings.CutPrefix(rc.URL, k.prefix)
		if !ok {
			continue
		}
		s.BrowserEvidenceTotal++
		if len(s.BrowserEvidence) < MaxEvidence {
			s.BrowserEvidence = append(s.BrowserEvidence, Evidence{Page: page, Kind: k.kind, MIME: rc.MIME, PayloadDigest: rc.PayloadDigest,
				RecordID: rc.RecordID, WARCFile: rc.WARCFile, Offset: rc.Offset, RecordLength: rc.RecordLength})
		}
		return
	}
}

// renderedDiffers reports a page whose document bytes were the same at
// both downloads but whose text was not: only a page a browser rendered
// (capture.browser) can differ so, its text digest being of the rendered
// DOM, which scripts fill from other responses. Same bytes always give
// the same text digest otherwise.
func renderedDiffers(visit, revisit *store.IndexedRecord) bool {
	return visit.TextDigest != "" && revisit.TextDigest != "" && visit.TextDigest != revisit.TextDigest
}

func failReason(f store.FrontierURL, what string) string {
	switch f.State {
	case store.StateFailed:
		return fmt.Sprintf("%s: gave up after %d attempts", what, f.Attempts)
	case store.StateQueued, store.StateVisited:
		return what + ": the capture ended before it was reached"
	}
	return what
}

// classifySingle gives a page of a single-visit capture its status and
// returns its download.
func classifySingle(p *Page, f store.FrontierURL, recs []store.IndexedRecord) *store.IndexedRecord {
	if len(recs) == 0 {
		p.Status, p.Reason = StatusFailed, failReason(f, "never downloaded")
		return nil
	}
	first := &recs[0]
	for i := range recs[1:] {
		if recs[i+1].Time.Before(first.Time) {
			first = &recs[i+1]
		}
	}
	p.Visit = download(first.Record)
	if !usable(first.Status) {
		p.Status, p.Reason = StatusFailed, fmt.Sprintf("answered HTTP %d", first.Status)
		return first
	}
	p.Status, p.Reason = StatusDownloadedOnce, "downloaded once (this capture downloads every page once)"
	return first
}

// hostTally counts per host (lower-case host[:port] of the URL).
type hostTally map[string]*HostCount

func (ht hostTally) get(u string) *HostCount {
	h := u
	if pu, err := url.Parse(u); err == nil && pu.Host != "" {
		h = strings.ToLower(pu.Host)
	}
	if ht[h] == nil {
		ht[h] = &HostCount{Host: h}
	}
	return ht[h]
}

// summarize makes the Heritrix-style summary in one pass over the
// capture's records, adding to hosts (whose URLs are already counted); it
// keeps one tally per status, MIME type, host and WARC file, never per
// record.
func summarize(ctx context.Context, st store.Store, captureID int64, hosts hostTally) (Summary, error) {
	s := Summary{StatusCodes: map[string]int{}, Records: map[string]int{}, MIMETypes: []MIMECount{}, Hosts: []HostCount{}, WARCFiles: []string{}}
	mimes := map[string]*MIMECount{}
	files := map[string]bool{}
	err := st.EachRecord(ctx, captureID, func(rc store.Record) error {
		s.Records[string(rc.RecordType)]++
		if rc.WARCFile != "" {
			files[rc.WARCFile] = true
		}
		if rc.RecordType == warc.Resource {
			s.noteEvidence(rc)
		}
		if !warc.HTTPExchange(rc.RecordType) {
			return nil
		}
		s.StatusCodes[fmt.Sprint(rc.Status)]++
		mt := rc.MIME
		if mt == "" {
			mt = "(none)"
		}
		if mimes[mt] == nil {
			mimes[mt] = &MIMECount{MIME: mt}
		}
		mimes[mt].Count++
		mimes[mt].Bytes += rc.Length
		h := hosts.get(rc.URL)
		switch {
		case rc.RecordType == warc.Response:
			h.Novel++
			h.NovelBytes += rc.Length
		case rc.Status == 304:
			h.NotModified++
		default:
			h.Duplicate++
		}
		return nil
	})
	if err != nil {
		return s, fmt.Errorf("report: records of capture %d: %w", captureID, err)
	}
	for _, m := range mimes {
		s.MIMETypes = append(s.MIMETypes, *m)
	}
	sort.Slice(s.MIMETypes, func(a, b int) bool {
		if s.MIMETypes[a].Count != s.MIMETypes[b].Count {
			return s.MIMETypes[a].Count > s.MIMETypes[b].Count
		}
		return s.MIMETypes[a].MIME < s.MIMETypes[b].MIME
	})
	for _, h := range hosts {
		s.Hosts = append(s.Hosts, *h)
	}
	sort.Slice(s.Hosts, func(a, b int) bool { return s.Hosts[a].Host < s.Hosts[b].Host })
	for f := range files {
		s.WARCFiles = append(s.WARCFiles, f)
	}
	sort.Strings(s.WARCFiles)
	return s, nil
}
