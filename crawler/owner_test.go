package crawler_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// chainSite serves /p0 … /p(n-1), each linking to the next two pages.
func chainSite(n int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var i int
		if r.URL.Path == "/" {
			i = 0
		} else if _, err := fmt.Sscanf(r.URL.Path, "/p%d", &i); err != nil || i >= n {
			http.NotFound(w, r)
			return
		}
		html(w, fmt.Sprintf(`<a href="/p%d">a</a> <a href="/p%d">b</a>`, (i+1)%n, (i+2)%n))
	})
}

// stopAfter cancels a crawl once it has archived n responses.
type stopAfter struct {
	n      int64
	seen   atomic.Int64
	cancel context.CancelFunc
}

func (s *stopAfter) Started(int64, bool)             {}
func (s *stopAfter) Decision(scheduler.Action, bool) {}
func (s *stopAfter) Unfetched(string, int)           {}
func (s *stopAfter) WARCWritten(string, int64)       {}
func (s *stopAfter) Fetched(string, int, int64, time.Duration) {
	if s.seen.Add(1) == s.n {
		s.cancel()
	}
}

func ownerJob(t *testing.T, name, seedHost, target, warcDir string) string {
	return fmt.Sprintf(`
name: %s
seeds: [http://%s/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 0s, delay_factor: 0, max_delay: 1s}
warc: {dir: %s}
resolve: {%s: %s}
fetch: {retries: 0, allow_addresses: [127.0.0.0/8]}
`, name, seedHost, warcDir, seedHost, target)
}

// TestSecondJobFileCannotTakeOverRunningCapture reproduces issue 10's
// measurement: a second job file with the same name (other seeds, other
// server) used to resume the first job's interrupted capture with its own
// settings, failing the first job's URLs and reporting success. Now it is
// refused, names both job files and what differs, and leaves the running
// capture untouched; the first file then resumes and finishes it.
func TestSecondJobFileCannotTakeOverRunningCapture(t *testing.T) {
	const pages = 40
	var slog serverLog
	a := httptest.NewServer(slog.wrap("a.test", chainSite(pages)))
	defer a.Close()
	b := httptest.NewServer(slog.wrap("b.test", chainSite(3)))
	defer b.Close()
	dir := t.TempDir()
	warcs := filepath.Join(dir, "warcs")
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	reg := scheduler.NewRegistry()
	jobA := testJob(t, dir, ownerJob(t, "site", "a.test", addr(a), warcs))
	jobB := testJob(t, dir, ownerJob(t, "site", "b.test", addr(b), warcs))
	var owner *crawler.OwnerError

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	obs := &stopAfter{n: 5, cancel: cancel}
	first, err := crawler.New(jobA, st, reg, zaptest.NewLogger(t), ownerOptions("a.yaml", obs)).Run(ctx)
	if err != nil || first.StopReason != "interrupted" {
		t.Fatalf("first run: %+v, %v; want interrupted", first, err)
	}
	before := frontierStates(t, st, first.CaptureID)

	hitsBefore := len(slog.all())
	_, err = crawler.New(jobB, st, reg, zaptest.NewLogger(t), ownerOptions("b.yaml", nil)).Run(context.Background())
	if err == nil {
		t.Errorf("a second job file with the same name resumed the first one's running capture; frontier %v → %v", before, frontierStates(t, st, first.CaptureID))
		return
	}
	for _, w := range ownerErrorWants() {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not mention %q", err, w)
		}
	}
	if !errors.As(err, &owner) || owner.CaptureID != first.CaptureID || owner.OwnerFile != "a.yaml" || owner.File != "b.yaml" {
		t.Errorf("error %#v, want an OwnerError of capture %d naming a.yaml and b.yaml", err, first.CaptureID)
	}
	for _, ch := range owner.Changes {
		if !ch.Defining {
			t.Errorf("tunable %s listed as a reason to refuse", ch)
		}
	}
	// --resume refuses the same way.
	opts := ownerOptions("b.yaml", nil)
	opts.Resume = true
	if _, err := crawler.New(jobB, st, reg, zaptest.NewLogger(t), opts).Run(context.Background()); !errors.As(err, &owner) {
		t.Errorf("--resume with other settings: %v, want an OwnerError", err)
	}
	if n := len(slog.all()); n != hitsBefore {
		t.Errorf("the refused job made %d requests", n-hitsBefore)
	}
	if after := frontierStates(t, st, first.CaptureID); after != before {
		t.Errorf("the refused job changed the running capture's frontier: %v → %v", before, after)
	}

	// The owner resumes with --resume, more workers and another
	// politeness delay: tunables, logged but not refused.
	tuned := testJob(t, dir, strings.NewReplacer("workers: 2", "workers: 3", "delay: 0s", "delay: 1ms").Replace(ownerJob(t, "site", "a.test", addr(a), warcs)))
	opts = ownerOptions("a.yaml", nil)
	opts.Resume = true
	done, err := crawler.New(tuned, st, reg, zaptest.NewLogger(t), opts).Run(context.Background())
	if err != nil || !done.Resumed || done.CaptureID != first.CaptureID || done.StopReason != "finished" {
		t.Fatalf("resume by the first file: %+v, %v", done, err)
	}
	got := archivedResponses(t, warcs)
	for i := 1; i < pages; i++ {
		if u := fmt.Sprintf("http://a.test/p%d", i); got[u] != 1 {
			t.Errorf("%s archived %d times, want 1", u, got[u])
		}
	}
	for u := range got {
		if strings.Contains(u, "b.test") {
			t.Errorf("%s of the refused job was archived", u)
		}
	}
}

