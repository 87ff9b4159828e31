package crawler

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// insertBefore returns ch with s registered just before the stage named
// before (as a line in assemble would).
func (ch chain) insertBefore(t *testing.T, before string, s stage) chain {
	t.Helper()
	for i, x := range ch {
		if x.name() == before {
			return slices.Insert(slices.Clone(ch), i, s)
		}
	}
	t.Fatalf("no stage %q in the chain", before)
	return nil
}

// probeStage records the paths it sees and whether a response was there
// yet; it settles (filters out) the paths in drop.
type probeStage struct {
	c     *Crawler
	label string
	drop  map[string]bool
	mu    *sync.Mutex
	trace *[]string // label:path:response?, in the order the stages ran
}

func (p probeStage) name() string { return p.label }

func (p probeStage) run(ctx context.Context, it *item) (bool, error) {
	path := strings.TrimPrefix(it.t.URL.URL, "http://chain.test")
	p.mu.Lock()
	*p.trace = append(*p.trace, fmt.Sprintf("%s:%s:%v", p.label, path, it.f != nil))
	p.mu.Unlock()
	if p.drop[path] {
		return true, p.c.finishUnfetched(ctx, it.worker, it.t, crawllog.CodeUnfetchable, store.StateFailed, "test-filter")
	}
	return false, nil
}

// TestChainRunsRegisteredStage registers a filter before fetch and a probe
// before extract, and checks both run in their place for every page task:
// the filter sees no response yet and its settled URL is never requested,
// the probe sees the response, prerequisites never reach either.
func TestChainRunsRegisteredStage(t *testing.T) {
	var mu sync.Mutex
	asked := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked[r.URL.Path]++
		mu.Unlock()
		if r.URL.Path == "/" {
			fmt.Fprint(w, `<a href="/a">a</a> <a href="/private">p</a>`)
			return
		}
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, "page "+r.URL.Path)
	}))
	defer srv.Close()
	dir := t.TempDir()
	reg := scheduler.NewRegistry()
	j, err := job.Parse(fmt.Appendf(nil, `
name: chain
seeds: [http://chain.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: obey
workers: 2
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
resolve: {chain.test: %s}
fetch: {retries: 0, allow_addresses: [127.0.0.0/8]}
`, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://")), "chain.yaml", reg.Names(), reg.VisitRevisit)
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), "sqlite:"+filepath.Join(dir, "index.db"), zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	var trace []string
	c := New(j, st, reg, zaptest.NewLogger(t), Options{})
	c.chain = c.chain.insertBefore(t, stages.FetchHTTP, probeStage{c: c, label: "filter", drop: map[string]bool{"/private": true}, mu: &mu, trace: &trace})
	c.chain = c.chain.insertBefore(t, stages.Extract, probeStage{c: c, label: "probe", mu: &mu, trace: &trace})
	stats, err := c.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}

	mu.Lock()
	defer mu.Unlock()
	want := map[string]bool{"filter:/:false": true, "filter:/a:false": true, "filter:/private:false": true,
		"probe:/:true": true, "probe:/a:true": true}
	for _, e := range trace {
		if !want[e] {
			t.Errorf("unexpected stage visit %q (trace %v)", e, trace)
		}
		delete(want, e)
	}
	for e := range want {
		t.Errorf("stage visit %q missing (trace %v)", e, trace)
	}
	for _, path := range []string{"/", "/a"} {
		if slices.Index(trace, "filter:"+path+":false") > slices.Index(trace, "probe:"+path+":true") {
			t.Errorf("probe ran before filter for %s: %v", path, trace)
		}
	}
	if asked["/private"] != 0 || asked["/a"] != 1 || asked["/robots.txt"] != 1 {
		t.Errorf("requests %v: want /private never, /a and /robots.txt once", asked)
	}
	log, err := os.ReadFile(stats.CrawlLog)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(log), "/private") || !strings.Contains(string(log), "test-filter") {
		t.Errorf("crawl.log lacks the filtered URL's line:\n%s", log)
	}
	if _, err := c.Run(context.Background()); !errors.Is(err, ErrRunTwice) {
		t.Errorf("second Run: %v, want ErrRunTwice", err)
	}
}

// TestChainNamesFromStages checks the assembled chain and the list in
// package stages (which heritrix's report and --explain read) agree.
func TestChainNamesFromStages(t *testing.T) {
	var listed, candidates []string
	for _, s := range stages.All() {
		if s.Chain != stages.Candidate {
			listed = append(listed, s.Name)
		} else {
			candidates = append(candidates, s.Name)
		}
	}
	// Canonicalisation (in extract) and the host quota (in commit) frame
	// the assembled candidate stages.
	gotCands := []string{stages.Canonicalize}
	for _, s := range assembleCandidates(&job.Job{}) {
		gotCands = append(gotCands, s.name())
	}
	if gotCands = append(gotCands, stages.Quotas); !slices.Equal(gotCands, candidates) {
		t.Errorf("candidate chain %v, want %v", gotCands, candidates)
	}
	without := func(names ...string) []string {
		return slices.DeleteFunc(slices.Clone(listed), func(n string) bool { return slices.Contains(names, n) })
	}
	browser := job.Browser{Match: []*regexp.Regexp{regexp.MustCompile(".")}}
	for _, tc := range []struct {
		robots  string
		browser job.Browser
		want    []string
	}{
		{"obey", browser, listed},
		{"obey", job.Browser{}, without(stages.Browser)},
		{"ignore", job.Browser{}, without(stages.Robots, stages.Browser)},
	} {
		j := &job.Job{Robots: tc.robots, Capture: job.Capture{Browser: tc.browser}}
		var got []string
		for _, s := range assemble(j) {
			got = append(got, s.name())
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("robots %s: chain %v, want %v", tc.robots, got, tc.want)
		}
		ex := Explain(j)
		if len(ex) != len(candidates)+len(tc.want) || ex[0].Name != stages.Canonicalize || ex[len(ex)-1].Name != stages.Schedule {
			t.Errorf("robots %s: Explain %v", tc.robots, ex)
		}
		for _, s := range ex {
			if s.Does == "" || strings.HasPrefix(s.Does, "(not listed") {
				t.Errorf("stage %s has no description in package stages", s.Name)
			}
		}
	}
}
