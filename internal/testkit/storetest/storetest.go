package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// Run runs the suite. open must return a fresh, empty, not yet migrated
// store of its own (a new file or schema) and arrange for it to be closed.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"Migrate", testMigrate},
		{"UpsertJob", testUpsertJob},
		{"CaptureLifecycle", testCaptureLifecycle},
		{"OpenCaptureConcurrent", testOpenCaptureConcurrent},
		{"CaptureOwner", testCaptureOwner},
		{"CommitAtomic", testCommitAtomic},
		{"CommitRejects", testCommitRejects},
		{"DiscoveredDedup", testDiscoveredDedup},
		{"FreshAlreadyThere", testFreshAlreadyThere},
		{"FrontierOrderAndStates", testFrontierOrderAndStates},
		{"HostFrontierAndSummary", testHostFrontier},
		{"HostQueue", testHostQueue},
		{"RecordsOrderAndRoundTrip", testRecordsOrder},
		{"LastCapture", testLastCapture},
		{"FirstByDigest", testFirstByDigest},
		{"FileEnds", testFileEnds},
		{"RateSource", testRateSource},
		{"History", testHistory},
		{"JobCaptureSizes", testJobCaptureSizes},
		{"ConcurrentCommits", testConcurrentCommits},
		{"ReportStreams", testReportStreams},
		{"ReportRows", testReportRows},
		{"Runs", testRuns},
		{"ArchiveJob", testArchiveJob},
		{"CaptureTotals", testCaptureTotals},
		{"WARCUploads", testWARCUploads},
		{"RefreshCycles", testRefreshCycles},
		{"CrawlLogMarks", testCrawlLogMarks},
		{"Sessions", testSessions},
		{"PageGraphs", testPageGraphs},
		{"Changes", testChanges},
		{"Accounts", testAccounts},
		{"Audit", testAudit},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			if tt.name != "Migrate" {
				if err := s.Migrate(context.Background()); err != nil {
					t.Fatalf("Migrate: %v", err)
				}
			}
			tt.fn(t, s)
		})
	}
}

func testMigrate(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.UpsertJob(ctx, "j", ""); err == nil {
		t.Fatal("UpsertJob before Migrate succeeded: the store was not empty")
	}
	// Two migrators at once (the advisory lock / IMMEDIATE transaction),
	// then again: all succeed and the schema works.
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() { errs[i] = s.Migrate(ctx) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("concurrent Migrate %d: %v", i, err)
		}
	}
	if err := s.Migrate(ctx); err != nil {
		t.Fatalf("second Migrate: %v", err)
	}
	if _, err := s.UpsertJob(ctx, "j", "x: 1"); err != nil {
		t.Fatalf("UpsertJob after Migrate: %v", err)
	}
}

func testUpsertJob(t *testing.T, s store.Store) {
	ctx := context.Background()
	before := time.Now().Add(-time.Second)
	a, err := s.UpsertJob(ctx, "site-a", "seeds: [a]")
	if err != nil {
		t.Fatal(err)
	}
	if a.ID == 0 || a.Name != "site-a" || a.YAML != "seeds: [a]" || a.Created.Before(before) || a.Created.After(time.Now()) {
		t.Fatalf("new job = %+v", a)
	}
	a2, err := s.UpsertJob(ctx, "site-a", "seeds: [a, b]")
	if err != nil {
		t.Fatal(err)
	}
	if a2.ID != a.ID || a2.YAML != "seeds: [a, b]" || !a2.Created.Equal(a.Created) {
		t.Fatalf("updated job = %+v, first was %+v: want same ID and Created, new YAML", a2, a)
	}
	b, err := s.UpsertJob(ctx, "site-b", "")
	if err != nil {
		t.Fatal(err)
	}
	if b.ID == a.ID {
		t.Fatalf("two jobs share ID %d", b.ID)
	}
}

func newCapture(t *testing.T, s store.Store, job string) store.Capture {
	t.Helper()
	ctx := context.Background()
	j, err := s.UpsertJob(ctx, job, "")
	if err != nil {
		t.Fatal(err)
	}
	c, resumed, err := s.OpenCapture(ctx, j.ID, "sharc-offline", "visit-revisit")
	if err != nil {
		t.Fatal(err)
	}
	if resumed {
		t.Fatalf("fresh job %q resumed capture %d", job, c.ID)
	}
	return c
}