func ownerOptions(file string, obs crawler.Observer) crawler.Options {
	return crawler.Options{Observer: obs, JobFile: file}
}

// ownerErrorWants is what the refusal must name: both files and the
// settings that differ.
func ownerErrorWants() []string {
	return []string{"a.yaml", "b.yaml", "seeds [http://a.test/] → [http://b.test/]", "resolve.a.test", "resolve.b.test"}
}

// frontierStates counts a capture's URLs by state.
func frontierStates(t *testing.T, st store.Store, capture int64) string {
	t.Helper()
	rows, err := st.Frontier(context.Background(), capture)
	if err != nil {
		t.Fatal(err)
	}
	n := map[store.URLState]int{}
	for _, r := range rows {
		n[r.State]++
	}
	return fmt.Sprint(n)
}

// TestNoSeedInScopeLeavesNoRunningCapture reproduces issue 10's second
// measurement: a job whose seeds are all out of scope used to leave an
// empty capture marked running, which the corrected job then "resumed"
// and finished with 0 pages.
func TestNoSeedInScopeLeavesNoRunningCapture(t *testing.T) {
	a := httptest.NewServer(chainSite(5))
	defer a.Close()
	dir := t.TempDir()
	warcs := filepath.Join(dir, "warcs")
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	reg := scheduler.NewRegistry()
	bad := testJob(t, dir, ownerJob(t, "site", "a.test", addr(a), warcs)+"scope: {surt_prefixes: [\"org,example)/\"]}\n")
	_, err := crawler.New(bad, st, reg, zaptest.NewLogger(t), ownerOptions("bad.yaml", nil)).Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "no seed is in scope") {
		t.Fatalf("out-of-scope seeds: err %v", err)
	}
	checkNoneRunning(t, st, "site")

	good := testJob(t, dir, ownerJob(t, "site", "a.test", addr(a), warcs))
	stats, err := crawler.New(good, st, reg, zaptest.NewLogger(t), ownerOptions("good.yaml", nil)).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if stats.Resumed || stats.Fetched < 5 || stats.StopReason != "finished" {
		t.Errorf("corrected job: resumed=%v fetched=%d stop=%s; want a new capture of the 5 pages", stats.Resumed, stats.Fetched, stats.StopReason)
	}
}

// TestFailedSetUpLeavesNoRunningCapture: a WARC directory that cannot be
// created fails the run before any seed is committed, and no capture is
// left running for the next run to "resume".
func TestFailedSetUpLeavesNoRunningCapture(t *testing.T) {
	a := httptest.NewServer(chainSite(3))
	defer a.Close()
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	reg := scheduler.NewRegistry()
	bad := testJob(t, dir, ownerJob(t, "site", "a.test", addr(a), filepath.Join(blocker, "warcs")))
	if _, err := crawler.New(bad, st, reg, zaptest.NewLogger(t), ownerOptions("bad.yaml", nil)).Run(context.Background()); err == nil {
		t.Fatal("a WARC directory under a regular file was accepted")
	}
	checkNoneRunning(t, st, "site")

	// A set-up step after the capture is opened (here the change-rate
	// model) fails: the new capture is marked failed, not left running.
	missing := testJob(t, dir, ownerJob(t, "site", "a.test", addr(a), filepath.Join(dir, "warcs"))+
		"rates_model: "+filepath.Join(dir, "missing.json")+"\n")
	if _, err := crawler.New(missing, st, reg, zaptest.NewLogger(t), ownerOptions("bad.yaml", nil)).Run(context.Background()); err == nil {
		t.Fatal("a missing rates model was accepted")
	}
	checkNoneRunning(t, st, "site")
	good := testJob(t, dir, ownerJob(t, "site", "a.test", addr(a), filepath.Join(dir, "warcs")))
	stats, err := crawler.New(good, st, reg, zaptest.NewLogger(t), ownerOptions("good.yaml", nil)).Run(context.Background())
	if err != nil || stats.Resumed || stats.Fetched < 3 {
		t.Errorf("corrected job: %+v, %v; want a new capture of the site", stats, err)
	}
}

