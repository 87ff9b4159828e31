package daemon

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// TestScheduledRefreshJob: a job in capture.mode refresh is scheduled by
// the daemon like any capture. After one full capture of the job (run by
// the crawler directly on the daemon's store), the daemon's "every: 1m"
// schedule (clock 30× real time) runs two refresh cycles, each of which
// fetches at most its budget of pages and stores its metrics.
func TestScheduledRefreshJob(t *testing.T) {
	const budget = 5
	dsn := storeDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(30, time.Millisecond, &hits))
	defer srv.Close()
	site := strings.TrimPrefix(srv.URL, "http://")
	ctx := context.Background()

	reg := scheduler.NewRegistry()
	full, err := job.Parse(jobYAML("refresher", site, fmt.Sprintf("warc: {dir: %s}\n", filepath.Join(t.TempDir(), "warcs"))),
		"full.yaml", reg.Names(), reg.VisitRevisit)
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(ctx, dsn, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	stats, err := crawler.New(full, st, reg, zaptest.NewLogger(t), crawler.Options{}).Run(ctx)
	st.Close()
	if err != nil || stats.StopReason != "finished" || stats.Fetched < 30 {
		t.Fatalf("full capture: %+v, %v", stats, err)
	}

	td := startDaemon(t, dsn, 30)
	refreshYAML := jobYAML("refresher", site, fmt.Sprintf(
		"schedule: {every: 1m}\ncapture: {mode: refresh}\nrefresh: {budget: %d, policy: random, seed: 1}\n", budget))
	// The store knows the job from the full capture: the refresh job of
	// that name replaces it, asked for (the API answers 409 otherwise).
	if _, err := td.client.SubmitReplacing(ctx, refreshYAML, "refresher.yaml", true); err != nil {
		t.Fatal(err)
	}
	var caps []CaptureInfo
	testkit.WaitFor(t, 20*time.Second, "two finished refresh cycles", func() bool {
		caps, err = td.client.Captures(ctx, "refresher")
		n := 0
		for _, c := range caps {
			if c.Mode == job.ModeRefresh && c.Status == store.CaptureStatusFinished {
				n++
			}
		}
		return err == nil && n >= 2
	})
	cycles := 0
	for _, c := range caps {
		if c.Mode != job.ModeRefresh || c.Status != store.CaptureStatusFinished {
			continue
		}
		cycles++
		cyc, err := td.d.st.RefreshCycle(ctx, c.ID)
		if err != nil {
			t.Fatalf("capture %d: %v", c.ID, err)
		}
		// The repository is the 30 pages of the full capture (robots.txt
		// is not a page); every planned page answers 200, unchanged.
		if cyc.Budget != budget || cyc.Repository != 30 || cyc.Planned != budget || cyc.Downloads != budget || cyc.Changed != 0 {
			t.Errorf("capture %d: cycle %+v, want %d planned and downloaded of 30, none changed", c.ID, cyc, budget)
		}
		var api RefreshCycleInfo
		var body bytes.Buffer
		if err := td.client.Get(ctx, "/api/v1/captures/"+strconvFormat(c.ID)+"/refresh", &body); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(body.Bytes(), &api); err != nil || api.Planned != cyc.Planned || api.Downloads != cyc.Downloads ||
			api.Changed != cyc.Changed || api.Budget != cyc.Budget || api.Policy != cyc.Policy {
			t.Errorf("capture %d: API says %+v (%v), the store %+v", c.ID, api, err, cyc)
		}
		recs, err := td.d.st.Records(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		pages := map[string]bool{}
		for _, r := range recs {
			if r.RecordType == "response" && !strings.HasSuffix(r.URL, "/robots.txt") {
				t.Errorf("capture %d archived %s as a response: the site never changes", c.ID, r.URL)
			}
			if r.RecordType == "revisit" {
				pages[r.URL] = true
			}
		}
		if len(pages) != budget {
			t.Errorf("capture %d archived %d revisits, want %d", c.ID, len(pages), budget)
		}
	}
	if cycles < 2 {
		t.Fatalf("%d refresh cycles", cycles)
	}
	// The full capture is not a refresh cycle: it has no cycle metrics.
	var body bytes.Buffer
	if err := td.client.Get(ctx, "/api/v1/captures/"+strconvFormat(stats.CaptureID)+"/refresh", &body); apiStatus(err) != http.StatusNotFound {
		t.Errorf("refresh metrics of the full capture: %v, want 404", err)
	}
}
