package daemon

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit"
)

// classSite serves a small site whose responses are counted by status class
// as it sends them: /p/0 links to ok pages, a redirect, pages that answer
// 404 and pages that answer 500. Every response takes delay.
type classSite struct {
	ok, missing, broken int
	delay               time.Duration

	mu     sync.Mutex
	served map[string]int // status class ("2xx") → responses sent
}

func (s *classSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	time.Sleep(s.delay)
	status := s.answer(w, r)
	s.mu.Lock()
	s.served[statusClass(status)]++
	s.mu.Unlock()
}

func (s *classSite) answer(w http.ResponseWriter, r *http.Request) int {
	p := r.URL.Path
	switch {
	case p == "/p/0":
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<html><body>")
		for i := range s.ok {
			fmt.Fprintf(w, `<a href="/ok/%d">ok</a> `, i)
		}
		for i := range s.missing {
			fmt.Fprintf(w, `<a href="/missing/%d">missing</a> `, i)
		}
		for i := range s.broken {
			fmt.Fprintf(w, `<a href="/broken/%d">broken</a> `, i)
		}
		io.WriteString(w, `<a href="/moved">moved</a></body></html>`)
		return http.StatusOK
	case p == "/moved":
		http.Redirect(w, r, "/ok/0", http.StatusMovedPermanently)
		return http.StatusMovedPermanently
	case strings.HasPrefix(p, "/ok/"):
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<html><body>ok</body></html>")
		return http.StatusOK
	case strings.HasPrefix(p, "/broken/"):
		http.Error(w, "broken", http.StatusInternalServerError)
		return http.StatusInternalServerError
	}
	http.NotFound(w, r)
	return http.StatusNotFound
}

func (s *classSite) count(class string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.served[class]
}

// scrape is one /metrics answer: sample values by series as written
// (`name{label="v",...}`, labels sorted as the exposition sorts them).
type scrape struct {
	text   string
	values map[string]float64
	names  map[string]bool // every sample's metric name
}

func getMetrics(t *testing.T, td *testDaemon) scrape {
	t.Helper()
	var b bytes.Buffer
	if err := td.client.Get(context.Background(), "/metrics", &b); err != nil {
		t.Fatal(err)
	}
	s := scrape{text: b.String(), values: map[string]float64{}, names: map[string]bool{}}
	sc := bufio.NewScanner(strings.NewReader(s.text))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if i < 0 || err != nil {
			t.Fatalf("scrape line %q: %v", line, err)
		}
		s.values[line[:i]] = v
		s.names[line[:strings.IndexAny(line, "{ ")]] = true
	}
	return s
}

// value returns a series' value; a missing series fails the test (every
// series must exist from the job's registration on).
func (s scrape) value(t *testing.T, series string) float64 {
	t.Helper()
	v, ok := s.values[series]
	if !ok {
		t.Fatalf("series %s missing from the scrape", series)
	}
	return v
}

// closedPort returns a loopback address nothing listens on: connecting
// to it is refused.
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// TestMetricsSeriesFromStart: a job the daemon knows but has never run has
// every per-job series, at zero (idle state 1), before any event, so rate()
// and alert rules see it. The scrape passes `promtool check metrics`.
func TestMetricsSeriesFromStart(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	// A yearly cron job: registered, not started.
	if _, err := td.client.Submit(ctx, jobYAML("later", "127.0.0.1:1", `schedule: "0 0 1 1 *"`+"\n"), "later.yaml"); err != nil {
		t.Fatal(err)
	}
	m := getMetrics(t, td)
	zero := []string{
		`sharc_schedule_skipped_total{job="later"}`,
		`sharc_unfetched_total{code="-9998",job="later"}`,
		`sharc_unfetched_total{code="-2",job="later"}`,
		`sharc_fetched_bytes_total{job="later"}`,
		`sharc_fetch_duration_seconds_count{job="later"}`,
		`sharc_warc_bytes_total{job="later"}`,
		`sharc_warc_files_total{job="later"}`,
		`sharc_scheduler_decisions_total{action="prereq",job="later"}`,
		`sharc_queue_depth{job="later"}`,
		`sharc_active_hosts{job="later"}`,
		`sharc_parked_hosts{job="later"}`,
		`sharc_in_flight{job="later"}`,
		`sharc_capture_duration_seconds{job="later"}`,
		`sharc_last_success_timestamp_seconds{job="later"}`,
		`sharc_job_state{job="later",state="running"}`,
		`sharc_job_alert{job="later",kind="disk"}`,
		`sharc_job_alert{job="later",kind="error"}`,
	}
	for _, c := range fetchClasses() {
		zero = append(zero, `sharc_fetched_total{class="`+c+`",job="later"}`)
	}
	for _, c := range errorClasses() {
		zero = append(zero, `sharc_fetch_errors_total{class="`+c+`",job="later"}`)
	}
	for _, o := range []string{"finished", "alert", "paused", "cancelled", "interrupted", "max_pages"} {
		zero = append(zero, `sharc_captures_total{job="later",outcome="`+o+`"}`)
	}
	for _, s := range zero {
		if v := m.value(t, s); v != 0 {
			t.Errorf("%s = %v before any event, want 0", s, v)
		}
	}
	if v := m.value(t, `sharc_job_state{job="later",state="idle"}`); v != 1 {
		t.Errorf("idle state gauge %v, want 1", v)
	}
	promtoolCheckMetrics(t, m.text)
}

