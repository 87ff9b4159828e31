package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
	"github.com/sharc-archive/sharc/warc/cdxj"
)

func TestMigrateAndExportCDXJ(t *testing.T) {
	dir := t.TempDir()
	dsn := "sqlite:" + filepath.Join(dir, "sharc.db")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"migrate", "--store", dsn}, &stdout, &stderr); code != 0 {
		t.Fatalf("migrate exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "migrated") {
		t.Fatalf("migrate stdout = %q", stdout.String())
	}

	// A capture with a response, a revisit and a request record.
	ctx := context.Background()
	s, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	j, err := s.UpsertJob(ctx, "job", "")
	if err != nil {
		t.Fatal(err)
	}
	capt, _, err := s.OpenCapture(ctx, j.ID, "bfs", "visit-revisit")
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	recs := []store.Record{
		{URL: "http://b.test/", SURT: "test,b)/", Time: t0, RecordType: warc.Response, Status: 200, MIME: "text/html", PayloadDigest: "sha1:AAA", WARCFile: "w.warc.gz", Offset: 0, RecordLength: 10},
		{URL: "http://a.test/", SURT: "test,a)/", Time: t0, RecordType: warc.Request, WARCFile: "w.warc.gz", Offset: 10, RecordLength: 10},
		{URL: "http://a.test/", SURT: "test,a)/", Time: t0.Add(time.Hour), RecordType: warc.Revisit, Status: 200, MIME: "text/html", PayloadDigest: "sha1:BBB", WARCFile: "w.warc.gz", Offset: 20, RecordLength: 5},
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: capt.ID, Records: recs}); err != nil {
		t.Fatal(err)
	}
	s.Close()

	out := filepath.Join(dir, "index.cdxj")
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"export", "cdxj", "--store", dsn, "--capture", "1", "-o", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("export exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want := "test,a)/ 20240506080809 {\"url\":\"http://a.test/\",\"mime\":\"warc/revisit\",\"status\":\"200\",\"digest\":\"BBB\",\"length\":\"5\",\"offset\":\"20\",\"filename\":\"w.warc.gz\"}\n" +
		"test,b)/ 20240506070809 {\"url\":\"http://b.test/\",\"mime\":\"text/html\",\"status\":\"200\",\"digest\":\"AAA\",\"length\":\"10\",\"offset\":\"0\",\"filename\":\"w.warc.gz\"}\n"
	if string(b) != want {
		t.Fatalf("exported:\n%s\nwant:\n%s", b, want)
	}
	if es, err := cdxj.Parse(bytes.NewReader(b)); err != nil || len(es) != 2 {
		t.Fatalf("exported file parses to %d entries, %v", len(es), err)
	}
	// No temporary files left next to the output.
	if m, _ := filepath.Glob(filepath.Join(dir, ".index.cdxj.*")); len(m) != 0 {
		t.Fatalf("left temporaries %v", m)
	}

	// To stdout.
	stdout.Reset()
	if code := run([]string{"export", "cdxj", "--store", dsn, "--capture", "1"}, &stdout, &stderr); code != 0 || stdout.String() != want {
		t.Fatalf("export to stdout: exit %d, %q", code, stdout.String())
	}
}

func TestExportErrors(t *testing.T) {
	dsn := "sqlite:" + filepath.Join(t.TempDir(), "sharc.db")
	var o, e bytes.Buffer
	if code := run([]string{"migrate", "--store", dsn}, &o, &e); code != 0 {
		t.Fatalf("migrate: %s", e.String())
	}
	tests := []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"no format", []string{"export"}, "formats:\n  cdxj"},
		{"unknown format", []string{"export", "warc"}, `unknown format "warc" (valid formats: ` + strings.Join(exportFormats, ", ") + ")"},
		{"missing capture", []string{"export", "cdxj", "--store", dsn}, "usage: sharc export cdxj"},
		{"unknown capture", []string{"export", "cdxj", "--store", dsn, "--capture", "42"}, "capture 42: store: not found"},
		{"bad store", []string{"export", "cdxj", "--store", "oracle://x", "--capture", "1"}, "unknown scheme"},
		{"migrate without store", []string{"migrate"}, "usage: sharc migrate"},
		{"migrate unreachable", []string{"migrate", "--store", "postgres://u:pw@127.0.0.1:1/x?connect_timeout=2"}, "postgres://u:xxxxx@127.0.0.1:1/x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tt.args, &stdout, &stderr); code == 0 {
				t.Fatalf("exit 0, stdout %q", stdout.String())
			}
			if !strings.Contains(stderr.String(), tt.want) {
				t.Fatalf("stderr %q does not contain %q", stderr.String(), tt.want)
			}
		})
	}
}
