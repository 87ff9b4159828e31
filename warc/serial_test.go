package warc

import (
	"context"
	"path/filepath"
	"testing"

	"go.uber.org/zap/zaptest"
)

func TestFileSerial(t *testing.T) {
	for _, tc := range []struct {
		name, prefix string
		serial       int
		ok           bool
	}{
		{"job-20261124193000123-00007-host.warc.gz", "job", 7, true},
		{"job-20261124193000123-00007-my-host.example.warc.gz.open", "job", 7, true},
		{"my-job-20261124193000123-123456-h.warc.gz", "my-job", 123456, true},
		{"20261124193000123-00002-h.warc.gz", "", 2, true},
		{"job-n1-20261124193000123-00003-h.warc.gz", "job-n1", 3, true},
		{"job-n1-20261124193000123-00003-h.warc.gz", "job", 0, false},     // another node's file
		{"job-n10-20261124193000123-00003-h.warc.gz", "job-n1", 0, false}, // node n10, not n1
		{"job-20261124193000123-00007-host.warc", "job", 0, false},
		{"job-20261124193000123-7-host.warc.gz", "job", 0, false},
		{"job-20261124193000123-0000x-host.warc.gz", "job", 0, false},
		{"job-2026112419300123-00007-host.warc.gz", "job", 0, false},
		{"job-20261124193000123-00007.warc.gz", "job", 0, false},
		{"crawl-3.log", "job", 0, false},
	} {
		serial, ok := FileSerial(tc.name, tc.prefix)
		if serial != tc.serial || ok != tc.ok {
			t.Errorf("FileSerial(%q, %q) = %d, %v; want %d, %v", tc.name, tc.prefix, serial, ok, tc.serial, tc.ok)
		}
	}
}

// TestFirstSerial: a writer given FirstSerial names its first file with
// it, and FileSerial reads it back.
func TestFirstSerial(t *testing.T) {
	srv := testServer(t)
	dir := t.TempDir()
	w, err := NewWriter(Config{Dir: dir, Prefix: "S", Hostname: "h", FirstSerial: 42}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	req, resp := fetchRaw(t, srv, "/plain", "")
	got, err := w.WriteExchange(context.Background(), Exchange{TargetURI: srv.URL + "/plain", Request: req, Response: resp})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if n, ok := FileSerial(got[0].File, "S"); !ok || n != 42 {
		t.Fatalf("first file %s: serial %d, %v; want 42", got[0].File, n, ok)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "S-*-00042-h.warc.gz")); len(m) != 1 {
		t.Fatalf("files %v", m)
	}
}
