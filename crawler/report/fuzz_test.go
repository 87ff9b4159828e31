package report_test

import (
	"bytes"
	"compress/gzip"
	"testing"

	"github.com/sharc-archive/sharc/crawler/report"
)

// FuzzReadJSON: whatever ReadJSON accepts, WriteJSON writes and ReadJSON
// reads back to the same bytes (the stored report is stable), and no input
// panics.
func FuzzReadJSON(f *testing.F) {
	f.Add([]byte(`{"version":1,"capture_id":3,"pages":[{"url":"http://a/","status":"coherent"}]}`))
	f.Add([]byte(`{"version":1,"totals":{"pages":-1},"summary":{"status_codes":{"200":2}}}`))
	f.Add([]byte(`{"version":2}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := report.ReadJSON(data)
		if err != nil {
			return
		}
		var a, b bytes.Buffer
		if err := report.WriteJSON(&a, r); err != nil {
			t.Fatal(err)
		}
		r2, err := report.ReadJSON(a.Bytes())
		if err != nil {
			t.Fatalf("re-read: %v\n%s", err, a.Bytes())
		}
		if err := report.WriteJSON(&b, r2); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Fatalf("not stable:\n%s\n%s", a.Bytes(), b.Bytes())
		}
		// Every renderer copes with whatever was stored.
		if err := report.WriteCSV(&bytes.Buffer{}, r); err != nil {
			t.Fatal(err)
		}
		if err := report.WriteHTML(&bytes.Buffer{}, r); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzHTTPBody: the decoder of archived HTTP responses never panics, and
// a plain (identity-coded) body comes back byte for byte.
func FuzzHTTPBody(f *testing.F) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("<p>hello</p>"))
	zw.Close()
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\n\r\nhello"), []byte("x"))
	f.Add([]byte("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"), []byte{})
	f.Add(append([]byte("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n"), gz.Bytes()...), []byte{})
	f.Add([]byte("HTTP/1.1 304 Not Modified\r\n\r\n"), []byte{})
	f.Add([]byte("garbage"), []byte{})
	f.Fuzz(func(t *testing.T, block, body []byte) {
		_, _, _ = report.HTTPBody(block)
		plain := append([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: "+itoa(int64(len(body)))+"\r\n\r\n"), body...)
		got, ct, err := report.HTTPBody(plain)
		if err != nil || ct != "text/plain" || !bytes.Equal(got, body) {
			t.Fatalf("identity body: %q %q %v, want %q", got, ct, err, body)
		}
	})
}
