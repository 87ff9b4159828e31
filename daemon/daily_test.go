package daemon

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
)

// cancelledSlowCapture runs job name on a slow site, cancels it once it has
// fetched something and returns its capture, cancelled and idle.
func cancelledSlowCapture(t *testing.T, td *testDaemon, name string) CaptureInfo {
	t.Helper()
	ctx := context.Background()
	runningJob(t, td, name)
	if _, err := td.client.Action(ctx, name, "cancel"); err != nil {
		t.Fatal(err)
	}
	var c CaptureInfo
	testkit.WaitFor(t, 30*time.Second, "the capture to be cancelled", func() bool {
		cs, err := td.client.Captures(ctx, name)
		if err != nil || len(cs) != 1 {
			return false
		}
		c = cs[0]
		return c.Status == store.CaptureStatusCancelled
	})
	testkit.WaitFor(t, 30*time.Second, "the job to be idle", func() bool {
		st, err := td.client.Status(ctx, name)
		return err == nil && st.State == stateIdle
	})
	return c
}

// TestReportOnDemand is issue 29's "the report stays 'not yet' for good
// although `sharc report` builds it": a cancelled capture has no report;
// its capture page offers an operator (not a viewer) to build it; the
// button builds and stores it through POST /api/v1/captures/{id}/report,
// after which the report is served and the capture folder holds its
// reports. An open capture is refused (409). At f1d4fba the API had no
// such POST (405) and the page said "written when the capture finishes".
func TestReportOnDemand(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	viewer := addAccount(t, td, "vera", access.Viewer)
	ctx := context.Background()

	runningJob(t, td, "open")
	st, err := td.client.Status(ctx, "open")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := td.client.BuildReport(ctx, st.Capture, false); apiStatus(err) != http.StatusConflict {
		t.Errorf("report of a running capture: %v, want 409", err)
	}
	if _, err := td.client.Action(ctx, "open", "cancel"); err != nil {
		t.Fatal(err)
	}

	c := cancelledSlowCapture(t, td, "ondemand")
	id := strconvFormat(c.ID)
	if c.HasReport {
		t.Fatal("a cancelled capture has a report already: nothing to test")
	}
	if err := td.client.Get(ctx, "/api/v1/captures/"+id+"/report", new(strings.Builder)); apiStatus(err) != http.StatusNotFound {
		t.Fatalf("report before: %v, want 404", err)
	}
	if c.Folder == "" {
		t.Fatal("the capture has no folder")
	}
	if _, err := os.Stat(filepath.Join(jobdir.Folder(c.Folder).Reports(), jobdir.QualityJSON)); err == nil {
		t.Fatal("the cancelled capture's folder has a quality report already")
	}
	vc := loginConsoleAs(t, td, viewer)
	if _, body, _ := vc.get("/ui/captures/" + id); !strings.Contains(body, `id="no-report"`) || strings.Contains(body, "Build the report now") {
		t.Errorf("a viewer's capture page: no explanation, or a build button:\n%.3000s", body)
	}
	vcl := &Client{Base: td.base, Token: viewer, HTTP: td.client.HTTP}
	if _, err := vcl.BuildReport(ctx, c.ID, false); apiStatus(err) != http.StatusForbidden {
		t.Errorf("a viewer's build: %v, want 403", err)
	}
	cc := loginConsole(t, td)
	if _, body, _ := cc.get("/ui/jobs/ondemand"); !strings.Contains(body, "none: build it") || strings.Contains(body, "not yet") {
		t.Errorf("the job page's captures table does not offer the report:\n%.4000s", body)
	}
	_, body, _ := cc.get("/ui/captures/" + id)
	if !strings.Contains(body, `action="/ui/captures/`+id+`/report"`) || !strings.Contains(body, "Build the report now") {
		t.Fatalf("the capture page offers no report:\n%.3000s", body)
	}
	code, body, path := cc.post("/ui/captures/"+id+"/report", url.Values{"csrf": {cc.csrf("/ui/captures/" + id)}})
	if code != 200 || path != "/ui/captures/"+id {
		t.Fatalf("build: %d at %s:\n%.2000s", code, path, body)
	}
	if !strings.Contains(body, `/ui/captures/`+id+`/quality`) || strings.Contains(body, "Build the report now") {
		t.Errorf("after the build the capture page shows no report:\n%.3000s", body)
	}
	var rep strings.Builder
	if err := td.client.Get(ctx, "/api/v1/captures/"+id+"/report", &rep); err != nil || !strings.Contains(rep.String(), `"totals"`) {
		t.Fatalf("report after: %v %.300s", err, rep.String())
	}
	after, err := td.client.BuildReport(ctx, c.ID, false) // stored: answered as is
	if err != nil || !after.HasReport || after.Totals == nil || after.Totals.Pages == 0 {
		t.Fatalf("the capture after: %+v %v", after, err)
	}
	if _, err := os.Stat(filepath.Join(jobdir.Folder(after.Folder).Reports(), jobdir.QualityJSON)); err != nil {
		t.Errorf("the capture folder lacks the quality report: %v", err)
	}
}

