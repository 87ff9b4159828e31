package daemon

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// TestRunsTotalsSerialsAcrossRestart pauses a crawl, restarts the daemon,
// resumes and finishes it, then checks: the run history and last_run
// survive the restart (a run a killed daemon left open is marked
// "killed"), status counts the whole capture and agrees with the index,
// WARC serials continue after the resume (no name repeats, none restarts
// at 00000), and the finished capture's WACZ was written and is served.
func TestRunsTotalsSerialsAcrossRestart(t *testing.T) {
	dsn := storeDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(60, 15*time.Millisecond, &hits))
	defer srv.Close()
	ctx := context.Background()
	td := startDaemon(t, dsn, 1)
	if _, err := td.client.Submit(ctx, jobYAML("acc", strings.TrimPrefix(srv.URL, "http://"), ""), "acc.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 10*time.Second, "15 fetches", func() bool { return hits.Load() >= 15 })
	if _, err := td.client.Action(ctx, "acc", "pause"); err != nil {
		t.Fatal(err)
	}
	caps, err := td.client.Captures(ctx, "acc")
	if err != nil || len(caps) != 1 {
		t.Fatalf("captures %+v %v", caps, err)
	}
	capID := caps[0].ID
	st, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	firstFiles, err := st.FileEnds(ctx, capID)
	if err != nil || len(firstFiles) == 0 {
		t.Fatalf("first run wrote %d files (%v)", len(firstFiles), err)
	}
	td.stop()

	// A daemon killed during a run leaves it open in the store.
	jr, err := st.JobByName(ctx, "acc")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.StartRun(ctx, store.Run{JobID: jr.ID, Started: time.Now()}); err != nil {
		t.Fatal(err)
	}
	// The same machine restarted: the same data_dir (a job's folder
	// outside data_dir would not be started).
	data := td.d.cfg.DataDir
	td = startDaemonOpts(t, dsn, Options{Tick: 50 * time.Millisecond}, func(c *Config) { c.DataDir = data })
	info, err := td.client.Job(ctx, "acc")
	if err != nil || info.LastRun == nil || info.LastRun.StopReason != outcomeKilled {
		t.Fatalf("after restart: last_run %+v %v; want the killed run", info.LastRun, err)
	}
	runs, err := td.client.Runs(ctx, "acc", 0)
	if err != nil || len(runs) != 2 || runs[1].StopReason != outcomePaused || runs[1].Capture != capID || runs[1].Fetched == 0 || runs[1].Records == 0 || runs[1].Ended.IsZero() {
		t.Fatalf("runs after restart %+v %v; want killed, then the paused run with its counts", runs, err)
	}
	paused := runs[1]
	if s, err := td.client.Status(ctx, "acc"); err != nil || s.Capture != capID || s.Fetched != paused.Fetched || s.Records != paused.Records {
		t.Errorf("status of the paused capture after restart %+v %v; want the paused run's counts %+v", s, err, paused)
	}

	if _, err := td.client.Action(ctx, "acc", "resume"); err != nil {
		t.Fatal(err)
	}
	info = waitState(t, td.client, "acc", stateIdle, 30*time.Second)
	if info.LastRun == nil || info.LastRun.StopReason != "finished" || info.LastRun.Capture != capID {
		t.Fatalf("last run %+v", info.LastRun)
	}
	recs, err := st.Records(ctx, capID)
	if err != nil {
		t.Fatal(err)
	}
	var fetched int64
	for _, r := range recs {
		if r.RecordType == warc.Response || r.RecordType == warc.Revisit {
			fetched++
		}
	}
	s, err := td.client.Status(ctx, "acc")
	if err != nil || s.Fetched != fetched || s.Records != int64(len(recs)) {
		t.Errorf("status fetched %d records %d (%v); the index holds %d exchanges, %d records", s.Fetched, s.Records, err, fetched, len(recs))
	}
	if sum := paused.Fetched + info.LastRun.Fetched; sum != fetched {
		t.Errorf("runs fetched %d + %d = %d, index %d", paused.Fetched, info.LastRun.Fetched, sum, fetched)
	}
	checkSerials(t, ctx, st, capID, firstFiles)
	c, err := st.Capture(ctx, capID)
	if err != nil {
		t.Fatal(err)
	}
	// The WACZ lies beside the capture's WARC files, in its capture folder.
	checkBuiltWACZ(t, td, jobdir.WARCDir(info.WARCDir, capID, c.Started), "acc", capID)
}

