package warc

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// fetchRaw sends a raw HTTP/1.1 request to srv over TCP and returns the
// request and the bytes exactly as received, as the crawler will.
func fetchRaw(t testing.TB, srv *httptest.Server, path string, extra string) (req, resp []byte) {
	t.Helper()
	addr := srv.Listener.Addr().String()
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	req = []byte(fmt.Sprintf("GET %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: sharc-test\r\n%sConnection: close\r\n\r\n", path, addr, extra))
	if _, err := conn.Write(req); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err = io.ReadAll(conn)
	if err != nil {
		t.Fatal(err)
	}
	return req, resp
}

// testServer serves a few pages with different framings.
func testServer(t testing.TB) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/plain", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Length", "44")
		_, _ = io.WriteString(w, "<html><a href=\"/chunked\">x</a></html>\n1234")
	})
	mux.HandleFunc("/chunked", func(w http.ResponseWriter, r *http.Request) {
		// gzip content-encoding sent with chunked transfer-encoding.
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Encoding", "gzip")
		fl := w.(http.Flusher)
		zw := gzip.NewWriter(w)
		for i := 0; i < 5; i++ {
			fmt.Fprintf(zw, "line %d of a chunked, gzip-encoded body\n", i)
			_ = zw.Flush()
			fl.Flush()
		}
		_ = zw.Close()
	})
	mux.HandleFunc("/notmod", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"v1"`)
		w.WriteHeader(http.StatusNotModified)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func gunzip(t testing.TB, b []byte) []byte {
	t.Helper()
	z, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