// TestJobListLiveAndRuns is issue 29's "the job list shows the previous
// run of a running job and no live counts; run history is API-only": a
// capture paused and resumed is listed with its live counts (the capture
// now, all runs) and the runs (the paused one, the running one) with
// links to the capture, on the job list and on the job page. At f1d4fba
// the list showed only last_run ("paused: N fetched") and no page showed
// the runs.
func TestJobListLiveAndRuns(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	runningJob(t, td, "live")
	if _, err := td.client.Action(ctx, "live", "pause"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "the job to pause", func() bool {
		j, err := td.client.Job(ctx, "live")
		return err == nil && j.State == statePaused && j.LastRun != nil
	})
	paused, err := td.client.Job(ctx, "live")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := td.client.Action(ctx, "live", "resume"); err != nil {
		t.Fatal(err)
	}
	var live *LiveCounts
	testkit.WaitFor(t, 30*time.Second, "the resumed run to fetch", func() bool {
		js, err := td.client.Jobs(ctx)
		if err != nil || len(js) != 1 || js[0].Live == nil {
			return false
		}
		live = js[0].Live
		return live.Fetched > paused.LastRun.Fetched
	})
	if live.Capture != paused.LastRun.Capture || !live.Resumed {
		t.Errorf("live counts %+v: want the resumed capture %d", live, paused.LastRun.Capture)
	}
	capLink := `<a href="/ui/captures/` + strconvFormat(live.Capture) + `">`
	cc := loginConsole(t, td)
	_, body, _ := cc.get("/ui/")
	for _, want := range []string{`<td class="live">capture ` + capLink, "(resumed)", `class="live-fetched"`, capLink + "capture " + strconvFormat(live.Capture) + "</a>", "paused, ", "running, ", `href="/ui/jobs/live#runs"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the job list lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("job list:\n%.4000s", body)
	}
	_, body, _ = cc.get("/ui/jobs/live")
	i := strings.Index(body, `<table class="runs">`)
	if i < 0 {
		t.Fatalf("the job page has no runs table:\n%.4000s", body)
	}
	table := body[i : i+strings.Index(body[i:], "</table>")]
	if n := strings.Count(table, "<tr>") - 1; n != 2 {
		t.Errorf("%d runs shown, want 2 (paused, running):\n%s", n, table)
	}
	if !strings.Contains(table, ">paused<") || !strings.Contains(table, ">running<") || strings.Count(table, capLink) != 2 {
		t.Errorf("the runs table:\n%s", table)
	}
	if _, err := td.client.Action(ctx, "live", "cancel"); err != nil {
		t.Fatal(err)
	}
}

// goneSite is a tree of n pages, each answered after delay; every fifth
// page links a page that is gone (404).
func goneSite(n int, delay time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(delay)
		if r.URL.Path == "/robots.txt" {
			io.WriteString(w, "User-agent: *\nAllow: /\n")
			return
		}
		k, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/p/"))
		if err != nil || k < 0 || k >= n {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, "<html><body><h1>page %d</h1>", k)
		for c := 3*k + 1; c <= 3*k+3 && c < n; c++ {
			fmt.Fprintf(w, `<a href="/p/%d">%d</a> `, c, c)
		}
		if k%5 == 0 {
			fmt.Fprintf(w, `<a href="/gone/%d">gone</a>`, k)
		}
		io.WriteString(w, "</body></html>")
	})
}

// hostSums adds up the host rows' fetched and errors.
func hostSums(st Status) (fetched, errs int64) {
	for _, h := range st.Hosts {
		fetched += h.Fetched
		errs += h.Errors
	}
	return fetched, errs
}

// TestCountersAgree is issue 29's "counters disagree: `job status` shows
// `failed 0` but `ERRORS 2`; the console's top row counts the capture,
// the host row only this run" and "the host table empties while a job is
// paused": a capture with 404s is paused (its host rows stay, marked as
// of the stop, adding up to the top row) and resumed to its end; then
// the status's fetched and errors, the host rows' sums, the crawl.log's
// error lines and the console's top row all give the same figures. At
// f1d4fba a paused job had no host rows, the status had no errors
// total, and a resumed capture's host rows counted the last run only.
func TestCountersAgree(t *testing.T) {
	srv := httptest.NewServer(goneSite(60, 30*time.Millisecond))
	t.Cleanup(srv.Close)
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("counts", strings.TrimPrefix(srv.URL, "http://"), ""), "job.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "a 404 in the first run", func() bool {
		st, err := td.client.Status(ctx, "counts")
		return err == nil && st.State == stateRunning && st.Errors > 0 && st.Fetched >= 5
	})
	if _, err := td.client.Action(ctx, "counts", "pause"); err != nil {
		t.Fatal(err)
	}
	var st Status
	testkit.WaitFor(t, 30*time.Second, "the job to pause", func() bool {
		var err error
		st, err = td.client.Status(ctx, "counts")
		return err == nil && st.State == statePaused
	})
	if len(st.Hosts) == 0 || st.HostsAsOf.IsZero() {
		t.Fatalf("the paused job's host table is empty: %+v", st)
	}
	if f, e := hostSums(st); f != st.Fetched || e != st.Errors || st.Errors == 0 {
		t.Errorf("paused: host rows add up to fetched %d, errors %d; the top row says %d, %d", f, e, st.Fetched, st.Errors)
	}
	cc := loginConsole(t, td)
	if _, body, _ := cc.get("/ui/jobs/counts"); !strings.Contains(body, `id="hosts-as-of"`) || !strings.Contains(body, `<td class="host">site.<wbr>test`) {
		t.Errorf("the paused job's page shows no hosts:\n%.5000s", body)
	}
	if _, err := td.client.Action(ctx, "counts", "resume"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 60*time.Second, "the resumed capture to finish", func() bool {
		cs, err := td.client.Captures(ctx, "counts")
		st, serr := td.client.Status(ctx, "counts")
		return err == nil && serr == nil && len(cs) == 1 && cs[0].Status == store.CaptureStatusFinished && st.State == stateIdle
	})
	st, err := td.client.Status(ctx, "counts")
	if err != nil {
		t.Fatal(err)
	}
	runs, err := td.client.Runs(ctx, "counts", 0)
	if err != nil || len(runs) != 2 || runs[1].Fetched == 0 || runs[0].Fetched == 0 {
		t.Fatalf("want two runs that each fetched: %+v %v", runs, err)
	}
	if runs[0].Fetched+runs[1].Fetched != st.Fetched {
		t.Errorf("the runs fetched %d + %d; the status says %d", runs[1].Fetched, runs[0].Fetched, st.Fetched)
	}
	f, e := hostSums(st)
	if f != st.Fetched || e != st.Errors {
		t.Errorf("after the resume: host rows add up to fetched %d, errors %d; the top row says %d, %d", f, e, st.Fetched, st.Errors)
	}
	logged, err := td.client.SearchLog(ctx, st.Capture, url.Values{"status": {"4xx"}})
	if err != nil {
		t.Fatal(err)
	}
	gone := int64(60 / 5) // /gone/0, /gone/5, … /gone/55
	if st.Errors != int64(logged.Total) || st.Errors != gone || st.ErrorsByClass[HostErrHTTP4xx] != gone {
		t.Errorf("errors: status %d (4xx %d), crawl.log 4xx lines %d, the site has %d gone pages", st.Errors, st.ErrorsByClass[HostErrHTTP4xx], logged.Total, gone)
	}
	_, body, _ := cc.get("/ui/jobs/counts")
	for _, want := range []string{`data-live="fetched">` + strconvFormat(st.Fetched) + "<", `data-live="errors">` + strconvFormat(st.Errors) + "<"} {
		if !strings.Contains(body, want) {
			t.Errorf("the console's top row lacks %q", want)
		}
	}
}

// longHosts are host names with no hyphen to wrap at: only the console's
// break points after their dots let them wrap.
func longHosts(n int) []string {
	hs := make([]string, n)
	for i := range hs {
		hs[i] = fmt.Sprintf("averyveryverylonghostnameofanarchivedsite%02d.department.example.test", i)
	}
	return hs
}

// TestHostTableFitsBrowser is issue 29's "the host table overflows a
// 1366-px window and empties while a job is paused" in headless
// chromium at 1366 px: the job page of a capture crawling 12 hosts with
// long names has no horizontal overflow while it runs (rows redrawn by
// console.js) nor once paused, when the rows stay; the job list (live
// counts, runs) fits too. Screenshots: docs/img/console-job-hosts.png,
// console-job-list.png, console-report-on-demand.png.
func TestHostTableFitsBrowser(t *testing.T) {
	srv := httptest.NewServer(goneSite(400, 150*time.Millisecond))
	t.Cleanup(srv.Close)
	addr := strings.TrimPrefix(srv.URL, "http://")
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	hosts := longHosts(12)
	var seeds, resolve []string
	for _, h := range hosts {
		seeds = append(seeds, "http://"+h+"/p/0")
		resolve = append(resolve, h+": "+addr)
	}
	text := fmt.Sprintf(`name: wide
seeds: [%s]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: 4
politeness: {delay: 5ms, delay_factor: 0}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
resolve: {%s}
`, strings.Join(seeds, ", "), strings.Join(resolve, ", "))
	if _, err := td.client.Submit(ctx, []byte(text), "wide.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "every host fetched and a 404", func() bool {
		st, err := td.client.Status(ctx, "wide")
		return err == nil && st.State == stateRunning && st.HostsTotal == len(hosts) && st.Errors > 0 && st.Fetched > int64(len(hosts))
	})
	bs := newBrowserSession(t, td.base)
	bs.run(chromedp.EmulateViewport(1366, 768))
	bs.login(testToken)
	fits := func(what string) {
		t.Helper()
		w, err := strconv.Atoi(bs.eval(`String(document.documentElement.scrollWidth)`))
		if err != nil || w > 1366 {
			t.Errorf("%s: the page is %d px wide in a 1366-px window (%v)", what, w, err)
		}
	}
	bs.text("/ui/jobs/wide")
	bs.need(`table.hosts tbody[data-hosts] td.host`)
	// console.js redraws the rows from status.json every 2 s: wait for one.
	bs.waitText("a poll of the status", func(string) bool {
		return bs.eval(`document.querySelector('div.live').getAttribute('data-polls') || ''`) != ""
	})
	if n := bs.eval(`String(document.querySelectorAll('table.hosts tbody[data-hosts] tr').length)`); n != strconv.Itoa(len(hosts)) {
		t.Errorf("%s host rows, want %d: %s", n, len(hosts), bs.eval(`Array.from(document.querySelectorAll('table.hosts tbody td.host')).map(function (td) { return td.textContent; }).join(' ')`))
	}
	if n := bs.eval(`String(document.querySelectorAll('table.hosts tbody td.host wbr').length)`); n == "0" {
		t.Error("console.js drew host names without break points")
	}
	fits("running job page")
	bs.shot("job-hosts")
	bs.text("/ui/")
	bs.need(`td.live a`)
	fits("job list")
	bs.shot("job-list")

	if _, err := td.client.Action(ctx, "wide", "pause"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "the job to pause", func() bool {
		st, err := td.client.Status(ctx, "wide")
		return err == nil && st.State == statePaused
	})
	bs.openWhen("/ui/jobs/wide", "the paused job's page", func(s string) bool { return strings.Contains(s, "The run stopped") })
	bs.need(`#hosts-as-of`)
	if n := bs.eval(`String(document.querySelectorAll('table.hosts tbody[data-hosts] tr').length)`); n != strconv.Itoa(len(hosts)) {
		t.Errorf("paused: %s host rows, want %d", n, len(hosts))
	}
	fits("paused job page")
	if _, err := td.client.Action(ctx, "wide", "cancel"); err != nil {
		t.Fatal(err)
	}
	var c CaptureInfo
	testkit.WaitFor(t, 30*time.Second, "the capture to be cancelled", func() bool {
		cs, err := td.client.Captures(ctx, "wide")
		if err != nil || len(cs) != 1 {
			return false
		}
		c = cs[0]
		return c.Status == store.CaptureStatusCancelled
	})
	bs.text("/ui/captures/" + strconvFormat(c.ID))
	bs.need(`form.build-report`)
	bs.shot("report-on-demand")
	bs.submit(`form.build-report`)
	bs.waitText("the built report", func(s string) bool { return strings.Contains(s, "Open the report on its own page") })
	fits("capture page")
}

// TestPausedHostsAfterRestart: a paused job's host table does not empty
// when the daemon restarts either: the rows come from the store's
// frontier and the capture's crawl.log, with the same counts as before
// the restart. At f1d4fba a paused job had no host rows at all.
func TestPausedHostsAfterRestart(t *testing.T) {
	srv := httptest.NewServer(goneSite(60, 30*time.Millisecond))
	t.Cleanup(srv.Close)
	dsn := storeDSN(t)
	td := startDaemon(t, dsn, 1)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("kept", strings.TrimPrefix(srv.URL, "http://"), ""), "job.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "a 404", func() bool {
		st, err := td.client.Status(ctx, "kept")
		return err == nil && st.State == stateRunning && st.Errors > 0 && st.Fetched >= 5
	})
	if _, err := td.client.Action(ctx, "kept", "pause"); err != nil {
		t.Fatal(err)
	}
	var before Status
	testkit.WaitFor(t, 30*time.Second, "the job to pause", func() bool {
		var err error
		before, err = td.client.Status(ctx, "kept")
		return err == nil && before.State == statePaused
	})
	data := td.d.cfg.DataDir
	td.stop()
	td = startDaemonOpts(t, dsn, Options{Tick: 50 * time.Millisecond}, func(c *Config) { c.DataDir = data })
	after, err := td.client.Status(ctx, "kept")
	if err != nil {
		t.Fatal(err)
	}
	if after.State != statePaused || len(after.Hosts) != 1 || after.HostsAsOf.IsZero() {
		t.Fatalf("after the restart the paused job's hosts: %+v", after)
	}
	b, a := before.Hosts[0], after.Hosts[0]
	if a.Host != b.Host || a.Fetched != b.Fetched || a.Errors != b.Errors || a.ErrorsByClass[HostErrHTTP4xx] != b.ErrorsByClass[HostErrHTTP4xx] || a.Queued != b.Queued {
		t.Errorf("host row before the restart %+v, after %+v", b, a)
	}
	if f, e := hostSums(after); f != after.Fetched || e != after.Errors {
		t.Errorf("after the restart the host rows add up to fetched %d, errors %d; the top row says %d, %d", f, e, after.Fetched, after.Errors)
	}
}
