package warc

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestEncodeHTTPHeader(t *testing.T) {
	for _, tc := range []struct{ name, hdr, want string }{
		{"plain", notMod, "http-status-line: HTTP/1.1 304 Not Modified\r\nhttp-header: ETag: \"abc\"\r\n"},
		{"status only", "HTTP/1.1 304 Not Modified\r\n\r\n", "http-status-line: HTTP/1.1 304 Not Modified\r\n"},
		{"escapes", "HTTP/1.1 304 OK\r\nX: 100%\x01\tb\xc3\xa9\r\n\r\n",
			"http-status-line: HTTP/1.1 304 OK\r\nhttp-header: X: 100%25%01\tb%C3%A9\r\n"},
		{"bare LF lines", "HTTP/1.1 304 OK\nETag: x\r\nA: b\n\n",
			"http-status-line: HTTP/1.1 304 OK%0A\r\nhttp-header: ETag: x\r\nhttp-header: A: b%0A\r\nhttp-header: %0A\r\n"},
		{"stray CR", "HTTP/1.1 304 OK\r\nA: b\r\r\n\r\n", "http-status-line: HTTP/1.1 304 OK\r\nhttp-header: A: b%0D\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := EncodeHTTPHeader([]byte(tc.hdr))
			if string(got) != tc.want {
				t.Errorf("encoded\n%q\nwant\n%q", got, tc.want)
			}
			back, err := DecodeHTTPHeader(got)
			if err != nil || string(back) != tc.hdr {
				t.Errorf("decoded %q, %v; want %q", back, err, tc.hdr)
			}
		})
	}
}

func TestDecodeHTTPHeaderRejects(t *testing.T) {
	for _, tc := range []struct{ name, block string }{
		{"empty", ""},
		{"no status line", "http-header: ETag: x\r\n"},
		{"second status line", "http-status-line: HTTP/1.1 304 A\r\nhttp-status-line: HTTP/1.1 304 B\r\n"},
		{"other field", "http-status-line: HTTP/1.1 304 A\r\noutlink: http://x/ L a/@href\r\n"},
		{"bad escape", "http-status-line: HTTP/1.1 304 A%zz\r\n"},
		{"truncated escape", "http-status-line: HTTP/1.1 304 A%0\r\n"},
		{"raw control byte", "http-status-line: HTTP/1.1 304 A\x01\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, err := DecodeHTTPHeader([]byte(tc.block)); err == nil {
				t.Errorf("accepted, decoded %q", got)
			}
		})
	}
}

// TestServerNotModifiedRecords checks what a 304 revisit becomes: an empty
// revisit record that names its original, and a metadata record, concurrent
// to it, from which the 304 the server sent reads back byte for byte.
func TestServerNotModifiedRecords(t *testing.T) {
	dir := t.TempDir()
	w, err := NewWriter(Config{Dir: dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp := "HTTP/1.1 304 Not Modified\r\nDate: Tue, 24 Nov 2026 11:35:39 GMT\r\nETag: \"v1\"\r\nX-Odd: a%b\r\n\r\n"
	orig := time.Date(2026, 11, 24, 11, 35, 27, 796000000, time.UTC)
	ws, err := w.WriteExchange(context.Background(), Exchange{TargetURI: "http://x.test/p", Request: []byte(plainReq), Response: []byte(resp),
		Revisit: &RevisitOf{Profile: ProfileServerNotModified, RefersTo: "urn:uuid:1", RefersToURI: "http://x.test/p", RefersToDate: orig}})
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 3 || ws[0].Type != Request || ws[1].Type != Revisit || ws[2].Type != Metadata {
		t.Fatalf("records %+v, want request, revisit, metadata", ws)
	}
	if ws[1].Status != 304 || ws[1].PayloadDigest != "" {
		t.Errorf("revisit written as status %d digest %q, want 304 and none", ws[1].Status, ws[1].PayloadDigest)
	}
	fh, err := os.Open(filepath.Join(dir, ws[0].File+openSuffix))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	read := func(wr Written) *Record {
		rec, err := NewReader(io.NewSectionReader(fh, wr.Offset, wr.Length)).Next()
		if err != nil {
			t.Fatal(err)
		}
		if probs := verifyRecord(rec); len(probs) > 0 {
			t.Errorf("%s: %v", wr.Type, probs)
		}
		return rec
	}
	rv, md := read(ws[1]), read(ws[2])
	for field, want := range map[string]string{
		"Content-Length": "0", "WARC-Profile": ProfileServerNotModified, "WARC-Refers-To": "<urn:uuid:1>",
		"WARC-Refers-To-Target-URI": "http://x.test/p", "WARC-Refers-To-Date": "2026-11-24T11:35:27.796000Z",
		"WARC-Payload-Digest": "", "WARC-Truncated": "",
	} {
		if got := rv.Header.Get(field); got != want {
			t.Errorf("revisit %s = %q, want %q", field, got, want)
		}
	}
	if len(rv.Block) != 0 {
		t.Errorf("revisit block %q, want empty", rv.Block)
	}
	if md.Header.Get("WARC-Concurrent-To") != "<"+rv.ID()+">" || md.Header.Get("Content-Type") != contentTypeWarcFields ||
		md.TargetURI() != "http://x.test/p" || md.Header.Get("WARC-Date") != rv.Header.Get("WARC-Date") {
		t.Errorf("metadata header %v does not tie it to revisit %s", md.Header, rv.ID())
	}
	got, err := DecodeHTTPHeader(md.Block)
	if err != nil || string(got) != resp {
		t.Errorf("metadata block %q decodes to %q, %v; want the 304 as sent", md.Block, got, err)
	}
	_ = w.Close()
}

// FuzzHTTPHeaderFields checks that any header block the writer accepts
// survives EncodeHTTPHeader and DecodeHTTPHeader byte for byte, and that
// DecodeHTTPHeader never panics on arbitrary input.
func FuzzHTTPHeaderFields(f *testing.F) {
	f.Add([]byte(notMod))
	f.Add([]byte("HTTP/1.1 304 OK\nETag: x\r\nA: b%\x00\xff\n\n"))
	f.Add(EncodeHTTPHeader([]byte(notMod)))
	f.Add([]byte("http-status-line: %"))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = DecodeHTTPHeader(data)
		n, err := splitHeader(data)
		if err != nil || n != len(data) {
			return
		}
		enc := EncodeHTTPHeader(data)
		back, err := DecodeHTTPHeader(enc)
		if err != nil || !bytes.Equal(back, data) {
			t.Fatalf("header %q encoded %q decodes to %q, %v", data, enc, back, err)
		}
		if bytes.IndexFunc(enc, func(r rune) bool { return r >= 0x7f || (r < 0x20 && r != '\t' && r != '\r' && r != '\n') }) >= 0 {
			t.Fatalf("encoded block %q is not printable ASCII", enc)
		}
	})
}
