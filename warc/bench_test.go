package warc

import (
	"context"
	"fmt"
	"math/rand"
	"testing"
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
