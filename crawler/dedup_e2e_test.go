package crawler_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/nlnwa/gowarc"
	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/warc"
)

// The dedup site: a hub links dedupPages plain-text pages whose bodies
// cycle through dedupPayloads payloads, and dedupHTML pages that all
// serve one HTML body (links and all). Two missing pages answer 404 with
// one body: non-2xx answers are archived in full, never deduplicated.
const (
	dedupPages    = 30
	dedupPayloads = 6
	dedupHTML     = 4
)

func dedupSite(slog *serverLog) http.Handler {
	m := http.NewServeMux()
	m.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		var b strings.Builder
		for i := range dedupPages {
			fmt.Fprintf(&b, `<a href="/r/%d">r%d</a> `, i, i)
		}
		for i := range dedupHTML {
			fmt.Fprintf(&b, `<a href="/same/%d">same%d</a> `, i, i)
		}
		b.WriteString(`<a href="/gone/a">a</a> <a href="/gone/b">b</a>`)
		html(w, b.String())
	})
	m.HandleFunc("/r/{i}", func(w http.ResponseWriter, r *http.Request) {
		var i int
		if _, err := fmt.Sscan(r.PathValue("i"), &i); err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprintf(w, "payload %d of %d, shared by every page i with i %% %d == %d\n", i%dedupPayloads, dedupPayloads, dedupPayloads, i%dedupPayloads)
	})
	m.HandleFunc("/same/", func(w http.ResponseWriter, r *http.Request) { html(w, `<a href="/">home</a> <a href="/r/0">r0</a>`) })
	m.HandleFunc("/", http.NotFound) // robots.txt and /gone/*
	return slog.wrap("d.test", m)
}

// warcRecord is what the tests read of one response or revisit record.
type warcRecord struct {
	typ, id, uri, digest, refersTo, refersToURI, profile string
	date                                                 time.Time
	status2xx                                            bool
}

// readWARCRecords reads the response and revisit records of every WARC
// file in dir, oldest first.
func readWARCRecords(t *testing.T, dir string) []warcRecord {
	t.Helper()
	dir = latestWARCDir(t, dir)
	files, _ := filepath.Glob(filepath.Join(dir, "*.warc.gz"))
	var out []warcRecord
	for _, f := range files {
		r, err := warc.OpenFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec.Type() != "response" && rec.Type() != "revisit" {
				continue
			}
			date, err := time.Parse(time.RFC3339Nano, rec.Header.Get(gowarc.WarcDate))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, warcRecord{typ: string(rec.Type()), id: rec.ID(), uri: rec.TargetURI(), date: date,
				digest: rec.Header.Get(gowarc.WarcPayloadDigest), refersTo: rec.Header.GetId(gowarc.WarcRefersTo),
				refersToURI: rec.Header.Get(gowarc.WarcRefersToTargetURI), profile: rec.Header.Get(gowarc.WarcProfile),
				status2xx: strings.HasPrefix(string(rec.Block), "HTTP/1.1 2")})
		}
		r.Close()
	}
	sort.Slice(out, func(i, j int) bool { return out[i].date.Before(out[j].date) })
	return out
}

// TestDedupBoundedCache crawls the dedup site with the deduplication cache
// at its default size and at 2 digests (so originals are evicted and found
// in the store), straight through and interrupted then resumed (so
// originals are in the store only), on SQLite and PostgreSQL. Every case
// must give the same archive: each 2xx payload stored once, every other
// page with it an identical-payload revisit naming that response.
func TestDedupBoundedCache(t *testing.T) {
	dsns := pgtest.StoreDSNs(t, "sharc_dedup")
	for name, dsn := range dsns {
		for _, cache := range []int{0, 2} {
			for _, resume := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/cache=%d/resume=%v", name, cache, resume), func(t *testing.T) {
					dir := t.TempDir()
					testDedupBoundedCache(t, dsn(t, dir), dir, cache, resume)
				})
			}
		}
	}
}

