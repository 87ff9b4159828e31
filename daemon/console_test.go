package daemon

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/internal/testkit/browsertest"
)

// TestConsole drives the web console as a browser would (cookies, form
// posts, redirects) against a daemon that ran a real capture: / leads to
// the login; a wrong token is refused and a right one opens a session kept
// in an HttpOnly, SameSite=Strict cookie, never in a URL; the jobs page,
// the job page (counters, hosts, captures) and the capture page (report,
// crawl.log tail) show what the API says; logging out ends the session.
func TestConsole(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(20, 0, &hits))
	defer srv.Close()
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("console", strings.TrimPrefix(srv.URL, "http://"), ""), "console.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "the capture to finish with its report", func() bool {
		caps, err := td.client.Captures(ctx, "console")
		return err == nil && len(caps) == 1 && caps[0].HasReport
	})
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	get := func(path string) (int, string, *http.Response) {
		t.Helper()
		resp, err := browser.Get(td.base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), resp
	}
	// Not logged in: every page leads to the login form.
	for _, p := range []string{"/", "/ui/", "/ui/jobs/console", "/ui/captures/1"} {
		code, body, resp := get(p)
		if code != 200 || resp.Request.URL.Path != "/ui/login" || !strings.Contains(body, `name="token"`) {
			t.Errorf("GET %s logged out: %d at %s", p, code, resp.Request.URL.Path)
		}
	}
	post := func(token string) (int, string, *http.Response) {
		t.Helper()
		resp, err := browser.PostForm(td.base+"/ui/login", url.Values{"token": {token}})
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b), resp
	}
	if code, body, _ := post("wrong"); code != http.StatusUnauthorized || !strings.Contains(body, "neither an active account") {
		t.Errorf("wrong token: %d", code)
	}
	code, body, resp := post(testToken)
	if code != 200 || resp.Request.URL.Path != "/ui/" || !strings.Contains(body, `href="/ui/jobs/console"`) {
		t.Fatalf("login: %d at %s:\n%.400s", code, resp.Request.URL, body)
	}
	u, _ := url.Parse(td.base + "/ui/")
	cookies := jar.Cookies(u)
	if len(cookies) != 1 || cookies[0].Value == testToken || strings.Contains(resp.Request.URL.String(), testToken) {
		t.Errorf("session cookie %v: the token must not be the cookie or in a URL", cookies)
	}
	if sc := resp.Request.Response; sc != nil {
		if h := sc.Header.Get("Set-Cookie"); !strings.Contains(h, "HttpOnly") || !strings.Contains(h, "SameSite=Strict") {
			t.Errorf("Set-Cookie %q", h)
		}
	}
	st, err := td.client.Status(ctx, "console")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ = get("/ui/jobs/console")
	for _, want := range []string{"Hosts: why is it slow?", `data-live="fetched">` + strconvFormat(st.Fetched) + `</td>`, `href="/ui/captures/1"`, "quality report"} {
		if !strings.Contains(body, want) {
			t.Errorf("job page lacks %q:\n%.1500s", want, body)
		}
	}
	_, body, _ = get("/ui/captures/1")
	for _, want := range []string{`src="/ui/captures/1/report"`, "crawl.log", "/p/0"} {
		if !strings.Contains(body, want) {
			t.Errorf("capture page lacks %q:\n%.1500s", want, body)
		}
	}
	code, body, _ = get("/ui/captures/1/report")
	if code != 200 || !strings.Contains(body, "<svg") {
		t.Errorf("report page: %d, no chart", code)
	}
	if code, _, _ = get("/ui/captures/abc"); code != http.StatusBadRequest {
		t.Errorf("bad capture id: %d, want 400", code)
	}
	if code, _, _ = get("/ui/jobs/nosuch"); code != http.StatusNotFound {
		t.Errorf("unknown job: %d, want 404", code)
	}
	// Logging out ends the session.
	if resp, err := browser.PostForm(td.base+"/ui/logout", nil); err != nil || resp.Request.URL.Path != "/ui/login" {
		t.Errorf("logout: %v", err)
	}
	if _, _, resp := get("/ui/"); resp.Request.URL.Path != "/ui/login" {
		t.Errorf("after logout /ui/ is %s", resp.Request.URL.Path)
	}
}

// TestConsoleInBrowser logs in with headless chromium as a person would
// (types the token into the form) and reads the jobs page and a capture
// page as rendered: the session works in a real browser's cookie jar.
func TestConsoleInBrowser(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(10, 0, &hits))
	defer srv.Close()
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("inbrowser", strings.TrimPrefix(srv.URL, "http://"), ""), "inbrowser.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "the capture to finish with its report", func() bool {
		caps, err := td.client.Captures(ctx, "inbrowser")
		return err == nil && len(caps) == 1 && caps[0].HasReport
	})
	bctx := browsertest.New(t)
	text := func(url string) string {
		t.Helper()
		if err := chromedp.Do(bctx, chromedp.Navigate(url)); err != nil {
			t.Fatal(err)
		}
		s, err := chromedp.Run(bctx, chromedp.Evaluate[string]("document.location.pathname + '\\n' + document.body.innerText"))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if got := text(td.base + "/"); !strings.HasPrefix(got, "/ui/login\n") {
		t.Fatalf("/ before logging in shows:\n%s", got)
	}
	submit := fmt.Sprintf(`document.querySelector('input[name=token]').value = %q; document.querySelector('form.login').submit(); true`, testToken)
	if _, err := chromedp.Run(bctx, chromedp.Evaluate[bool](submit)); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 10*time.Second, "the jobs page after logging in", func() bool {
		s, err := chromedp.Run(bctx, chromedp.Evaluate[string]("document.location.pathname + '\\n' + document.body.innerText"))
		return err == nil && strings.HasPrefix(s, "/ui/\n") && strings.Contains(s, "inbrowser")
	})
	if got := text(td.base + "/ui/captures/1"); !strings.Contains(got, "crawl.log") || !strings.Contains(got, "Quality report") {
		t.Errorf("capture page in the browser:\n%s", got)
	}
}
