package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minio/minio-go/v7"
	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit/s3test"
	"github.com/sharc-archive/sharc/store"
)

// TestExportWACZUpload: `sharc crawl` with warc.upload, then `sharc export
// wacz --upload` puts the package in the job's bucket beside the WARCs,
// byte for byte, and records it among the capture's uploads.
func TestExportWACZUpload(t *testing.T) {
	s, dir, warcDir := crawlUploading(t, "wz", "")
	var stdout, stderr bytes.Buffer
	dsn := "sqlite:" + filepath.Join(warcDir, "sharc.db")
	out := filepath.Join(dir, "wz.wacz")
	stdout.Reset()
	if code := run([]string{"export", "wacz", "1", "-o", out, "--store", dsn, "--warc-dir", warcDir, "--upload"}, &stdout, &stderr); code != 0 {
		t.Fatalf("export wacz --upload: %s", stderr.String())
	}
	if want := "uploaded " + out + " to s3://archive/wz/wz.wacz"; !strings.Contains(stdout.String(), want) {
		t.Fatalf("stdout %q lacks %q", stdout.String(), want)
	}
	local, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	o, err := s.Client.GetObject(context.Background(), "archive", "wz/wz.wacz", minio.GetObjectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	remote, err := io.ReadAll(o)
	if err != nil || !bytes.Equal(local, remote) {
		t.Fatalf("object differs from the WACZ (%d vs %d bytes): %v", len(remote), len(local), err)
	}
	st, err := store.Open(context.Background(), dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.WARCUploads(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(local)
	var warcs, wacz int
	for _, r := range rows {
		switch {
		case r.File == "wz.wacz" && r.State == store.UploadDone && r.SHA256 == hex.EncodeToString(sum[:]):
			wacz++
		case strings.HasSuffix(r.File, ".warc.gz") && r.State == store.UploadDone:
			warcs++
		default:
			t.Errorf("unexpected row %+v", r)
		}
	}
	if wacz != 1 || warcs == 0 {
		t.Fatalf("rows %+v: want the crawl's WARCs and the WACZ uploaded", rows)
	}
	// An upload needs a file: standard output is refused before any work.
	stderr.Reset()
	if code := run([]string{"export", "wacz", "1", "-o", "-", "--store", dsn, "--warc-dir", warcDir, "--upload"}, io.Discard, &stderr); code == 0 ||
		!strings.Contains(stderr.String(), "standard output") {
		t.Fatalf("--upload to stdout: exit %d, %s", code, stderr.String())
	}
}

// TestExportWACZFromObjects: after `sharc crawl` with delete_local, no
// WARC file is on disk, and `sharc export wacz` fetches them back from
// the bucket (checked against the upload's SHA-256), packages a WACZ that
// verifies and removes the fetched copies; without the credentials it
// says which variables are missing.
func TestExportWACZFromObjects(t *testing.T) {
	_, dir, warcDir := crawlUploading(t, "wd", ", delete_local: true")
	var stdout, stderr bytes.Buffer
	if left, _ := filepath.Glob(filepath.Join(warcDir, "*", "warcs", "*.warc.gz")); len(left) != 0 {
		t.Fatalf("delete_local left %v", left)
	}
	dsn := "sqlite:" + filepath.Join(warcDir, "sharc.db")
	out := filepath.Join(dir, "wd.wacz")
	if code := run([]string{"export", "wacz", "1", "-o", out, "--store", dsn, "--warc-dir", warcDir}, &stdout, &stderr); code != 0 {
		t.Fatalf("export wacz: %s", stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := wacz.Verify(bytes.NewReader(b), int64(len(b)))
	if err != nil || !rep.OK() || rep.Records == 0 {
		t.Fatalf("verify: %v %+v", err, rep)
	}
	if left, _ := filepath.Glob(filepath.Join(warcDir, "*", "warcs", ".fetched-*")); len(left) != 0 {
		t.Fatalf("fetched copies left behind: %v", left)
	}
	t.Setenv("SHARC_S3_SECRET_KEY", "")
	stderr.Reset()
	if code := run([]string{"export", "wacz", "1", "-o", out, "--store", dsn, "--warc-dir", warcDir}, io.Discard, &stderr); code == 0 ||
		!strings.Contains(stderr.String(), "SHARC_S3_SECRET_KEY") {
		t.Fatalf("export without credentials: exit %d, %s", code, stderr.String())
	}
}

// crawlUploading runs `sharc crawl` of a two-link loopback site as job
// name with warc.upload (plus the upload settings in extra, e.g.
// ", delete_local: true") to a fresh S3 server with bucket "archive", and
// returns the server, the test's folder and the job folder (warc.dir).
func crawlUploading(t *testing.T, name, extra string) (s *s3test.Server, dir, warcDir string) {
	t.Helper()
	s = s3test.Start(t, "archive")
	s.SetEnv(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<html><title>%s</title><a href="/a">a</a> <a href="/b">b</a></html>`, r.URL.Path)
	}))
	t.Cleanup(srv.Close)
	dir = t.TempDir()
	warcDir = filepath.Join(dir, "warcs")
	jobFile := filepath.Join(dir, "job.yaml")
	yaml := fmt.Sprintf(`name: %s
seeds: [%s/]
user_agent: "SHARC-test (+https://example.org/contact)"
warc:
  dir: %s
  upload: {endpoint: %q, bucket: archive, use_tls: false%s}
fetch: {allow_addresses: [127.0.0.1]}
`, name, srv.URL, warcDir, s.Endpoint, extra)
	if err := os.WriteFile(jobFile, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"crawl", jobFile}, &stdout, &stderr); code != 0 {
		t.Fatalf("crawl: %s", stderr.String())
	}
	return s, dir, warcDir
}
