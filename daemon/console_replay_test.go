package daemon

import (
	"context"
	"encoding/json"
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

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
)

// foreignSite is a small site of another archive: /f/0 links to /f/1.
func foreignSite() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			io.WriteString(w, "User-agent: *\nAllow: /\n")
		case "/f/0", "/f/1":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, `<html><body><h1>foreign page %s</h1><a href="/f/1">next</a></body></html>`, strings.TrimPrefix(r.URL.Path, "/f/"))
		default:
			http.NotFound(w, r)
		}
	})
}

// cancelledCapture runs job name on site until it fetched more than
// after pages, cancels it and returns the cancelled capture's ID.
func cancelledCapture(t *testing.T, td *testDaemon, name string, hits *atomic.Int64, after int64, start func()) int64 {
	t.Helper()
	ctx := context.Background()
	from := hits.Load()
	start()
	testkit.WaitFor(t, 30*time.Second, "pages fetched", func() bool { return hits.Load()-from > after })
	if _, err := td.client.Action(ctx, name, "cancel"); err != nil {
		t.Fatal(err)
	}
	info := waitState(t, td.client, name, stateIdle, 30*time.Second)
	c, err := td.d.st.Capture(ctx, info.LastRun.Capture)
	if err != nil || c.Status != store.CaptureStatusCancelled {
		t.Fatalf("capture %+v %v: want cancelled", c, err)
	}
	return c.ID
}

