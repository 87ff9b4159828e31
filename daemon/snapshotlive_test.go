package daemon

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
)

// stepClock is a clock the test moves forward by hand: time.Now plus an
// offset, so the daemon's other timers run as usual.
type stepClock struct{ off atomic.Int64 }

func (c *stepClock) now() time.Time          { return time.Now().Add(time.Duration(c.off.Load())) }
func (c *stepClock) advance(d time.Duration) { c.off.Add(int64(d)) }

// getWACZBytes GETs capture id's WACZ from the API.
func getWACZBytes(t *testing.T, td *testDaemon, id int64) (int, []byte, http.Header) {
	t.Helper()
	return getWACZQuery(t, td, id, "")
}

// getWACZQuery is getWACZBytes with a query (?snapshot=).
func getWACZQuery(t *testing.T, td *testDaemon, id int64, query string) (int, []byte, http.Header) {
	t.Helper()
	req, _ := http.NewRequest("GET", td.base+"/api/v1/captures/"+itoa(id)+"/wacz"+query, nil)
	req.Header.Set("Authorization", "Bearer "+testToken)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b, resp.Header
}

// verifyWACZ checks a package with wacz.Verify and, when Node.js and
// tests/js are installed (make js), with webrecorder's warcio
// (tests/js/read-wacz.mjs), which reads every WARC record and index line;
// it returns the number of WARC records.
func verifyWACZ(t *testing.T, b []byte) int {
	t.Helper()
	rep, err := wacz.Verify(bytes.NewReader(b), int64(len(b)))
	if err != nil || !rep.OK() || rep.Records == 0 {
		t.Fatalf("the package does not verify: %v %+v", err, rep.Problems)
	}
	node, err := exec.LookPath("node")
	_, self, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(self), "..", "tests", "js")
	if _, serr := os.Stat(filepath.Join(dir, "node_modules", "warcio")); err != nil || serr != nil {
		t.Log("warcio cross-check skipped: needs node and make js")
		return rep.Records
	}
	p := filepath.Join(t.TempDir(), "snap.wacz")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(node, filepath.Join(dir, "read-wacz.mjs"), p)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var res struct {
		Reader   string            `json:"reader"`
		Records  []json.RawMessage `json:"records"`
		CDXJ     []json.RawMessage `json:"cdxj"`
		Problems []string          `json:"problems"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil || runErr != nil || len(res.Problems) > 0 {
		t.Fatalf("warcio: %v %v problems %q\nstderr: %s", err, runErr, res.Problems, stderr.Bytes())
	}
	if res.Reader != "warcio" || len(res.Records) != rep.Records || len(res.CDXJ) == 0 {
		t.Fatalf("warcio read %d records (%s), %d index lines; Verify %d", len(res.Records), res.Reader, len(res.CDXJ), rep.Records)
	}
	return rep.Records
}

// TestSnapshotWACZRunningCapture (issue 29): a running capture's WACZ is
// the records committed so far, each whole, read back by Verify and by
// warcio while the slow site keeps the capture running; new records do
// not rebuild the package until it is snapshotEvery old (the daemon's
// injected clock), and then concurrent requests build it once.
func TestSnapshotWACZRunningCapture(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(5000, 30*time.Millisecond, &hits))
	defer srv.Close()
	clock := &stepClock{}
	td := startDaemonOpts(t, storeDSN(t), Options{Now: clock.now}, nil)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("live", strings.TrimPrefix(srv.URL, "http://"), ""), "live.yaml"); err != nil {
		t.Fatal(err)
	}
	var id int64
	testkit.WaitFor(t, 30*time.Second, "records committed", func() bool {
		caps, err := td.client.Captures(ctx, "live")
		if err != nil || len(caps) != 1 {
			return false
		}
		id = caps[0].ID
		ends, err := td.d.st.FileEnds(ctx, id)
		return err == nil && len(ends) > 0 && hits.Load() > 10
	})
	defer td.client.Action(ctx, "live", "cancel")
	running := func() {
		t.Helper()
		c, err := td.d.st.Capture(ctx, id)
		if err != nil || c.Status != store.CaptureStatusRunning {
			t.Fatalf("capture %d: %s %v; the test needs it running", id, c.Status, err)
		}
		_, js, err := td.d.capture(ctx, itoa(id))
		if err != nil {
			t.Fatal(err)
		}
		if m, _ := filepath.Glob(filepath.Join(td.d.warcDir(js, c), "*.warc.gz.open")); len(m) == 0 {
			t.Fatalf("no open WARC file: the test needs one")
		}
	}
	running()
	code, first, hdr := getWACZBytes(t, td, id)
	if code != 200 || hdr.Get("ETag") == "" {
		t.Fatalf("running capture's WACZ: %d %s", code, first)
	}
	n1 := verifyWACZ(t, first)
	running()

	// Records committed since: the same package, not built again.
	endsThen, _ := td.d.st.FileEnds(ctx, id)
	testkit.WaitFor(t, 30*time.Second, "more records committed", func() bool {
		ends, err := td.d.st.FileEnds(ctx, id)
		return err == nil && snapshotKey(store.Capture{}, ends) != snapshotKey(store.Capture{}, endsThen)
	})
	if code, again, _ := getWACZBytes(t, td, id); code != 200 || !bytes.Equal(again, first) || td.d.snapshots.built.Load() != 1 {
		t.Fatalf("within %v: %d, same package %v, builds %d", snapshotEvery, code, bytes.Equal(again, first), td.d.snapshots.built.Load())
	}

	// Once it is snapshotEvery old: a new package of more records, built
	// once for four concurrent requests.
	clock.advance(snapshotEvery)
	running()
	got := make([][]byte, 4)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("GET", td.base+"/api/v1/captures/"+itoa(id)+"/wacz", nil)
			req.Header.Set("Authorization", "Bearer "+testToken)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			got[i], _ = io.ReadAll(resp.Body)
		}()
	}
	wg.Wait()
	if n := td.d.snapshots.built.Load(); n != 2 {
		t.Errorf("builds %d, want 2", n)
	}
	for i := range got {
		if !bytes.Equal(got[i], got[0]) {
			t.Fatalf("concurrent requests got different packages")
		}
	}
	if bytes.Equal(got[0], first) {
		t.Fatal("the package was not built again")
	}
	if n2 := verifyWACZ(t, got[0]); n2 <= n1 {
		t.Errorf("second package has %d records, the first %d", n2, n1)
	}
	running()

	// A replay that loaded the first package reads it on by its ETag
	// (?snapshot=) while the next is the current one.
	etag1 := strings.Trim(hdr.Get("ETag"), `"`)
	if code, b, h := getWACZQuery(t, td, id, "?snapshot="+etag1); code != 200 || !bytes.Equal(b, first) || h.Get("ETag") != hdr.Get("ETag") {
		t.Errorf("?snapshot= of the first package: %d, the same bytes %v", code, bytes.Equal(b, first))
	}
	if code, b, _ := getWACZQuery(t, td, id, "?snapshot=../../x"); code != http.StatusBadRequest {
		t.Errorf("a bad snapshot key: %d %s", code, b)
	}
	// After a third build the first is gone: the current one is served.
	testkit.WaitFor(t, 30*time.Second, "more records committed", func() bool {
		ends, err := td.d.st.FileEnds(ctx, id)
		c, _ := td.d.st.Capture(ctx, id)
		_, js, _ := td.d.capture(ctx, itoa(id))
		m, _ := filepath.Glob(filepath.Join(td.d.warcDir(js, c), snapshotPrefix("live", id)+snapshotKey(c, ends)+".wacz"))
		return err == nil && len(m) == 0
	})
	clock.advance(snapshotEvery)
	code, third, _ := getWACZBytes(t, td, id)
	if code != 200 || td.d.snapshots.built.Load() != 3 {
		t.Fatalf("third build: %d, builds %d", code, td.d.snapshots.built.Load())
	}
	if code, b, _ := getWACZQuery(t, td, id, "?snapshot="+etag1); code != 200 || !bytes.Equal(b, third) {
		t.Errorf("?snapshot= of a removed package: %d, the current one %v", code, bytes.Equal(b, third))
	}
	running()
}