func testCaptureLifecycle(t *testing.T, s store.Store) {
	ctx := context.Background()
	j, err := s.UpsertJob(ctx, "job", "")
	if err != nil {
		t.Fatal(err)
	}
	c1, resumed, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil || resumed {
		t.Fatalf("first OpenCapture: resumed=%v err=%v", resumed, err)
	}
	if c1.JobID != j.ID || c1.Status != store.CaptureStatusRunning || c1.Strategy != "bfs" || c1.Mode != "single-visit" || c1.Started.IsZero() || !c1.Finished.IsZero() {
		t.Fatalf("new capture = %+v", c1)
	}
	again, resumed, err := s.OpenCapture(ctx, j.ID, "dfs", "visit-revisit")
	if err != nil || !resumed || again.ID != c1.ID || again.Strategy != "bfs" {
		t.Fatalf("OpenCapture of running job: %+v resumed=%v err=%v; want capture %d resumed with its own strategy", again, resumed, err, c1.ID)
	}
	report := []byte(`{"completeness":0.9}`)
	if err := s.SetReport(ctx, c1.ID, report); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishCapture(ctx, c1.ID, store.CaptureStatusRunning); err == nil {
		t.Fatal(`FinishCapture with status "running" succeeded`)
	}
	if err := s.FinishCapture(ctx, c1.ID, store.CaptureStatusFinished); err != nil {
		t.Fatal(err)
	}
	got, err := s.Capture(ctx, c1.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != store.CaptureStatusFinished || got.Finished.IsZero() || got.Finished.Before(got.Started) || string(got.Report) != string(report) || !got.Started.Equal(c1.Started) {
		t.Fatalf("finished capture = %+v", got)
	}
	c2, resumed, err := s.OpenCapture(ctx, j.ID, "dfs", "visit-revisit")
	if err != nil || resumed || c2.ID == c1.ID || c2.Strategy != "dfs" {
		t.Fatalf("OpenCapture after finish: %+v resumed=%v err=%v; want a new capture", c2, resumed, err)
	}
	cs, err := s.Captures(ctx, j.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 2 || cs[0].ID != c1.ID || cs[1].ID != c2.ID {
		t.Fatalf("Captures = %+v, want [%d %d]", cs, c1.ID, c2.ID)
	}
	if cs, err := s.Captures(ctx, j.ID+1000); err != nil || len(cs) != 0 {
		t.Fatalf("Captures of unknown job = %v, %v", cs, err)
	}
	for name, err := range map[string]error{
		"Capture":       func() error { _, err := s.Capture(ctx, 999999); return err }(),
		"FinishCapture": s.FinishCapture(ctx, 999999, store.CaptureStatusFailed),
		"SetReport":     s.SetReport(ctx, 999999, nil),
	} {
		if !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s of unknown capture: %v, want ErrNotFound", name, err)
		}
	}
	if _, _, err := s.OpenCapture(ctx, 999999, "bfs", "single-visit"); err == nil {
		t.Error("OpenCapture of unknown job succeeded")
	}
}

func testOpenCaptureConcurrent(t *testing.T, s store.Store) {
	ctx := context.Background()
	j, err := s.UpsertJob(ctx, "job", "")
	if err != nil {
		t.Fatal(err)
	}
	const n = 8
	ids := make([]int64, n)
	fresh := make([]bool, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			c, resumed, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
			ids[i], fresh[i], errs[i] = c.ID, !resumed, err
		})
	}
	wg.Wait()
	started := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("OpenCapture %d: %v", i, errs[i])
		}
		if ids[i] != ids[0] {
			t.Fatalf("concurrent OpenCapture returned captures %v", ids)
		}
		if fresh[i] {
			started++
		}
	}
	if started != 1 {
		t.Fatalf("%d of %d concurrent OpenCapture calls started a capture, want 1", started, n)
	}
}

// testCaptureOwner: a capture records the job file and YAML that started
// it; RunningCapture finds it by job name without changing anything, and
// only while it is running; final statuses (failed, abandoned) end it so
// the job's next capture starts afresh, and open statuses are refused.
func testCaptureOwner(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.RunningCapture(ctx, "nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("RunningCapture of unknown job: %v, want ErrNotFound", err)
	}
	c := newCapture(t, s, "site")
	if c.Owner != (store.CaptureOwner{}) {
		t.Fatalf("new capture has owner %+v before SetCaptureOwner", c.Owner)
	}
	owner := store.CaptureOwner{JobFile: "/jobs/site.yaml", JobYAML: "name: site\nseeds: [http://a/]\n"}
	if err := s.SetCaptureOwner(ctx, c.ID, owner); err != nil {
		t.Fatal(err)
	}
	if err := s.SetCaptureOwner(ctx, 999999, owner); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetCaptureOwner of unknown capture: %v, want ErrNotFound", err)
	}
	got, err := s.RunningCapture(ctx, "site")
	if err != nil || got.ID != c.ID || got.Owner != owner || got.Status != store.CaptureStatusRunning {
		t.Fatalf("RunningCapture = %+v, %v; want capture %d owned by %+v", got, err, c.ID, owner)
	}
	if one, err := s.Capture(ctx, c.ID); err != nil || one.Owner != owner {
		t.Fatalf("Capture = %+v, %v; want owner %+v", one, err, owner)
	}
	newCapture(t, s, "other") // another job's running capture is not site's
	if got, err := s.RunningCapture(ctx, "site"); err != nil || got.ID != c.ID {
		t.Fatalf("RunningCapture with another job running = %+v, %v", got, err)
	}
	for _, open := range []store.CaptureStatus{store.CaptureStatusRunning, store.CaptureStatusPaused, ""} {
		if err := s.FinishCapture(ctx, c.ID, open); err == nil {
			t.Errorf("FinishCapture with open status %q succeeded", open)
		}
	}
	for _, final := range []store.CaptureStatus{store.CaptureStatusAbandoned, store.CaptureStatusFailed} {
		if err := s.FinishCapture(ctx, c.ID, final); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RunningCapture(ctx, "site"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("RunningCapture after %s: %v, want ErrNotFound", final, err)
		}
		j, err := s.UpsertJob(ctx, "site", "")
		if err != nil {
			t.Fatal(err)
		}
		next, resumed, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
		if err != nil || resumed || next.ID == c.ID || next.Owner != (store.CaptureOwner{}) {
			t.Fatalf("OpenCapture after %s = %+v resumed=%v, %v; want a new capture with no owner yet", final, next, resumed, err)
		}
		c = next
	}
	if got, err := s.Capture(ctx, c.ID-1); err != nil || got.Status != store.CaptureStatusFailed || got.Finished.IsZero() {
		t.Errorf("failed capture = %+v, %v", got, err)
	}
}

