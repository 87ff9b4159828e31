package crawler_test

import (
	"context"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/scheduler"
)

// scopeSite is a loopback site of several hosts, all served by one server
// (the job's resolve: points each name at it). Pages link and embed
// across hosts so that every scope type admits a different set.
var scopeSite = map[string]string{
	"a.test/docs/index.html": `<a href="/docs/p1">p1</a> <a href="/docs/index.html#sec">same page</a> <a href="/other/x">x</a>
<a href="http://sub.a.test/">sub</a> <a href="http://c.test/">c</a> <img src="/img/logo.png">`,
	"a.test/docs/p1":         `<a href="/docs/p2">p2</a> <a href="/docs/p1?print=1">print</a>`,
	"a.test/docs/p1?print=1": `printable`,
	"a.test/docs/p2":         `<a href="/docs/p3">p3</a>`,
	"a.test/docs/p3":         `end`,
	"a.test/other/x":         `<a href="/other/y">y</a>`,
	"a.test/other/y":         `end`,
	"a.test/img/logo.png":    `not really a png`,
	"sub.a.test/":            `<a href="/s1">s1</a>`,
	"sub.a.test/s1":          `end`,
	"sub.a.test/only-from-c": `linked from c.test only`,
	"c.test/":                `<a href="/c1">c1</a> <img src="http://cdn.test/c.png">`,
	"c.test/c1":              `<a href="/c2">c2</a> <a href="http://sub.a.test/only-from-c">sub</a>`,
	"c.test/c2":              `end`,
	"cdn.test/c.png":         `not really a png`,
}

// scopeServer serves scopeSite and records what was asked for, as
// "host/path?query".
type scopeServer struct {
	srv   *httptest.Server
	mu    sync.Mutex
	asked map[string]int
}

