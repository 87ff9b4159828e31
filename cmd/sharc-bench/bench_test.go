package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nlnwa/gowarc"
	"github.com/sharc-archive/sharc/warc"
)

func TestRewrite(t *testing.T) {
	sp := spreader{port: 8080, hosts: 50}
	page := "/library/os.html"
	tests := []struct{ in, want string }{
		{`<a href="sys.html#x">`, `<a href="http://` + sp.host("/library/sys.html") + `/library/sys.html#x">`},
		{`<img src="../_images/a.png">`, `<img src="http://` + sp.host("/_images/a.png") + `/_images/a.png">`},
		{`<a href="/index.html">`, `<a href="http://` + sp.host("/index.html") + `/index.html">`},
		{`<a href="#top">`, `<a href="#top">`},
		{`<a href="https://python.org/">`, `<a href="https://python.org/">`},
		{`<a href="mailto:a@b">`, `<a href="mailto:a@b">`},
		{`<a href="//cdn.example/x">`, `<a href="//cdn.example/x">`},
		{`<a href='single.html'>`, `<a href='single.html'>`},
	}
	for _, tt := range tests {
		if got := string(sp.rewrite(page, []byte(tt.in))); got != tt.want {
			t.Errorf("rewrite(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	seen := map[string]bool{}
	for i := range 500 {
		seen[sp.host("/p"+strings.Repeat("x", i))] = true
	}
	if len(seen) != 50 {
		t.Errorf("500 paths spread over %d hosts, want all 50", len(seen))
	}
}

func TestLogURLs(t *testing.T) {
	tests := []struct {
		pick func(string) string
		line string
		want string
	}{
		{crawlLogURL, "2026-11-22T16:30:05.123Z   200      12380 http://example.com/ - - text/html #001 - - - -", "http://example.com/"},
		{crawlLogURL, "2026-11-22T16:30:05.123Z   404        310 http://example.com/missing LL - - #001 - - - -", ""},
		{crawlLogURL, "2026-11-22T16:30:05.123Z -9998          - http://example.com/x L - - #003 - - - -", ""},
		{crawlLogURL, "short line", ""},
		{wgetLogURL, `2026-11-24 16:51:26 URL:http://127.0.0.1:8/a.html [123/123] -> "a.html" [1]`, "http://127.0.0.1:8/a.html"},
		{wgetLogURL, `http://127.0.0.1:8/x:`, ""},
		{wgetLogURL, `2026-11-24 16:51:26 ERROR 404: Not Found.`, ""},
	}
	for _, tt := range tests {
		if got := tt.pick(tt.line); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestFetchArchives checks ceiling (e) archives what it fetched: every 2xx
// body comes back out of the WARC, read by gowarc, and non-2xx answers
// count as errors.
func TestFetchArchives(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/missing" {
			http.NotFound(w, r)
			return
		}
		io.WriteString(w, "body of "+r.URL.Path)
	}))
	defer srv.Close()
	dir := t.TempDir()
	list := filepath.Join(dir, "urls")
	os.WriteFile(list, []byte(srv.URL+"/a\n"+srv.URL+"/b\n"+srv.URL+"/missing\n"), 0o644)
	urls, err := readURLs(list)
	if err != nil {
		t.Fatal(err)
	}
	w, err := warc.NewWriter(warc.Config{Dir: filepath.Join(dir, "w"), Prefix: "t"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	res := fetchAll(urls, 2, w)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if res.Pages != 2 || res.Errors != 1 || res.Bytes != int64(len("body of /a")*2) {
		t.Fatalf("fetchAll = %+v, want 2 pages, 1 error", res)
	}
	bodies := map[string]string{}
	for _, f := range w.Files() {
		r, err := gowarc.NewWarcFileReader(f, 0)
		if err != nil {
			t.Fatal(err)
		}
		for {
			rec, _, _, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if rec.Type() != gowarc.Response {
				continue
			}
			blk := rec.Block().(gowarc.HttpResponseBlock)
			pr, _ := blk.PayloadBytes()
			b, _ := io.ReadAll(pr)
			bodies[rec.WarcHeader().Get(gowarc.WarcTargetURI)] = string(b)
		}
		r.Close()
	}
	for _, p := range []string{"/a", "/b"} {
		if got := bodies[srv.URL+p]; got != "body of "+p {
			t.Errorf("WARC body of %s = %q", p, got)
		}
	}
}

func TestReadURLsRefusesNonLoopback(t *testing.T) {
	list := filepath.Join(t.TempDir(), "urls")
	os.WriteFile(list, []byte("http://example.org/\n"), 0o644)
	if _, err := readURLs(list); err == nil || !strings.Contains(err.Error(), "not a loopback") {
		t.Fatalf("readURLs = %v, want a refusal", err)
	}
}