// promtoolCheckMetrics lints a scrape with Prometheus's own promtool
// (Debian package prometheus; make test installs it when it may).
func promtoolCheckMetrics(t *testing.T, text string) {
	t.Helper()
	tool, err := exec.LookPath("promtool")
	if err != nil {
		t.Log("promtool not installed (Debian package prometheus): scrape not linted")
		return
	}
	cmd := exec.Command(tool, "check", "metrics")
	cmd.Stdin = strings.NewReader(text)
	if out, err := cmd.CombinedOutput(); err != nil || len(bytes.TrimSpace(out)) > 0 {
		t.Errorf("promtool check metrics: %v\n%s", err, out)
	}
}

// TestMetricsCountWhatTheSiteServed crawls a loopback site with 404s and
// 500s (no retries) and a seed on a closed port; the per-class fetch
// counts equal what the site sent, errors are classed, and the capture's
// gauges (state, queue, duration, last success) follow it.
func TestMetricsCountWhatTheSiteServed(t *testing.T) {
	site := &classSite{ok: 6, missing: 4, broken: 3, delay: 30 * time.Millisecond, served: map[string]int{}}
	srv := httptest.NewServer(site)
	defer srv.Close()
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	before := time.Now()
	yml := fmt.Sprintf(`name: classes
seeds: [http://site.test/p/0, http://dead.test/]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: 1
robots: ignore
politeness: {delay: 5ms, delay_factor: 0}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
resolve: {site.test: %s, dead.test: %s}
`, strings.TrimPrefix(srv.URL, "http://"), closedPort(t))
	if _, err := td.client.Submit(ctx, []byte(yml), "classes.yaml"); err != nil {
		t.Fatal(err)
	}
	// While it runs: the state gauge says so and the queue is not empty.
	testkit.WaitFor(t, 10*time.Second, "running capture with a queue", func() bool {
		m := getMetrics(t, td)
		return m.values[`sharc_job_state{job="classes",state="running"}`] == 1 && m.values[`sharc_queue_depth{job="classes"}`] > 0 &&
			m.values[`sharc_capture_duration_seconds{job="classes"}`] > 0
	})
	waitState(t, td.client, "classes", stateIdle, 20*time.Second)
	m := getMetrics(t, td)

	for _, c := range []string{"2xx", "3xx", "4xx", "5xx"} {
		got := m.value(t, `sharc_fetched_total{class="`+c+`",job="classes"}`)
		if want := site.count(c); got != float64(want) {
			t.Errorf("fetched %s = %v, the site served %d", c, got, want)
		}
	}
	// What the site served, known independently of the crawler.
	if site.count("2xx") != 1+site.ok || site.count("3xx") != 1 || site.count("4xx") != site.missing || site.count("5xx") != site.broken {
		t.Errorf("site served %v", site.served)
	}
	want := map[string]float64{
		`sharc_fetched_total{class="no-response",job="classes"}`:  1, // dead.test refused the connection
		`sharc_fetch_errors_total{class="4xx",job="classes"}`:     float64(site.missing),
		`sharc_fetch_errors_total{class="5xx",job="classes"}`:     float64(site.broken),
		`sharc_fetch_errors_total{class="connect",job="classes"}`: 1,
		`sharc_unfetched_total{code="-2",job="classes"}`:          1,
		`sharc_captures_total{job="classes",outcome="finished"}`:  1,
		`sharc_job_state{job="classes",state="idle"}`:             1,
		`sharc_queue_depth{job="classes"}`:                        0,
		`sharc_job_alert{job="classes",kind="error"}`:             0,
	}
	for _, c := range []string{errClassDNS, errClassTimeout, errClassGaveUp, errClassPrereq, errClassRefused, errClassCrawler, errClassOther} {
		want[`sharc_fetch_errors_total{class="`+c+`",job="classes"}`] = 0
	}
	for s, w := range want {
		if got := m.value(t, s); got != w {
			t.Errorf("%s = %v, want %v", s, got, w)
		}
	}
	last := m.value(t, `sharc_last_success_timestamp_seconds{job="classes"}`)
	if last < float64(before.Unix()) || last > float64(time.Now().Unix()+1) {
		t.Errorf("last success %v, want between %d and now", last, before.Unix())
	}
	// 17 responses at 30 ms each on one worker: the run took ≥ 0.5 s.
	if d := m.value(t, `sharc_capture_duration_seconds{job="classes"}`); d < 0.5 || d > 20 {
		t.Errorf("capture duration %v s, want the last run's (≥ 0.5 s)", d)
	}
	promtoolCheckMetrics(t, m.text)
}

