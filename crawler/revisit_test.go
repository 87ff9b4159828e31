package crawler_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
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
	"github.com/sharc-archive/sharc/research/testsite"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
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

// TestRevisitRequestModes runs a small visit-revisit capture, fast enough
// that visits and revisits would share a second, in both revisit request
// modes. It checks that every revisit starts in a later UTC second than its
// visit, that conditional revisits send the visit's validators and turn an
// unchanged page into a server-not-modified revisit, and that full
// revisits send none and prove it unchanged by its payload digest.
func TestRevisitRequestModes(t *testing.T) {
	for _, tc := range []struct {
		mode          string
		wantValidator bool
		wantStatus    int // of the unchanged page's revisit record
	}{
		{"conditional", true, http.StatusNotModified},
		{"full", false, http.StatusOK},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			var changes atomic.Int64
			var conditional atomic.Int64 // revisit requests of /same with If-None-Match
			mux := http.NewServeMux()
			mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				io.WriteString(w, `<html><body><a href="/same1">same</a> <a href="/changes1">changes</a> <a href="/same2">same</a> <a href="/changes2">changes</a></body></html>`)
			})
			same := func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("ETag", `"same-1"`)
				if r.Header.Get("If-None-Match") != "" {
					conditional.Add(1)
				}
				if r.Header.Get("If-None-Match") == `"same-1"` {
					w.WriteHeader(http.StatusNotModified)
					return
				}
				w.Header().Set("Content-Type", "text/html")
				io.WriteString(w, "<html><body>unchanged page</body></html>")
			}
			changing := func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				fmt.Fprintf(w, "<html><body>version %d</body></html>", changes.Add(1))
			}
			mux.HandleFunc("/same1", same)
			mux.HandleFunc("/same2", same)
			mux.HandleFunc("/changes1", changing)
			mux.HandleFunc("/changes2", changing)
			srv := httptest.NewServer(mux)
			defer srv.Close()
			dir := t.TempDir()
			j := testJob(t, dir, fmt.Sprintf(`
name: modes
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 2
politeness: {delay: 0s, delay_factor: 0}
scheduler: {strategy: sharc-selective-online, tau: 0.9}
capture: {mode: visit-revisit, revisit_request: %s}
warc: {dir: %s}
resolve: {site.test: %s}
`, tc.mode, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://")))
			st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
			stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
			if err != nil || stats.StopReason != "finished" {
				t.Fatalf("crawl: %v, %+v", err, stats)
			}
			recs, err := st.Records(context.Background(), stats.CaptureID)
			if err != nil {
				t.Fatal(err)
			}
			visits, revisits := map[string]store.Record{}, map[string]store.Record{}
			metadata := 0
			for _, r := range recs {
				switch {
				case r.RecordType == "metadata" && r.Phase == crawler.PhaseRevisit:
					metadata++
				case r.RecordType != "response" && r.RecordType != "revisit":
				case r.Phase == crawler.PhaseVisit:
					visits[r.URL] = r
				case r.Phase == crawler.PhaseRevisit:
					revisits[r.URL] = r
				}
			}
			// A SHARC strategy may collapse one page's last visit and first
			// revisit into one download (Def. 5.5); the others are checked.
			kinds := map[string]int{}
			for u, r := range revisits {
				v, ok := visits[u]
				if !ok {
					continue
				}
				if !r.Time.Truncate(time.Second).After(v.Time.Truncate(time.Second)) {
					t.Errorf("%s: revisit at %s in the second of its visit at %s", u, r.Time.Format(time.RFC3339Nano), v.Time.Format(time.RFC3339Nano))
				}
				switch path := strings.TrimPrefix(u, "http://site.test"); {
				case strings.HasPrefix(path, "/same"):
					kinds["same"]++
					if r.RecordType != "revisit" || r.Status != tc.wantStatus {
						t.Errorf("%s revisit: %s %d, want revisit %d", u, r.RecordType, r.Status, tc.wantStatus)
					}
				case strings.HasPrefix(path, "/changes"):
					kinds["changes"]++
					if r.RecordType != "response" {
						t.Errorf("%s revisit: %s, want a response", u, r.RecordType)
					}
				}
			}
			if kinds["same"] == 0 || kinds["changes"] == 0 {
				t.Fatalf("pages revisited apart from their visit: %v, want both kinds", kinds)
			}
			if got := conditional.Load() > 0; got != tc.wantValidator {
				t.Errorf("a revisit of /same* sent If-None-Match: %v, want %v", got, tc.wantValidator)
			}
			warcs := latestWARCDir(t, filepath.Join(dir, "warcs"))
			checkNotModifiedRecords(t, warcs, tc.wantStatus == http.StatusNotModified)
			checkIndex(t, st, stats.CaptureID, warcs)
		})
	}
}

// checkNotModifiedRecords reads a capture's WARCs and checks that every
// server-not-modified revisit has an empty block and a metadata record,
// concurrent to it, from which a 304 status line decodes; want says
// whether there must be at least one.
func checkNotModifiedRecords(t *testing.T, dir string, want bool) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.warc.gz"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("WARCs in %s: %v %v", dir, paths, err)
	}
	revisits := map[string]bool{} // server-not-modified revisit IDs; true once its 304 is found
	for _, p := range paths {
		r, err := warc.OpenFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for {
			rec, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			switch {
			case rec.Type() == "revisit" && rec.Header.Get("WARC-Profile") == warc.ProfileServerNotModified:
				if len(rec.Block) != 0 || rec.Header.Get("Content-Length") != "0" {
					t.Errorf("server-not-modified revisit %s has a %d-byte block", rec.ID(), len(rec.Block))
				}
				revisits["<"+rec.ID()+">"] = false
			case rec.Type() == "metadata":
				to := rec.Header.Get("WARC-Concurrent-To")
				if _, ok := revisits[to]; !ok {
					continue
				}
				if hdr, err := warc.DecodeHTTPHeader(rec.Block); err == nil && bytes.HasPrefix(hdr, []byte("HTTP/1.1 304 ")) {
					revisits[to] = true
				}
			}
		}
		r.Close()
	}
	if want != (len(revisits) > 0) {
		t.Errorf("%d server-not-modified revisits, want some: %v", len(revisits), want)
	}
	for id, found := range revisits {
		if !found {
			t.Errorf("server-not-modified revisit %s: no metadata record with its 304", id)
		}
	}
}
