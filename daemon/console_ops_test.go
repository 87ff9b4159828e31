package daemon

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit"
)

// consoleClient is a cookie-keeping client logged in to td's console.
type consoleClient struct {
	t    *testing.T
	base string
	hc   *http.Client
}

func loginConsole(t *testing.T, td *testDaemon) *consoleClient {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	cc := &consoleClient{t: t, base: td.base, hc: &http.Client{Jar: jar}}
	if code, _, path := cc.post("/ui/login", url.Values{"token": {testToken}}); code != 200 || path != "/ui/" {
		t.Fatalf("login: %d at %s", code, path)
	}
	return cc
}

// get returns the status, body and final path of GET path.
func (cc *consoleClient) get(path string) (int, string, string) {
	cc.t.Helper()
	resp, err := cc.hc.Get(cc.base + path)
	if err != nil {
		cc.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Request.URL.Path
}

func (cc *consoleClient) post(path string, form url.Values) (int, string, string) {
	cc.t.Helper()
	resp, err := cc.hc.PostForm(cc.base+path, form)
	if err != nil {
		cc.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Request.URL.Path
}

var csrfField = regexp.MustCompile(`name="csrf" value="([0-9a-f]{64})"`)

// csrf is the form token of the page at path.
func (cc *consoleClient) csrf(path string) string {
	cc.t.Helper()
	_, body, _ := cc.get(path)
	m := csrfField.FindStringSubmatch(body)
	if m == nil {
		cc.t.Fatalf("%s has no form token:\n%.800s", path, body)
	}
	return m[1]
}

// TestConsoleOperations submits jobs through the console's form, as a
// browser posts it: a job with mistakes comes back with each of the
// API's problems under the line it names; a form without the session's
// token is refused; a good job leads to its page, whose pause, resume and
// cancel buttons change the job as the API reports it; the live status
// the page polls is the API's; the live crawl.log tail goes on from an
// offset.
func TestConsoleOperations(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(60, 30*time.Millisecond, &hits))
	defer srv.Close()
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	cc := loginConsole(t, td)
	tok := cc.csrf("/ui/submit")

	bad := "name: ops\nseeds: [http://site.test/p/0]\nuser_agent: \"SHARC-test (+mailto:a@example.org)\"\nworkers: many\npoliteness: {delay: soon}\n"
	code, body, _ := cc.post("/ui/submit", url.Values{"csrf": {tok}, "yaml": {bad}})
	if code != http.StatusBadRequest {
		t.Fatalf("bad job: %d, want 400:\n%.1000s", code, body)
	}
	for _, want := range []string{
		"2 problems",
		`<tr id="L4" class="bad"><td class="ln">4</td><td><code>workers: many</code><div class="problem">▲ workers: expected an integer, got &#34;many&#34;</div>`,
		`<tr id="L5" class="bad">`, `<tr id="L3"><td class="ln">3</td>`,
		"politeness: {delay: soon}\n</textarea>",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("refused job's page lacks %q:\n%s", want, body)
		}
	}
	good := strings.Replace(string(jobYAML("ops", strings.TrimPrefix(srv.URL, "http://"), "")), "workers: 2", "workers: 1", 1)
	if code, _, _ := cc.post("/ui/submit", url.Values{"yaml": {good}}); code != http.StatusForbidden {
		t.Errorf("a form without its token: %d, want 403", code)
	}
	if code, _, _ := cc.post("/ui/submit", url.Values{"csrf": {strings.Repeat("0", 64)}, "yaml": {good}}); code != http.StatusForbidden {
		t.Errorf("a form with another token: %d, want 403", code)
	}
	if _, err := td.client.Job(ctx, "ops"); apiStatus(err) != http.StatusNotFound {
		t.Fatalf("refused forms made a job: %v", err)
	}
	code, body, path := cc.post("/ui/submit", url.Values{"csrf": {tok}, "yaml": {strings.ReplaceAll(good, "\n", "\r\n")}})
	if code != 200 || path != "/ui/jobs/ops" {
		t.Fatalf("good job: %d at %s:\n%.800s", code, path, body)
	}
	for _, want := range []string{`data-status="/ui/jobs/ops/status.json"`, `action="/ui/jobs/ops/cancel"`, `href="/ui/submit?job=ops"`} {
		if !strings.Contains(body, want) {
			t.Errorf("job page lacks %q", want)
		}
	}
	// The poll's status is the API's: same job, same capture, counters
	// that only grow between the two reads.
	testkit.WaitFor(t, 20*time.Second, "the capture to fetch", func() bool {
		st, err := td.client.Status(ctx, "ops")
		return err == nil && st.State == stateRunning && st.Fetched > 2
	})
	_, raw, _ := cc.get("/ui/jobs/ops/status.json")
	var polled Status
	if err := json.Unmarshal([]byte(raw), &polled); err != nil {
		t.Fatalf("status.json: %v: %.300s", err, raw)
	}
	api, _ := td.client.Status(ctx, "ops")
	if polled.Job != "ops" || polled.Capture != api.Capture || polled.Fetched > api.Fetched || polled.Fetched == 0 || polled.Phase != "visit" || polled.ETA <= 0 {
		t.Errorf("polled %+v\napi %+v", polled, api)
	}
	// The live tail: from 0 it has the seed's line and ends at a line's
	// end; from its end there is nothing new (until the crawl writes).
	var chunk struct {
		Next int64  `json:"next"`
		Text string `json:"text"`
	}
	_, raw, _ = cc.get("/ui/captures/" + strconvFormat(api.Capture) + "/log?from=0")
	if err := json.Unmarshal([]byte(raw), &chunk); err != nil || !strings.Contains(chunk.Text, "/p/0") || !strings.HasSuffix(chunk.Text, "\n") || chunk.Next != int64(len(chunk.Text)) {
		t.Errorf("log from 0: %v %+v", err, chunk)
	}
	if code, _, _ := cc.get("/ui/captures/" + strconvFormat(api.Capture) + "/log?from=x"); code != http.StatusBadRequest {
		t.Errorf("log from=x: %d, want 400", code)
	}
	// The buttons: each posts its form, and the API sees the change.
	for _, step := range []struct{ action, want string }{{"pause", stateAny(statePaused)}, {"resume", stateAny(stateRunning, stateQueued)}, {"cancel", stateAny(stateIdle)}} {
		tok := cc.csrf("/ui/jobs/ops")
		if code, _, _ := cc.post("/ui/jobs/ops/"+step.action, url.Values{}); code != http.StatusForbidden {
			t.Errorf("%s without the token: %d, want 403", step.action, code)
		}
		// Cancel is confirmed on a page of its own (console_confirm_test.go).
		if code, body, path := cc.post("/ui/jobs/ops/"+step.action, url.Values{"csrf": {tok}, "confirm": {"yes"}}); code != 200 || path != "/ui/jobs/ops" {
			t.Fatalf("%s: %d at %s:\n%.600s", step.action, code, path, body)
		}
		testkit.WaitFor(t, 20*time.Second, "the job to be "+step.want+" after "+step.action, func() bool {
			st, err := td.client.Status(ctx, "ops")
			return err == nil && strings.Contains(step.want, "|"+st.State+"|")
		})
	}
	if code, _, _ := cc.post("/ui/jobs/ops/explode", url.Values{"csrf": {cc.csrf("/ui/submit")}}); code != http.StatusNotFound {
		t.Errorf("unknown action: %d, want 404", code)
	}
	// Edit: the form holds the job as the daemon keeps it.
	_, body, _ = cc.get("/ui/submit?job=ops")
	if !strings.Contains(body, "Edit job ops") || !strings.Contains(body, "name: ops") {
		t.Errorf("edit page:\n%.800s", body)
	}
}

