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
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sharc-archive/sharc/daemon/pagediff"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// diffSite is a small site for the what-changed view: /p/1 changes at
// every answer (its edition counts them) and carries an archived script
// both as markup (never run, never shown) and as escaped text (shown as
// text); /p/0 and /p/2 never change (/p/2 answers 304 once it has been
// fetched); /p/3 is an image.
func diffSite() http.Handler {
	var edition atomic.Int64
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			io.WriteString(w, "User-agent: *\nAllow: /\n")
		case "/p/0":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<html><head><title>Front</title></head><body><h1>Front page</h1><p>Welcome.</p><a href="/p/1">news</a> <a href="/p/2">about</a> <img src="/p/3"></body></html>`)
		case "/p/1":
			k := edition.Add(1)
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, `<html><head><title>News</title><script>document.title = "ran";</script></head><body><h1>News</h1>
<p>Lead story of edition%d: the river rose %d cm.</p><p>&lt;script&gt;alert("archived")&lt;/script&gt;</p>
<ul><li>Weather</li><li>Sport</li><li>Arts</li></ul><p>Footer</p><a href="/p/0">home</a></body></html>`, k, 10*k)
		case "/p/2":
			// A validator: every fetch after the first is a 304, archived
			// as a server-not-modified revisit record.
			w.Header().Set("ETag", `"v1"`)
			if r.Header.Get("If-None-Match") == `"v1"` {
				w.WriteHeader(http.StatusNotModified)
				return
			}
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<html><body><h1>About</h1><p>Nothing changes here.</p></body></html>`)
		case "/p/3":
			w.Header().Set("Content-Type", "image/png")
			w.Write([]byte("\x89PNG\r\n\x1a\nnot really"))
		default:
			http.NotFound(w, r)
		}
	})
}

// diffCaptures runs two visit-revisit captures of diffSite and returns
// them, oldest first.
func diffCaptures(t *testing.T, td *testDaemon, job string) []CaptureInfo {
	t.Helper()
	srv := httptest.NewServer(diffSite())
	t.Cleanup(srv.Close)
	extra := "schedule: {every: 1m}\nscheduler: {strategy: bfs-lifo}\ncapture: {mode: visit-revisit, estimated_size: 4}\n"
	if _, err := td.client.Submit(context.Background(), jobYAML(job, strings.TrimPrefix(srv.URL, "http://"), extra), job+".yaml"); err != nil {
		t.Fatal(err)
	}
	var caps []CaptureInfo
	testkit.WaitFor(t, 60*time.Second, "two finished captures", func() bool {
		var err error
		caps, err = td.client.Captures(context.Background(), job)
		return err == nil && len(caps) >= 2 && caps[0].Status == store.CaptureStatusFinished && caps[1].Status == store.CaptureStatusFinished
	})
	if _, err := td.client.Action(context.Background(), job, "pause"); err != nil && apiStatus(err) != http.StatusConflict {
		t.Logf("pause: %v", err)
	}
	return caps[:2]
}

// hunkText is the removed and the added lines of a diff.
func hunkText(d PageDiff) (removed, added string) {
	for _, h := range d.Hunks {
		for _, l := range h.Lines {
			switch l.Op {
			case pagediff.OpRemoved:
				removed += l.Text + "\n"
			case pagediff.OpAdded:
				added += l.Text + "\n"
			}
		}
	}
	return removed, added
}