// waitReplayed waits until the console page's replay frame shows a page
// whose text starts with prefix, and returns the text.
func (bs *browserSession) waitReplayed(td *testDaemon, prefix string) string {
	bs.t.Helper()
	var got string
	deadline := time.Now().Add(60 * time.Second)
	for got = bs.frameText("http://" + td.d.ReplayAddr()); !strings.HasPrefix(got, prefix); got = bs.frameText("http://" + td.d.ReplayAddr()) {
		if time.Now().After(deadline) {
			bs.shot("replay-timeout")
			bs.t.Fatalf("timed out waiting for a replayed page starting %q (last %q)", prefix, got)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return got
}

// TestConsoleReplayBrowser is issue 29's replay flows in headless
// chromium: a cancelled capture (no finished WACZ) replays; a WACZ made
// by another daemon is uploaded through the console's form, shown
// verified, and replays; the job's two captures replay as one collection
// with a time line of dates. Every request the pages made went to the
// daemon or its replay origin.
func TestConsoleReplayBrowser(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(300, 20*time.Millisecond, &hits))
	defer srv.Close()
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	first := cancelledCapture(t, td, "cut", &hits, 12, func() {
		if _, err := td.client.Submit(ctx, jobYAML("cut", strings.TrimPrefix(srv.URL, "http://"), ""), "cut.yaml"); err != nil {
			t.Fatal(err)
		}
	})
	bs := newBrowserSession(t, td.base)
	bs.login(testToken)

	// 1. The cancelled capture replays; its time is a date.
	id := itoa(first)
	bs.text("/ui/captures/" + id + "/replay?" + url.Values{"url": {"http://site.test/p/0"}}.Encode())
	bs.replayFrame(td)
	if got := bs.waitReplayed(td, "page 0"); !strings.Contains(got, "page 0") {
		t.Errorf("replayed %q", got)
	}
	bs.shot("replay-cancelled")

	// 2. A WACZ made elsewhere (another daemon's capture of another site)
	// is uploaded with the form, verified, and replays.
	fsrv := httptest.NewServer(foreignSite())
	defer fsrv.Close()
	other := startDaemonOpts(t, sqliteDSN(t), Options{}, nil)
	if _, err := other.client.Submit(ctx, []byte(fmt.Sprintf(`name: elsewhere
seeds: [http://foreign.test/f/0]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
politeness: {delay: 5ms, delay_factor: 0}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
resolve: {foreign.test: %s}
`, strings.TrimPrefix(fsrv.URL, "http://"))), "elsewhere.yaml"); err != nil {
		t.Fatal(err)
	}
	oinfo := waitState(t, other.client, "elsewhere", stateIdle, 30*time.Second)
	pkgPath := filepath.Join(t.TempDir(), "elsewhere.wacz")
	pkg, err := os.Create(pkgPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := other.client.Get(ctx, "/api/v1/captures/"+itoa(oinfo.LastRun.Capture)+"/wacz", pkg); err != nil {
		t.Fatal(err)
	}
	pkg.Close()
	bs.text("/ui/uploads")
	bs.need(`form.upload input[type=file]`)
	bs.run(chromedp.SetUploadFiles(`form.upload input[type=file]`, []string{pkgPath}))
	bs.submit(`form.upload`)
	bs.waitText("the upload listed", func(s string) bool { return strings.Contains(s, "elsewhere.wacz") && strings.Contains(s, "verified:") })
	bs.shot("uploads")
	ups, err := td.d.Uploads()
	if err != nil || len(ups) != 1 || !ups[0].Verify.OK {
		t.Fatalf("uploads %+v %v", ups, err)
	}
	bs.text("/ui/uploads/" + ups[0].ID + "/replay?" + url.Values{"url": {"http://foreign.test/f/0"}}.Encode())
	frame := bs.replayFrame(td)
	bs.waitReplayed(td, "foreign page 0")
	if v := bs.eval(`document.getElementById('upload-verify').textContent`); !strings.Contains(v, "every hash") {
		t.Errorf("verification shown: %q", v)
	}
	bs.shot("replay-upload")
	// Its bytes: on the replay origin only, as a zip nobody sniffs.
	fu, _ := url.Parse(frame)
	resp, err := http.Get(fu.Scheme + "://" + fu.Host + strings.TrimSuffix(fu.Path, "/") + "/upload.wacz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/zip" || resp.Header.Get("X-Content-Type-Options") != "nosniff" || resp.ContentLength <= 0 {
		t.Errorf("upload.wacz on the replay origin: %d %v", resp.StatusCode, resp.Header)
	}

	// 3. A second capture; the job's captures replay together, with a
	// time line of their dates.
	second := cancelledCapture(t, td, "cut", &hits, 12, func() {
		if _, err := td.client.Action(ctx, "cut", "resume"); err != nil {
			t.Fatal(err)
		}
	})
	if second == first {
		t.Fatal("no second capture")
	}
	bs.text("/ui/jobs/cut/replay?" + url.Values{"url": {"http://site.test/p/0"}}.Encode())
	frame = bs.replayFrame(td)
	if n := bs.eval(`String(document.querySelectorAll('#timeline li').length)`); n != "2" {
		t.Errorf("time line of %s captures, want 2", n)
	}
	for _, cid := range []int64{first, second} {
		c, err := td.d.st.Capture(ctx, cid)
		if err != nil {
			t.Fatal(err)
		}
		if when := c.Started.UTC().Format("2006-01-02 15:04:05 UTC"); !strings.Contains(bs.eval(`document.getElementById('timeline').textContent`), when) {
			t.Errorf("the time line lacks capture %d's date %s", cid, when)
		}
	}
	bs.waitReplayed(td, "page 0")
	bs.shot("replay-collection")
	fu, _ = url.Parse(frame)
	resp, err = http.Get(fu.Scheme + "://" + fu.Host + strings.TrimSuffix(fu.Path, "/") + "/collection.json")
	if err != nil {
		t.Fatal(err)
	}
	var coll struct {
		Resources []collectionMember `json:"resources"`
	}
	err = json.NewDecoder(resp.Body).Decode(&coll)
	resp.Body.Close()
	if err != nil || len(coll.Resources) != 2 || coll.Resources[0].Path != "c/"+itoa(first)+".wacz" {
		t.Errorf("collection.json: %+v %v", coll, err)
	}
	bs.onlyDaemon(td.d.ReplayAddr())
}

// collectionMember is a resource of the replay origin's collection.json.
type collectionMember struct{ Name, Path string }