// checkSerials: every file name of the capture is unique by serial, and
// the resumed run's files come after the first run's.
func checkSerials(t *testing.T, ctx context.Context, st store.Store, capID int64, first map[string]int64) {
	t.Helper()
	all, err := st.FileEnds(ctx, capID)
	if err != nil {
		t.Fatal(err)
	}
	maxFirst, seen := -1, map[int]string{}
	for name := range all {
		n, ok := warc.FileSerial(name, "acc")
		if !ok {
			t.Fatalf("file %s: no serial", name)
		}
		if other, dup := seen[n]; dup {
			t.Errorf("serial %05d repeats: %s and %s", n, other, name)
		}
		seen[n] = name
		if _, ok := first[name]; ok && n > maxFirst {
			maxFirst = n
		}
	}
	if len(all) <= len(first) {
		t.Fatalf("resumed run wrote no file: %d files before, %d after", len(first), len(all))
	}
	for name := range all {
		if n, _ := warc.FileSerial(name, "acc"); first[name] == 0 && n <= maxFirst {
			t.Errorf("resumed run's %s has serial %d, not after the first run's %d", name, n, maxFirst)
		}
	}
}

// checkBuiltWACZ: the WACZ written at finish is beside the WARCs and is
// what GET …/wacz serves.
func checkBuiltWACZ(t *testing.T, td *testDaemon, dir, jobName string, capID int64) {
	t.Helper()
	// dir is the capture's WARC directory: the WACZ is beside its WARCs.
	built, err := os.ReadFile(filepath.Join(dir, waczName(jobName, capID)))
	if err != nil {
		t.Fatalf("no WACZ written at finish: %v", err)
	}
	var got bytes.Buffer
	if err := td.client.Get(context.Background(), "/api/v1/captures/"+strconvFormat(capID)+"/wacz", &got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), built) || len(built) < 100 {
		t.Errorf("served WACZ (%d bytes) is not the built file (%d bytes)", got.Len(), len(built))
	}
}

// TestScheduleDoesNotDrift drives "every 1m" with a hand-set clock: a
// tick noticing the due time late does not move later runs, and times
// missed while a capture runs are skipped, not run in a burst.
func TestScheduleDoesNotDrift(t *testing.T) {
	dsn := storeDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(3, 0, &hits))
	defer srv.Close()
	t0 := time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC)
	var clock atomic.Int64
	clock.Store(t0.UnixNano())
	td := startDaemonOpts(t, dsn, Options{Now: func() time.Time { return time.Unix(0, clock.Load()).UTC() }}, nil)
	ctx := context.Background()
	info, err := td.client.Submit(ctx, jobYAML("drift", strings.TrimPrefix(srv.URL, "http://"), "schedule: {every: 1m}\n"), "drift.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !info.NextRun.Equal(t0.Add(time.Minute)) {
		t.Fatalf("next run %v, want %v", info.NextRun, t0.Add(time.Minute))
	}
	waitState(t, td.client, "drift", stateIdle, 15*time.Second)
	for _, step := range []struct {
		clock, wantNext time.Duration // after t0
		runs            int
	}{
		{time.Minute + 1700*time.Millisecond, 2 * time.Minute, 2}, // a late tick
		{2*time.Minute + 59*time.Second, 3 * time.Minute, 3},      // later still
		{4*time.Minute + 30*time.Second, 5 * time.Minute, 4},      // 4m missed: one run, next on the grid
	} {
		clock.Store(t0.Add(step.clock).UnixNano())
		testkit.WaitFor(t, 15*time.Second, "scheduled run", func() bool {
			runs, err := td.client.Runs(ctx, "drift", 0)
			return err == nil && len(runs) == step.runs && runs[0].StopReason != ""
		})
		info, err := td.client.Job(ctx, "drift")
		if err != nil || !info.NextRun.Equal(t0.Add(step.wantNext)) {
			t.Fatalf("clock t0+%v: next run %v (%v), want t0+%v", step.clock, info.NextRun.Sub(t0), err, step.wantNext)
		}
	}
	runs, _ := td.client.Runs(ctx, "drift", 0)
	for i, want := range []time.Duration{3 * time.Minute, 2 * time.Minute, time.Minute, 0} {
		if !runs[i].Scheduled.Equal(t0.Add(want)) {
			t.Errorf("run %d scheduled at t0+%v, want t0+%v", len(runs)-i, runs[i].Scheduled.Sub(t0), want)
		}
	}
}

