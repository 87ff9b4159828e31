package warc

import (
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nlnwa/gowarc"
	"go.uber.org/zap/zaptest"
)

var update = flag.Bool("update", false, "rewrite golden files")

// deterministic makes a writer's clock and record IDs reproducible.
func deterministic(w *Writer) {
	t0 := time.Date(2024, 3, 1, 12, 0, 0, 123456000, time.UTC)
	w.now = func() time.Time { return t0 }
	n := 0
	w.newID = func() string { n++; return fmt.Sprintf("urn:uuid:00000000-0000-4000-8000-%012d", n) }
}

// chunkedGzipResponse is a response sent with chunked transfer-coding over
// a gzip content-coding, as bytes on the wire.
func chunkedGzipResponse(t testing.TB) []byte {
	t.Helper()
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	_, _ = io.WriteString(zw, "hello, chunked and gzipped world\n")
	_ = zw.Close()
	body := z.Bytes()
	var b bytes.Buffer
	b.WriteString("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n")
	for len(body) > 0 {
		n := min(len(body), 10)
		fmt.Fprintf(&b, "%x\r\n", n)
		b.Write(body[:n])
		b.WriteString("\r\n")
		body = body[n:]
	}
	b.WriteString("0\r\n\r\n")
	return b.Bytes()
}

const (
	plainReq  = "GET /a HTTP/1.1\r\nHost: example.test\r\nUser-Agent: sharc\r\n\r\n"
	plainResp = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 37\r\nETag: \"abc\"\r\n\r\n<html><a href=\"/b\">b</a></html>\n12345"
	notMod    = "HTTP/1.1 304 Not Modified\r\nETag: \"abc\"\r\n\r\n"
)

// goldenExchanges covers response, chunked+gzip, both revisit profiles and
// metadata.
func goldenExchanges(t testing.TB) []Exchange {
	d := time.Date(2024, 3, 1, 12, 0, 1, 0, time.UTC)
	orig := time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC)
	return []Exchange{
		{TargetURI: "http://example.test/a", IP: "192.0.2.1", Date: d, Request: []byte(plainReq), Response: []byte(plainResp),
			Outlinks: []Outlink{{URL: "http://example.test/b", Hop: 'L', Context: "a/@href"}, {URL: "http://example.test/s.css", Hop: 'E', Context: "link/@href"}}},
		{TargetURI: "http://example.test/z", IP: "192.0.2.1", Date: d, Request: []byte(strings.Replace(plainReq, "/a", "/z", 1)), Response: chunkedGzipResponse(t)},
		{TargetURI: "http://example.test/a", IP: "192.0.2.1", Date: d, Request: []byte(plainReq), Response: []byte(plainResp),
			Revisit: &RevisitOf{Profile: ProfileIdenticalPayload, RefersTo: "urn:uuid:00000000-0000-4000-8000-000000000002", RefersToURI: "http://example.test/a", RefersToDate: orig}},
		{TargetURI: "http://example.test/a", IP: "192.0.2.1", Date: d, Request: []byte(plainReq), Response: []byte(notMod),
			Revisit: &RevisitOf{Profile: ProfileServerNotModified, RefersTo: "<urn:uuid:00000000-0000-4000-8000-000000000002>", RefersToURI: "http://example.test/a", RefersToDate: orig}},
	}
}

func TestGoldenFile(t *testing.T) {
	dir := t.TempDir()
	w, err := NewWriter(Config{Dir: dir, Prefix: "GOLD", Hostname: "host-a", Software: "SHARC test", Operator: "ops@example.test",
		JobName: "golden", UserAgent: "sharc/1 (+http://example.test)", Description: "golden test"}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	deterministic(w)
	for _, ex := range goldenExchanges(t) {
		if _, err := w.WriteExchange(context.Background(), ex); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	files := w.Files()
	if len(files) != 1 || filepath.Base(files[0]) != "GOLD-20240301120000123-00000-host-a.warc.gz" {
		t.Fatalf("files = %v", files)
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	got := gunzip(t, raw) // multistream: all records concatenated
	golden := filepath.Join("testdata", "golden.warc")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("written records differ from %s (run go test -run Golden -update and review the diff):\n%s", golden, got)
	}

	// The file reads back with gowarc's own reader: every record valid,
	// except gowarc's raw-body payload digest on the chunked response.
	r, err := gowarc.NewWarcFileReader(files[0], 0, gowarc.WithSpecViolationPolicy(gowarc.ErrWarn),
		gowarc.WithSyntaxErrorPolicy(gowarc.ErrFail), gowarc.WithFixDigest(false))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var types []string
	for {
		rec, _, val, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		types = append(types, rec.Type().String())
		chunked := rec.WarcHeader().Get(gowarc.WarcTargetURI) == "http://example.test/z" && rec.Type() == gowarc.Response
		for _, e := range *val {
			if chunked && strings.HasPrefix(e.Error(), "payload: wrong digest") {
				continue
			}
			t.Errorf("%s %s: gowarc: %v", rec.Type(), rec.RecordId(), e)
		}
		if chunked && len(*val) != 1 {
			t.Errorf("chunked response: want exactly gowarc's raw-body payload digest complaint, got %v", val)
		}
	}
	wantTypes := "warcinfo request response metadata request response request revisit request revisit metadata"
	if strings.Join(types, " ") != wantTypes {
		t.Errorf("types = %v, want %s", types, wantTypes)
	}
	n, probs, err := VerifyFile(files[0])
	if err != nil || len(probs) > 0 || n != 11 {
		t.Errorf("VerifyFile: %d records, %v, %v", n, probs, err)
	}
}

// TestPayloadDigestIsTransferDecoded pins the digest rule: chunked framing
// removed, gzip content-coding kept.
func TestPayloadDigestIsTransferDecoded(t *testing.T) {
	resp := chunkedGzipResponse(t)
	n, err := splitHeader(resp)
	if err != nil {
		t.Fatal(err)
	}
	payload, _, _ := entityPayload(resp, n)
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	_, _ = io.WriteString(zw, "hello, chunked and gzipped world\n")
	_ = zw.Close()
	if !bytes.Equal(payload, z.Bytes()) {
		t.Fatalf("payload is not the gzip entity body: %q", payload)
	}
	w, _ := NewWriter(Config{Dir: t.TempDir()}, nil)
	ws, err := w.WriteExchange(context.Background(), Exchange{TargetURI: "http://x.test/", Response: resp})
	if err != nil {
		t.Fatal(err)
	}
	if ws[0].PayloadDigest != w.digestOf(z.Bytes()) || ws[0].PayloadLength != int64(z.Len()) {
		t.Errorf("payload digest %s len %d, want %s len %d", ws[0].PayloadDigest, ws[0].PayloadLength, w.digestOf(z.Bytes()), z.Len())
	}
	_ = w.Close()
}