// rec builds a response record; tests override fields.
func rec(c int64, url, surt string, at time.Time, file string, off int64) store.Record {
	return store.Record{
		CaptureID: c, URL: url, SURT: surt, Time: at, RecordType: warc.Response,
		RecordID: fmt.Sprintf("<urn:uuid:%s-%d>", surt, at.UnixNano()), Status: 200, MIME: "text/html",
		PayloadDigest: "sha1:AAAA", PayloadSHA256: "sha256:" + strings.Repeat("ab", 32), TextDigest: "sha1:BBBB", Length: 1234, ETag: `"e1"`,
		LastModified: "Tue, 15 Nov 1994 12:45:26 GMT", WARCFile: file, Offset: off, RecordLength: 100, Phase: "visit",
	}
}

func furl(c int64, host string, seq int, path string) store.FrontierURL {
	return store.FrontierURL{
		CaptureID: c, URL: "http://" + host + path, SURT: "surt:" + host + path, Host: host, Seq: seq,
		ParentSeq: seq - 1, HopPath: "L", Via: "http://" + host + "/", Rate: 0.25, RateSource: "default", State: store.StateQueued,
	}
}

var t0 = time.Date(2024, 3, 1, 12, 0, 0, 123456789, time.UTC)

func testCommitAtomic(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	// Each batch holds good rows plus one bad part; none of it may land.
	bad := []struct {
		name string
		b    store.Batch
	}{
		{"state of unknown URL", store.Batch{
			CaptureID:  c.ID,
			Records:    []store.Record{rec(c.ID, "http://a/", "a)/", t0, "f.warc.gz", 0)},
			Discovered: []store.FrontierURL{furl(c.ID, "a", 0, "/")},
			States:     []store.StateChange{{SURT: "surt:a/", State: store.StateVisited, Attempts: 1}, {SURT: "nowhere", State: store.StateDone}},
		}},
		{"seq taken twice on a host", store.Batch{
			CaptureID:  c.ID,
			Records:    []store.Record{rec(c.ID, "http://a/", "a)/", t0, "f.warc.gz", 0)},
			Discovered: []store.FrontierURL{furl(c.ID, "a", 0, "/"), furl(c.ID, "a", 0, "/other")},
		}},
	}
	for _, tt := range bad {
		if err := s.Commit(ctx, tt.b); err == nil {
			t.Errorf("%s: Commit succeeded", tt.name)
		}
		assertEmpty(t, s, c.ID, tt.name)
	}
	// A cancelled context also leaves nothing.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := s.Commit(cctx, store.Batch{CaptureID: c.ID, Records: []store.Record{rec(c.ID, "http://a/", "a)/", t0, "f", 0)}}); err == nil {
		t.Error("Commit with cancelled context succeeded")
	}
	assertEmpty(t, s, c.ID, "cancelled")
	// The good parts alone commit, including a state change of a URL
	// discovered in the same batch.
	good := bad[0].b
	good.States = good.States[:1]
	if err := s.Commit(ctx, good); err != nil {
		t.Fatal(err)
	}
	rs, _ := s.Records(ctx, c.ID)
	fs, _ := s.Frontier(ctx, c.ID)
	if len(rs) != 1 || len(fs) != 1 || fs[0].State != store.StateVisited || fs[0].Attempts != 1 {
		t.Fatalf("after good commit: records %+v frontier %+v", rs, fs)
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID}); err != nil {
		t.Fatalf("empty batch: %v", err)
	}
}

func assertEmpty(t *testing.T, s store.Store, captureID int64, what string) {
	t.Helper()
	ctx := context.Background()
	rs, err := s.Records(ctx, captureID)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := s.Frontier(ctx, captureID)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 0 || len(fs) != 0 {
		t.Fatalf("%s: failed batch left %d records and %d URLs", what, len(rs), len(fs))
	}
}

func testCommitRejects(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	other := newCapture(t, s, "other")
	tests := []struct {
		name string
		b    store.Batch
	}{
		{"no capture", store.Batch{Records: []store.Record{rec(0, "http://a/", "a)/", t0, "f", 0)}}},
		{"record of another capture", store.Batch{CaptureID: c.ID, Records: []store.Record{rec(other.ID, "http://a/", "a)/", t0, "f", 0)}}},
		{"URL of another capture", store.Batch{CaptureID: c.ID, Discovered: []store.FrontierURL{furl(other.ID, "a", 0, "/")}}},
		{"unknown state", store.Batch{CaptureID: c.ID, Discovered: []store.FrontierURL{furl(c.ID, "a", 0, "/")}, States: []store.StateChange{{SURT: "surt:a/", State: "gone"}}}},
		{"record without SURT", store.Batch{CaptureID: c.ID, Records: []store.Record{rec(c.ID, "http://a/", "", t0, "f", 0)}}},
		{"unknown capture", store.Batch{CaptureID: other.ID + 1000, Records: []store.Record{rec(0, "http://a/", "a)/", t0, "f", 0)}}},
	}
	for _, tt := range tests {
		if err := s.Commit(ctx, tt.b); err == nil {
			t.Errorf("%s: Commit succeeded", tt.name)
		}
	}
	assertEmpty(t, s, c.ID, "rejected batches")
	assertEmpty(t, s, other.ID, "rejected batches")
}