// TestDiffAPI: GET /api/v1/captures/{id}/diff over real visit-revisit
// captures read back from their WARC files. The page that changed
// between visit and revisit shows its changed words and only them; the
// page that did not is archived as a revisit record, followed to its
// visit's payload, and is the same; across two captures the latest
// versions compare; an image is compared by digest; hostile or unknown
// parameters are clear 400s and 404s, and nothing is fetched for them.
func TestDiffAPI(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 30)
	ctx := context.Background()
	caps := diffCaptures(t, td, "diffapi")
	c1, c2 := caps[0].ID, caps[1].ID

	d, err := td.client.Diff(ctx, c1, "http://site.test/p/1", 0)
	if err != nil {
		t.Fatal(err)
	}
	removed, added := hunkText(d)
	if d.Same || d.SamePayload || len(d.Hunks) != 1 ||
		removed != "Lead story of edition1: the river rose 10 cm.\n" || added != "Lead story of edition2: the river rose 20 cm.\n" {
		t.Errorf("visit/revisit of the changing page: same %v, %d hunks, removed %q added %q", d.Same, len(d.Hunks), removed, added)
	}
	if d.A.Phase != "visit" || d.B.Phase != "revisit" || d.A.Capture != c1 || d.B.Capture != c1 || !d.B.Time.After(d.A.Time) || d.A.Kind != pagediff.KindHTML {
		t.Errorf("sides: %+v / %+v", d.A, d.B)
	}
	var all strings.Builder
	for _, l := range d.Hunks[0].Lines {
		all.WriteString(l.Text + "\n")
	}
	if !strings.Contains(all.String(), `<script>alert("archived")</script>`) || strings.Contains(all.String(), "document.title") {
		t.Errorf("hunk lines: the escaped script is text, the script element is not:\n%s", all.String())
	}

	d, err = td.client.Diff(ctx, c1, "http://site.test/p/0", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Same || !d.SamePayload || len(d.Hunks) != 0 || d.B.RecordType != string(warc.Revisit) || !d.B.PayloadTime.Equal(d.A.Time) || d.A.Digest != d.B.Digest {
		t.Errorf("unchanged page: %+v", d)
	}

	d, err = td.client.Diff(ctx, c2, "http://site.test/p/1", c1)
	if err != nil {
		t.Fatal(err)
	}
	removed, added = hunkText(d)
	if d.A.Capture != c1 || d.B.Capture != c2 || d.Same || removed != "Lead story of edition2: the river rose 20 cm.\n" || added != "Lead story of edition4: the river rose 40 cm.\n" {
		t.Errorf("across captures: a %d b %d, removed %q added %q", d.A.Capture, d.B.Capture, removed, added)
	}
	// /p/2's revisit is a 304: the revisit record is followed to the
	// visit's payload.
	d, err = td.client.Diff(ctx, c1, "http://site.test/p/2", 0)
	if err != nil || !d.Same || d.B.Status != http.StatusNotModified || d.B.RecordType != string(warc.Revisit) || d.B.Digest != d.A.Digest || d.B.Lines != 2 {
		t.Errorf("the 304 revisit: %v %+v", err, d)
	}
	d, err = td.client.Diff(ctx, c2, "http://site.test/p/2", c1)
	if err != nil || !d.Same || d.B.Status != http.StatusNotModified || d.B.Lines != 2 || d.A.Capture != c1 {
		t.Errorf("the unchanged page across captures (the latest records are 304 revisits): %v %+v", err, d)
	}
	d, err = td.client.Diff(ctx, c1, "http://site.test/p/3", 0)
	if err != nil || d.A.Kind != pagediff.KindBinary || !d.Same || len(d.Hunks) != 0 || d.A.Digest == "" {
		t.Errorf("image: %v %+v", err, d)
	}

	for _, tc := range []struct {
		name, query string
		status      int
	}{
		{"no url", "", http.StatusBadRequest},
		{"url not archived", "url=" + url.QueryEscape("http://site.test/p/9"), http.StatusNotFound},
		{"url not exactly as archived", "url=" + url.QueryEscape("http://SITE.test/p/1"), http.StatusNotFound},
		{"elsewhere, never fetched", "url=" + url.QueryEscape("http://127.0.0.1:1/secret"), http.StatusNotFound},
		{"huge url", "url=" + strings.Repeat("a", 9000), http.StatusBadRequest},
		{"against itself", "url=http://site.test/p/1&against=" + strconvFormat(c1), http.StatusBadRequest},
		{"against junk", "url=http://site.test/p/1&against=x", http.StatusBadRequest},
		{"against unknown", "url=http://site.test/p/1&against=99999", http.StatusNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := td.client.do(ctx, http.MethodGet, fmt.Sprintf("/api/v1/captures/%d/diff?%s", c1, tc.query), nil, "", &PageDiff{})
			if apiStatus(err) != tc.status {
				t.Errorf("got %v, want %d", err, tc.status)
			}
		})
	}
	if err := td.client.do(ctx, http.MethodGet, "/api/v1/captures/99999/diff?url=x", nil, "", &PageDiff{}); apiStatus(err) != http.StatusNotFound {
		t.Errorf("unknown capture: %v", err)
	}

	// The console's page shows the same diff, escaped.
	get := consoleGet(t, td)
	code, body := get(fmt.Sprintf("/ui/captures/%d/diff?url=%s&against=%d", c2, url.QueryEscape("http://site.test/p/1"), c1))
	if code != 200 || !strings.Contains(body, "edition4: the river rose 40 cm.") || !strings.Contains(body, `&lt;script&gt;alert(&#34;archived&#34;)&lt;/script&gt;`) || strings.Contains(body, `<script>alert`) {
		t.Errorf("console diff page: %d\n%.3000s", code, body)
	}
	if code, body = get(fmt.Sprintf("/ui/captures/%d/diff?url=%s", c1, url.QueryEscape("http://site.test/p/9"))); code != 200 || !strings.Contains(body, `id="diff-problem"`) {
		t.Errorf("console diff page of an unknown URL: %d\n%.2000s", code, body)
	}
	if code, body = get(fmt.Sprintf("/ui/captures/%d/quality", c2)); code != 200 || !strings.Contains(body, fmt.Sprintf(`href="/ui/captures/%d/diff?url=http%%3a%%2f%%2fsite.test%%2fp%%2f1"`, c2)) {
		t.Errorf("quality page lacks the what-changed link:\n%.4000s", body)
	}
	if code, body = get(fmt.Sprintf("/ui/captures/%d/changes", c2)); code != 200 || !strings.Contains(body, fmt.Sprintf(`/ui/captures/%d/diff?url=http%%3a%%2f%%2fsite.test%%2fp%%2f1&amp;against=%d`, c2, c1)) {
		t.Errorf("changes page lacks the what-changed link of the changed page:\n%.4000s", body)
	}

	// A WARC file gone from disk is a 409 naming it, not a 500.
	dir := td.d.warcDirFor(t, c1)
	files, _ := filepath.Glob(filepath.Join(dir, "*.warc.gz"))
	if len(files) == 0 {
		t.Fatalf("no WARC files in %s", dir)
	}
	for _, f := range files {
		if err := os.Rename(f, f+".moved"); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := td.client.Diff(ctx, c1, "http://site.test/p/1", 0); apiStatus(err) != http.StatusConflict || !strings.Contains(err.Error(), "no longer on this daemon's disk") {
		t.Errorf("WARC gone: %v", err)
	}
}