// TestSnapshotWACZNothingCommitted: a running capture with no record yet
// answers 409 saying so, and its replay page frames nothing.
func TestSnapshotWACZNothingCommitted(t *testing.T) {
	release := make(chan struct{})
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		<-release
		http.NotFound(w, r)
	}))
	defer srv.Close()
	defer close(release)
	td := startDaemonOpts(t, sqliteDSN(t), Options{}, nil)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("idle", strings.TrimPrefix(srv.URL, "http://"), ""), "idle.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "the site asked", func() bool { return hits.Load() > 0 })
	caps, err := td.client.Captures(ctx, "idle")
	if err != nil || len(caps) != 1 {
		t.Fatalf("captures %+v %v", caps, err)
	}
	code, body, _ := getWACZBytes(t, td, caps[0].ID)
	if code != http.StatusConflict || !strings.Contains(string(body), "committed no record yet") {
		t.Errorf("%d %s", code, body)
	}
	// The console's replay page says so and frames nothing.
	cc := loginConsole(t, td)
	if code, page, _ := cc.get("/ui/captures/" + itoa(caps[0].ID) + "/replay"); code != 200 || !strings.Contains(page, "has no package to replay yet") || iframeSrc.MatchString(page) {
		t.Errorf("replay page: %d\n%.1500s", code, page)
	}
}