func testDiscoveredDedup(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	c2 := newCapture(t, s, "job2")
	first := furl(c.ID, "h", 0, "/")
	first.ParentSeq, first.Via, first.HopPath = -1, "", ""
	dupSameBatch := furl(c.ID, "h", 1, "/") // same SURT, different seq
	dupSameBatch.URL = "http://h/#frag"
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, Discovered: []store.FrontierURL{first, dupSameBatch, furl(c.ID, "h", 2, "/x")}}); err != nil {
		t.Fatal(err)
	}
	// Rediscovered later, after it was visited: stays visited.
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, States: []store.StateChange{{SURT: first.SURT, State: store.StateVisited, Attempts: 1}}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, Discovered: []store.FrontierURL{furl(c.ID, "h", 3, "/")}}); err != nil {
		t.Fatal(err)
	}
	// Same SURT in another capture is a different row.
	if err := s.Commit(ctx, store.Batch{CaptureID: c2.ID, Discovered: []store.FrontierURL{furl(c2.ID, "h", 0, "/")}}); err != nil {
		t.Fatal(err)
	}
	fs, err := s.Frontier(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := first
	want.State, want.Attempts = store.StateVisited, 1
	if len(fs) != 2 || !reflect.DeepEqual(fs[0], want) || fs[1].SURT != "surt:h/x" {
		t.Fatalf("frontier = %+v\nwant [%+v, surt:h/x]", fs, want)
	}
	if fs2, _ := s.Frontier(ctx, c2.ID); len(fs2) != 1 {
		t.Fatalf("second capture frontier = %+v", fs2)
	}
}

// testFreshAlreadyThere: a URL committed as Fresh that the capture
// already has changes nothing of its row, and the rest of the batch
// (records, other fresh and discovered URLs, state changes) lands once.
func testFreshAlreadyThere(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	old := furl(c.ID, "h", 0, "/")
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, Fresh: []store.FrontierURL{old}}); err != nil {
		t.Fatal(err)
	}
	again := furl(c.ID, "h", 5, "/") // same SURT, another seq and parent
	again.Via = "http://elsewhere/"
	r := rec(c.ID, "http://h/", old.SURT, t0, "a.warc.gz", 0)
	b := store.Batch{CaptureID: c.ID, Records: []store.Record{r},
		Fresh:      []store.FrontierURL{furl(c.ID, "h", 1, "/a"), again},
		Discovered: []store.FrontierURL{furl(c.ID, "h", 2, "/b")},
		States:     []store.StateChange{{SURT: old.SURT, State: store.StateDone, Attempts: 1}}}
	if err := s.Commit(ctx, b); err != nil {
		t.Fatalf("commit with a fresh URL the capture has: %v", err)
	}
	fs, err := s.Frontier(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := old
	want.State, want.Attempts = store.StateDone, 1
	if len(fs) != 3 || !reflect.DeepEqual(fs[0], want) || fs[1].SURT != "surt:h/a" || fs[2].SURT != "surt:h/b" {
		t.Fatalf("frontier = %+v\nwant [%+v, surt:h/a, surt:h/b]", fs, want)
	}
	if rs, err := s.Records(ctx, c.ID); err != nil || len(rs) != 1 || rs[0].RecordID != r.RecordID {
		t.Fatalf("records = %+v, %v; want the one record once", rs, err)
	}
	bad := furl(c.ID, "h", 9, "/c")
	bad.State = "lost"
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, Fresh: []store.FrontierURL{bad}}); err == nil {
		t.Error("a fresh URL with an unknown state was accepted")
	}
}

func testFrontierOrderAndStates(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	// Byte order of hosts: '-' < '.' < ':' < 'b'; a locale collation would
	// put "a-z.example" after "a.example".
	hosts := []string{"b.example", "a.example:8080", "a-z.example", "a.example"}
	var all []store.FrontierURL
	for round := range 3 {
		var b store.Batch
		b.CaptureID = c.ID
		for i, h := range hosts {
			seq := 2 - round // insert seqs in descending order
			u := furl(c.ID, h, seq, fmt.Sprintf("/p%d", seq))
			u.Rate = float64(i) + 0.5
			u.RateSource = []string{"history", "predictor", "sitemap", ""}[i]
			b.Discovered = append(b.Discovered, u)
			all = append(all, u)
		}
		if err := s.Commit(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	changes := []store.StateChange{
		{SURT: "surt:a.example/p0", State: store.StateDone, Attempts: 2},
		{SURT: "surt:b.example/p1", State: store.StateFailed, Attempts: 3},
		{SURT: "surt:a-z.example/p2", State: store.StateBlocked, Attempts: 0},
		{SURT: "surt:b.example/p1", State: store.StateFailed, Attempts: 4}, // later change wins
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, States: changes}); err != nil {
		t.Fatal(err)
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Host != all[j].Host {
			return all[i].Host < all[j].Host
		}
		return all[i].Seq < all[j].Seq
	})
	for i := range all {
		for _, ch := range changes {
			if all[i].SURT == ch.SURT {
				all[i].State, all[i].Attempts = ch.State, ch.Attempts
			}
		}
	}
	got, err := s.Frontier(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, all) {
		t.Fatalf("frontier order/state:\n got %+v\nwant %+v", got, all)
	}
}

