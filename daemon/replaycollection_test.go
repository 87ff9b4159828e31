package daemon

import (
	"context"
	"encoding/hex"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/warc"
)

// TestReplayOriginSubjects: a job collection's capability opens its
// collection.json and the package of each of the job's captures
// (c/ID.wacz), not another job's capture, not capture.wacz or
// upload.wacz; a capture's capability opens no collection member; a job
// capability's MAC does not open another job.
func TestReplayOriginSubjects(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(5, 0, &hits))
	defer srv.Close()
	td := startDaemonOpts(t, storeDSN(t), Options{}, nil)
	ctx := context.Background()
	ids := map[string]string{}
	for _, name := range []string{"ja", "jb"} {
		if _, err := td.client.Submit(ctx, jobYAML(name, strings.TrimPrefix(srv.URL, "http://"), ""), name+".yaml"); err != nil {
			t.Fatal(err)
		}
		info := waitState(t, td.client, name, stateIdle, 30*time.Second)
		ids[name] = itoa(info.LastRun.Capture)
	}
	cc := loginConsole(t, td)
	frameOf := func(path string) (origin, capPath, capability string) {
		t.Helper()
		_, body, _ := cc.get(path)
		m := iframeSrc.FindStringSubmatch(body)
		if m == nil {
			t.Fatalf("%s: no replay frame:\n%.1500s", path, body)
		}
		frame := html.UnescapeString(m[1])
		origin = "http://" + td.d.ReplayAddr()
		capPath = strings.SplitN(strings.TrimPrefix(frame, origin), "?", 2)[0]
		return origin, capPath, strings.Split(strings.Trim(capPath, "/"), "/")[1]
	}
	origin, jobPath, jobCap := frameOf("/ui/jobs/ja/replay")
	_, capPath, _ := frameOf("/ui/captures/" + ids["ja"] + "/replay")
	if !strings.HasPrefix(jobCap, "j"+hex.EncodeToString([]byte("ja"))+".") {
		t.Errorf("job capability %q", jobCap)
	}
	fields := strings.Split(jobCap, ".")
	get := func(u string) (int, string) {
		t.Helper()
		resp, err := http.Get(u)
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
		{"embed page", origin + jobPath, 200, `source="` + jobPath + `collection.json"`},
		{"collection", origin + jobPath + "collection.json", 200, `"path":"c/` + ids["ja"] + `.wacz"`},
		{"its capture", origin + jobPath + "c/" + ids["ja"] + ".wacz", 200, "PK"},
		{"another job's capture", origin + jobPath + "c/" + ids["jb"] + ".wacz", 404, ""},
		{"not a package", origin + jobPath + "c/" + ids["ja"] + ".json", 404, ""},
		{"capture.wacz of a job capability", origin + jobPath + "capture.wacz", 404, ""},
		{"upload.wacz of a job capability", origin + jobPath + "upload.wacz", 404, ""},
		{"a collection member of a capture capability", origin + capPath + "c/" + ids["ja"] + ".wacz", 404, ""},
		{"collection.json of a capture capability", origin + capPath + "collection.json", 404, ""},
		{"another job with this MAC", origin + "/r/j" + hex.EncodeToString([]byte("jb")) + "." + fields[1] + "." + fields[2] + "/collection.json", 403, "refused"},
		{"an upload ID with this MAC", origin + "/r/u0123456789abcdef." + fields[1] + "." + fields[2] + "/upload.wacz", 403, "refused"},
		{"not hex", origin + "/r/jzz." + fields[1] + "." + fields[2] + "/collection.json", 403, "refused"},
	} {
		code, got := get(tt.url)
		if code != tt.code || !strings.Contains(got, tt.has) {
			t.Errorf("%s: GET %s: %d %.200q, want %d with %q", tt.name, tt.url, code, got, tt.code, tt.has)
		}
	}
	if _, body, _ := cc.get("/ui/jobs/ja/replay"); strings.Contains(body, ids["jb"]+"/replay") {
		t.Error("job ja's time line lists job jb's capture")
	}
}

