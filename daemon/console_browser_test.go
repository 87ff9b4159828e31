package daemon

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/internal/testkit/browsertest"
	"github.com/sharc-archive/sharc/warc"
)

// updateImg rewrites the screenshots in docs/img that docs/console.md
// shows: go test ./daemon -run TestConsoleBrowserFlow -update-img.
var updateImg = flag.Bool("update-img", false, "rewrite docs/img/console-*.png from the browser test")

// docShots are the screenshots docs/console.md shows.
var docShots = map[string]bool{"submit-problem": true, "job-running": true, "quality-vr": true, "series-vr": true, "changes-vr": true, "tree": true, "replay": true, "log-search": true, "cancel-confirm": true, "start-new-capture": true,
	"replay-cancelled": true, "uploads": true, "replay-upload": true, "replay-collection": true, "job-hosts": true, "job-list": true, "report-on-demand": true}

// browserSession is headless chromium on the console, recording every
// request the pages make.
type browserSession struct {
	t    *testing.T
	ctx  context.Context
	base string
	dir  string // screenshots

	mu       sync.Mutex
	urls     []string
	contexts []jsContext // every JavaScript context the pages' frames made
}

// jsContext is one frame's JavaScript context, by its origin.
type jsContext struct{ origin, id string }

func newBrowserSession(t *testing.T, base string) *browserSession {
	t.Helper()
	bs := &browserSession{t: t, ctx: browsertest.New(t), base: base, dir: artifactDir(t)}
	// chromedp enables the Network domain on every target it opens.
	err := chromedp.Listen(bs.ctx, func(ev any) {
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			bs.mu.Lock()
			bs.urls = append(bs.urls, e.Request.URL)
			bs.mu.Unlock()
		case *runtime.EventExecutionContextCreated:
			bs.mu.Lock()
			bs.contexts = append(bs.contexts, jsContext{e.Context.Origin, e.Context.UniqueID})
			bs.mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return bs
}

// artifactDir is where screenshots go: $SHARC_TEST_ARTIFACTS/TEST when
// set (CI keeps it), else the test's temporary directory.
func artifactDir(t *testing.T) string {
	dir := t.TempDir()
	if a := os.Getenv("SHARC_TEST_ARTIFACTS"); a != "" {
		dir = filepath.Join(a, t.Name())
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func (bs *browserSession) run(actions ...chromedp.Action[chromedp.Void]) {
	bs.t.Helper()
	if err := chromedp.Do(bs.ctx, actions...); err != nil {
		bs.t.Fatal(err)
	}
}

func (bs *browserSession) eval(js string) string {
	bs.t.Helper()
	s, err := chromedp.Run(bs.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		bs.t.Fatalf("%s: %v", js, err)
	}
	return s
}

// text is the path and visible text of the page at path.
func (bs *browserSession) text(path string) string {
	bs.t.Helper()
	bs.run(chromedp.Navigate(bs.base + path))
	return bs.eval("document.location.pathname + '\\n' + document.body.innerText")
}

// shot saves a screenshot of the page as NAME.png among the test's
// artifacts, and into docs/img with -update-img.
func (bs *browserSession) shot(name string) {
	bs.t.Helper()
	png, err := chromedp.Run(bs.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		bs.t.Fatal(err)
	}
	p := filepath.Join(bs.dir, name+".png")
	if err := os.WriteFile(p, png, 0o644); err != nil {
		bs.t.Fatal(err)
	}
	bs.t.Logf("screenshot %s", p)
	if *updateImg && docShots[name] {
		if err := os.WriteFile(filepath.Join("..", "docs", "img", "console-"+name+".png"), png, 0o644); err != nil {
			bs.t.Fatal(err)
		}
	}
}

// onlyDaemon checks that every request the pages made went to the daemon:
// its main listener or its replay origin (replayAddr, "" if none).
func (bs *browserSession) onlyDaemon(replayAddr string) {
	bs.t.Helper()
	d, _ := url.Parse(bs.base)
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if len(bs.urls) == 0 {
		bs.t.Fatal("no request recorded: the network listener is not working")
	}
	for _, raw := range bs.urls {
		u, err := url.Parse(raw)
		if err != nil || (u.Host != d.Host && (replayAddr == "" || u.Host != replayAddr) && u.Scheme != "data") {
			bs.t.Errorf("a page asked %q: only the daemon %s (and its replay origin %s) may be asked", raw, d.Host, replayAddr)
		}
	}
	bs.t.Logf("%d requests, all to the daemon", len(bs.urls))
}

// TestConsoleBrowserFlow is issue 15's browser check, in headless
// chromium: log in by typing the token; submit a job by typing its YAML
// (first with a mistake, shown under its line); watch the job page's
// counters change without a reload while it runs; see the figures equal
// the API's once it finished; every request the pages made went to the
// daemon. Screenshots are saved as artifacts.
func TestConsoleBrowserFlow(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(250, 40*time.Millisecond, &hits))
	defer srv.Close()
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	bs := newBrowserSession(t, td.base)

	bs.text("/")
	bs.run(chromedp.SendKeys(`input[name=token]`, testToken), chromedp.Submit(`form.login`))
	bs.waitText("the jobs page after logging in", func(s string) bool { return strings.HasPrefix(s, "/ui/\n") })

	job := strings.Replace(string(jobYAML("flow", strings.TrimPrefix(srv.URL, "http://"), "")), "workers: 2", "workers: 1", 1)
	bs.text("/ui/submit")
	bs.run(chromedp.SetValue(`textarea[name=yaml]`, strings.Replace(job, "workers: 1", "workers: one", 1)), chromedp.Submit(`form.job`))
	bs.waitText("the refused job's page", func(s string) bool { return strings.Contains(s, "1 problem") })
	if got := bs.eval(`document.querySelector('tr.bad').innerText`); !strings.Contains(got, "workers: one") || !strings.Contains(got, "expected an integer") {
		t.Errorf("the problem is not under its line: %q", got)
	}
	bs.shot("submit-problem")
	bs.run(chromedp.SetValue(`textarea[name=yaml]`, job), chromedp.Submit(`form.job`))
	bs.waitText("the job page", func(s string) bool { return strings.HasPrefix(s, "/ui/jobs/flow\n") })

	// The counters change in place: console.js polls, the page is not
	// reloaded (data-polls counts the polls of this page load).
	// The page reloads once when the run starts (a new capture), so the
	// reads below allow a moment without the elements.
	const fetchedJS = `(document.querySelector('[data-live=fetched]') || {}).innerText || ''`
	first := bs.eval(fetchedJS)
	bs.waitText("the fetched counter to change without a reload", func(string) bool {
		return bs.eval(`((document.querySelector('[data-status]') || {}).dataset || {}).polls || '0'`) != "0" &&
			bs.eval(fetchedJS) != first
	})
	if ph := bs.eval(`document.querySelector('[data-live=phase]').innerText`); ph != "visit" {
		t.Errorf("phase shown %q, want visit", ph)
	}
	// The live host rows carry the error classes (console.js redraws
	// them): this site answers no 4xx, as the API says.
	if st, err := td.client.Status(ctx, "flow"); err == nil && len(st.Hosts) == 1 {
		want := strconv.FormatInt(st.Hosts[0].ErrorsByClass[HostErrHTTP4xx], 10)
		if got := bs.eval(`(document.querySelector('tbody[data-hosts] td.err-4xx') || {}).innerText || ''`); got != want {
			t.Errorf("the host row's 4xx cell shows %q, the API %s", got, want)
		}
	}
	bs.shot("job-running")
	// The running capture's crawl.log grows on its page without a reload.
	st, err := td.client.Status(ctx, "flow")
	if err != nil || st.Capture == 0 {
		t.Fatalf("status %+v: %v", st, err)
	}
	bs.text("/ui/captures/" + strconv.FormatInt(st.Capture, 10))
	next := bs.eval(`document.querySelector('pre[data-log]').dataset.next`)
	bs.waitText("the crawl.log tail to grow", func(string) bool {
		now := bs.eval(`document.querySelector('pre[data-log]') ? document.querySelector('pre[data-log]').dataset.next : ''`)
		a, _ := strconv.Atoi(next)
		b, _ := strconv.Atoi(now)
		return b > a && strings.Contains(bs.eval(`document.querySelector('pre[data-log]').textContent`), "http://site.test/p/")
	})
	testkit.WaitFor(t, 60*time.Second, "the capture to finish", func() bool {
		caps, err := td.client.Captures(ctx, "flow")
		return err == nil && len(caps) == 1 && caps[0].HasReport
	})
	st, err = td.client.Status(ctx, "flow")
	if err != nil {
		t.Fatal(err)
	}
	bs.text("/ui/jobs/flow")
	for field, want := range map[string]int64{"fetched": st.Fetched, "failed": st.Failed, "discovered": st.Known, "records": st.Records} {
		if got := bs.eval(fmt.Sprintf(`document.querySelector('[data-live=%s]').innerText`, field)); got != strconv.FormatInt(want, 10) {
			t.Errorf("%s shown %q, API says %d", field, got, want)
		}
	}
	bs.shot("job-finished")
	bs.finishedCapture(td, "flow")
	bs.onlyDaemon(td.d.ReplayAddr())
}

// finishedCapture opens the finished capture's quality page, area plot,
// scatterplot, crawl tree and a replayed page, each checked against the
// API (and the replayed text against the archived payload).
func (bs *browserSession) finishedCapture(td *testDaemon, job string) {
	t, ctx := bs.t, context.Background()
	caps, err := td.client.Captures(ctx, job)
	if err != nil || len(caps) == 0 {
		t.Fatalf("captures: %v", err)
	}
	c := caps[len(caps)-1]
	id := strconv.FormatInt(c.ID, 10)
	var rep report.Report
	var raw strings.Builder
	if err := td.client.Get(ctx, "/api/v1/captures/"+id+"/report", &raw); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(raw.String()), &rep); err != nil {
		t.Fatal(err)
	}

	// Quality: the blur (a single-visit capture) and the page count are
	// the report's; the status filter narrows the table.
	text := bs.text("/ui/captures/" + id + "/quality")
	for _, want := range []string{"Blur with the reference time", fmt.Sprintf("%.2f", rep.Quality.ExpectedBlur), fmt.Sprintf("%d pages match", rep.Totals.Pages)} {
		if !strings.Contains(text, want) {
			t.Errorf("quality page lacks %q:\n%s", want, text)
		}
	}
	if n := bs.eval(`String(document.querySelectorAll('#timeline-chart g.row').length)`); n == "0" {
		t.Error("the timeline has no rows")
	}
	bs.shot("quality")
	bs.run(chromedp.SetValue(`input[name=q]`, "/p/1"), chromedp.Submit(`form.filter`))
	bs.waitText("the filtered pages", func(s string) bool {
		return strings.Contains(s, "page matches") || strings.Contains(s, "pages match") && !strings.Contains(s, fmt.Sprintf("%d pages match", rep.Totals.Pages))
	})

	// The §8.3 area plots: the links table's rows are the API's.
	points, err := td.client.JobChanges(ctx, job)
	if err != nil || len(points) == 0 {
		t.Fatalf("job changes: %v", err)
	}
	bs.text("/ui/jobs/" + job + "/series")
	last := points[len(points)-1]
	row := bs.eval(fmt.Sprintf(`[...document.querySelectorAll('table.series-links tr')].map(r => r.innerText).find(s => s.startsWith('%d\t')) || ''`, last.Capture))
	if want := fmt.Sprintf("%d\t%d\t%d\t%d\t%d", last.Capture, last.Links.Unchanged, last.Links.Changed, last.Links.New, last.Links.Deleted); row != want {
		t.Errorf("links row %q, API %q", row, want)
	}
	bs.shot("series")

	// The §8.4 scatterplot: one point per URL, the tooltip names it, the
	// wheel zooms.
	ch, err := td.client.CaptureChanges(ctx, c.ID, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	bs.text("/ui/captures/" + id + "/changes")
	if n := bs.eval(`String(document.querySelectorAll('circle.pt').length)`); n != strconv.Itoa(ch.Total) {
		t.Errorf("%s points, API %d URLs", n, ch.Total)
	}
	if tip := bs.eval(`document.querySelector('circle.pt title').textContent`); !strings.HasPrefix(tip, ch.Pages[0].URL+" — ") {
		t.Errorf("first tooltip %q, want %s", tip, ch.Pages[0].URL)
	}
	bs.shot("changes")
	zoom := `(() => { const s = document.querySelector('svg[data-zoom]'), b = s.getBoundingClientRect();
	  for (let i = 0; i < 3; i++) s.dispatchEvent(new WheelEvent('wheel', {deltaY: -100, clientX: b.left + b.width / 2, clientY: b.top + b.height / 3, bubbles: true, cancelable: true}));
	  return s.getAttribute('data-scale') || ''; })()`
	if got := bs.eval(zoom); got != "1.95" {
		t.Errorf("three wheel steps zoom %q, want 1.95 (1/0.8³)", got)
	}

	// The crawl tree: one circle per GraphML node.
	var gml strings.Builder
	if err := td.client.Get(ctx, "/api/v1/captures/"+id+"/graphml", &gml); err != nil {
		t.Fatal(err)
	}
	bs.text("/ui/captures/" + id + "/tree")
	if n := bs.eval(`String(document.querySelectorAll('svg.crawltree circle.node').length)`); n != strconv.Itoa(strings.Count(gml.String(), "<node ")) {
		t.Errorf("tree draws %s nodes, GraphML has %d", n, strings.Count(gml.String(), "<node "))
	}
	bs.shot("tree")
	bs.replayPage(td, rep, id)
}

// replayPage opens /p/1 of the capture at its visit in the console's
// ReplayWeb.page and compares the replayed text with the payload of the
// response record the report names.
func (bs *browserSession) replayPage(td *testDaemon, rep report.Report, id string) {
	t := bs.t
	if _, err := os.Stat("console/replay/ui.js"); err != nil {
		t.Fatal("daemon/console/replay/ui.js is committed: every build replays")
	}
	var visit *report.Download
	for _, p := range rep.Pages {
		if p.URL == "http://site.test/p/1" {
			visit = p.Visit
		}
	}
	if visit == nil {
		t.Fatal("the report has no visit of /p/1")
	}
	var warcFile strings.Builder
	if err := td.client.Get(context.Background(), "/api/v1/captures/"+id+"/warcs/"+visit.WARCFile, &warcFile); err != nil {
		t.Fatal(err)
	}
	rec, err := warc.ReadRecordAt(strings.NewReader(warcFile.String()), visit.Offset, visit.RecordLength, visit.RecordID)
	if err != nil {
		t.Fatal(err)
	}
	payload, _, err := warc.HTTPBody(rec.Block, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	ts := visit.Time.UTC().Format("20060102150405")
	bs.text("/ui/captures/" + id + "/replay?" + url.Values{"url": {"http://site.test/p/1"}, "ts": {ts}}.Encode())
	want := bs.eval(fmt.Sprintf(`new DOMParser().parseFromString(%q, 'text/html').body.textContent.replace(/\s+/g, ' ').trim()`, payload))
	// The console frames the replay origin, the daemon's second listener;
	// the frame is another origin, so the replayed text is read in its
	// own JavaScript context.
	frame := bs.replayFrame(td)
	var got string
	deadline := time.Now().Add(60 * time.Second)
	for got = bs.frameText("http://" + td.d.ReplayAddr()); got == ""; got = bs.frameText("http://" + td.d.ReplayAddr()) {
		if time.Now().After(deadline) {
			bs.shot("replay-timeout")
			bs.mu.Lock()
			t.Logf("contexts: %v", bs.contexts)
			bs.mu.Unlock()
			t.Fatalf("timed out waiting for the replayed page in the console's frame %s", frame)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if got != want || !strings.Contains(got, "page 1") {
		t.Errorf("replayed text %q, archived payload's %q", got, want)
	}
	bs.shot("replay")
	bs.run(chromedp.Navigate(frame))
	// A script on the replay origin cannot read the console: the fetch
	// is cross-origin and the console grants no CORS.
	read := bs.evalAsync(fmt.Sprintf(`fetch(%q, {credentials: 'include'}).then(r => r.text()).then(t => 'read ' + t.length, e => 'refused: ' + e)`, td.base+"/ui/"))
	if !strings.HasPrefix(read, "refused: TypeError") {
		t.Errorf("the replay origin read the console: %q", read)
	}
	// Without ?url= the job's first seed is replayed.
	bs.text("/ui/captures/" + id + "/replay")
	bs.run(chromedp.Navigate(bs.replayFrame(td)))
	testkit.WaitFor(t, 60*time.Second, "the seed replayed", func() bool { return strings.HasPrefix(bs.eval(replayedText), "page 0") })
}

// replayFrame is the replay iframe's address on the console's replay
// page, checked to be the daemon's replay origin with a capability.
func (bs *browserSession) replayFrame(td *testDaemon) string {
	bs.t.Helper()
	src := bs.eval(`(document.querySelector('iframe.replay') || {}).src || ''`)
	u, err := url.Parse(src)
	if err != nil || u.Host != td.d.ReplayAddr() || !strings.HasPrefix(u.Path, "/r/") {
		bs.t.Fatalf("the replay frame is %q, want the replay origin %s", src, td.d.ReplayAddr())
	}
	return src
}

// frameText is replayedText evaluated in the newest live JavaScript
// context of origin ("" if none has a replayed page yet).
func (bs *browserSession) frameText(origin string) string {
	bs.mu.Lock()
	ctxs := slices.Clone(bs.contexts)
	bs.mu.Unlock()
	for i := len(ctxs) - 1; i >= 0; i-- {
		if ctxs[i].origin != origin {
			continue
		}
		in := func(p *runtime.EvaluateParams) { p.UniqueContextID = ctxs[i].id }
		if s, err := chromedp.Run(bs.ctx, chromedp.Evaluate[string](replayedText, in)); err == nil && s != "" {
			return s // a destroyed context is an error: try an older one
		}
	}
	return ""
}

// evalAsync evaluates a promise of a string.
func (bs *browserSession) evalAsync(js string) string {
	bs.t.Helper()
	s, err := chromedp.Run(bs.ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		bs.t.Fatalf("%s: %v", js, err)
	}
	return s
}

// replayedText is the text of the innermost same-origin frame that
// ReplayWeb.page replays a page in (its URL has "/w/"), found through
// shadow roots; "" until it has loaded.
const replayedText = `(() => {
  const docs = ` + browsertest.FramesJS + `;
  const r = docs.filter((d) => d.location.href.includes("/w/") && d.body);
  return r.length ? r[r.length - 1].body.textContent.replace(/\s+/g, " ").trim() : "";
})()`

// waitText waits until ok holds for the current page's path and text.
func (bs *browserSession) waitText(what string, ok func(string) bool) {
	bs.t.Helper()
	testkit.WaitFor(bs.t, 20*time.Second, what, func() bool {
		s, err := chromedp.Run(bs.ctx, chromedp.Evaluate[string]("document.location.pathname + '\\n' + document.body.innerText"))
		return err == nil && ok(s)
	})
}