// testHostFrontier covers what a crawl holding only some hosts in memory
// reads: one host's rows (seq order, gaps kept, no other host or capture)
// and the per-host summary a resume starts from.
func testHostFrontier(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	other := newCapture(t, s, "other")
	b := store.Batch{CaptureID: c.ID}
	// a.example gets seqs 0, 1, 3 (2 lost its SURT to an earlier row and
	// stays a gap), inserted out of order; b.example one URL.
	for _, seq := range []int{3, 0, 1} {
		b.Discovered = append(b.Discovered, furl(c.ID, "a.example", seq, fmt.Sprintf("/p%d", seq)))
	}
	dup := furl(c.ID, "a.example", 2, "/p0") // same SURT as seq 0: dropped
	b.Discovered = append(b.Discovered, dup, furl(c.ID, "b.example", 0, "/"))
	if err := s.Commit(ctx, b); err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: other.ID, Discovered: []store.FrontierURL{furl(other.ID, "a.example", 0, "/x")}}); err != nil {
		t.Fatal(err)
	}
	changes := []store.StateChange{
		{SURT: "surt:a.example/p0", State: store.StateDone, Attempts: 1},
		{SURT: "surt:a.example/p1", State: store.StateVisited, Attempts: 1},
		{SURT: "surt:a.example/p3", State: store.StateBlocked},
		{SURT: "surt:b.example/", State: store.StateFailed, Attempts: 3},
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, States: changes}); err != nil {
		t.Fatal(err)
	}
	got, err := s.HostFrontier(ctx, c.ID, "a.example")
	if err != nil {
		t.Fatal(err)
	}
	want := []store.FrontierURL{furl(c.ID, "a.example", 0, "/p0"), furl(c.ID, "a.example", 1, "/p1"), furl(c.ID, "a.example", 3, "/p3")}
	want[0].State, want[0].Attempts = store.StateDone, 1
	want[1].State, want[1].Attempts = store.StateVisited, 1
	want[2].State = store.StateBlocked
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("HostFrontier:\n got %+v\nwant %+v", got, want)
	}
	if got, err := s.HostFrontier(ctx, c.ID, "none.example"); err != nil || len(got) != 0 {
		t.Fatalf("HostFrontier of an unknown host = %v, %v; want none", got, err)
	}
	sum, err := s.FrontierHosts(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	wantSum := []store.HostSummary{{Host: "a.example", URLs: 3, Finished: 2, NextSeq: 4}, {Host: "b.example", URLs: 1, Finished: 1, NextSeq: 1}}
	if !reflect.DeepEqual(sum, wantSum) {
		t.Fatalf("FrontierHosts = %+v, want %+v", sum, wantSum)
	}
	if sum, err := s.FrontierHosts(ctx, newCapture(t, s, "empty").ID); err != nil || len(sum) != 0 {
		t.Fatalf("FrontierHosts of an empty capture = %v, %v", sum, err)
	}
}

func testRecordsOrder(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	other := newCapture(t, s, "other")
	// Byte order puts "com,example)/" < "com,example)/a" < "com,example,www)/"
	// (')' < ','); equal SURTs order by time.
	in := []store.Record{
		rec(c.ID, "http://www.example.com/", "com,example,www)/", t0, "a.warc.gz", 0),
		rec(c.ID, "http://example.com/a", "com,example)/a", t0.Add(2*time.Second), "a.warc.gz", 100),
		rec(c.ID, "http://example.com/a", "com,example)/a", t0.Add(time.Second), "a.warc.gz", 200),
		rec(c.ID, "http://example.com/", "com,example)/", t0.Add(5*time.Second), "a.warc.gz", 300),
	}
	in[2].RecordType, in[2].Phase, in[2].MIME, in[2].Status = warc.Revisit, "revisit", "text/html; charset=utf-8", 304
	in[3].RecordType, in[3].Status, in[3].MIME, in[3].PayloadDigest = warc.Request, 0, "application/http; msgtype=request", ""
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, Records: in[:2]}); err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, Records: in[2:]}); err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: other.ID, Records: []store.Record{rec(other.ID, "http://x/", "x)/", t0, "o.warc.gz", 0)}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Records(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.Record{in[3], in[2], in[1], in[0]}
	for i := range want {
		// Stores keep microseconds, in UTC.
		want[i].Time = want[i].Time.UTC().Truncate(time.Microsecond)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("records:\n got %+v\nwant %+v", got, want)
	}
}

func testLastCapture(t *testing.T, s store.Store) {
	ctx := context.Background()
	c1 := newCapture(t, s, "job")
	const url = "http://example.com/page"
	r1 := rec(c1.ID, url, "com,example)/page", t0, "c1.warc.gz", 0)
	r1.ETag = `"old"`
	if err := s.Commit(ctx, store.Batch{CaptureID: c1.ID, Records: []store.Record{r1}}); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishCapture(ctx, c1.ID, store.CaptureStatusFinished); err != nil {
		t.Fatal(err)
	}
	j, _ := s.UpsertJob(ctx, "job", "")
	c2, _, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.LastCapture(ctx, url)
	if err != nil || got.ETag != `"old"` || got.CaptureID != c1.ID {
		t.Fatalf("LastCapture from earlier capture = %+v, %v", got, err)
	}
	r2 := rec(c2.ID, url, "com,example)/page", t0.Add(time.Hour), "c2.warc.gz", 0)
	r2.ETag = `"new"`
	// Newer records that are not responses do not count.
	rv := rec(c2.ID, url, "com,example)/page", t0.Add(2*time.Hour), "c2.warc.gz", 100)
	rv.RecordType, rv.ETag = warc.Revisit, `"revisit"`
	rq := rec(c2.ID, url, "com,example)/page", t0.Add(3*time.Hour), "c2.warc.gz", 200)
	rq.RecordType, rq.ETag = warc.Request, `"request"`
	if err := s.Commit(ctx, store.Batch{CaptureID: c2.ID, Records: []store.Record{rv, r2, rq}}); err != nil {
		t.Fatal(err)
	}
	got, err = s.LastCapture(ctx, url)
	if err != nil || got.ETag != `"new"` || got.CaptureID != c2.ID || !got.Time.Equal(t0.Add(time.Hour).Truncate(time.Microsecond)) {
		t.Fatalf("LastCapture = %+v, %v; want the response of capture %d", got, err, c2.ID)
	}
	if _, err := s.LastCapture(ctx, "http://example.com/never"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("LastCapture of unknown URL: %v, want ErrNotFound", err)
	}
}

