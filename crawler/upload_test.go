package crawler_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/minio/minio-go/v7"
	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/internal/testkit/s3test"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// bulkySite links to n pages of 300 kB of random bytes each, so WARC
// files (1 MiB) rotate several times. onPage, if set, runs before page i
// is served.
func bulkySite(n int, onPage func(i int)) http.Handler {
	m := http.NewServeMux()
	m.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		var links strings.Builder
		for i := range n {
			fmt.Fprintf(&links, `<a href="/p/%d">%d</a> `, i, i)
		}
		html(w, links.String())
	})
	m.HandleFunc("/p/{i}", func(w http.ResponseWriter, r *http.Request) {
		var i int
		if _, err := fmt.Sscan(r.PathValue("i"), &i); err != nil {
			http.NotFound(w, r)
			return
		}
		if onPage != nil {
			onPage(i)
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		b := make([]byte, 300_000)
		_, _ = rand.Read(b)
		_, _ = w.Write(b)
	})
	m.HandleFunc("/", http.NotFound)
	return m
}

const s3Bucket = "archive"

// uploadJob is a job crawling site into dir; upload, if non-nil, is its
// warc.upload endpoint.
func uploadJob(t *testing.T, dir string, site *httptest.Server, s *s3test.Server, extra string) string {
	t.Helper()
	up := ""
	if s != nil {
		up = fmt.Sprintf("\n  upload: {endpoint: %q, bucket: %s, use_tls: false, retries: 0%s}", s.Endpoint, s3Bucket, extra)
	}
	return fmt.Sprintf(`
name: up
seeds: [http://up.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 0s, delay_factor: 0}
warc:
  dir: %s
  max_size: 1MiB%s
resolve: {up.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, filepath.Join(dir, "warcs"), up, addr(site))
}

func setCreds(t *testing.T, s *s3test.Server) {
	s.SetEnv(t)
}

func hashFile(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func hashObject(t *testing.T, s *s3test.Server, key string) string {
	t.Helper()
	o, err := s.Client.GetObject(context.Background(), s3Bucket, key, minio.GetObjectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	h := sha256.New()
	if _, err := io.Copy(h, o); err != nil {
		t.Fatalf("object %s: %v", key, err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func closedWARCs(t *testing.T, dir string) []string {
	t.Helper()
	// The files of the job folder's latest capture (package jobdir).
	m, err := filepath.Glob(filepath.Join(latestWARCDir(t, filepath.Join(dir, "warcs")), "*.warc.gz"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(m)
	return m
}

// checkUploaded: every file named in want (base name → sha256) has an
// uploaded row of the capture pointing at an object with those bytes.
func checkUploaded(t *testing.T, st store.Store, s *s3test.Server, captureID int64, want map[string]string) {
	t.Helper()
	rows, err := st.WARCUploads(context.Background(), captureID)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]store.WARCUpload{}
	for _, r := range rows {
		got[r.File] = r
	}
	for file, sum := range want {
		r, ok := got[file]
		key := "up/" + file
		if !ok || r.State != store.UploadDone || r.ObjectURL != "s3://"+s3Bucket+"/"+key || r.SHA256 != sum {
			t.Errorf("%s: row %+v, want uploaded to s3://%s/%s with sha256 %s", file, r, s3Bucket, key, sum)
			continue
		}
		if h := hashObject(t, s, key); h != sum {
			t.Errorf("%s: object sha256 %s, file %s", key, h, sum)
		}
	}
	// Every index record's file is one the store points at an object for.
	recs, err := st.Records(context.Background(), captureID)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if got[r.WARCFile].State != store.UploadDone {
			t.Fatalf("record %s in %s: file not uploaded", r.URL, r.WARCFile)
		}
	}
}

// TestUploadEveryClosedWARC: a crawl with warc.upload uploads each WARC
// file it closes (several, by rotation), byte for byte, and the store
// points at the objects; the local files stay and still verify.
func TestUploadEveryClosedWARC(t *testing.T) {
	s := s3test.Start(t, s3Bucket)
	setCreds(t, s)
	site := httptest.NewServer(bulkySite(8, nil))
	defer site.Close()
	dir := t.TempDir()
	j := testJob(t, dir, uploadJob(t, dir, site, s, ""))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	files := closedWARCs(t, dir)
	if len(files) < 3 || len(stats.WARCFiles) != len(files) {
		t.Fatalf("closed WARCs %q, stats %q: want the same ≥ 3 (rotation at 1 MiB)", files, stats.WARCFiles)
	}
	if stats.Uploaded != len(files) || stats.UploadError != "" {
		t.Fatalf("stats: uploaded %d, error %q; want %d, none", stats.Uploaded, stats.UploadError, len(files))
	}
	want := map[string]string{}
	for _, f := range files {
		want[filepath.Base(f)] = hashFile(t, f)
	}
	checkUploaded(t, st, s, stats.CaptureID, want)
	checkIndex(t, st, stats.CaptureID, filepath.Join(dir, "warcs"))
}

// TestUploadResumesAfterInterruption: files closed by a run that ended
// before uploading them (here: interrupted, with no warc.upload yet, as a
// crash between close and upload leaves them) are uploaded when the
// capture resumes, with delete_local removing each only once verified.
func TestUploadResumesAfterInterruption(t *testing.T) {
	s := s3test.Start(t, s3Bucket)
	setCreds(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stopAt atomic.Int32
	stopAt.Store(4)
	site := httptest.NewServer(bulkySite(8, func(i int) {
		if i == int(stopAt.Load()) {
			cancel()
		}
	}))
	defer site.Close()
	dir := t.TempDir()
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	first, err := crawler.New(testJob(t, dir, uploadJob(t, dir, site, nil, "")), st, scheduler.NewRegistry(), zaptest.NewLogger(t),
		crawler.Options{}).Run(ctx)
	if err != nil || first.StopReason != "interrupted" {
		t.Fatalf("first run: %v, %q; want interrupted", err, first.StopReason)
	}
	before := map[string]string{}
	for _, f := range closedWARCs(t, dir) {
		before[filepath.Base(f)] = hashFile(t, f)
	}
	if len(before) == 0 {
		t.Fatal("the interrupted run closed no WARC file")
	}
	stopAt.Store(-1)
	j := testJob(t, dir, uploadJob(t, dir, site, s, ", delete_local: true"))
	second, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err != nil || !second.Resumed || second.StopReason != "finished" {
		t.Fatalf("second run: %v, resumed %v, %q", err, second.Resumed, second.StopReason)
	}
	if left := closedWARCs(t, dir); len(left) != 0 {
		t.Fatalf("delete_local left %q", left)
	}
	rows, err := st.WARCUploads(context.Background(), second.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	if second.Uploaded != len(rows) || len(rows) <= len(before) {
		t.Fatalf("uploaded %d, rows %d; want one row per file, more than the first run's %d", second.Uploaded, len(rows), len(before))
	}
	checkUploaded(t, st, s, second.CaptureID, before)
}

// TestUploadFailureKeepsFiles: when the server goes away mid-crawl the
// files stay local and pending, the run says so, and the job's next run
// (a new capture, with another server) uploads them. Refused credentials
// stop a run before it starts.
func TestUploadFailureKeepsFiles(t *testing.T) {
	s := s3test.Start(t, s3Bucket)
	setCreds(t, s)
	site := httptest.NewServer(bulkySite(4, func(i int) {
		if i == 0 {
			s.Stop()
		}
	}))
	defer site.Close()
	dir := t.TempDir()
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	first, err := crawler.New(testJob(t, dir, uploadJob(t, dir, site, s, "")), st, scheduler.NewRegistry(), zaptest.NewLogger(t),
		crawler.Options{}).Run(context.Background())
	if err != nil || first.StopReason != "finished" {
		t.Fatalf("first run: %v, %q", err, first.StopReason)
	}
	files := closedWARCs(t, dir)
	if first.Uploaded != 0 || !strings.Contains(first.UploadError, "kept locally") || len(files) == 0 {
		t.Fatalf("uploaded %d, error %q, files %q; want 0, an error saying the files are kept, files", first.Uploaded, first.UploadError, files)
	}
	want := map[string]string{}
	for _, f := range files {
		want[filepath.Base(f)] = hashFile(t, f)
	}
	job, err := st.RunningCapture(context.Background(), "up")
	if !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("capture still running after a finished run: %+v, %v", job, err)
	}
	c, err := st.Capture(context.Background(), first.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	pending, err := st.PendingWARCUploads(context.Background(), c.JobID)
	if err != nil || len(pending) != len(files) {
		t.Fatalf("pending %+v, %v; want the %d files", pending, err, len(files))
	}

	s2 := s3test.Start(t, s3Bucket)
	t.Run("refused credentials", func(t *testing.T) {
		t.Setenv("SHARC_S3_SECRET_KEY", "wrong-secret-wrong-secret")
		_, err := crawler.New(testJob(t, dir, uploadJob(t, dir, site, s2, "")), st, scheduler.NewRegistry(), zaptest.NewLogger(t),
			crawler.Options{}).Run(context.Background())
		if err == nil || !strings.Contains(err.Error(), "the secret key does not match the access key") {
			t.Fatalf("run with a wrong secret: %v", err)
		}
		t.Setenv("SHARC_S3_SECRET_KEY", "")
		_, err = crawler.New(testJob(t, dir, uploadJob(t, dir, site, s2, "")), st, scheduler.NewRegistry(), zaptest.NewLogger(t),
			crawler.Options{}).Run(context.Background())
		if err == nil || !strings.Contains(err.Error(), "SHARC_S3_SECRET_KEY unset or empty") {
			t.Fatalf("run without a secret: %v", err)
		}
		if now := closedWARCs(t, dir); len(now) != len(files) {
			t.Fatalf("refused runs changed the WARC files: %q, had %q", now, files)
		}
	})
	setCreds(t, s2)
	second, err := crawler.New(testJob(t, dir, uploadJob(t, dir, site, s2, "")), st, scheduler.NewRegistry(), zaptest.NewLogger(t),
		crawler.Options{}).Run(context.Background())
	if err != nil || second.UploadError != "" || second.CaptureID == first.CaptureID {
		t.Fatalf("second run: %v, upload error %q, capture %d (first %d)", err, second.UploadError, second.CaptureID, first.CaptureID)
	}
	checkUploaded(t, st, s2, first.CaptureID, want)
	if pending, err := st.PendingWARCUploads(context.Background(), c.JobID); err != nil || len(pending) != 0 {
		t.Fatalf("still pending: %+v, %v", pending, err)
	}
}