// TestReplayRunningCapture (issue 29): headless chromium replays a page
// of a running capture, from the package of the records it has committed
// so far, while the slow site keeps it running; the page says what the
// replay shows. Every request went to the daemon or its replay origin.
func TestReplayRunningCapture(t *testing.T) {
	clock := &stepClock{}
	td := startDaemonOpts(t, sqliteDSN(t), Options{Now: clock.now}, nil)
	// Slow and large: the capture runs for minutes, far past the test.
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(5000, 100*time.Millisecond, &hits))
	defer srv.Close()
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("live", strings.TrimPrefix(srv.URL, "http://"), ""), "live.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "live to run", func() bool {
		st, err := td.client.Status(ctx, "live")
		return err == nil && st.State == stateRunning && st.Fetched > 0
	})
	caps, err := td.client.Captures(ctx, "live")
	if err != nil || len(caps) != 1 {
		t.Fatalf("captures %+v %v", caps, err)
	}
	id := caps[0].ID
	testkit.WaitFor(t, 30*time.Second, "the seed's record committed", func() bool {
		recs, err := td.d.st.Records(ctx, id)
		if err != nil {
			return false
		}
		for _, r := range recs {
			if r.URL == "http://site.test/p/0" && r.RecordType == warc.Response {
				return true
			}
		}
		return false
	})
	bs := newBrowserSession(t, td.base)
	bs.login(testToken)
	body := bs.text("/ui/captures/" + itoa(id) + "/replay?" + url.Values{"url": {"http://site.test/p/0"}}.Encode())
	if !strings.Contains(body, "This capture is running") {
		t.Errorf("the page does not say the capture is running:\n%.1500s", body)
	}
	frame1 := bs.replayFrame(td)
	if got := bs.waitReplayed(td, "page 0"); !strings.Contains(got, "page 0") {
		t.Errorf("replayed %q", got)
	}
	bs.shot("replay-running")

	// A page committed after that package was built replays once the
	// package is snapshotEvery old: the browser does not keep the older
	// package's index.
	responses := func() map[string]bool {
		recs, err := td.d.st.Records(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, r := range recs {
			if r.RecordType == warc.Response {
				out[r.URL] = true
			}
		}
		return out
	}
	before := responses()
	var later string
	testkit.WaitFor(t, 30*time.Second, "a page committed after the package", func() bool {
		for u := range responses() {
			if !before[u] && strings.HasPrefix(u, "http://site.test/p/") {
				later = u
				return true
			}
		}
		return false
	})
	clock.advance(snapshotEvery)
	bs.text("/ui/captures/" + itoa(id) + "/replay?" + url.Values{"url": {later}}.Encode())
	frame2 := bs.replayFrame(td)
	// The frames name their packages (?v=, the API's ETag): ReplayWeb.page
	// keeps a source's index, so the newer package has another source.
	v1, v2 := frameParam(t, frame1, "v"), frameParam(t, frame2, "v")
	if v1 == "" || v2 == "" || v1 == v2 {
		t.Errorf("frames %s and %s: want two package keys", frame1, frame2)
	}
	want := "page " + strings.TrimPrefix(later, "http://site.test/p/")
	if got := bs.waitReplayed(td, want); !strings.HasPrefix(got, want) {
		t.Errorf("replayed %q, want %q", got, want)
	}
	if n := td.d.snapshots.built.Load(); n != 2 {
		t.Errorf("packages built %d, want 2", n)
	}
	if st, err := td.client.Status(ctx, "live"); err != nil || st.State != stateRunning {
		t.Errorf("the capture is no longer running (%+v, %v): the test replayed something else", st, err)
	}
	bs.onlyDaemon(td.d.ReplayAddr())
	if _, err := td.client.Action(ctx, "live", "cancel"); err != nil {
		t.Fatal(err)
	}
}

// frameParam returns query parameter k of frame URL u.
func frameParam(t *testing.T, u, k string) string {
	t.Helper()
	pu, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	return pu.Query().Get(k)
}
