package daemon

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// TestAuth: calls without a token or with a wrong one get 401 on every
// route and change nothing.
func TestAuth(t *testing.T) {
	dsn := storeDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(5, 0, &hits))
	defer srv.Close()
	td := startDaemon(t, dsn, 1)
	body := jobYAML("authjob", strings.TrimPrefix(srv.URL, "http://"), "")
	for _, tc := range []struct {
		name, header string
	}{
		{"no header", ""},
		{"wrong token", "Bearer wrong"},
		{"token prefix", "Bearer " + testToken[:4]},
		{"token suffix added", "Bearer " + testToken + "x"},
		{"basic scheme", "Basic " + testToken},
	} {
		t.Run(tc.name, func(t *testing.T) {
			paths := []string{"/metrics", "/api/v1/nosuch"}
			for _, rt := range td.d.routes() {
				p := strings.NewReplacer("{name}", "authjob", "{host}", "site.test", "{id}", "1", "{file}", "x.warc.gz").Replace(rt.path)
				paths = append(paths, rt.method+" "+p)
			}
			for _, p := range paths {
				method, path, ok := strings.Cut(p, " ")
				if !ok {
					method, path = "GET", p
				}
				req, _ := http.NewRequest(method, td.base+path, bytes.NewReader(body))
				if tc.header != "" {
					req.Header.Set("Authorization", tc.header)
				}
				resp, err := td.client.HTTP.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				if resp.StatusCode != http.StatusUnauthorized {
					t.Errorf("%s %s: %d, want 401", method, path, resp.StatusCode)
				}
			}
		})
	}
	// Nothing was stored or fetched.
	st, err := store.Open(context.Background(), dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	jobs, err := st.Jobs(context.Background())
	if err != nil || len(jobs) != 0 {
		t.Errorf("jobs after unauthorised calls: %v %v", jobs, err)
	}
	if hits.Load() != 0 {
		t.Errorf("site got %d requests", hits.Load())
	}
	// Health checks stay open; the right token works.
	for _, p := range []string{"/healthz", "/readyz"} {
		resp, err := http.Get(td.base + p)
		if err != nil || resp.StatusCode != 200 {
			t.Errorf("%s: %v %v", p, resp, err)
		}
		resp.Body.Close()
	}
	if _, err := td.client.Jobs(context.Background()); err != nil {
		t.Errorf("right token: %v", err)
	}
}

// TestPauseResumeCancel pauses a slow crawl, checks nothing is fetched
// while paused and the capture is "paused" in the store, edits the
// frontier while paused, resumes it to completion, then cancels a second
// run.
func TestPauseResumeCancel(t *testing.T) {
	dsn := storeDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(60, 20*time.Millisecond, &hits))
	defer srv.Close()
	td := startDaemon(t, dsn, 1)
	ctx := context.Background()
	c := td.client
	if _, err := c.Action(ctx, "slow", "pause"); apiStatus(err) != 404 {
		t.Fatalf("pause of unknown job: %v, want 404", err)
	}
	if _, err := c.Submit(ctx, jobYAML("slow", strings.TrimPrefix(srv.URL, "http://"), ""), "slow.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 10*time.Second, "10 fetches", func() bool { return hits.Load() >= 10 })
	// Live status explains the crawl.
	st, err := c.Status(ctx, "slow")
	if err != nil || st.State != stateRunning || len(st.Hosts) != 1 || st.Hosts[0].Host != "site.test" || st.Fetched == 0 {
		t.Fatalf("live status %+v %v", st, err)
	}
	if _, err := c.Submit(ctx, jobYAML("slow", strings.TrimPrefix(srv.URL, "http://"), ""), "slow.yaml"); apiStatus(err) != 409 {
		t.Fatalf("resubmitting a running job: %v, want 409", err)
	}
	info, err := c.Action(ctx, "slow", "pause")
	if err != nil || info.State != statePaused {
		t.Fatalf("pause: %+v %v", info, err)
	}
	caps, _ := c.Captures(ctx, "slow")
	if len(caps) != 1 || caps[0].Status != store.CaptureStatusPaused {
		t.Fatalf("captures after pause %+v", caps)
	}
	n := hits.Load()
	time.Sleep(300 * time.Millisecond)
	if got := hits.Load(); got != n {
		t.Fatalf("%d requests while paused", got-n)
	}
	// Frontier edits on a paused capture go to the store.
	fr, err := c.Frontier(ctx, "slow", "site.test", 5)
	if err != nil || fr.Live || fr.Queued == 0 || len(fr.URLs) == 0 {
		t.Fatalf("stored frontier %+v %v", fr, err)
	}
	victim := fr.URLs[len(fr.URLs)-1].URL
	pattern := regexp.QuoteMeta(victim) + "$"
	fr, err = c.EditFrontier(ctx, "slow", "site.test", FrontierEdit{DropPattern: pattern, Delay: "1ms"})
	if err != nil {
		t.Fatal(err)
	}
	if len(fr.Dropped) != 1 || fr.Dropped[0] != victim {
		t.Fatalf("dropped %v, want [%s]", fr.Dropped, victim)
	}
	dropped := len(fr.Dropped)
	if fr.Delay != 0.001 {
		t.Errorf("delay after edit %v s, want 0.001", fr.Delay)
	}
	if _, err := c.EditFrontier(ctx, "slow", "site.test", FrontierEdit{DropPattern: "("}); apiStatus(err) != 400 {
		t.Errorf("bad pattern: %v, want 400", err)
	}
	info, err = c.Action(ctx, "slow", "resume")
	if err != nil || (info.State != stateRunning && info.State != stateQueued) {
		t.Fatalf("resume: %+v %v", info, err)
	}
	info = waitState(t, c, "slow", stateIdle, 30*time.Second)
	if info.LastRun == nil || info.LastRun.StopReason != "finished" {
		t.Fatalf("after resume: %+v", info.LastRun)
	}
	if !strings.Contains(info.YAML, "site.test") || !strings.Contains(info.YAML, "1ms") {
		t.Errorf("host delay not kept in the job:\n%s", info.YAML)
	}
	caps, _ = c.Captures(ctx, "slow")
	if len(caps) != 1 || caps[0].Status != store.CaptureStatusFinished {
		t.Fatalf("one capture, finished, expected: %+v", caps)
	}
	st2, _ := store.Open(ctx, dsn, zap.NewNop())
	defer st2.Close()
	recs, _ := st2.Records(ctx, caps[0].ID)
	perURL := map[string]int{}
	re := regexp.MustCompile(pattern)
	for _, r := range recs {
		// robots.txt is fetched again by each run (its cache is per run).
		if r.RecordType == warc.Response && !strings.HasSuffix(r.URL, "/robots.txt") {
			perURL[r.URL]++
			if re.MatchString(r.URL) {
				t.Errorf("dropped %s was archived", r.URL)
			}
		}
	}
	for u, k := range perURL {
		if k != 1 {
			t.Errorf("%s archived %d times", u, k)
		}
	}
	// The dropped page's subtree is never discovered.
	var k int
	fmt.Sscanf(victim[strings.LastIndex(victim, "/")+1:], "%d", &k)
	lost := 0
	for q := []int{k}; len(q) > 0; q = q[1:] {
		lost++
		for c := 3*q[0] + 1; c <= 3*q[0]+3 && c < 60; c++ {
			q = append(q, c)
		}
	}
	if want := 60 - lost; dropped != 1 || len(perURL) != want {
		t.Errorf("%d pages archived, want %d (60 pages − the dropped page %s and its %d descendants)", len(perURL), want, victim, lost-1)
	}

	// Resume of an idle job starts a new capture; cancel ends it for good.
	if _, err := c.Action(ctx, "slow", "resume"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 10*time.Second, "second capture running", func() bool {
		s, err := c.Status(ctx, "slow")
		return err == nil && s.State == stateRunning && s.Capture != caps[0].ID && s.Capture != 0
	})
	if info, err := c.Action(ctx, "slow", "cancel"); err != nil || info.State != stateIdle {
		t.Fatalf("cancel: %+v %v", info, err)
	}
	caps, _ = c.Captures(ctx, "slow")
	if len(caps) != 2 || caps[1].Status != store.CaptureStatusCancelled || caps[1].Finished.IsZero() {
		t.Fatalf("after cancel: %+v", caps)
	}
	if _, err := c.Action(ctx, "slow", "cancel"); apiStatus(err) != 409 {
		t.Errorf("cancel of an idle job: %v, want 409", err)
	}
}

