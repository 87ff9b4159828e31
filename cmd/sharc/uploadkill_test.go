package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/internal/testkit/s3test"
	"github.com/sharc-archive/sharc/store"
)

// TestSIGKILLBeforeUpload kills `sharc crawl` after it closed WARC files
// it could not upload yet (the S3 server went away after the start-up
// check), then runs the job again against another server: the resumed
// capture uploads every closed file, byte for byte, and the index points
// at each object.
func TestSIGKILLBeforeUpload(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	bin := buildSharc(t)
	s1 := s3test.Start(t, "archive")
	s1.SetEnv(t)
	srv := httptest.NewServer(bulkyPages(12, func(i int) {
		if i == 0 {
			s1.Stop() // after the run's bucket check, before any file closes
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	warcDir := filepath.Join(dir, "warcs")
	jobPath := filepath.Join(dir, "job.yaml")
	writeJob := func(s *s3test.Server) {
		t.Helper()
		y := fmt.Sprintf(`name: kill
seeds: [%s/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 0s, delay_factor: 0}
warc:
  dir: %s
  max_size: 1MiB
  upload: {endpoint: %q, bucket: archive, use_tls: false, retries: 5}
fetch: {allow_addresses: [127.0.0.1], retries: 0}
`, srv.URL, warcDir, s.Endpoint)
		if err := os.WriteFile(jobPath, []byte(y), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeJob(s1)
	cmd := exec.Command(bin, "crawl", jobPath)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill once two files are closed: their uploads are failing and
	// waiting to retry (1 s, then 2 s …), so none has been uploaded.
	deadline := time.Now().Add(60 * time.Second)
	for len(closedFiles(t, warcDir)) < 2 {
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			t.Fatalf("no two closed WARC files after 60s; output:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	_ = cmd.Wait()
	if strings.Contains(out.String(), "WARC uploaded") {
		t.Fatalf("an upload succeeded against a stopped server:\n%s", out.String())
	}

	s2 := s3test.Start(t, "archive")
	s2.SetEnv(t)
	writeJob(s2) // warc.upload is a tunable: the resumed capture takes it
	res, err := exec.Command(bin, "crawl", jobPath).CombinedOutput()
	if err != nil {
		t.Fatalf("second run: %v\n%s", err, res)
	}
	files := closedFiles(t, warcDir)
	if open, _ := filepath.Glob(filepath.Join(captureWARCs(warcDir), "*.open")); len(open) > 0 || len(files) < 3 {
		t.Fatalf("after resume: .open %q, closed %q", open, files)
	}
	st, err := store.Open(context.Background(), "sqlite:"+filepath.Join(warcDir, "sharc.db"), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.WARCUploads(context.Background(), 1)
	if err != nil {
		t.Fatal(err)
	}
	byFile := map[string]store.WARCUpload{}
	for _, r := range rows {
		byFile[r.File] = r
	}
	for _, f := range files {
		name := filepath.Base(f)
		r := byFile[name]
		want := fileHash(t, f)
		if r.State != store.UploadDone || r.ObjectURL != "s3://archive/kill/"+name || r.SHA256 != want {
			t.Errorf("%s: row %+v, want uploaded with sha256 %s", name, r, want)
			continue
		}
		if got := objectHash(t, s2, "kill/"+name); got != want {
			t.Errorf("%s: object sha256 %s, file %s", name, got, want)
		}
	}
	if len(rows) != len(files) {
		t.Errorf("%d upload rows for %d files", len(rows), len(files))
	}
}

// bulkyPages links to n pages of 300 kB of random bytes each, so 1 MiB
// WARC files rotate every few pages; onPage runs before page i is served.
func bulkyPages(n int, onPage func(i int)) http.Handler {
	m := http.NewServeMux()
	m.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		for i := range n {
			fmt.Fprintf(w, `<a href="/p/%d">%d</a> `, i, i)
		}
	})
	m.HandleFunc("/p/{i}", func(w http.ResponseWriter, r *http.Request) {
		var i int
		if _, err := fmt.Sscan(r.PathValue("i"), &i); err != nil {
			http.NotFound(w, r)
			return
		}
		onPage(i)
		b := make([]byte, 300_000)
		_, _ = rand.Read(b)
		w.Header().Set("Content-Type", "application/octet-stream")
		_, _ = w.Write(b)
	})
	m.HandleFunc("/", http.NotFound)
	return m
}

func closedFiles(t *testing.T, dir string) []string {
	t.Helper()
	// In the capture's folder under the job folder dir.
	m, err := filepath.Glob(filepath.Join(captureWARCs(dir), "*.warc.gz"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func fileHash(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func objectHash(t *testing.T, s *s3test.Server, key string) string {
	t.Helper()
	o, err := s.Client.GetObject(context.Background(), "archive", key, minio.GetObjectOptions{})
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