// TestMetricsForget: a job's series go when the job does (DELETE).
func TestMetricsForget(t *testing.T) {
	m := newMetrics(&Daemon{jobs: map[string]*jobState{}})
	m.register("a", time.Unix(100, 0))
	m.register("b", time.Time{})
	m.forget("a")
	n := func(job string) int {
		fams, err := m.reg.Gather()
		if err != nil {
			t.Fatal(err)
		}
		c := 0
		for _, f := range fams {
			for _, s := range f.GetMetric() {
				for _, l := range s.GetLabel() {
					if l.GetName() == "job" && l.GetValue() == job {
						c++
					}
				}
			}
		}
		return c
	}
	if a, b := n("a"), n("b"); a != 0 || b == 0 {
		t.Errorf("after forget(a): %d series of a, %d of b; want 0 and > 0", a, b)
	}
	if rt := m.timesOf("a"); !rt.lastSuccess.IsZero() {
		t.Errorf("forgotten job keeps its last success %v", rt.lastSuccess)
	}
	// A success seen in the store (another cluster node's) moves the
	// gauge forward only, and only for registered jobs.
	m.sawSuccess("a", time.Unix(300, 0))
	m.sawSuccess("b", time.Unix(200, 0))
	m.sawSuccess("b", time.Unix(150, 0))
	if a, b := m.timesOf("a").lastSuccess, m.timesOf("b").lastSuccess; !a.IsZero() || !b.Equal(time.Unix(200, 0)) {
		t.Errorf("after sawSuccess: a %v (forgotten: want none), b %v (want 200)", a, b)
	}
}

// TestKnownCodesCoverCrawllog: sharc_unfetched_total is initialised with
// every crawl.log code crawler/crawllog/codes.go declares, and the error classes
// are decided for each (a new code must be added to knownCodes).
func TestKnownCodesCoverCrawllog(t *testing.T) {
	f, err := goparser.ParseFile(token.NewFileSet(), filepath.Join("..", "crawler", "crawllog", "codes.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[int]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || len(vs.Values) != 1 {
			return true
		}
		if u, ok := vs.Values[0].(*ast.UnaryExpr); ok && u.Op == token.SUB {
			if lit, ok := u.X.(*ast.BasicLit); ok {
				v, err := strconv.Atoi(lit.Value)
				if err != nil {
					t.Fatalf("%s = -%s: %v", vs.Names[0], lit.Value, err)
				}
				declared[-v] = vs.Names[0].Name
			}
		}
		return true
	})
	known := map[int]bool{}
	for _, c := range knownCodes() {
		known[int(c)] = true
	}
	for v, name := range declared {
		if !known[v] {
			t.Errorf("crawllog.%s (%d) is not in knownCodes", name, v)
		}
	}
	if len(declared) < 10 || len(known) != len(declared) {
		t.Errorf("codes.go declares %d codes, knownCodes lists %d", len(declared), len(known))
	}
}

// TestMetricsJobAlert: a capture stopped by an error (its upload remote's
// credentials are not in the daemon's environment) sets
// sharc_job_alert{kind="error"} and counts an "alert" outcome; a full
// disk's alert is told apart by its wording.
func TestMetricsJobAlert(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(5, 0, &hits))
	defer srv.Close()
	td := startDaemonOpts(t, storeDSN(t), Options{Getenv: func(string) string { return "" }}, func(c *Config) {
		c.Remotes = map[string]Remote{"nocreds": {Endpoint: "127.0.0.1:1", Bucket: "b", AccessKeyEnv: "A", SecretKeyEnv: "S"}}
	})
	ctx := context.Background()
	extra := "warc: {upload: {remote: nocreds}}\n"
	if _, err := td.client.Submit(ctx, jobYAML("broken", strings.TrimPrefix(srv.URL, "http://"), extra), "broken.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 20*time.Second, "the job's alert", func() bool {
		info, err := td.client.Job(ctx, "broken")
		return err == nil && info.Alert != "" && info.State != stateRunning && info.State != stateQueued
	})
	m := getMetrics(t, td)
	for s, w := range map[string]float64{
		`sharc_job_alert{job="broken",kind="error"}`:         1,
		`sharc_job_alert{job="broken",kind="disk"}`:          0,
		`sharc_captures_total{job="broken",outcome="alert"}`: 1,
		`sharc_last_success_timestamp_seconds{job="broken"}`: 0,
	} {
		if got := m.value(t, s); got != w {
			t.Errorf("%s = %v, want %v", s, got, w)
		}
	}
	for _, c := range []struct {
		err  error
		kind string
	}{
		{fmt.Errorf("write warc: %w", syscall.ENOSPC), alertKindDisk},
		{fmt.Errorf("write warc: %w", syscall.EDQUOT), alertKindDisk},
		{errors.New("store: connection refused"), alertKindError},
	} {
		if got := alertKind(alertFor(c.err)); got != c.kind {
			t.Errorf("alertKind(alertFor(%v)) = %q, want %q", c.err, got, c.kind)
		}
	}
	if got := alertKind(""); got != "" {
		t.Errorf("alertKind(\"\") = %q, want none", got)
	}
}
