package daemon

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
)

// TestSnapshotWACZServedWithRanges: a cancelled capture (no finished
// WACZ) is served with Content-Length and answers Range requests (206,
// Content-Range of the whole size), which ReplayWeb.page needs; eight
// concurrent range reads build its package once, to a file beside the
// WARCs; the ranges put together are the whole package, which verifies.
func TestSnapshotWACZServedWithRanges(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(400, 10*time.Millisecond, &hits))
	defer srv.Close()
	td := startDaemonOpts(t, sqliteDSN(t), Options{}, nil)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("cut", strings.TrimPrefix(srv.URL, "http://"), ""), "cut.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 30*time.Second, "pages fetched", func() bool { return hits.Load() > 15 })
	if _, err := td.client.Action(ctx, "cut", "cancel"); err != nil {
		t.Fatal(err)
	}
	info := waitState(t, td.client, "cut", stateIdle, 30*time.Second)
	if info.LastRun == nil {
		t.Fatal("no last run")
	}
	id := info.LastRun.Capture
	c, err := td.d.st.Capture(ctx, id)
	if err != nil || c.Status != store.CaptureStatusCancelled {
		t.Fatalf("capture %+v %v: want cancelled", c, err)
	}
	get := func(rng string) (*http.Response, []byte) {
		req, _ := http.NewRequest("GET", td.base+"/api/v1/captures/"+itoa(id)+"/wacz", nil)
		req.Header.Set("Authorization", "Bearer "+testToken)
		if rng != "" {
			req.Header.Set("Range", rng)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Error(err)
			return nil, nil
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Error(err)
		}
		return resp, b
	}
	const parts = 8
	chunks := make([][]byte, parts)
	totals := make([]string, parts)
	// The size first (ReplayWeb.page asks a range to learn it).
	resp, head := get("bytes=0-99")
	if resp == nil || resp.StatusCode != http.StatusPartialContent || len(head) != 100 {
		t.Fatalf("first range: %v, %d bytes", resp, len(head))
	}
	_, total, _ := strings.Cut(resp.Header.Get("Content-Range"), "/")
	size, err := strconv.Atoi(total)
	if err != nil || size < 1000 {
		t.Fatalf("Content-Range %q", resp.Header.Get("Content-Range"))
	}
	var wg sync.WaitGroup
	step := (size + parts - 1) / parts
	for i := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			from, to := i*step, min((i+1)*step, size)-1
			resp, b := get(fmt.Sprintf("bytes=%d-%d", from, to))
			if resp == nil || resp.StatusCode != http.StatusPartialContent || len(b) != to-from+1 {
				t.Errorf("range %d-%d: %v, %d bytes", from, to, resp, len(b))
				return
			}
			chunks[i] = b
			_, totals[i], _ = strings.Cut(resp.Header.Get("Content-Range"), "/")
		}()
	}
	wg.Wait()
	if n := td.d.snapshots.built.Load(); n != 1 {
		t.Errorf("package built %d times, want once", n)
	}
	whole := bytes.Join(chunks, nil)
	for i, tot := range totals {
		if tot != total {
			t.Errorf("range %d: total %s, first %s", i, tot, total)
		}
	}
	resp, full := get("")
	if resp == nil || resp.StatusCode != 200 || resp.Header.Get("Content-Length") != total || !bytes.Equal(full, whole) {
		t.Fatalf("full GET: %v, Content-Length %q; equal to the ranges: %v", resp, resp.Header.Get("Content-Length"), bytes.Equal(full, whole))
	}
	rep, err := wacz.Verify(bytes.NewReader(whole), int64(len(whole)))
	if err != nil || !rep.OK() || rep.Records == 0 {
		t.Fatalf("the package does not verify: %v %+v", err, rep.Problems)
	}
	_, js, err := td.d.capture(ctx, itoa(id))
	if err != nil {
		t.Fatal(err)
	}
	dir := td.d.warcDir(js, c)
	m, _ := filepath.Glob(filepath.Join(dir, "cut-"+itoa(id)+".snapshot-*.wacz"))
	if len(m) != 1 {
		t.Fatalf("snapshot files %v: want one", m)
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp")); len(tmp) != 0 {
		t.Errorf("temporary files left: %v", tmp)
	}

	// Another state (as once reported, or resumed): another key, a new
	// build, and the earlier file removed.
	c.StopReason += "-changed"
	path, err := td.d.snapshotWACZ(ctx, "cut", c, dir)
	if err != nil {
		t.Fatal(err)
	}
	if path == m[0] || td.d.snapshots.built.Load() != 2 {
		t.Errorf("changed capture served %s (was %s), builds %d", path, m[0], td.d.snapshots.built.Load())
	}
	if _, err := os.Stat(m[0]); !os.IsNotExist(err) {
		t.Errorf("earlier snapshot %s still there: %v", m[0], err)
	}
}