// TestScheduledJob runs the daemon on a clock 30× real time: a job with
// "every: 1m" gets its second capture about 2 s after the first. A third
// trigger while a capture is open is skipped, never run in parallel.
func TestScheduledJob(t *testing.T) {
	dsn := storeDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(30, 10*time.Millisecond, &hits))
	defer srv.Close()
	// The daemon's clock moves only when the test moves it: the schedule
	// is checked against it, not against how fast this machine is.
	var now atomic.Int64
	now.Store(time.Now().UnixNano())
	advance := func(d time.Duration) { now.Add(int64(d)) }
	td := startDaemonOpts(t, dsn, Options{Tick: 20 * time.Millisecond, Now: func() time.Time { return time.Unix(0, now.Load()) }}, nil)
	ctx := context.Background()
	info, err := td.client.Submit(ctx, jobYAML("weekly", strings.TrimPrefix(srv.URL, "http://"), "schedule: {every: 1m}\n"), "weekly.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if info.Schedule == "" || info.NextRun.IsZero() {
		t.Fatalf("schedule not reported: %+v", info)
	}
	captures := func() []CaptureInfo {
		caps, err := td.client.Captures(ctx, "weekly")
		if err != nil {
			t.Fatal(err)
		}
		return caps
	}
	waitState(t, td.client, "weekly", stateIdle, 30*time.Second)
	if caps := captures(); len(caps) != 1 || caps[0].Status != store.CaptureStatusFinished {
		t.Fatalf("after the first run: %+v, want one finished capture", caps)
	}
	// Not yet due: ticks pass, nothing starts.
	time.Sleep(10 * 20 * time.Millisecond)
	if caps := captures(); len(caps) != 1 {
		t.Fatalf("%d captures before the schedule was due", len(caps))
	}
	advance(time.Minute + time.Second)
	testkit.WaitFor(t, 30*time.Second, "the second capture, once due", func() bool { return len(captures()) >= 2 })
	// Pause the job: triggers while paused are skipped.
	waitState(t, td.client, "weekly", stateIdle, 30*time.Second)
	if _, err := td.client.Action(ctx, "weekly", "resume"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "resumed capture fetching", func() bool {
		s, err := td.client.Status(ctx, "weekly")
		return err == nil && s.State == stateRunning && s.Fetched > 2
	})
	if info, err := td.client.Action(ctx, "weekly", "pause"); err != nil || info.State != statePaused {
		t.Fatalf("pause: %+v %v", info, err)
	}
	before := captures()
	advance(2 * time.Minute)
	// The series exists from submission on (at 0): count, not presence.
	testkit.WaitFor(t, 30*time.Second, "a trigger skipped while paused", func() bool {
		return getMetrics(t, td).value(t, `sharc_schedule_skipped_total{job="weekly"}`) >= 1
	})
	if after := captures(); len(after) != len(before) {
		t.Errorf("%d captures started while the job was paused", len(after)-len(before))
	}
}