func TestNextAfter(t *testing.T) {
	parse := func(spec string) *job.Schedule {
		t.Helper()
		j, err := job.Parse([]byte("name: x\nseeds: [http://a.test/]\nuser_agent: 'x (+https://example.org/crawler)'\nschedule: "+spec+"\n"), "x.yaml", nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		return j.Schedule
	}
	t0 := time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		spec     string
		due, now time.Duration // after t0
		want     time.Duration
	}{
		{"{every: 1m}", 0, 900 * time.Millisecond, time.Minute},
		{"{every: 1m}", 0, 59 * time.Second, time.Minute},
		{"{every: 1m}", 0, time.Minute, 2 * time.Minute},
		{"{every: 1m}", 0, 7*time.Minute + time.Second, 8 * time.Minute},
		{"{every: 1m}", 0, -time.Second, time.Minute},
		{"{cron: '*/5 * * * *'}", 0, 2 * time.Second, 5 * time.Minute},
		{"{cron: '*/5 * * * *'}", 0, 12 * time.Minute, 15 * time.Minute},
	} {
		if got := nextAfter(parse(tc.spec), t0.Add(tc.due), t0.Add(tc.now)); !got.Equal(t0.Add(tc.want)) {
			t.Errorf("%s due t0+%v now t0+%v: next t0+%v, want t0+%v", tc.spec, tc.due, tc.now, got.Sub(t0), tc.want)
		}
	}
}

