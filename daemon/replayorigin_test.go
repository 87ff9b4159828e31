package daemon

import (
	"context"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/sharc-archive/sharc/daemon/console"
	"github.com/sharc-archive/sharc/internal/testkit"
)

var probeOutcome = regexp.MustCompile(`outcome: (status \d+ (no-console|console-read)|refused TypeError[^;]*?)`)

var iframeSrc = regexp.MustCompile(`<iframe class="replay"[^>]* src="([^"]+)"`)

// TestReplayOrigin checks the replay origin's capabilities over HTTP: the
// console's replay page frames the daemon's second listener with a
// capability that opens the embed page, ui.js, sw.js and the WACZ of its
// capture only; a forged one, one turned to another capture, a malformed
// one and an expired one (the daemon's clock moved past the hour) are
// refused with 403; two replay pages opened together share a
// capability; the replay origin serves no API and no console page;
// the console's origin no longer serves ReplayWeb.page's code.
func TestReplayOrigin(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(5, 0, &hits))
	defer srv.Close()
	var skew atomic.Int64 // the daemon's clock runs skew ahead: from the middle of a CapabilityStep
	start := time.Now()
	skew.Store(int64(console.CapabilityStep/2 - start.Sub(start.Truncate(console.CapabilityStep))))
	td := startDaemonOpts(t, storeDSN(t), Options{Now: func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }}, nil)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("replayorigin", strings.TrimPrefix(srv.URL, "http://"), ""), "r.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "the capture to finish with its report", func() bool {
		caps, err := td.client.Captures(ctx, "replayorigin")
		return err == nil && len(caps) == 1 && caps[0].HasReport
	})
	cc := loginConsole(t, td)
	_, body, _ := cc.get("/ui/captures/1/replay?url=http%3A%2F%2Fsite.test%2Fp%2F1")
	m := iframeSrc.FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no replay frame:\n%.1500s", body)
	}
	frame := html.UnescapeString(m[1])
	origin := "http://" + td.d.ReplayAddr()
	if !strings.HasPrefix(frame, origin+"/r/1.") {
		t.Fatalf("frame %q, want the replay origin %s with capture 1's capability", frame, origin)
	}
	_, again, _ := cc.get("/ui/captures/1/replay?url=http%3A%2F%2Fsite.test%2Fp%2F0")
	if m2 := iframeSrc.FindStringSubmatch(again); m2 == nil || strings.SplitN(html.UnescapeString(m2[1]), "?", 2)[0] != strings.SplitN(frame, "?", 2)[0] {
		t.Errorf("a second replay page at once frames %v, not the same capability as %s", m2, frame)
	}
	capPath := strings.SplitN(strings.TrimPrefix(frame, origin), "?", 2)[0] // /r/CAP/
	parts := strings.Split(strings.Trim(capPath, "/"), "/")
	capability := parts[1]
	fields := strings.Split(capability, ".")
	flip := func(s string) string { // the MAC's last digit changed
		last := s[len(s)-1]
		if last == '0' {
			return s[:len(s)-1] + "1"
		}
		return s[:len(s)-1] + "0"
	}
	plain := &http.Client{} // no cookie: the capability alone opens the replay
	get := func(u string) (int, string) {
		t.Helper()
		resp, err := plain.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		return resp.StatusCode, string(b)
	}
	for _, tt := range []struct {
		name, url string
		code      int
		has       string
	}{
		{"embed page", frame, 200, `<replay-web-page source="/r/` + capability + `/capture.wacz`}, // ?v= when a snapshot package
		{"ui.js", origin + capPath + "rwp/ui.js", 200, ""},
		{"sw.js", origin + capPath + "rwp/sw.js", 200, ""},
		{"sw.js outside rwp/", origin + capPath + "sw.js", 404, ""},
		{"the worker's index page", origin + capPath + "rwp/?source=x", 200, "<replay-app-main>"},
		{"the WACZ inside rwp/", origin + capPath + "rwp/capture.wacz", 404, ""},
		{"the WACZ", origin + capPath + "capture.wacz", 200, "PK"},
		{"another file", origin + capPath + "job.yaml", 404, ""},
		{"forged MAC", origin + "/r/" + fields[0] + "." + fields[1] + "." + flip(fields[2]) + "/capture.wacz", 403, "refused"},
		{"another capture", origin + "/r/2." + fields[1] + "." + fields[2] + "/capture.wacz", 403, "refused"},
		{"later expiry", origin + "/r/1." + fields[1] + "9." + fields[2] + "/capture.wacz", 403, "refused"},
		{"malformed", origin + "/r/1.x/capture.wacz", 403, "refused"},
		{"the API token is no capability", origin + "/r/" + testToken + "/capture.wacz", 403, "refused"},
		{"no API on the replay origin", origin + "/api/v1/jobs", 404, ""},
		{"no console on the replay origin", origin + "/ui/", 404, ""},
		{"no code on the console's origin", td.base + "/ui/replay/sw.js", 404, ""},
		{"the licence stays on the console's origin", td.base + "/ui/replay/LICENSE", 200, "AFFERO"},
	} {
		code, got := get(tt.url)
		if code != tt.code || !strings.Contains(got, tt.has) {
			t.Errorf("%s: GET %s: %d %.200q, want %d with %q", tt.name, tt.url, code, got, tt.code, tt.has)
		}
	}
	// Past its expiry (at most CapabilityTTL + CapabilityStep away) the
	// capability is refused; the console mints a new one.
	skew.Add(int64(console.CapabilityTTL + console.CapabilityStep + time.Second))
	if code, _ := get(origin + capPath + "capture.wacz"); code != http.StatusForbidden {
		t.Errorf("an expired capability: %d, want 403", code)
	}
	_, body, _ = cc.get("/ui/captures/1/replay?url=http%3A%2F%2Fsite.test%2Fp%2F1")
	if m := iframeSrc.FindStringSubmatch(body); m == nil {
		t.Error("no fresh frame")
	} else if code, _ := get(html.UnescapeString(m[1])); code != 200 {
		t.Errorf("a fresh capability after the hour: %d", code)
	}
}