// stateAny is "|a|b|": the states a step may leave the job in.
func stateAny(states ...string) string { return "|" + strings.Join(states, "|") + "|" }

// TestConsoleOpenDaemon: a daemon without a token asks for no login, and
// its forms still need the console's form token.
func TestConsoleOpenDaemon(t *testing.T) {
	td := startDaemonOpts(t, storeDSN(t), Options{}, func(c *Config) { c.Token = "" })
	jar, _ := cookiejar.New(nil)
	cc := &consoleClient{t: t, base: td.base, hc: &http.Client{Jar: jar}}
	if code, _, path := cc.get("/ui/"); code != 200 || path != "/ui/" {
		t.Fatalf("open console: %d at %s", code, path)
	}
	good := string(jobYAML("open", "127.0.0.1:1", "schedule: {cron: \"0 0 1 1 *\"}\n"))
	if code, _, _ := cc.post("/ui/submit", url.Values{"yaml": {good}}); code != http.StatusForbidden {
		t.Errorf("a form without the token: %d, want 403", code)
	}
	if code, _, path := cc.post("/ui/submit", url.Values{"csrf": {cc.csrf("/ui/submit")}, "yaml": {good}}); code != 200 || path != "/ui/jobs/open" {
		t.Errorf("submit: %d at %s", code, path)
	}
}