func testDedupBoundedCache(t *testing.T, dsn, dir string, cache int, resume bool) {
	var slog serverLog
	srv := httptest.NewServer(dedupSite(&slog))
	defer srv.Close()
	warcDir := filepath.Join(dir, "warcs")
	// One worker: each fetch is committed before the next starts, so no
	// two fetches of one payload race and every duplicate must be found.
	j := testJob(t, dir, fmt.Sprintf(`
name: dedup
seeds: [http://d.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 1
politeness: {delay: 2ms, delay_factor: 0, max_delay: 1s}
warc: {dir: %s}
resolve: {d.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, warcDir, addr(srv)))
	st := openStore(t, dsn)
	run := func(ctx context.Context) crawler.Stats {
		t.Helper()
		stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{DigestCache: cache}).Run(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return stats
	}
	var stats crawler.Stats
	if resume {
		// Stop after about half of the pages, then run again.
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			for len(slog.all()) < dedupPages/2 && ctx.Err() == nil {
				time.Sleep(time.Millisecond)
			}
			cancel()
		}()
		first := run(ctx)
		cancel()
		if first.StopReason != "interrupted" {
			t.Fatalf("first run stopped: %q, want interrupted", first.StopReason)
		}
		if stats = run(context.Background()); !stats.Resumed {
			t.Fatal("second run did not resume the capture")
		}
	} else {
		stats = run(context.Background())
	}
	if stats.StopReason != "finished" {
		t.Fatalf("stop reason %q", stats.StopReason)
	}

	// Every page archived exactly once (robots.txt once per run), every
	// WARC verifying, every index row pointing at its record.
	responses := archivedResponses(t, warcDir)
	for u, n := range responses {
		if n != 1 && !(resume && strings.HasSuffix(u, "/robots.txt") && n == 2) {
			t.Errorf("%s archived %d times", u, n)
		}
	}
	if want := 1 + dedupPages + dedupHTML + 2 + 1; len(responses) != want {
		t.Errorf("%d URLs archived, want %d", len(responses), want)
	}
	problems, err := crawler.VerifyIndex(context.Background(), st, stats.CaptureID, warcDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}

	recs := readWARCRecords(t, warcDir)
	byID := map[string]warcRecord{}
	original := map[string]warcRecord{} // digest → the one 2xx response with it
	for _, r := range recs {
		byID[r.id] = r
		if r.typ != "response" || !r.status2xx {
			continue
		}
		if prev, dup := original[r.digest]; dup {
			t.Errorf("payload %s stored twice: %s and %s", r.digest, prev.uri, r.uri)
			continue
		}
		original[r.digest] = r
	}
	// Payloads stored: hub, the shared ones, the shared HTML.
	if want := 1 + dedupPayloads + 1; len(original) != want {
		t.Errorf("%d distinct 2xx payloads stored, want %d", len(original), want)
	}
	revisits := 0
	for _, r := range recs {
		if r.typ != "revisit" {
			continue
		}
		revisits++
		orig, ok := original[r.digest]
		switch {
		case r.profile != warc.ProfileIdenticalPayload:
			t.Errorf("%s: revisit profile %q", r.uri, r.profile)
		case !ok:
			t.Errorf("%s: revisit of payload %s, which no 2xx response stored", r.uri, r.digest)
		case r.refersTo != orig.id || r.refersToURI != orig.uri:
			ref := byID[r.refersTo]
			t.Errorf("%s: WARC-Refers-To %s (%s %s), want the first response with its payload, %s (%s)",
				r.uri, r.refersTo, ref.typ, ref.uri, orig.id, orig.uri)
		case !orig.date.Before(r.date):
			t.Errorf("%s: refers to %s, archived at %v, not before it (%v)", r.uri, orig.uri, orig.date, r.date)
		}
	}
	if want := (dedupPages - dedupPayloads) + (dedupHTML - 1); revisits != want {
		t.Errorf("%d revisit records, want %d (every page repeating a payload)", revisits, want)
	}
}
