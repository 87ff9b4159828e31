package warc

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReader feeds arbitrary bytes to the record reader and verifier: they
// must never panic, and every record they accept must be whole.
func FuzzReader(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("testdata", "golden.warc")); err == nil {
		f.Add(b)
	}
	w, _ := NewWriter(Config{Dir: f.TempDir()}, nil)
	ws, err := w.WriteExchange(context.Background(), Exchange{TargetURI: "http://x.test/", Response: chunkedGzipResponse(f)})
	if err == nil {
		b, _ := os.ReadFile(filepath.Join(w.cfg.Dir, ws[0].File+openSuffix))
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	_ = w.Close()
	f.Add([]byte("\x1f\x8b\x08\x00garbage"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data))
		for i := 0; i < 100; i++ {
			rec, err := r.Next()
			if err != nil {
				return
			}
			if rec.Offset+rec.Length > int64(len(data)) {
				t.Fatalf("record extends past input")
			}
			_ = verifyRecord(rec)
		}
		_ = scanValid(bytes.NewReader(data), int64(len(data)))
	})
}

// FuzzWriteResponse checks the writer's contract on arbitrary response
// bytes: either refused with an error, or archived byte-exact in a record
// that reads back with verified digests.
func FuzzWriteResponse(f *testing.F) {
	f.Add([]byte(plainResp))
	f.Add(chunkedGzipResponse(f))
	f.Add([]byte(notMod))
	f.Add([]byte("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab"))
	f.Add([]byte("HTTP/1.0 200 OK\n\nx"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, resp []byte) {
		w, err := NewWriter(Config{Dir: dir}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer w.Close()
		ws, err := w.WriteExchange(context.Background(), Exchange{TargetURI: "http://x.test/", Response: resp,
			Outlinks: []Outlink{{URL: string(resp[:min(len(resp), 20)]), Hop: 'L', Context: string(resp[:min(len(resp), 9)])}}})
		if err != nil {
			return
		}
		fh, err := os.Open(filepath.Join(dir, ws[0].File+openSuffix))
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		for _, wr := range ws {
			rec, err := NewReader(io.NewSectionReader(fh, wr.Offset, wr.Length)).Next()
			if err != nil {
				t.Fatalf("%s record does not read back: %v", wr.Type, err)
			}
			if wr.Type == Response && !bytes.Equal(rec.Block, resp) {
				t.Fatalf("archived bytes differ")
			}
			if probs := verifyRecord(rec); len(probs) > 0 {
				t.Fatalf("%s record: %v", wr.Type, probs)
			}
		}
	})
}

// FuzzFileSerial: any file name (the store lists them) parses without
// panicking, and a name it accepts round-trips through the writer's
// layout to the same serial.
func FuzzFileSerial(f *testing.F) {
	f.Add("job-20261124193000123-00007-host.warc.gz", "job")
	f.Add("20261124193000123-123456789-h.warc.gz.open", "")
	f.Add("job-n1-20261124193000123-00003-a-b.warc.gz", "job-n1")
	f.Fuzz(func(t *testing.T, name, prefix string) {
		n, ok := FileSerial(name, prefix)
		if !ok {
			return
		}
		if n < 0 {
			t.Fatalf("FileSerial(%q, %q) = %d", name, prefix, n)
		}
		again := fmt.Sprintf("%s-%s-%05d-h%s", prefix, "20261124193000123", n, fileExt)
		if prefix == "" {
			again = strings.TrimPrefix(again, "-")
		}
		if m, ok := FileSerial(again, prefix); !ok || m != n {
			t.Fatalf("serial %d of %q does not round-trip through %q: %d, %v", n, name, again, m, ok)
		}
	})
}
