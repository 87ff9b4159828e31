package warc

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"
)

func TestWriteExchangeReadBack(t *testing.T) {
	srv := testServer(t)
	dir := t.TempDir()
	w, err := NewWriter(Config{Dir: dir, Prefix: "TEST", Hostname: "crawler1", JobName: "job"}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var all []Written
	for _, p := range []string{"/plain", "/chunked"} {
		req, resp := fetchRaw(t, srv, p, "")
		ws, err := w.WriteExchange(ctx, Exchange{
			TargetURI: srv.URL + p, IP: "127.0.0.1", Date: time.Now(),
			Request: req, Response: resp,
			Outlinks: []Outlink{{URL: srv.URL + "/x", Hop: 'L', Context: "a/@href"}},
		})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if len(ws) != 3 {
			t.Fatalf("%s: %d records written, want 3", p, len(ws))
		}
		all = append(all, ws...)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	files := w.Files()
	if len(files) != 1 {
		t.Fatalf("files = %v", files)
	}
	n, probs, err := VerifyFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range probs {
		t.Error(p)
	}
	if n != 7 {
		t.Errorf("read %d records, want 7", n)
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, wr := range all {
		if wr.File != filepath.Base(files[0]) {
			t.Errorf("file %q, want %q", wr.File, filepath.Base(files[0]))
		}
		r := NewReader(io.NewSectionReader(f, wr.Offset, wr.Length))
		rec, err := r.Next()
		if err != nil {
			t.Fatalf("record at %d: %v", wr.Offset, err)
		}
		if rec.ID() != wr.RecordID || rec.Type() != wr.Type {
			t.Errorf("at %d: got %s %s, want %s %s", wr.Offset, rec.Type(), rec.ID(), wr.Type, wr.RecordID)
		}
		t.Logf("%s %s %v", rec.Type(), rec.ID(), rec.Warnings)
	}
}