func newScopeServer(t *testing.T) *scopeServer {
	s := &scopeServer{asked: map[string]int{}}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := strings.Split(r.Host, ":")[0] + r.URL.RequestURI()
		s.mu.Lock()
		s.asked[key]++
		s.mu.Unlock()
		body, ok := scopeSite[key]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		if strings.HasSuffix(key, ".png") {
			w.Header().Set("Content-Type", "image/png")
		}
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *scopeServer) fetched() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for k := range s.asked {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// scopedJob is the job crawling scopeSite (served by s) with the given
// seeds: YAML, writing under dir.
func scopedJob(t *testing.T, s *scopeServer, dir, seeds, scopeYAML string) *job.Job {
	t.Helper()
	var res []string
	for _, h := range []string{"a.test", "sub.a.test", "c.test", "cdn.test"} {
		res = append(res, fmt.Sprintf("%s: %s", h, addr(s.srv)))
	}
	return testJob(t, dir, fmt.Sprintf(`
name: seed-scopes
seeds: %s
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
workers: 1
politeness: {delay: 0s, delay_factor: 0}
scope: %s
warc: {dir: %s}
resolve: {%s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, seeds, scopeYAML, filepath.Join(dir, "warcs"), strings.Join(res, ", ")))
}

// crawlScoped runs one crawl of scopeSite with the given seeds: YAML and
// returns what the server was asked for.
func crawlScoped(t *testing.T, seeds, scopeYAML string) []string {
	t.Helper()
	s := newScopeServer(t)
	dir := t.TempDir()
	j := scopedJob(t, s, dir, seeds, scopeYAML)
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v (%s)", err, stats.StopReason)
	}
	return s.fetched()
}

// TestSeedScopeTypes: a seed written as a mapping is crawled within its
// scope type, as Browsertrix crawler defines them (issue 30), with its
// depth, extra_hops and exclude: exactly the expected URLs are fetched.
func TestSeedScopeTypes(t *testing.T) {
	const seed = "http://a.test/docs/index.html"
	docs := []string{"a.test/docs/index.html", "a.test/docs/p1", "a.test/docs/p1?print=1", "a.test/docs/p2", "a.test/docs/p3"}
	page := []string{"a.test/docs/index.html", "a.test/img/logo.png"}
	host := append(slices.Clone(docs), "a.test/img/logo.png", "a.test/other/x", "a.test/other/y")
	sub := []string{"sub.a.test/", "sub.a.test/s1"}
	for _, tc := range []struct {
		name, entry string
		want        []string
	}{
		// The seed and its embed; the #sec link is the seed itself.
		{"page", "scope: page", page},
		{"page-spa", "scope: page-spa", page},
		// Under /docs/, plus the seed's embed from /img/ (embeds of
		// in-scope pages are fetched as a browser would).
		{"prefix", "scope: prefix", append(slices.Clone(docs), "a.test/img/logo.png")},
		{"host", "scope: host", host},
		// sub.a.test/only-from-c is linked only from c.test, outside.
		{"domain", "scope: domain", append(slices.Clone(host), sub...)},
		{"any", "scope: any", allOf(scopeSite)},
		{"custom", `include: ['^https?://a\.test/other/']`, []string{"a.test/docs/index.html", "a.test/img/logo.png", "a.test/other/x", "a.test/other/y"}},
		// depth 1: the seed's links and embeds only.
		{"prefix depth 1", "scope: prefix, depth: 1", []string{"a.test/docs/index.html", "a.test/docs/p1", "a.test/img/logo.png"}},
		// One step outside: the pages the host's pages link to on other
		// hosts, with their embeds, but not their links.
		{"host extra_hops 1", "scope: host, extra_hops: 1", append(slices.Clone(host), "sub.a.test/", "c.test/", "cdn.test/c.png")},
		{"prefix exclude", `scope: prefix, exclude: ['print=']`, []string{"a.test/docs/index.html", "a.test/docs/p1", "a.test/docs/p2", "a.test/docs/p3", "a.test/img/logo.png"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := slices.Sorted(slices.Values(tc.want))
			got := crawlScoped(t, fmt.Sprintf("[{url: %q, %s}]", seed, tc.entry), "{}")
			if !slices.Equal(got, want) {
				t.Errorf("fetched\n  %q\nwant\n  %q", got, want)
			}
		})
	}
}

func allOf(site map[string]string) []string {
	return slices.Collect(maps.Keys(site))
}

// TestSeedScopesMixed is the done-when: one job with three seeds
// of three scope types (page, host, and a plain string the job-wide
// scope governs) crawls exactly the union of their sets. Each URL is
// judged by the seed it descends from: sub.a.test/only-from-c, which the
// plain seed's host scope would take, is linked only from c.test, whose
// host scope refuses it.
func TestSeedScopesMixed(t *testing.T) {
	got := crawlScoped(t, mixedSeeds, "{}")
	if !slices.Equal(got, mixedWant) {
		t.Errorf("fetched\n  %q\nwant\n  %q", got, mixedWant)
	}
}

const mixedSeeds = `
  - {url: "http://a.test/docs/index.html", scope: page}
  - {url: "http://c.test/", scope: host}
  - http://sub.a.test/`

// mixedWant is what mixedSeeds fetches, sorted.
var mixedWant = []string{
	"a.test/docs/index.html", "a.test/img/logo.png",
	"c.test/", "c.test/c1", "c.test/c2", "cdn.test/c.png",
	"sub.a.test/", "sub.a.test/s1",
}

// TestSeedScopesResumed: the mixed job interrupted after n fetches, for
// every n, and resumed, fetches exactly what one run does. Which seed a
// URL descends from is rebuilt from the store's via chains at resume, so
// sub.a.test/only-from-c stays out even when c.test/c1, which links to
// it, was queued before the interruption and fetched after it.
func TestSeedScopesResumed(t *testing.T) {
	for n := int64(1); n < int64(len(mixedWant)); n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			s := newScopeServer(t)
			dir := t.TempDir()
			j := scopedJob(t, s, dir, mixedSeeds, "{}")
			st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			first, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), ownerOptions("s.yaml", &stopAfter{n: n, cancel: cancel})).Run(ctx)
			if err != nil {
				t.Fatalf("first run: %v", err)
			}
			if first.StopReason == crawler.StopInterrupted {
				second, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), ownerOptions("s.yaml", nil)).Run(context.Background())
				if err != nil || !second.Resumed || second.StopReason != "finished" {
					t.Fatalf("resumed run: %+v, %v", second, err)
				}
			}
			if got := s.fetched(); !slices.Equal(got, mixedWant) {
				t.Errorf("fetched\n  %q\nwant\n  %q", got, mixedWant)
			}
		})
	}
}
