package daemon

import (
	"context"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
)

// loginConsoleAs is loginConsole with another person's token.
func loginConsoleAs(t *testing.T, td *testDaemon, token string) *consoleClient {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	cc := &consoleClient{t: t, base: td.base, hc: &http.Client{Jar: jar}}
	if code, _, path := cc.post("/ui/login", url.Values{"token": {token}}); code != 200 || path != "/ui/" {
		t.Fatalf("login: %d at %s", code, path)
	}
	return cc
}

// runningJob submits job name on a slow tree site and waits until its
// capture runs.
func runningJob(t *testing.T, td *testDaemon, name string) {
	t.Helper()
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(250, 100*time.Millisecond, &hits))
	t.Cleanup(srv.Close)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML(name, strings.TrimPrefix(srv.URL, "http://"), ""), "job.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 20*time.Second, name+" to run", func() bool {
		st, err := td.client.Status(ctx, name)
		return err == nil && st.State == stateRunning && st.Fetched > 0
	})
}

// TestConsoleLogSearchForm is issue 29's "nothing searches or filters the
// crawl.log" on the console: the capture page's form (a plain GET, no
// JS) shows the lines the server matched, pages them, and shows a refused
// filter's reason. At f1d4fba the page had only the last 40 lines.
func TestConsoleLogSearchForm(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	c := finishedSearchCapture(t, td)
	cc := loginConsole(t, td)
	page := "/ui/captures/" + strconvFormat(c.ID)
	for _, tc := range []struct {
		query      string
		want, lack []string
	}{
		{"", []string{`<form class="log-search"`}, []string{`id="log-search-count"`}},
		{"?status=4xx", []string{"5 line(s) match", `">http://site.test/missing/0</td>`, `">http://site.test/missing/4</td>`}, []string{`">http://site.test/a/1</td>`, "next page"}},
		{"?q=%2Fa%2F", []string{"30 line(s) match"}, []string{"next page"}},
		{"?host=site.test&status=-9998", []string{"1 line(s) match", `">http://site.test/private/x</td>`}, []string{`">http://site.test/missing/`}},
		{"?status=teapot", []string{"status: want a code"}, []string{"line(s) match"}},
	} {
		code, body, _ := cc.get(page + tc.query)
		body = strings.ReplaceAll(body, "<wbr>", "") // URLs' break points (console's breakable)
		if code != 200 {
			t.Fatalf("%s: %d", tc.query, code)
		}
		for _, w := range tc.want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: page lacks %q", tc.query, w)
			}
		}
		for _, l := range tc.lack {
			if strings.Contains(body, l) {
				t.Errorf("%s: page has %q", tc.query, l)
			}
		}
	}
}

// TestConsoleConfirmCancel is issue 29's "Cancel asks no confirmation":
// the job page's Cancel leads to a page saying cancelling is final, and
// the job runs on until its form (same token) is posted; a viewer is
// refused. At f1d4fba the first post cancelled.
func TestConsoleConfirmCancel(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	viewer := addAccount(t, td, "vera", access.Viewer)
	runningJob(t, td, "conf")
	ctx := context.Background()
	cc := loginConsole(t, td)
	tok := cc.csrf("/ui/jobs/conf")
	code, body, path := cc.post("/ui/jobs/conf/cancel", url.Values{"csrf": {tok}})
	if code != 200 || path != "/ui/jobs/conf/cancel" || !strings.Contains(body, "is final") || !strings.Contains(body, `name="confirm" value="yes"`) || !strings.Contains(body, tok) {
		t.Fatalf("cancel asked no confirmation: %d at %s:\n%.1500s", code, path, body)
	}
	if st, err := td.client.Status(ctx, "conf"); err != nil || st.State != stateRunning {
		t.Fatalf("asking to cancel stopped the job: %+v %v", st, err)
	}
	if code, _, _ := loginConsoleAs(t, td, viewer).post("/ui/jobs/conf/cancel", url.Values{"csrf": {tok}}); code != http.StatusForbidden {
		t.Errorf("a viewer's cancel: %d, want 403", code)
	}
	if code, _, path := cc.post("/ui/jobs/conf/cancel", url.Values{"csrf": {tok}, "confirm": {"yes"}}); code != 200 || path != "/ui/jobs/conf" {
		t.Fatalf("confirmed cancel: %d at %s", code, path)
	}
	testkit.WaitFor(t, 20*time.Second, "the capture to be cancelled", func() bool {
		cs, err := td.client.Captures(ctx, "conf")
		return err == nil && len(cs) == 1 && cs[0].Status == store.CaptureStatusCancelled
	})
}

