package warc

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/base32"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/internal/spool"
)

// TestGoldenFromBlob writes the golden exchanges with each response held in
// a spool file (ResponseBlob) instead of a slice: the file must be
// byte-identical to the golden one.
func TestGoldenFromBlob(t *testing.T) {
	dir := t.TempDir()
	w, err := NewWriter(Config{Dir: dir, Prefix: "GOLD", Hostname: "host-a", Software: "SHARC test", Operator: "ops@example.test",
		JobName: "golden", UserAgent: "sharc/1 (+http://example.test)", Description: "golden test"}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	deterministic(w)
	for _, ex := range goldenExchanges(t) {
		s := spool.New(t.TempDir(), 1) // one byte in memory: the rest in a file
		if _, err := s.Write(ex.Response); err != nil {
			t.Fatal(err)
		}
		ex.Response, ex.ResponseBlob = nil, s
		if _, err := w.WriteExchange(context.Background(), ex); err != nil {
			t.Fatal(err)
		}
		s.Close()
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(w.Files()[0])
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "golden.warc"))
	if err != nil {
		t.Fatal(err)
	}
	if got := gunzip(t, raw); !bytes.Equal(got, want) {
		t.Errorf("records written from blobs differ from the golden file")
	}
}

// TestLargeRecordSpooled writes a chunked response larger than the spool
// threshold: the compressed record is spooled, the file reads back with
// the right payload, and no spool file is left in the WARC directory.
func TestLargeRecordSpooled(t *testing.T) {
	dir := t.TempDir()
	w, err := NewWriter(Config{Dir: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Incompressible-ish payload so the gzip member exceeds the threshold.
	var payload bytes.Buffer
	for i := 0; payload.Len() < 3*spool.Threshold; i++ {
		s := sha1.Sum([]byte(fmt.Sprint(i)))
		payload.WriteString(base32.StdEncoding.EncodeToString(s[:]))
	}
	var resp bytes.Buffer
	resp.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n")
	for p := payload.Bytes(); len(p) > 0; {
		n := min(len(p), 100_000)
		fmt.Fprintf(&resp, "%x\r\n%s\r\n", n, p[:n])
		p = p[n:]
	}
	resp.WriteString("0\r\n\r\n")
	s := spool.New(dir, 0)
	defer s.Close()
	if _, err := s.Write(resp.Bytes()); err != nil {
		t.Fatal(err)
	}
	ws, err := w.WriteExchange(context.Background(), Exchange{TargetURI: "http://x.test/big", ResponseBlob: s})
	if err != nil {
		t.Fatal(err)
	}
	sum := sha1.Sum(payload.Bytes())
	want := "sha1:" + base32.StdEncoding.EncodeToString(sum[:])
	if ws[0].PayloadDigest != want || ws[0].PayloadLength != int64(payload.Len()) || ws[0].Length < spool.Threshold {
		t.Errorf("written %+v, want digest %s length %d", ws[0], want, payload.Len())
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	n, problems, err := VerifyFile(w.Files()[0])
	if err != nil || len(problems) > 0 || n != 2 {
		t.Fatalf("verify: %d records, %v, %v", n, problems, err)
	}
	r, _ := OpenFile(w.Files()[0])
	defer r.Close()
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if rec.Type() == Response && !bytes.Equal(rec.Block, resp.Bytes()) {
			t.Error("response block differs from the bytes received")
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".sharc-spool") {
			t.Errorf("spool file left behind: %s", e.Name())
		}
	}
}
