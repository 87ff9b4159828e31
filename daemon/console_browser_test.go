package daemon

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/sharc-archive/sharc/internal/browsertest"
)

// updateImg rewrites the screenshots in docs/img that docs/console.md
// shows: go test ./daemon -run TestConsoleBrowserFlow -update-img.
var updateImg = flag.Bool("update-img", false, "rewrite docs/img/console-*.png from the browser test")

// browserSession is headless chromium on the console, recording every
// request the pages make.
type browserSession struct {
	t    *testing.T
	ctx  context.Context
	base string
	dir  string // screenshots

	mu   sync.Mutex
	urls []string
}

func newBrowserSession(t *testing.T, base string) *browserSession {
	t.Helper()
	bs := &browserSession{t: t, ctx: browsertest.New(t), base: base, dir: artifactDir(t)}
	// chromedp enables the Network domain on every target it opens.
	err := chromedp.Listen(bs.ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			bs.mu.Lock()
			bs.urls = append(bs.urls, e.Request.URL)
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
	if *updateImg {
		if err := os.WriteFile(filepath.Join("..", "docs", "img", "console-"+name+".png"), png, 0o644); err != nil {
			bs.t.Fatal(err)
		}
	}
}

// onlyDaemon checks that every request the pages made went to the daemon.
func (bs *browserSession) onlyDaemon() {
	bs.t.Helper()
	d, _ := url.Parse(bs.base)
	bs.mu.Lock()
	defer bs.mu.Unlock()
	if len(bs.urls) == 0 {
		bs.t.Fatal("no request recorded: the network listener is not working")
	}
	for _, raw := range bs.urls {
		u, err := url.Parse(raw)
		if err != nil || (u.Host != d.Host && u.Scheme != "data") {
			bs.t.Errorf("a page asked %q: only the daemon %s may be asked", raw, d.Host)
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
	srv := httptest.NewServer(treeSite(150, 40*time.Millisecond, &hits))
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
	first := bs.eval(`document.querySelector('[data-live=fetched]').innerText`)
	bs.waitText("the fetched counter to change without a reload", func(string) bool {
		return bs.eval(`document.querySelector('[data-status]').dataset.polls || '0'`) != "0" &&
			bs.eval(`document.querySelector('[data-live=fetched]').innerText`) != first
	})
	if ph := bs.eval(`document.querySelector('[data-live=phase]').innerText`); ph != "visit" {
		t.Errorf("phase shown %q, want visit", ph)
	}
	bs.shot("job-running")
	waitFor(t, 60*time.Second, "the capture to finish", func() bool {
		caps, err := td.client.Captures(ctx, "flow")
		return err == nil && len(caps) == 1 && caps[0].HasReport
	})
	st, err := td.client.Status(ctx, "flow")
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
	bs.onlyDaemon()
}

// waitText waits until ok holds for the current page's path and text.
func (bs *browserSession) waitText(what string, ok func(string) bool) {
	bs.t.Helper()
	waitFor(bs.t, 20*time.Second, what, func() bool {
		s, err := chromedp.Run(bs.ctx, chromedp.Evaluate[string]("document.location.pathname + '\\n' + document.body.innerText"))
		return err == nil && ok(s)
	})
}
