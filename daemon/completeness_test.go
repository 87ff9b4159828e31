package daemon

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// TestIncompleteCaptureSaysSo is issue 28 row 1: a visit-revisit capture
// stopped by scope.max_pages is "incomplete (max_pages)" in the API, the
// report's JSON and HTML and the console, and the report counts the pages
// downloaded twice, once and never from the records instead of saying
// that every page was downloaded twice. At f1d4fba the report said
// "capture_status: finished", "Every page was downloaded twice" and
// nothing said the capture was incomplete.
func TestIncompleteCaptureSaysSo(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(60, 0, &hits))
	defer srv.Close()
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	extra := "scheduler: {strategy: bfs-lifo}\ncapture: {mode: visit-revisit, estimated_size: 60}\nscope: {max_pages: 20}\n"
	if _, err := td.client.Submit(ctx, jobYAML("limited", strings.TrimPrefix(srv.URL, "http://"), extra), "limited.yaml"); err != nil {
		t.Fatal(err)
	}
	waitState(t, td.client, "limited", stateIdle, 30*time.Second)
	caps, err := td.client.Captures(ctx, "limited")
	if err != nil || len(caps) != 1 {
		t.Fatalf("captures %+v %v", caps, err)
	}
	c := caps[0]
	if c.Completeness != store.Incomplete || c.StopReason != "max_pages" {
		t.Errorf("API: completeness %q, stop reason %q; want incomplete, max_pages", c.Completeness, c.StopReason)
	}
	id := itoa(c.ID)

	code, b := apiCall(t, td, testToken, "GET", "/api/v1/captures/"+id+"/report?format=json", "", nil)
	var rep struct {
		Completeness string `json:"completeness"`
		StopReason   string `json:"stop_reason"`
		Totals       struct {
			Pages     int `json:"pages"`
			Downloads struct{ Twice, Once, Never int }
		} `json:"totals"`
	}
	if code != 200 || json.Unmarshal(b, &rep) != nil {
		t.Fatalf("report: %d %.300s", code, b)
	}
	d := rep.Totals.Downloads
	if rep.Completeness != "incomplete" || rep.StopReason != "max_pages" || d.Twice+d.Once+d.Never != rep.Totals.Pages || d.Twice == rep.Totals.Pages {
		t.Errorf("report JSON: %q %q, pages %d, downloads %+v", rep.Completeness, rep.StopReason, rep.Totals.Pages, d)
	}

	code, html := apiCall(t, td, testToken, "GET", "/api/v1/captures/"+id+"/report?format=html", "", nil)
	page := string(html)
	if code != 200 || !strings.Contains(page, "This capture is incomplete: it reached its page limit (scope.max_pages)") ||
		strings.Contains(page, "Every page was downloaded twice") {
		t.Errorf("report HTML (%d) does not say the capture is incomplete, or claims every page twice", code)
	}

	_, body, _ := loginConsole(t, td).get("/ui/captures/" + id)
	if !strings.Contains(body, "This capture is <strong>incomplete</strong>: it stopped at max_pages") {
		t.Errorf("the console's capture page does not say incomplete:\n%.2000s", body)
	}
}
