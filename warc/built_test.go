package warc

import (
	"context"
	"io"
	"os"
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