// TestStartNewCapture is issue 29's "no start a new capture" after a
// cancel: resume on an idle job (the API) starts a new capture, and the
// idle job's page offers it to an operator, not to a viewer. At f1d4fba
// the idle page offered no button.
func TestStartNewCapture(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	viewer := addAccount(t, td, "vera", access.Viewer)
	ctx := context.Background()
	c := finishedSearchCapture(t, td)
	cc := loginConsole(t, td)
	_, body, _ := cc.get("/ui/jobs/logs")
	if !strings.Contains(body, `action="/ui/jobs/logs/resume"`) || !strings.Contains(body, "Start a new capture") {
		t.Fatalf("the idle job's page offers no new capture:\n%.3000s", body)
	}
	if _, body, _ := loginConsoleAs(t, td, viewer).get("/ui/jobs/logs"); strings.Contains(body, "Start a new capture</button>") {
		t.Errorf("a viewer is offered a new capture")
	}
	if code, _, path := cc.post("/ui/jobs/logs/resume", url.Values{"csrf": {cc.csrf("/ui/jobs/logs")}}); code != 200 || path != "/ui/jobs/logs" {
		t.Fatalf("start a new capture: %d at %s", code, path)
	}
	testkit.WaitFor(t, 30*time.Second, "a second capture, finished", func() bool {
		cs, err := td.client.Captures(ctx, "logs")
		if err != nil || len(cs) != 2 {
			return false
		}
		next := cs[0]
		if next.ID == c.ID {
			next = cs[1]
		}
		return next.ID != c.ID && next.Status == store.CaptureStatusFinished
	})
	testkit.WaitFor(t, 30*time.Second, "the job to be idle again", func() bool {
		st, err := td.client.Status(ctx, "logs")
		return err == nil && st.State == stateIdle
	})
	// The API alone does the same: a third capture.
	if _, err := td.client.Action(ctx, "logs", "resume"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 60*time.Second, "a third capture", func() bool {
		cs, err := td.client.Captures(ctx, "logs")
		return err == nil && len(cs) == 3
	})
}

// need fails the test (instead of waiting for it) when the page has no
// element sel.
func (bs *browserSession) need(sel string) {
	bs.t.Helper()
	if bs.eval(`String(!!document.querySelector(`+strconv.Quote(sel)+`))`) != "true" {
		bs.t.Fatalf("the page has no %s:\n%.1500s", sel, bs.eval("document.body.innerText"))
	}
}

// submit submits the form at sel, which the page must have.
func (bs *browserSession) submit(sel string) {
	bs.t.Helper()
	bs.need(sel)
	bs.run(chromedp.Submit(sel))
}

// TestConsoleDailyBrowser is the three flows in headless chromium: search
// the crawl.log with the capture page's form; cancel a running capture
// through the confirmation page; start a new capture of the idle job.
func TestConsoleDailyBrowser(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	c := finishedSearchCapture(t, td)
	bs := newBrowserSession(t, td.base)
	bs.login(testToken)

	bs.text("/ui/captures/" + strconvFormat(c.ID))
	bs.need(`form.log-search input[name=status]`)
	bs.run(chromedp.SetValue(`form.log-search input[name=status]`, "4xx"))
	bs.submit(`form.log-search`)
	bs.waitText("the search's lines", func(s string) bool { return strings.Contains(s, "5 line(s) match") })
	if n := bs.eval(`String(document.querySelectorAll('table.log-search tr').length)`); n != "6" {
		t.Errorf("%s table rows, want 6 (a header and 5 lines)", n)
	}
	bs.shot("log-search")

	runningJob(t, td, "conf")
	bs.text("/ui/jobs/conf")
	bs.submit(`form[action="/ui/jobs/conf/cancel"]`)
	bs.waitText("the confirmation page", func(s string) bool { return strings.Contains(s, "is final") })
	bs.shot("cancel-confirm")
	if st, err := td.client.Status(ctx, "conf"); err != nil || st.State != stateRunning {
		t.Fatalf("asking to cancel stopped the job: %+v %v", st, err)
	}
	bs.submit(`form.confirm`)
	testkit.WaitFor(t, 20*time.Second, "the capture to be cancelled", func() bool {
		cs, err := td.client.Captures(ctx, "conf")
		return err == nil && len(cs) == 1 && cs[0].Status == store.CaptureStatusCancelled
	})
	testkit.WaitFor(t, 20*time.Second, "the job to be idle", func() bool {
		st, err := td.client.Status(ctx, "conf")
		return err == nil && st.State == stateIdle
	})

	bs.openWhen("/ui/jobs/conf", "the idle job's page", func(s string) bool { return strings.Contains(s, "Start a new capture") })
	bs.shot("start-new-capture")
	bs.submit(`form[action="/ui/jobs/conf/resume"]`)
	testkit.WaitFor(t, 20*time.Second, "a second capture", func() bool {
		cs, err := td.client.Captures(ctx, "conf")
		return err == nil && len(cs) == 2
	})
	if _, err := td.client.Action(ctx, "conf", "cancel"); err != nil {
		t.Fatal(err)
	}
}

// openWhen opens path until its text satisfies ok: the page before may
// be a job page whose console.js reloads it when the job's state
// changes, which can cut a navigation or an evaluation short.
func (bs *browserSession) openWhen(path, what string, ok func(string) bool) {
	bs.t.Helper()
	testkit.WaitFor(bs.t, 20*time.Second, what, func() bool {
		if err := chromedp.Do(bs.ctx, chromedp.Navigate(bs.base+path)); err != nil {
			return false
		}
		s, err := chromedp.Run(bs.ctx, chromedp.Evaluate[string]("document.location.pathname + '\\n' + document.body.innerText"))
		return err == nil && ok(s)
	})
}