// TestArchiveJob: a job with an open capture is archived only with
// force (which cancels it); an archived job leaves the default list but
// keeps its captures, runs and WARCs, stays archived across a restart, and
// comes back when submitted again.
func TestArchiveJob(t *testing.T) {
	dsn := storeDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(60, 20*time.Millisecond, &hits))
	defer srv.Close()
	ctx := context.Background()
	td := startDaemon(t, dsn, 1)
	body := jobYAML("old", strings.TrimPrefix(srv.URL, "http://"), "")
	if _, err := td.client.Submit(ctx, body, "old.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 10*time.Second, "5 fetches", func() bool { return hits.Load() >= 5 })
	if _, err := td.client.Archive(ctx, "old", false); apiStatus(err) != http.StatusConflict {
		t.Fatalf("archive of a running job: %v, want 409", err)
	}
	if _, err := td.client.Archive(ctx, "nosuch", false); apiStatus(err) != http.StatusNotFound {
		t.Errorf("archive of an unknown job: %v, want 404", err)
	}
	if err := td.client.do(ctx, "DELETE", "/api/v1/jobs/old?force=maybe", nil, "", nil); apiStatus(err) != http.StatusBadRequest {
		t.Errorf("force=maybe: %v, want 400", err)
	}
	info, err := td.client.Archive(ctx, "old", true)
	if err != nil || info.Archived.IsZero() || info.State != stateIdle {
		t.Fatalf("forced archive: %+v %v", info, err)
	}
	caps, err := td.client.Captures(ctx, "old")
	if err != nil || len(caps) != 1 || caps[0].Status != store.CaptureStatusCancelled {
		t.Fatalf("captures of the archived job %+v %v; want the cancelled capture kept", caps, err)
	}
	var warcs []WARCInfo
	if err := td.client.do(ctx, "GET", "/api/v1/captures/"+strconvFormat(caps[0].ID)+"/warcs", nil, "", &warcs); err != nil || len(warcs) == 0 {
		t.Errorf("WARCs of the archived job's capture: %v %v", warcs, err)
	}
	if _, err := td.client.Action(ctx, "old", "resume"); apiStatus(err) != http.StatusConflict {
		t.Errorf("resume of an archived job: %v, want 409", err)
	}
	listed := func() (active, archived int) {
		a, err1 := td.client.Jobs(ctx)
		b, err2 := td.client.ArchivedJobs(ctx)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		return len(a), len(b)
	}
	if a, b := listed(); a != 0 || b != 1 {
		t.Errorf("listed %d active, %d archived; want 0 and 1", a, b)
	}
	td.stop()
	td = startDaemon(t, dsn, 1)
	if a, b := listed(); a != 0 || b != 1 {
		t.Errorf("after restart: listed %d active, %d archived; want 0 and 1", a, b)
	}
	if runs, err := td.client.Runs(ctx, "old", 0); err != nil || len(runs) != 1 || runs[0].StopReason != outcomeCancelled {
		t.Errorf("runs of the archived job %+v %v", runs, err)
	}
	if info, err := td.client.Submit(ctx, body, "old.yaml"); err != nil || !info.Archived.IsZero() {
		t.Fatalf("resubmit: %+v %v", info, err)
	}
	if a, b := listed(); a != 1 || b != 0 {
		t.Errorf("after resubmit: listed %d active, %d archived; want 1 and 0", a, b)
	}
}

// TestLogTimeZero: a zero time is left out of a log line instead of
// becoming -6795364578.87 under the production (epoch) encoder; a set
// time is an RFC 3339 string.
func TestLogTimeZero(t *testing.T) {
	var buf bytes.Buffer
	log := zap.New(zapcore.NewCore(zapcore.NewJSONEncoder(zap.NewProductionEncoderConfig()), zapcore.AddSync(&buf), zapcore.InfoLevel))
	due := time.Date(2026, 1, 5, 10, 0, 0, 0, time.UTC)
	log.Info("job submitted", logTime("next", time.Time{}), logTime("due", due))
	line := buf.String()
	if strings.Contains(line, `"next"`) || strings.Contains(line, "-6795364578") {
		t.Errorf("zero time logged: %s", line)
	}
	if !strings.Contains(line, `"due":"2026-01-05T10:00:00Z"`) {
		t.Errorf("set time not an RFC 3339 string: %s", line)
	}
}

// TestWACZOnFinishOff: with wacz_on_finish: false no package is written
// when the capture finishes, and the download builds one on the fly.
func TestWACZOnFinishOff(t *testing.T) {
	dsn := storeDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(5, 0, &hits))
	defer srv.Close()
	off := false
	td := startDaemonOpts(t, dsn, Options{}, func(c *Config) { c.WACZOnFinish = &off })
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("nowacz", strings.TrimPrefix(srv.URL, "http://"), ""), "nowacz.yaml"); err != nil {
		t.Fatal(err)
	}
	info := waitState(t, td.client, "nowacz", stateIdle, 15*time.Second)
	if info.LastRun == nil || info.LastRun.StopReason != "finished" {
		t.Fatalf("last run %+v", info.LastRun)
	}
	if m, _ := filepath.Glob(filepath.Join(info.WARCDir, "*.wacz")); len(m) != 0 {
		t.Errorf("WACZ written with wacz_on_finish: false: %v", m)
	}
	var got bytes.Buffer
	if err := td.client.Get(ctx, "/api/v1/captures/"+strconvFormat(info.LastRun.Capture)+"/wacz", &got); err != nil || got.Len() < 100 {
		t.Errorf("WACZ built on the fly: %d bytes, %v", got.Len(), err)
	}
}