func testFirstByDigest(t *testing.T, s store.Store) {
	ctx := context.Background()
	c1 := newCapture(t, s, "job")
	c2 := newCapture(t, s, "other")
	mk := func(c int64, typ warc.RecordType, path string, at time.Duration, digest string) store.Record {
		r := rec(c, "http://example.com"+path, "com,example)"+path, t0.Add(at), fmt.Sprintf("c%d.warc.gz", c), int64(at/time.Second))
		r.RecordType, r.PayloadDigest = typ, digest
		r.RecordID = fmt.Sprintf("<urn:uuid:%s-%d-%s-%s>", typ, c, path, at)
		if typ == warc.Revisit {
			r.Phase = "revisit"
		}
		return r
	}
	const dupe, tie, revisitOnly, otherOnly, requestOnly = "sha1:DUPE", "sha1:TIE", "sha1:REVISIT", "sha1:OTHER", "sha1:REQUEST"
	// dupe: three responses of c1, the earliest (by WARC-Date) committed
	// last, behind an even earlier revisit and an earlier response of c2.
	late := mk(c1.ID, warc.Response, "/late", 2*time.Hour, dupe)
	mid := mk(c1.ID, warc.Response, "/mid", 90*time.Minute, dupe)
	first := mk(c1.ID, warc.Response, "/first", time.Hour, dupe)
	rv := mk(c1.ID, warc.Revisit, "/rv", 0, dupe)
	c2dupe := mk(c2.ID, warc.Response, "/c2", -time.Hour, dupe)
	// tie: two responses with one WARC-Date; insertion order decides.
	tieA := mk(c1.ID, warc.Response, "/tie-a", 3*time.Hour, tie)
	tieB := mk(c1.ID, warc.Response, "/tie-b", 3*time.Hour, tie)
	batches := []store.Batch{
		{CaptureID: c1.ID, Records: []store.Record{late, mk(c1.ID, warc.Revisit, "/rv2", time.Minute, revisitOnly)}},
		{CaptureID: c2.ID, Records: []store.Record{c2dupe, mk(c2.ID, warc.Response, "/c2b", 0, otherOnly)}},
		{CaptureID: c1.ID, Records: []store.Record{mid, rv, tieA, mk(c1.ID, warc.Request, "/rq", 0, requestOnly)}},
		{CaptureID: c1.ID, Records: []store.Record{first, tieB}},
	}
	for _, b := range batches {
		if err := s.Commit(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name    string
		capture int64
		digest  string
		want    *store.Record // nil: no match
	}{
		{"no record has the digest", c1.ID, "sha1:NONE", nil},
		{"earliest response, not the first committed", c1.ID, dupe, &first},
		{"same date: first inserted", c1.ID, tie, &tieA},
		{"the other capture's own response", c2.ID, dupe, &c2dupe},
		{"another capture's response does not match", c1.ID, otherOnly, nil},
		{"a revisit does not match", c1.ID, revisitOnly, nil},
		{"a request does not match", c1.ID, requestOnly, nil},
		{"unknown capture", c2.ID + 100, dupe, nil},
	}
	for _, tt := range tests {
		got, found, err := s.FirstByDigest(ctx, tt.capture, tt.digest)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if tt.want == nil {
			if found {
				t.Errorf("%s: found %+v, want no match", tt.name, got)
			}
			continue
		}
		want := *tt.want
		want.Time = want.Time.UTC().Truncate(time.Microsecond)
		if !found || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %+v (found %v)\nwant %+v", tt.name, got, found, want)
		}
	}
}

func testFileEnds(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	other := newCapture(t, s, "other")
	if ends, err := s.FileEnds(ctx, c.ID); err != nil || len(ends) != 0 {
		t.Fatalf("FileEnds of empty capture = %v, %v", ends, err)
	}
	mk := func(file string, off, n int64) store.Record {
		r := rec(c.ID, "http://a/", "a)/", t0.Add(time.Duration(off)), file, off)
		r.RecordLength = n
		return r
	}
	// Committed out of offset order, as parallel fetchers may.
	b := store.Batch{CaptureID: c.ID, Records: []store.Record{
		mk("x-00001.warc.gz", 500, 70), mk("x-00001.warc.gz", 0, 500), mk("x-00001.warc.gz", 570, 30),
		mk("x-00002.warc.gz", 0, 42),
		mk("", 0, 99), // not yet in a file: ignored
	}}
	if err := s.Commit(ctx, b); err != nil {
		t.Fatal(err)
	}
	or := rec(other.ID, "http://a/", "a)/", t0, "x-00001.warc.gz", 10000)
	if err := s.Commit(ctx, store.Batch{CaptureID: other.ID, Records: []store.Record{or}}); err != nil {
		t.Fatal(err)
	}
	ends, err := s.FileEnds(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"x-00001.warc.gz": 600, "x-00002.warc.gz": 42}
	if !reflect.DeepEqual(ends, want) {
		t.Fatalf("FileEnds = %v, want %v", ends, want)
	}
}