// checkNoneRunning fails if job name has a running capture.
func checkNoneRunning(t *testing.T, st store.Store, name string) {
	t.Helper()
	j, err := st.UpsertJob(context.Background(), name+"-probe", "")
	if err != nil {
		t.Fatal(err)
	}
	for id := int64(1); id < j.ID+10; id++ {
		c, err := st.Capture(context.Background(), id)
		if err != nil {
			continue
		}
		if c.Status == store.CaptureStatusRunning {
			t.Errorf("capture %d is left running after a run that never started", c.ID)
		}
	}
}

// TestResumeNeedsRunningCapture: --resume never starts a capture.
func TestResumeNeedsRunningCapture(t *testing.T) {
	a := httptest.NewServer(chainSite(3))
	defer a.Close()
	dir := t.TempDir()
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	j := testJob(t, dir, ownerJob(t, "site", "a.test", addr(a), filepath.Join(dir, "warcs")))
	opts := ownerOptions("a.yaml", nil)
	opts.Resume = true
	if _, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), opts).Run(context.Background()); !errors.Is(err, crawler.ErrNoRunningCapture) {
		t.Fatalf("--resume with no running capture: %v, want ErrNoRunningCapture", err)
	}
	if _, err := st.RunningCapture(context.Background(), "site"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("--resume opened a capture: %v", err)
	}
}

// TestEmptyRunningCaptureIsNotResumed: a running capture with no URL (left
// by an older binary, or by a store that failed during set-up and could
// not be told) never started; the next run marks it failed and starts a
// new capture instead of "resuming" it to 0 pages.
func TestEmptyRunningCaptureIsNotResumed(t *testing.T) {
	a := httptest.NewServer(chainSite(3))
	defer a.Close()
	dir := t.TempDir()
	ctx := context.Background()
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	j := testJob(t, dir, ownerJob(t, "site", "a.test", addr(a), filepath.Join(dir, "warcs")))
	text, err := j.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	jr, err := st.UpsertJob(ctx, "site", string(text))
	if err != nil {
		t.Fatal(err)
	}
	empty, _, err := st.OpenCapture(ctx, jr.ID, "bfs", "single-visit")
	if err != nil {
		t.Fatal(err)
	}
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), ownerOptions("a.yaml", nil)).Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if stats.Resumed || stats.CaptureID == empty.ID || stats.Fetched < 3 {
		t.Errorf("run after an empty running capture: %+v; want a new capture with the site's pages", stats)
	}
	if c, err := st.Capture(ctx, empty.ID); err != nil || c.Status != store.CaptureStatusFailed {
		t.Errorf("empty capture afterwards: %+v, %v; want failed", c, err)
	}
	if c, err := st.Capture(ctx, stats.CaptureID); err != nil || c.Owner.JobFile != "a.yaml" || c.Owner.JobYAML != string(text) {
		t.Errorf("new capture's owner %+v, %v; want a.yaml and the job's YAML", c.Owner, err)
	}
}

// TestAbandonRunningCapture: Abandon ends an interrupted capture for good,
// closing the WARC file a killed run left open at its last indexed record,
// and the job's next run starts a new capture.
func TestAbandonRunningCapture(t *testing.T) {
	a := httptest.NewServer(chainSite(40))
	defer a.Close()
	dir := t.TempDir()
	warcs := filepath.Join(dir, "warcs")
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	reg := scheduler.NewRegistry()
	j := testJob(t, dir, ownerJob(t, "site", "a.test", addr(a), warcs))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first, err := crawler.New(j, st, reg, zaptest.NewLogger(t), ownerOptions("a.yaml", &stopAfter{n: 5, cancel: cancel})).Run(ctx)
	if err != nil || first.StopReason != "interrupted" || len(first.WARCFiles) != 1 {
		t.Fatalf("first run: %+v, %v", first, err)
	}
	// As a SIGKILL mid-record leaves it: open, with a partial record.
	f := first.WARCFiles[0]
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f+".open", append(data, "\x1f\x8b\x08partial"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(f); err != nil {
		t.Fatal(err)
	}

	cp, err := crawler.Abandon(context.Background(), st, j, zaptest.NewLogger(t))
	if err != nil || cp.ID != first.CaptureID || cp.Status != store.CaptureStatusAbandoned {
		t.Fatalf("Abandon = %+v, %v", cp, err)
	}
	if got, err := st.Capture(context.Background(), cp.ID); err != nil || got.Status != store.CaptureStatusAbandoned || got.Finished.IsZero() {
		t.Errorf("abandoned capture in the store: %+v, %v", got, err)
	}
	archivedResponses(t, warcs) // no file left open, every record verifies
	checkIndex(t, st, cp.ID, warcs)
	if _, err := crawler.Abandon(context.Background(), st, j, zaptest.NewLogger(t)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("second Abandon: %v, want ErrNotFound", err)
	}
	next, err := crawler.New(j, st, reg, zaptest.NewLogger(t), ownerOptions("a.yaml", nil)).Run(context.Background())
	if err != nil || next.Resumed || next.CaptureID == cp.ID || next.StopReason != "finished" {
		t.Errorf("run after Abandon: %+v, %v; want a new capture", next, err)
	}
}
