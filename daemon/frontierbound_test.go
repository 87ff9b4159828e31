package daemon

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/store"
)

// boundCapture stores a paused capture of job name (submitted, never run)
// holding big.test's URLs (the first 10 done, the rest queued),
// small.test's 3 queued URLs and other.test's one done URL, and returns
// its ID and big.test's queued URLs in discovery order.
func boundCapture(t *testing.T, td *testDaemon, name string, big int) (int64, []string) {
	t.Helper()
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML(name, "127.0.0.1:9", `schedule: "0 0 1 1 *"`+"\n"), name+".yaml"); err != nil {
		t.Fatal(err)
	}
	jr, err := td.d.st.JobByName(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	cp, _, err := td.d.st.OpenCapture(ctx, jr.ID, "bfs", "single-visit")
	if err != nil {
		t.Fatal(err)
	}
	if err := td.d.st.SetCaptureStatus(ctx, cp.ID, store.CaptureStatusPaused); err != nil {
		t.Fatal(err)
	}
	b := store.Batch{CaptureID: cp.ID}
	add := func(host string, seq int, state store.URLState) string {
		u := fmt.Sprintf("http://%s/%d", host, seq)
		b.Discovered = append(b.Discovered, store.FrontierURL{CaptureID: cp.ID, URL: u, SURT: fmt.Sprintf("test,%s)/%d", strings.TrimSuffix(host, ".test"), seq),
			Host: host, Seq: seq, ParentSeq: -1, HopPath: "L", Via: "http://" + host + "/", State: state})
		return u
	}
	var queued []string
	for seq := range big {
		if seq < 10 {
			add("big.test", seq, store.StateDone)
		} else {
			queued = append(queued, add("big.test", seq, store.StateQueued))
		}
	}
	for seq := range 3 {
		add("small.test", seq, store.StateQueued)
	}
	add("other.test", 0, store.StateDone)
	if err := td.d.st.Commit(ctx, b); err != nil {
		t.Fatal(err)
	}
	return cp.ID, queued
}

// TestStoredFrontierBound: GET …/frontier of a stopped capture lists only
// the asked host's queued URLs, in discovery order, at most limit and
// never more than maxFrontierURLs (limit 0 or larger is clamped) while
// queued counts them all; an unknown host is 404. POST's drop marks every
// match of a host whose queue spans several store pages, and no other
// host's URL.
func TestStoredFrontierBound(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	big := maxFrontierURLs + 60
	capID, queued := boundCapture(t, td, "bound", big)
	for _, tt := range []struct {
		limit, want int
	}{{5, 5}, {0, maxFrontierURLs}, {maxFrontierURLs * 100, maxFrontierURLs}, {maxFrontierURLs, maxFrontierURLs}} {
		fi, err := td.client.Frontier(ctx, "bound", "big.test", tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Live || fi.Capture != capID || fi.Queued != len(queued) || len(fi.URLs) != tt.want {
			t.Fatalf("limit %d: live %v, capture %d, %d queued, %d listed; want stored capture %d, %d queued, %d listed",
				tt.limit, fi.Live, fi.Capture, fi.Queued, len(fi.URLs), capID, len(queued), tt.want)
		}
		for i, u := range fi.URLs {
			if u.URL != queued[i] {
				t.Fatalf("limit %d: URL %d is %s, want %s", tt.limit, i, u.URL, queued[i])
			}
		}
	}
	fi, err := td.client.Frontier(ctx, "bound", "small.test", 0)
	if err != nil || fi.Queued != 3 || len(fi.URLs) != 3 || fi.URLs[2].URL != "http://small.test/2" {
		t.Fatalf("small.test: %+v, %v; want its 3 URLs", fi, err)
	}
	if fi, err := td.client.Frontier(ctx, "bound", "other.test", 0); err != nil || fi.Queued != 0 || len(fi.URLs) != 0 {
		t.Fatalf("other.test (nothing queued): %+v, %v", fi, err)
	}
	if _, err := td.client.Frontier(ctx, "bound", "unknown.test", 0); apiStatus(err) != http.StatusNotFound {
		t.Fatalf("unknown host: %v, want 404", err)
	}
	checkStoredDrop(t, td, queued)
}

// checkStoredDrop drops big.test's URLs ending in 7 through the API: all
// of them, over several store pages, and none of small.test's.
func checkStoredDrop(t *testing.T, td *testDaemon, queued []string) {
	t.Helper()
	ctx := context.Background()
	re := regexp.MustCompile(`7$`)
	var want []string
	for _, u := range queued {
		if re.MatchString(u) {
			want = append(want, u)
		}
	}
	fi, err := td.client.EditFrontier(ctx, "bound", "big.test", FrontierEdit{DropPattern: re.String()})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(fi.Dropped) != fmt.Sprint(want) || fi.Queued != len(queued)-len(want) || len(fi.URLs) != 100 {
		t.Fatalf("drop on big.test: %d dropped, %d queued, %d listed; want %d dropped, %d queued, 100 listed",
			len(fi.Dropped), fi.Queued, len(fi.URLs), len(want), len(queued)-len(want))
	}
	if fi, err := td.client.Frontier(ctx, "bound", "small.test", 0); err != nil || fi.Queued != 3 {
		t.Fatalf("small.test after big.test's drop: %+v, %v", fi, err)
	}
}

// TestGraphMLRefusesLargeCapture: GET …/graphml of a capture of more URLs
// than the daemon's budget is refused with the capture's URL count (the
// tree is counted before it is loaded, crawltree.BuildAtMost); at the
// budget it is served.
func TestGraphMLRefusesLargeCapture(t *testing.T) {
	td := startDaemonOpts(t, storeDSN(t), Options{GraphMaxURLs: 100}, nil)
	ctx := context.Background()
	capID, _ := boundCapture(t, td, "bound", 96) // 96 + 3 + 1 URLs
	path := "/api/v1/captures/" + strconv.FormatInt(capID, 10) + "/graphml"
	var out strings.Builder
	if err := td.client.Get(ctx, path, &out); err != nil || !strings.Contains(out.String(), "<graphml") {
		t.Fatalf("GraphML of 100 URLs: %v", err)
	}
	if err := td.d.st.Commit(ctx, store.Batch{CaptureID: capID, Discovered: []store.FrontierURL{{CaptureID: capID,
		URL: "http://one.test/", SURT: "test,one)/", Host: "one.test", ParentSeq: -1, State: store.StateQueued}}}); err != nil {
		t.Fatal(err)
	}
	err := td.client.Get(ctx, path, &out)
	want := fmt.Sprintf("capture %d has 101 URLs, more than 100", capID)
	if err == nil || !strings.Contains(err.Error(), want) || apiStatus(err) != http.StatusUnprocessableEntity {
		t.Fatalf("GraphML of 101 URLs: %v (status %d), want a 422 refusal saying %q", err, apiStatus(err), want)
	}
}