func testConcurrentCommits(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	const workers, commits = 8, 20
	var wg sync.WaitGroup
	errs := make(chan error, workers*commits)
	for w := range workers {
		wg.Go(func() {
			host := fmt.Sprintf("h%d", w)
			for i := range commits {
				u := furl(c.ID, host, i, fmt.Sprintf("/%d", i))
				b := store.Batch{
					CaptureID:  c.ID,
					Records:    []store.Record{rec(c.ID, u.URL, u.SURT, t0.Add(time.Duration(i)*time.Second), host+".warc.gz", int64(i*100))},
					Discovered: []store.FrontierURL{u, furl(c.ID, "shared", w*commits+i, "/common")}, // all but one deduplicated
					States:     []store.StateChange{{SURT: u.SURT, State: store.StateDone, Attempts: 1}},
				}
				if err := s.Commit(ctx, b); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	rs, err := s.Records(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := s.Frontier(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != workers*commits || len(fs) != workers*commits+1 {
		t.Fatalf("%d records and %d URLs, want %d and %d", len(rs), len(fs), workers*commits, workers*commits+1)
	}
	done := 0
	for _, u := range fs {
		if u.State == store.StateDone {
			done++
		}
	}
	if done != workers*commits {
		t.Fatalf("%d URLs done, want %d", done, workers*commits)
	}
	ends, err := s.FileEnds(ctx, c.ID)
	if err != nil || len(ends) != workers || ends["h3.warc.gz"] != (commits-1)*100+100 {
		t.Fatalf("FileEnds = %v, %v", ends, err)
	}
}

func testRateSource(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	tests := []struct {
		path, source string
	}{
		{"/h", "history"},
		{"/p", "predictor"},
		{"/s", "sitemap"},
		{"/d", "default"},
		{"/none", ""},
	}
	var b store.Batch
	b.CaptureID = c.ID
	for i, tt := range tests {
		u := furl(c.ID, "h", i, tt.path)
		u.RateSource = tt.source
		b.Discovered = append(b.Discovered, u)
	}
	if err := s.Commit(ctx, b); err != nil {
		t.Fatal(err)
	}
	// A rediscovery with another source does not replace the first: the
	// row, rate included, is the first discovery's.
	again := furl(c.ID, "h", len(tests), "/h")
	again.Rate, again.RateSource = 9, "sitemap"
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, Discovered: []store.FrontierURL{again}}); err != nil {
		t.Fatal(err)
	}
	fs, err := s.Frontier(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != len(tests) {
		t.Fatalf("frontier has %d URLs, want %d: %+v", len(fs), len(tests), fs)
	}
	for i, tt := range tests {
		if fs[i].URL != "http://h"+tt.path || fs[i].RateSource != tt.source || fs[i].Rate != 0.25 {
			t.Errorf("URL %d = %s source %q rate %v, want http://h%s source %q rate 0.25", i, fs[i].URL, fs[i].RateSource, fs[i].Rate, tt.path, tt.source)
		}
	}
}

func testHistory(t *testing.T, s store.Store) {
	ctx := context.Background()
	const url, surt = "http://example.com/page", "com,example)/page"
	c1 := newCapture(t, s, "job")
	c2 := newCapture(t, s, "other-job") // history spans jobs too: it is per URL
	if h, err := s.History(ctx, url); err != nil || len(h) != 0 {
		t.Fatalf("History of unarchived URL = %+v, %v; want none", h, err)
	}
	hasHistory := func(c int64, want bool) {
		t.Helper()
		if got, err := s.HasHistory(ctx, c); err != nil || got != want {
			t.Fatalf("HasHistory(%d) = %v, %v; want %v", c, got, err, want)
		}
	}
	hasHistory(c1.ID, false)
	mk := func(c int64, typ warc.RecordType, at time.Duration, digest string) store.Record {
		r := rec(c, url, surt, t0.Add(at), fmt.Sprintf("c%d.warc.gz", c), int64(at/time.Second))
		r.RecordType, r.PayloadDigest = typ, digest
		r.RecordID = fmt.Sprintf("<urn:uuid:%s-%d-%s>", typ, c, at)
		if typ == warc.Revisit {
			r.Phase, r.Status = "revisit", 304
		}
		return r
	}
	visit1 := mk(c1.ID, warc.Response, 0, "sha1:AAAA")
	revisit1 := mk(c1.ID, warc.Revisit, time.Hour, "sha1:AAAA")
	changed1 := mk(c1.ID, warc.Response, 2*time.Hour, "sha1:BBBB")
	visit2 := mk(c2.ID, warc.Response, 24*time.Hour, "sha1:BBBB")
	// Two records with the same WARC-Date: insertion order breaks the tie.
	tieA := mk(c2.ID, warc.Revisit, 25*time.Hour, "sha1:BBBB")
	tieB := mk(c2.ID, warc.Response, 25*time.Hour, "sha1:CCCC")
	noise := []store.Record{
		mk(c1.ID, warc.Request, 30*time.Minute, ""),
		mk(c1.ID, warc.Metadata, 3*time.Hour, ""),
		mk(c2.ID, warc.Request, 24*time.Hour, ""),
	}
	other := rec(c1.ID, url+"/x", surt+"/x", t0.Add(90*time.Minute), "c1.warc.gz", 999)
	// Committed out of time order, as parallel fetchers and the two
	// captures may.
	batches := []store.Batch{
		{CaptureID: c1.ID, Records: []store.Record{changed1, noise[1], other}},
		{CaptureID: c2.ID, Records: []store.Record{visit2, noise[2]}},
		{CaptureID: c1.ID, Records: []store.Record{revisit1, visit1, noise[0]}},
		{CaptureID: c2.ID, Records: []store.Record{tieA, tieB}},
	}
	for i, b := range batches {
		if err := s.Commit(ctx, b); err != nil {
			t.Fatal(err)
		}
		if i == 0 { // only c1 has records: c2 sees history, c1 none
			hasHistory(c1.ID, false)
			hasHistory(c2.ID, true)
		}
	}
	hasHistory(c1.ID, true)
	got, err := s.History(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.Record{visit1, revisit1, changed1, visit2, tieA, tieB}
	for i := range want {
		want[i].Time = want[i].Time.UTC().Truncate(time.Microsecond)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("History:\n got %+v\nwant %+v", got, want)
	}
	// What the history source derives from it: three intervals with a
	// digest change across the second and fourth.
	var changes []bool
	for i := 1; i < len(got); i++ {
		changes = append(changes, got[i].PayloadDigest != got[i-1].PayloadDigest)
	}
	if wantCh := []bool{false, true, false, false, true}; !reflect.DeepEqual(changes, wantCh) {
		t.Fatalf("digest changes %v, want %v", changes, wantCh)
	}
}

func testJobCaptureSizes(t *testing.T, s store.Store) {
	ctx := context.Background()
	j, err := s.UpsertJob(ctx, "job", "")
	if err != nil {
		t.Fatal(err)
	}
	// run opens the job's next capture, fills its frontier with n URLs per
	// host (the last blocked if blocked is set) and gives it a status.
	run := func(status store.CaptureStatus, hosts map[string]int, blocked bool) int64 {
		t.Helper()
		c, resumed, err := s.OpenCapture(ctx, j.ID, "bfs", "single-visit")
		if err != nil || resumed {
			t.Fatalf("OpenCapture: resumed=%v err=%v", resumed, err)
		}
		b := store.Batch{CaptureID: c.ID}
		for h, n := range hosts {
			for i := range n {
				u := furl(c.ID, h, i, fmt.Sprintf("/%d", i))
				if blocked && i == n-1 {
					u.State = store.StateBlocked
				} else if i%2 == 0 {
					u.State = store.StateDone
				}
				b.Discovered = append(b.Discovered, u)
			}
		}
		if err := s.Commit(ctx, b); err != nil {
			t.Fatal(err)
		}
		if status != store.CaptureStatusRunning {
			if err := s.FinishCapture(ctx, c.ID, status); err != nil {
				t.Fatal(err)
			}
		}
		return c.ID
	}
	first := run(store.CaptureStatusRunning, nil, false)
	if got, err := s.JobCaptureSizes(ctx, first); err != nil || got == nil || len(got) != 0 {
		t.Fatalf("JobCaptureSizes of a job's first capture = %#v, %v; want an empty map", got, err)
	}
	if err := s.FinishCapture(ctx, first, "stopped"); err != nil {
		t.Fatal(err)
	}
	older := run(store.CaptureStatusFinished, map[string]int{"a.example": 3, "b.example": 1}, false)
	newer := run(store.CaptureStatusFinished, map[string]int{"a.example": 5, "c.example:8080": 2}, true)
	run(store.CaptureStatusFailed, map[string]int{"a.example": 40}, false)
	run("stopped", map[string]int{"a.example": 50}, false)
	// Another job's newer finished capture is not this job's.
	oc := newCapture(t, s, "other-job")
	if err := s.Commit(ctx, store.Batch{CaptureID: oc.ID, Discovered: []store.FrontierURL{furl(oc.ID, "a.example", 0, "/")}}); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishCapture(ctx, oc.ID, store.CaptureStatusFinished); err != nil {
		t.Fatal(err)
	}
	current := run(store.CaptureStatusRunning, map[string]int{"a.example": 1}, false)

	newerSizes := map[string]int{"a.example": 4, "c.example:8080": 1} // blocked URLs not counted
	tests := []struct {
		name    string
		capture int64
		want    map[string]int
	}{
		{"running capture sees the newest finished one", current, newerSizes},
		{"a finished capture sees the one before it", newer, map[string]int{"a.example": 3, "b.example": 1}},
		{"the newest finished other than itself, even if newer", older, newerSizes},
		{"a stopped capture sees the newest finished one", first, newerSizes},
		{"other job with no other finished capture", oc.ID, map[string]int{}},
	}
	for _, tt := range tests {
		got, err := s.JobCaptureSizes(ctx, tt.capture)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: JobCaptureSizes(%d) = %v, want %v", tt.name, tt.capture, got, tt.want)
		}
	}
	if _, err := s.JobCaptureSizes(ctx, 999999); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("JobCaptureSizes of unknown capture: %v, want ErrNotFound", err)
	}
}

// OpenJobCapture opens the store at dsn (migrated), stores j as its
// job and opens a running capture of it, as a run that was interrupted
// right after starting leaves them; it returns the still-open store (closed
// when the test ends), the capture and j's YAML as stored.
func OpenJobCapture(t testing.TB, dsn string, j *job.Job) (store.Store, store.Capture, string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	text, err := j.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	row, err := st.UpsertJob(ctx, j.Name, string(text))
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := st.OpenCapture(ctx, row.ID, j.Scheduler.Strategy, j.Capture.Mode)
	if err != nil {
		t.Fatal(err)
	}
	return st, c, string(text)
}