// warcDirFor is the WARC directory of capture id (for the test that
// moves its files away).
func (d *Daemon) warcDirFor(t *testing.T, id int64) string {
	t.Helper()
	dir, err := d.captureWARCDir(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestDiffBrowser: the what-changed flow in headless chromium: from the
// quality page's link to the diff of the changing page, then the form
// comparing with the job's other capture; the archived script shows as
// text and never runs. With -update-img the page is docs/img's
// console-diff.png.
func TestDiffBrowser(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 30)
	caps := diffCaptures(t, td, "diffui")
	c1, c2 := caps[0].ID, caps[1].ID
	bs := newBrowserSession(t, td.base)
	bs.login(testToken)

	bs.text(fmt.Sprintf("/ui/captures/%d/quality", c2))
	sel := fmt.Sprintf(`a.diff[href="/ui/captures/%d/diff?url=http%%3a%%2f%%2fsite.test%%2fp%%2f1"]`, c2)
	bs.need(sel)
	bs.run(chromedp.Click(sel))
	bs.waitText("the diff of visit and revisit", func(s string) bool {
		return strings.Contains(s, "edition3: the river rose 30 cm.") && strings.Contains(s, "edition4: the river rose 40 cm.")
	})
	bs.need(`form.diff-against select[name=against]`)
	bs.run(chromedp.SetValue(`form.diff-against select[name=against]`, strconvFormat(c1)))
	bs.submit(`form.diff-against`)
	bs.waitText("the diff against the first capture", func(s string) bool {
		return strings.Contains(s, "edition2: the river rose 20 cm.") && strings.Contains(s, "edition4: the river rose 40 cm.") && strings.Contains(s, "1 line removed and 1 added")
	})
	if txt := bs.eval(`document.querySelector('table.diff').innerText`); !strings.Contains(txt, `<script>alert("archived")</script>`) {
		t.Errorf("the escaped script does not show as text:\n%s", txt)
	}
	if title := bs.eval(`document.title`); strings.Contains(title, "ran") {
		t.Errorf("an archived script ran: title %q", title)
	}
	if n := bs.eval(`String(document.querySelectorAll('tr.diff-removed').length) + "/" + String(document.querySelectorAll('tr.diff-added').length)`); n != "1/1" {
		t.Errorf("removed/added rows %s, want 1/1", n)
	}
	bs.shot("diff")
	// The scatterplot's changed point is a link to the same diff: a
	// click on it follows it, while a drag that starts on it pans the
	// plot and stays on the page.
	bs.text(fmt.Sprintf("/ui/captures/%d/changes", c2))
	var x, y float64
	if _, err := fmt.Sscanf(bs.eval(`(() => { const b = document.querySelector('a.diff circle.kind-changed').getBoundingClientRect(); return (b.left + b.width / 2) + ' ' + (b.top + b.height / 2); })()`), "%g %g", &x, &y); err != nil {
		t.Fatal(err)
	}
	viewBox := `document.querySelector('svg[data-zoom]').getAttribute('viewBox')`
	before := bs.eval(viewBox)
	bs.run(chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
		chromedp.MouseEvent(chromedp.MouseMoved, x+30, y+10, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseMoved, x+60, y+20, chromedp.ButtonLeft),
		chromedp.MouseEvent(chromedp.MouseReleased, x+60, y+20, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	if after, path := bs.eval(viewBox), bs.eval(`document.location.pathname`); after == before || !strings.HasSuffix(path, "/changes") {
		t.Errorf("a drag from the point: viewBox %q → %q, page %s; want it panned, on the changes page", before, after, path)
	}
	bs.need(`a.diff circle.kind-changed`)
	bs.run(chromedp.Click(`a.diff circle.kind-changed`))
	bs.waitText("the diff the scatterplot's point links to", func(s string) bool {
		return strings.HasPrefix(s, fmt.Sprintf("/ui/captures/%d/diff\n", c2)) && strings.Contains(s, "edition2: the river rose 20 cm.")
	})
	if *updateImg {
		png, err := os.ReadFile(filepath.Join(bs.dir, "diff.png"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "docs", "img", "console-diff.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bs.onlyDaemon("")
}
