package warc

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/sharc-archive/sharc/internal/spool"
	"github.com/sharc-archive/sharc/internal/testkit"
)

// benchResponse is an HTML-like response of about size bytes: half random
// (incompressible), half repetitive markup, so gzip does real work.
func benchResponse(size int) []byte {
	rng := rand.New(rand.NewSource(1))
	body := make([]byte, 0, size)
	for len(body) < size {
		if rng.Intn(2) == 0 {
			body = append(body, "<p class=\"text\">lorem ipsum dolor sit amet</p>\n"...)
		} else {
			for i := 0; i < 48; i++ {
				body = append(body, byte('a'+rng.Intn(26)))
			}
		}
	}
	return append([]byte(fmt.Sprintf("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n", len(body))), body...)
}

// BenchmarkWriteExchange measures archived bytes per second, fsync
// included, serially and with parallel callers sharing one Writer.
func BenchmarkWriteExchange(b *testing.B) {
	req := []byte(plainReq)
	for _, size := range []int{16 << 10, 256 << 10} {
		resp := benchResponse(size)
		ex := Exchange{TargetURI: "http://example.test/a", IP: "127.0.0.1", Request: req, Response: resp,
			Outlinks: []Outlink{{URL: "http://example.test/b", Hop: 'L', Context: "a/@href"}}}
		b.Run(fmt.Sprintf("serial/%dKiB", size>>10), func(b *testing.B) {
			w, err := NewWriter(Config{Dir: b.TempDir(), MaxSize: 256 << 20}, nil)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(req) + len(resp)))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := w.WriteExchange(context.Background(), ex); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			_ = w.Close()
		})
		b.Run(fmt.Sprintf("parallel/%dKiB", size>>10), func(b *testing.B) {
			w, err := NewWriter(Config{Dir: b.TempDir(), MaxSize: 256 << 20}, nil)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(req) + len(resp)))
			b.SetParallelism(4)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if _, err := w.WriteExchange(context.Background(), ex); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.StopTimer()
			_ = w.Close()
		})
	}
}

// hrefRE finds the links of a page for BenchmarkBuildDocs's outlinks.
var hrefRE = regexp.MustCompile(`href="([^"#]+)`)

// BenchmarkBuildDocs builds (without writing) an exchange for each HTML
// page of Debian's python3.11-doc the way the crawler does: the raw
// response in a spool, the payload digest hinted, a request and the
// page's links as outlinks. Build is the worker's share of the WARC's CPU (compression
// and digests); ms/page and allocs/op show what it costs per page.
func BenchmarkBuildDocs(b *testing.B) {
	paths, _ := filepath.Glob("/usr/share/doc/python3.11/html/library/*.html")
	if len(paths) == 0 {
		b.Skip("no /usr/share/doc/python3.11/html (apt-get install python3.11-doc)")
	}
	w, err := NewWriter(Config{Dir: b.TempDir(), GzipLevel: 6}, nil) // the job's default level
	if err != nil {
		b.Fatal(err)
	}
	var exs []Exchange
	var total int64
	for _, p := range paths {
		body, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		sp := spool.New(b.TempDir(), 0)
		b.Cleanup(func() { _ = sp.Close() })
		fmt.Fprintf(sp, "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: %d\r\n\r\n", len(body))
		_, _ = sp.Write(body)
		var links []Outlink // the page's hrefs, about what the crawler lists
		for _, m := range hrefRE.FindAllSubmatch(body, -1) {
			links = append(links, Outlink{URL: "http://127.0.0.1/library/" + string(m[1]), Hop: 'L', Context: "a/@href"})
		}
		exs = append(exs, Exchange{TargetURI: "http://127.0.0.1/library/" + filepath.Base(p), IP: "127.0.0.1", Request: []byte(plainReq),
			ResponseBlob: sp, Payload: &PayloadHint{Digest: w.digestOf(body), Len: int64(len(body))}, Outlinks: links})
		total += sp.Size()
	}
	b.SetBytes(total)
	b.ReportAllocs()
	cpu0 := testkit.CPUTime(b)
	for b.Loop() {
		for _, ex := range exs {
			built, err := w.Build(ex)
			if err != nil {
				b.Fatal(err)
			}
			built.Release()
		}
	}
	// CPU time too: on a shared machine wall time moves with the load.
	b.ReportMetric(float64((testkit.CPUTime(b)-cpu0).Microseconds())/1e3/float64(b.N*len(exs)), "cpu-ms/page")
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N*len(exs)), "ms/page")
}
