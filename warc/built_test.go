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

// TestBuildThenWriteBuilt: exchanges built ahead (Build) and appended
// later in another order (WriteBuilt) read back whole where WriteBuilt
// placed them; a Built released unwritten leaves no trace, and writing
// a released one fails rather than writing nothing.
func TestBuildThenWriteBuilt(t *testing.T) {
	srv := testServer(t)
	w, err := NewWriter(Config{Dir: t.TempDir(), Prefix: "TEST", Hostname: "crawler1", JobName: "job"}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var built []*Built
	for _, p := range []string{"/plain", "/chunked", "/plain"} {
		req, resp := fetchRaw(t, srv, p, "")
		b, err := w.Build(Exchange{TargetURI: srv.URL + p, IP: "127.0.0.1", Date: time.Now(), Request: req, Response: resp})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		built = append(built, b)
	}
	built[2].Release() // never written
	built[2].Release() // twice is fine
	if _, err := w.WriteBuilt(ctx, built[2]); err == nil {
		t.Error("WriteBuilt of a released Built succeeded")
	}
	var all []Written
	for _, b := range []*Built{built[1], built[0]} {
		ws, err := w.WriteBuilt(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, ws...)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	files := w.Files()
	n, probs, err := VerifyFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range probs {
		t.Error(p)
	}
	if n != 5 || len(all) != 4 { // warcinfo + 2 × (request, response)
		t.Errorf("file holds %d records, %d written, want 5 and 4", n, len(all))
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, wr := range all {
		rec, err := NewReader(io.NewSectionReader(f, wr.Offset, wr.Length)).Next()
		if err != nil {
			t.Fatalf("record at %d: %v", wr.Offset, err)
		}
		if rec.ID() != wr.RecordID || rec.Type() != wr.Type {
			t.Errorf("at %d: got %s %s, want %s %s", wr.Offset, rec.Type(), rec.ID(), wr.Type, wr.RecordID)
		}
	}
}

// TestWriteBuiltAll: a group is appended in order with one sync, across a
// file rotation (MaxSize forces one); an exchange that cannot be written
// (released) fails alone, and the others read back where they were
// placed, each file synced to its end.
func TestWriteBuiltAll(t *testing.T) {
	srv := testServer(t)
	w, err := NewWriter(Config{Dir: t.TempDir(), Prefix: "TEST", Hostname: "crawler1", JobName: "job", MaxSize: 3000}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	var built []*Built
	for _, p := range []string{"/plain", "/chunked", "/plain", "/chunked", "/plain"} {
		req, resp := fetchRaw(t, srv, p, "")
		b, err := w.Build(Exchange{TargetURI: srv.URL + p, IP: "127.0.0.1", Date: time.Now(), Request: req, Response: resp})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		built = append(built, b)
	}
	built[1].Release()
	written, errs := w.WriteBuiltAll(context.Background(), built)
	for i, err := range errs {
		if (err != nil) != (i == 1) {
			t.Errorf("exchange %d: error %v", i, err)
		}
	}
	w.mu.Lock()
	files := append([]*openFile{w.cur}, w.retired...)
	w.mu.Unlock()
	for _, f := range files {
		if f != nil && !f.isShut && f.synced != f.size.Load() {
			t.Errorf("%s synced to %d of %d bytes", f.path, f.synced, f.size.Load())
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if len(w.Files()) < 2 {
		t.Fatalf("%d files: the group should have crossed a rotation", len(w.Files()))
	}
	for i, ws := range written {
		for _, wr := range ws {
			f, err := os.Open(filepath.Join(filepath.Dir(w.Files()[0]), wr.File))
			if err != nil {
				t.Fatal(err)
			}
			rec, err := NewReader(io.NewSectionReader(f, wr.Offset, wr.Length)).Next()
			f.Close()
			if err != nil || rec.ID() != wr.RecordID {
				t.Errorf("exchange %d: record at %s:%d: %v", i, wr.File, wr.Offset, err)
			}
		}
	}
}
