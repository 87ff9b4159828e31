package warc

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
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

// TestSettleToLeavesLaterRotationsOpen: a committer that writes the next
// group while the previous one is being indexed settles with the mark
// taken after the previous group; a file rotated out by the next group
// (which may hold its unindexed records) stays .open, and an earlier
// one is closed.
func TestSettleToLeavesLaterRotationsOpen(t *testing.T) {
	srv := testServer(t)
	dir := t.TempDir()
	// Every exchange outgrows MaxSize, so each write rotates.
	w, err := NewWriter(Config{Dir: dir, Prefix: "R", Hostname: "h", MaxSize: 1}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	write := func() {
		t.Helper()
		req, resp := fetchRaw(t, srv, "/plain", "")
		if _, err := w.WriteExchange(ctx, Exchange{TargetURI: srv.URL + "/plain", Request: req, Response: resp}); err != nil {
			t.Fatal(err)
		}
	}
	count := func(pattern string) int {
		m, _ := filepath.Glob(filepath.Join(dir, pattern))
		return len(m)
	}
	write()
	write() // group 1: rotates the first file out
	mark := w.Mark()
	write() // group 2, not yet indexed: rotates the second file out
	if err := w.SettleTo(mark); err != nil {
		t.Fatal(err)
	}
	if n, closed := count("*.warc.gz.open"), count("*.warc.gz"); n != 2 || closed != 1 {
		t.Fatalf("after SettleTo(mark of group 1): %d .open, %d closed; want 2 .open (group 2's rotation and the current) and 1 closed", n, closed)
	}
	if err := w.SettleTo(w.Mark()); err != nil {
		t.Fatal(err)
	}
	if n, closed := count("*.warc.gz.open"), count("*.warc.gz"); n != 1 || closed != 2 {
		t.Fatalf("after SettleTo(latest mark): %d .open, %d closed; want 1 and 2", n, closed)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if n, closed := count("*.warc.gz.open"), count("*.warc.gz"); n != 0 || closed != 3 {
		t.Fatalf("after Close: %d .open, %d closed; want 0 and 3", n, closed)
	}
}

// TestRotatedFileStaysOpenUntilSettled: a file rotated out by size keeps
// its .open mark until Settle (its last records may be unindexed), and
// Abandon leaves every file .open for Repair.
func TestRotatedFileStaysOpenUntilSettled(t *testing.T) {
	srv := testServer(t)
	dir := t.TempDir()
	// Every exchange outgrows MaxSize, so each write rotates.
	w, err := NewWriter(Config{Dir: dir, Prefix: "R", Hostname: "h", MaxSize: 1}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	write := func() {
		t.Helper()
		req, resp := fetchRaw(t, srv, "/plain", "")
		if _, err := w.WriteExchange(ctx, Exchange{TargetURI: srv.URL + "/plain", Request: req, Response: resp}); err != nil {
			t.Fatal(err)
		}
	}
	count := func(pattern string) int {
		m, _ := filepath.Glob(filepath.Join(dir, pattern))
		return len(m)
	}
	write()
	write() // rotates the first file out
	if n, closed := count("*.warc.gz.open"), count("*.warc.gz"); n != 2 || closed != 0 {
		t.Fatalf("after rotation: %d .open, %d closed; want 2 .open (the rotated one is not settled)", n, closed)
	}
	if err := w.Settle(); err != nil {
		t.Fatal(err)
	}
	if n, closed := count("*.warc.gz.open"), count("*.warc.gz"); n != 1 || closed != 1 {
		t.Fatalf("after Settle: %d .open, %d closed; want 1 and 1", n, closed)
	}
	write() // rotates the second file out
	if err := w.Abandon(); err != nil {
		t.Fatal(err)
	}
	if n, closed := count("*.warc.gz.open"), count("*.warc.gz"); n != 2 || closed != 1 {
		t.Fatalf("after Abandon: %d .open, %d closed; want 2 and 1", n, closed)
	}
	if _, err := w.WriteExchange(ctx, Exchange{TargetURI: srv.URL + "/x", Response: []byte("HTTP/1.1 200 OK\r\n\r\n")}); err == nil {
		t.Fatal("write after Abandon succeeded")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if n := count("*.warc.gz.open"); n != 2 {
		t.Fatalf("Close after Abandon renamed files: %d .open left, want 2", n)
	}
}

// TestGzipLevel: every accepted level writes members the reader (standard
// library gzip) verifies; levels outside 1–9 (0 aside) are refused.
func TestGzipLevel(t *testing.T) {
	srv := testServer(t)
	req, resp := fetchRaw(t, srv, "/chunked", "")
	for _, tc := range []struct {
		level int
		ok    bool
	}{{0, true}, {1, true}, {6, true}, {9, true}, {-1, false}, {10, false}} {
		w, err := NewWriter(Config{Dir: t.TempDir(), GzipLevel: tc.level}, zaptest.NewLogger(t))
		if (err == nil) != tc.ok {
			t.Fatalf("level %d: err = %v, want ok = %v", tc.level, err, tc.ok)
		}
		if err != nil {
			continue
		}
		if _, err := w.WriteExchange(context.Background(), Exchange{TargetURI: srv.URL + "/chunked", Date: time.Now(), Request: req, Response: resp}); err != nil {
			t.Fatalf("level %d: %v", tc.level, err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		n, probs, err := VerifyFile(w.Files()[0])
		if err != nil || len(probs) > 0 || n != 3 {
			t.Errorf("level %d: %d records, problems %v, err %v; want 3 valid", tc.level, n, probs, err)
		}
	}
}

// TestOnCloseReportsClosedFiles: OnClose hears of each file when it gets
// its final name (rotation + Settle, Close), never of a file left .open by
// Abandon, and with the same paths Files returns.
func TestOnCloseReportsClosedFiles(t *testing.T) {
	srv := testServer(t)
	var heard []string
	w, err := NewWriter(Config{Dir: t.TempDir(), Prefix: "C", Hostname: "h", MaxSize: 1,
		OnClose: func(p string) { heard = append(heard, p) }}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	req, resp := fetchRaw(t, srv, "/plain", "")
	write := func() {
		t.Helper()
		if _, err := w.WriteExchange(ctx, Exchange{TargetURI: srv.URL + "/plain", Request: req, Response: resp}); err != nil {
			t.Fatal(err)
		}
	}
	write()
	write() // rotates the first out: .open until Settle
	if len(heard) != 0 {
		t.Fatalf("OnClose before Settle: %q", heard)
	}
	if err := w.Settle(); err != nil {
		t.Fatal(err)
	}
	if len(heard) != 1 || strings.HasSuffix(heard[0], ".open") {
		t.Fatalf("after Settle OnClose heard %q, want the one final path", heard)
	}
	if _, err := os.Stat(heard[0]); err != nil {
		t.Fatalf("reported file: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(heard, w.Files()) || len(heard) != 2 {
		t.Fatalf("OnClose heard %q, Files = %q; want the same 2", heard, w.Files())
	}
	a, err := NewWriter(Config{Dir: t.TempDir(), Hostname: "h", OnClose: func(p string) { heard = append(heard, p) }}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.WriteExchange(ctx, Exchange{TargetURI: srv.URL + "/plain", Request: req, Response: resp}); err != nil {
		t.Fatal(err)
	}
	if err := a.Abandon(); err != nil {
		t.Fatal(err)
	}
	if len(heard) != 2 {
		t.Fatalf("Abandon reported a file left .open: %q", heard[2:])
	}
}

// TestOutlinkLines: the metadata block built by appending is the one the
// writer printed with fmt before (refOutlinkLines), byte for byte, for
// URLs needing escapes, odd hops and contexts that need cleaning.
func TestOutlinkLines(t *testing.T) {
	long := strings.Repeat("é", 200) // cut inside a rune at 256 bytes
	tests := []struct {
		name  string
		links []Outlink
	}{
		{"none", nil},
		{"no URL", []Outlink{{URL: "", Hop: 'L', Context: "a/@href"}}},
		{"plain", []Outlink{{URL: "http://a.test/x?y=1", Hop: 'L', Context: "a/@href"}, {URL: "http://a.test/s.css", Hop: 'E', Context: "link/@href"}}},
		{"escapes", []Outlink{{URL: "http://a.test/a b\tc\x7f\x00\r\n", Hop: 'L', Context: "a/@href"}}},
		{"non-ASCII URL", []Outlink{{URL: "http://a.test/é", Hop: 'L', Context: "x"}}},
		{"odd hops", []Outlink{{URL: "http://a.test/", Hop: 0, Context: "c"}, {URL: "http://a.test/", Hop: ' ', Context: "c"}, {URL: "http://a.test/", Hop: 0x7f, Context: "c"}, {URL: "http://a.test/", Hop: 0xff, Context: "c"}}},
		{"contexts", []Outlink{{URL: "u", Hop: 'L', Context: ""}, {URL: "u", Hop: 'L', Context: "  "}, {URL: "u", Hop: 'L', Context: " a  b\tc "}, {URL: "u", Hop: 'L', Context: "a\x01b"},
			{URL: "u", Hop: 'L', Context: "a\u00a0b"}, {URL: "u", Hop: 'L', Context: "é"}, {URL: "u", Hop: 'L', Context: strings.Repeat("x", 256)},
			{URL: "u", Hop: 'L', Context: strings.Repeat("x", 257)}, {URL: "u", Hop: 'L', Context: long}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got, want := string(outlinkLines(tc.links)), refOutlinkLines(tc.links); got != want {
				t.Errorf("outlinkLines = %q, want %q", got, want)
			}
		})
	}
}

// refOutlinkLines is the metadata block as the writer printed it with fmt.
func refOutlinkLines(links []Outlink) string {
	var body strings.Builder
	for _, l := range links {
		if l.URL == "" {
			continue
		}
		hop := l.Hop
		if hop <= ' ' || hop >= 0x7f {
			hop = 'L'
		}
		var u strings.Builder
		for i := 0; i < len(l.URL); i++ {
			if c := l.URL[i]; c <= ' ' || c == 0x7f {
				fmt.Fprintf(&u, "%%%02X", c)
			} else {
				u.WriteByte(c)
			}
		}
		ctxt := strings.Join(strings.Fields(cleanField(l.Context)), "_")
		if ctxt == "" {
			ctxt = "-"
		}
		if len(ctxt) > maxOutlinkContextRuneSize {
			ctxt = strings.ToValidUTF8(ctxt[:maxOutlinkContextRuneSize], "")
		}
		fmt.Fprintf(&body, "outlink: %s %c %s\r\n", u.String(), hop, ctxt)
	}
	return body.String()
}

// TestDefaultGzipLevel: GzipLevel 0 compresses as level 6, as Config
// says (klauspost's own default is 5), and the levels differ on the bytes
// compared, so the comparison can tell.
func TestDefaultGzipLevel(t *testing.T) {
	ex := Exchange{TargetURI: "http://example.test/a", Date: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), Response: benchResponse(64 << 10)}
	members := func(level int) []byte {
		w, err := NewWriter(Config{Dir: t.TempDir(), GzipLevel: level}, nil)
		if err != nil {
			t.Fatal(err)
		}
		w.newID = func() string { return "urn:uuid:00000000-0000-4000-8000-000000000001" }
		b, err := w.Build(ex)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Release()
		var out bytes.Buffer
		for _, r := range b.recs {
			if _, err := r.gz.WriteTo(&out); err != nil {
				t.Fatal(err)
			}
		}
		return out.Bytes()
	}
	def, six, five := members(0), members(6), members(5)
	if !bytes.Equal(def, six) {
		t.Errorf("default level: %d bytes, level 6: %d bytes", len(def), len(six))
	}
	if bytes.Equal(six, five) {
		t.Error("levels 5 and 6 compress the test response alike: the test cannot tell them apart")
	}
}
