package daemon

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/heritrix"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
	"go.uber.org/zap"
)

func waitState(t *testing.T, c *Client, name, state string, d time.Duration) JobInfo {
	t.Helper()
	var info JobInfo
	testkit.WaitFor(t, d, "job "+name+" "+state, func() bool {
		var err error
		info, err = c.Job(context.Background(), name)
		return err == nil && info.State == state
	})
	return info
}

// TestSubmitRunsToCompletion submits a job through the API, waits for its
// capture to finish, and downloads and verifies its WARC files and WACZ.
func TestSubmitRunsToCompletion(t *testing.T) {
	dsn := storeDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(40, 0, &hits))
	defer srv.Close()
	td := startDaemon(t, dsn, 1)
	ctx := context.Background()

	// An invalid job gets 400 with exactly the lines job.Parse (and so
	// `sharc crawl`) prints.
	bad := []byte("name: bad job\nworkers: -1\nuser_agent: x\n")
	_, err := td.client.Submit(ctx, bad, "bad.yaml")
	var ae *APIError
	if apiStatus(err) != 400 {
		t.Fatalf("invalid job: %v, want 400", err)
	}
	ae = err.(*APIError)
	reg := scheduler.NewRegistry()
	_, perr := job.Parse(bad, "bad.yaml", reg.Names(), reg.VisitRevisit)
	if want := strings.Split(perr.Error(), "\n"); strings.Join(ae.Details, "\n") != strings.Join(want, "\n") {
		t.Errorf("400 details %q, want job.Parse's %q", ae.Details, want)
	}

	info, err := td.client.Submit(ctx, jobYAML("full", strings.TrimPrefix(srv.URL, "http://"), ""), "full.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if info.State != stateQueued && info.State != stateRunning {
		t.Fatalf("submitted job state %s", info.State)
	}
	if !strings.HasPrefix(info.WARCDir, td.d.cfg.DataDir) {
		t.Errorf("WARC dir %s not under data_dir %s", info.WARCDir, td.d.cfg.DataDir)
	}
	info = waitState(t, td.client, "full", stateIdle, 30*time.Second)
	if info.LastRun == nil || info.LastRun.StopReason != "finished" || info.LastRun.Fetched != 41 {
		t.Fatalf("last run %+v, want finished with 40 pages + robots.txt", info.LastRun)
	}
	caps, err := td.client.Captures(ctx, "full")
	if err != nil || len(caps) != 1 || caps[0].Status != store.CaptureStatusFinished {
		t.Fatalf("captures %+v %v", caps, err)
	}
	st, err := td.client.Status(ctx, "full")
	if err != nil || st.Fetched != 41 || st.Capture != caps[0].ID {
		t.Fatalf("status after finish %+v %v", st, err)
	}

	var list []WARCInfo
	if err := td.client.do(ctx, "GET", "/api/v1/captures/"+itoa(caps[0].ID)+"/warcs", nil, "", &list); err != nil || len(list) == 0 {
		t.Fatalf("warcs %v %v", list, err)
	}
	dl := t.TempDir()
	for _, wf := range list {
		var buf bytes.Buffer
		if err := td.client.Get(ctx, "/api/v1/captures/"+itoa(caps[0].ID)+"/warcs/"+wf.Name, &buf); err != nil {
			t.Fatal(err)
		}
		if int64(buf.Len()) != wf.Bytes || wf.Open {
			t.Errorf("%s: downloaded %d bytes, listed %d (open %v)", wf.Name, buf.Len(), wf.Bytes, wf.Open)
		}
		p := filepath.Join(dl, wf.Name)
		os.WriteFile(p, buf.Bytes(), 0o644)
		if n, probs, err := warc.VerifyFile(p); err != nil || len(probs) > 0 || n == 0 {
			t.Errorf("%s: %d records, problems %v, %v", wf.Name, n, probs, err)
		}
	}
	// Path traversal and unknown names are refused.
	for _, name := range []string{"..%2F..%2Fetc%2Fpasswd", "..%2Fsharc.db", "nope.warc.gz"} {
		err := td.client.Get(ctx, "/api/v1/captures/"+itoa(caps[0].ID)+"/warcs/"+name, io.Discard)
		if s := apiStatus(err); s != 404 {
			t.Errorf("GET warcs/%s: %v (status %d), want 404", name, err, s)
		}
	}
	var zipBuf bytes.Buffer
	if err := td.client.Get(ctx, "/api/v1/captures/"+itoa(caps[0].ID)+"/wacz", &zipBuf); err != nil {
		t.Fatal(err)
	}
	rep, err := wacz.Verify(bytes.NewReader(zipBuf.Bytes()), int64(zipBuf.Len()))
	if err != nil || len(rep.Problems) > 0 || rep.Records == 0 {
		t.Fatalf("WACZ verify: %+v %v", rep, err)
	}
	// The finished capture's quality report is stored and served in all
	// three formats.
	var repJSON, repCSV, repHTML bytes.Buffer
	for _, f := range []struct {
		q   string
		buf *bytes.Buffer
	}{{"", &repJSON}, {"?format=csv", &repCSV}, {"?format=html", &repHTML}} {
		if err := td.client.Get(ctx, "/api/v1/captures/"+itoa(caps[0].ID)+"/report"+f.q, f.buf); err != nil {
			t.Fatalf("report%s: %v", f.q, err)
		}
	}
	qr, err := report.ReadJSON(repJSON.Bytes())
	if err != nil || qr.CaptureID != caps[0].ID || qr.Totals.Pages == 0 {
		t.Fatalf("stored report: %+v, %v", qr, err)
	}
	if !strings.HasPrefix(repCSV.String(), strings.Join(report.CSVHeader, ",")) || !strings.Contains(repHTML.String(), "<html") {
		t.Errorf("report renderings: csv %.80q html %.80q", repCSV.String(), repHTML.String())
	}
	if err := td.client.Get(ctx, "/api/v1/captures/"+itoa(caps[0].ID)+"/report?format=pdf", io.Discard); apiStatus(err) != 400 {
		t.Errorf("report?format=pdf: %v, want 400", err)
	}

	// Every index row points at a readable record.
	stor, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer stor.Close()
	probs, err := crawler.VerifyIndex(ctx, stor, caps[0].ID, info.WARCDir)
	if err != nil || len(probs) > 0 {
		t.Fatalf("VerifyIndex: %v %v", probs, err)
	}
	checkCaptureFolder(t, td, stor, caps[0].ID, info.WARCDir, caps[0].Folder)

	// The metrics saw the fetches.
	var m bytes.Buffer
	if err := td.client.Get(ctx, "/metrics", &m); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`sharc_fetched_total{class="2xx",job="full"} 41`, `sharc_scheduler_decisions_total{action="visit",job="full"} 40`,
		`sharc_captures_total{job="full",outcome="finished"} 1`, `sharc_warc_files_total{job="full"} 1`, `sharc_ready 1`} {
		if !strings.Contains(m.String(), want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

func itoa(n int64) string { return strconvFormat(n) }

// checkCaptureFolder: a finished capture's folder under the job folder
// holds the job, its WARC files, crawl.log, Heritrix's reports and the
// quality report (package jobdir).
func checkCaptureFolder(t *testing.T, td *testDaemon, st store.Store, captureID int64, root, apiFolder string) {
	t.Helper()
	c, err := st.Capture(context.Background(), captureID)
	if err != nil {
		t.Fatal(err)
	}
	f := jobdir.Path(root, c.ID, c.Started)
	if apiFolder != string(f) {
		t.Errorf("the API's capture folder %q, want %q", apiFolder, f)
	}
	want := []string{filepath.Join(string(f), jobdir.JobFile), f.CrawlLog(""),
		filepath.Join(f.Reports(), jobdir.QualityHTML), filepath.Join(f.Reports(), jobdir.QualityJSON)}
	for _, r := range heritrix.Reports {
		want = append(want, filepath.Join(f.Reports(), r))
	}
	for _, p := range want {
		if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
			t.Errorf("capture folder: %s missing or empty (%v)", p, err)
		}
	}
	if warcs, _ := filepath.Glob(filepath.Join(f.WARCs(), "*.warc.gz")); len(warcs) == 0 {
		t.Errorf("capture folder: no WARC file in %s", f.WARCs())
	}
	checkFolderDownloads(t, td, captureID, f)
	crawlReport, _ := os.ReadFile(filepath.Join(f.Reports(), heritrix.CrawlReport))
	if !strings.HasPrefix(string(crawlReport), "crawl name: full\ncrawl status: Finished\n") {
		t.Errorf("crawl-report.txt: %.120q", crawlReport)
	}
}

// checkFolderDownloads: the API serves the capture folder's crawl.log and
// every report byte for byte, and nothing outside those names.
func checkFolderDownloads(t *testing.T, td *testDaemon, captureID int64, f jobdir.Folder) {
	t.Helper()
	base := "/api/v1/captures/" + strconvFormat(captureID)
	files := map[string]string{base + "/logs/crawl.log": f.CrawlLog("")}
	for _, r := range append(append([]string{}, heritrix.Reports...), jobdir.QualityHTML, jobdir.QualityJSON) {
		files[base+"/reports/"+r] = filepath.Join(f.Reports(), r)
	}
	for path, file := range files {
		var got bytes.Buffer
		if err := td.client.Get(context.Background(), path, &got); err != nil {
			t.Errorf("GET %s: %v", path, err)
			continue
		}
		if want, _ := os.ReadFile(file); !bytes.Equal(got.Bytes(), want) || len(want) == 0 {
			t.Errorf("GET %s: %d bytes, the folder's file has %d", path, got.Len(), len(want))
		}
	}
	for _, path := range []string{base + "/logs/job.yaml", base + "/logs/..%2Fjob.yaml", base + "/reports/..%2F..%2Fjob.yaml", base + "/reports/other.txt", base + "/logs/crawl-a.b.log"} {
		var got bytes.Buffer
		if err := td.client.Get(context.Background(), path, &got); apiStatus(err) != http.StatusNotFound {
			t.Errorf("GET %s: %v, want 404", path, err)
		}
	}
}
