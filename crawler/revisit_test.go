package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/testsite"
)

// noValidators strips conditional headers for some pages, standing in for
// servers without conditional GET: their unchanged revisits come back as
// 200 with the same payload (identical-payload-digest revisits).
func noValidators(h http.Handler, strip func(path string) bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strip(r.URL.Path) {
			r.Header.Del("If-None-Match")
			r.Header.Del("If-Modified-Since")
		}
		h.ServeHTTP(w, r)
	})
}

// TestVisitRevisitAgainstTestSite runs a visit-revisit capture of the live
// changing test site and checks, page by page, that the archive says what
// the site's true change log says.
func TestVisitRevisitAgainstTestSite(t *testing.T) {
	const unit = 15 * time.Millisecond
	const pages = 40
	// The site's clock advances one time unit per request, so what changes
	// between a visit and a revisit depends on the order of requests, not
	// on how busy the machine is.
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var served atomic.Int64
	site, err := testsite.New(testsite.Config{
		Start: start, Now: func() time.Time { return start.Add(time.Duration(served.Load()) * unit) },
		Pages: pages, Outdegree: 4, Skew: 1.2, TimeUnit: unit, Seed: 5,
		DeleteAfter: map[int]time.Duration{39: 40 * unit},
		AppearAfter: map[int]time.Duration{38: 40 * unit},
	}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	strip := func(p string) bool { k, ok := testsite.PageIndex(p); return ok && k%3 == 0 }
	counted := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		site.ServeHTTP(w, r)
	})
	srv := httptest.NewServer(noValidators(counted, strip))
	defer srv.Close()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: evidence
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 2
politeness: {delay: %s, delay_factor: 0}
scheduler: {strategy: sharc-selective-online, tau: 0.9}
capture: {mode: visit-revisit}
warc: {dir: %s}
resolve: {site.test: %s}
`, unit, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://")))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if stats.StopReason != "finished" {
		t.Fatalf("stopped: %s", stats.StopReason)
	}

	// Server-side times of the visit and revisit of each page.
	byPathReqs := map[string][]testsite.RequestLog{}
	for _, r := range site.Requests() {
		if _, ok := testsite.PageIndex(r.Path); ok && r.Method == http.MethodGet {
			byPathReqs[r.Path] = append(byPathReqs[r.Path], r)
		}
	}
	recs, err := st.Records(context.Background(), stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	type pageRecs struct{ visit, revisit []store.Record }
	byPath := map[string]*pageRecs{}
	for _, r := range recs {
		if r.RecordType != "response" && r.RecordType != "revisit" {
			continue
		}
		path := strings.TrimPrefix(r.URL, "http://site.test")
		if _, ok := testsite.PageIndex(path); !ok {
			continue
		}
		p := byPath[path]
		if p == nil {
			p = &pageRecs{}
			byPath[path] = p
		}
		switch r.Phase {
		case crawler.PhaseVisit:
			p.visit = append(p.visit, r)
		case crawler.PhaseRevisit:
			p.revisit = append(p.revisit, r)
		case crawler.PhaseVisitRevisit:
			p.visit = append(p.visit, r)
			p.revisit = append(p.revisit, r)
		}
	}
	firstRevisit := time.Time{}
	for _, p := range byPath {
		for _, r := range p.revisit {
			if r.Phase == crawler.PhaseRevisit && (firstRevisit.IsZero() || r.Time.Before(firstRevisit)) {
				firstRevisit = r.Time
			}
		}
	}
	counts := map[string]int{}
	incoherentTruth, incoherentArchive := 0, 0
	var paths []string
	for path := range byPath {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		p := byPath[path]
		k, _ := testsite.PageIndex(path)
		reqs := byPathReqs[path]
		if len(p.visit) == 1 && p.visit[0].Time.After(firstRevisit) {
			// First seen during the revisit phase: a new page.
			counts["new"]++
			if site.Exists(k, site.Start()) {
				t.Errorf("%s: archived as new but existed from the start", path)
			}
			continue
		}
		if len(p.visit) != 1 || len(p.revisit) != 1 {
			t.Errorf("%s: %d visits and %d revisits, want one each", path, len(p.visit), len(p.revisit))
			continue
		}
		v, r := p.visit[0], p.revisit[0]
		if r.Phase == crawler.PhaseVisitRevisit {
			counts["collapsed"]++
			if len(reqs) != 1 {
				t.Errorf("%s: collapsed visit+revisit but %d requests", path, len(reqs))
			}
			continue
		}
		if len(reqs) != 2 {
			t.Errorf("%s: server saw %d GETs, want 2", path, len(reqs))
			continue
		}
		existedAtRevisit := site.Exists(k, reqs[1].Time)
		changed := len(site.PageChanges(k, reqs[0].Time, reqs[1].Time)) > 0 || site.Exists(k, reqs[0].Time) != existedAtRevisit
		if changed {
			incoherentTruth++
		}
		// What the archive says, by record type and status.
		var verdict string
		switch {
		case r.RecordType == "revisit" && r.Status == http.StatusNotModified:
			verdict = "not-modified"
			if strip(path) {
				t.Errorf("%s: 304 although the server ignored validators", path)
			}
		case r.RecordType == "revisit" && r.Status == http.StatusOK:
			verdict = "same-digest"
			if r.PayloadDigest != v.PayloadDigest {
				t.Errorf("%s: identical-payload revisit with digest %s, visit %s", path, r.PayloadDigest, v.PayloadDigest)
			}
		case r.RecordType == "response" && v.Status/100 == 2 && (r.Status == http.StatusNotFound || r.Status == http.StatusGone):
			verdict = "deleted"
		case r.RecordType == "response" && v.Status == http.StatusNotFound && r.Status == http.StatusOK:
			verdict = "new"
		case r.RecordType == "response":
			verdict = "changed"
			if r.PayloadDigest == v.PayloadDigest {
				t.Errorf("%s: full response on revisit with an unchanged digest", path)
			}
		default:
			t.Errorf("%s: unexpected revisit record %s %d", path, r.RecordType, r.Status)
		}
		counts[verdict]++
		archiveIncoherent := verdict == "changed" || verdict == "deleted" || verdict == "new"
		if archiveIncoherent {
			incoherentArchive++
		}
		if archiveIncoherent != changed {
			t.Errorf("%s: archive says %s, change log says changed=%v (exists at revisit %v)", path, verdict, changed, existedAtRevisit)
		}
	}
	if len(byPath) < pages-1 {
		t.Errorf("%d pages archived, want at least %d", len(byPath), pages-1)
	}
	if incoherentArchive != incoherentTruth {
		t.Errorf("incoherence: archive %d, true change log %d", incoherentArchive, incoherentTruth)
	}
	for _, want := range []string{"not-modified", "same-digest", "changed", "deleted", "new"} {
		if counts[want] == 0 {
			t.Errorf("no page ended %s; counts %v", want, counts)
		}
	}
	t.Logf("verdicts %v, incoherent %d of %d", counts, incoherentArchive, len(byPath))
	checkIndex(t, st, stats.CaptureID, filepath.Join(dir, "warcs"))
}
