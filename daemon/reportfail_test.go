package daemon

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit/sqlitefault"
	"github.com/sharc-archive/sharc/store"
)

// TestReportFailureAlerts: a capture that finishes but whose quality
// report the store refuses leaves the job idle with an alert naming the
// failed report (and sharc_job_alert{kind="error"} set), its capture
// finished and without a report. Before, the failure was only logged
// and the job looked like any finished one.
func TestReportFailureAlerts(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(5, 0, &hits))
	defer srv.Close()
	path := filepath.Join(t.TempDir(), "sharc.db")
	sqlitefault.Refuse(t, path, "report_pages", "1")
	td := startDaemonOpts(t, "sqlite:"+path, Options{}, nil)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("noreport", strings.TrimPrefix(srv.URL, "http://"), ""), "noreport.yaml"); err != nil {
		t.Fatal(err)
	}
	info := waitAlert(t, td, "noreport", 30*time.Second)
	if info.State != stateIdle || !strings.Contains(info.Alert, "quality report failed") {
		t.Fatalf("job state %q, alert %q; want idle with the failed report", info.State, info.Alert)
	}
	caps, err := td.client.Captures(ctx, "noreport")
	if err != nil || len(caps) != 1 || caps[0].Status != store.CaptureStatusFinished || caps[0].HasReport {
		t.Fatalf("captures: %+v, %v; want one finished, without a report", caps, err)
	}
	if got := getMetrics(t, td).value(t, `sharc_job_alert{job="noreport",kind="error"}`); got != 1 {
		t.Errorf(`sharc_job_alert{kind="error"} = %v, want 1`, got)
	}
}