// TestReplayedScriptCannotReadConsole archives a page whose script tries
// to read the console (fetch of the console's /ui/ with credentials) and
// writes the outcome into its DOM; replayed in Chromium, logged in to the
// console, the outcome shows the console's page was not read.
func TestReplayedScriptCannotReadConsole(t *testing.T) {
	if _, err := os.Stat("console/replay/ui.js"); err != nil {
		t.Fatal("daemon/console/replay/ui.js is committed: every build replays")
	}
	var consoleBase atomic.Value
	consoleBase.Store("")
	site := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/p/0" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<html><body><h1>probe</h1><p id="out">pending</p><script>
fetch(%q, {credentials: 'include'}).then(function (r) { return r.text().then(function (t) {
  return 'status ' + r.status + (t.indexOf('Log out') >= 0 ? ' console-read' : ' no-console'); }); },
  function (e) { return 'refused ' + e; }).then(function (o) { document.getElementById('out').textContent = 'outcome: ' + o; });
</script></body></html>`, consoleBase.Load().(string)+"/ui/")
	})
	srv := httptest.NewServer(site)
	defer srv.Close()
	td := startDaemon(t, storeDSN(t), 1)
	consoleBase.Store(td.base)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("probe", strings.TrimPrefix(srv.URL, "http://"), ""), "probe.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "the capture to finish", func() bool {
		caps, err := td.client.Captures(ctx, "probe")
		return err == nil && len(caps) == 1 && caps[0].Status == "finished"
	})
	bs := newBrowserSession(t, td.base)
	bs.text("/")
	bs.run(chromedp.SendKeys(`input[name=token]`, testToken), chromedp.Submit(`form.login`))
	bs.waitText("the jobs page after logging in", func(s string) bool { return strings.HasPrefix(s, "/ui/\n") })
	bs.text("/ui/captures/1/replay?url=" + url.QueryEscape("http://site.test/p/0"))
	bs.replayFrame(td) // the console frames the replay origin
	var got string
	testkit.WaitFor(t, 60*time.Second, "the probe's outcome in the console's replay frame", func() bool {
		got = bs.frameText("http://" + td.d.ReplayAddr())
		return probeOutcome.MatchString(got) // the script's own text does not match
	})
	// ReplayWeb.page's rewriting sends the fetch into the archive (a 404);
	// unrewritten, it would be cross-origin and refused (the direct fetch
	// of TestConsoleBrowserFlow's replay check). Either way: not read.
	outcome := probeOutcome.FindString(got)
	if outcome == "" || strings.Contains(outcome, "console-read") {
		t.Errorf("the replayed script read the console, or gave no outcome: %q", got)
	}
	t.Logf("replayed probe: %s", outcome)
	bs.onlyDaemon(td.d.ReplayAddr())
}
