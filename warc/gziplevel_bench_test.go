package warc

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/gzip"
)

// BenchmarkGzipLevel compresses every HTML page of Debian's
// python3.11-doc (the crawl benchmark's site) as one gzip member per page,
// the way the writer compresses records, at each DEFLATE level: the CPU
// and bytes warc.gzip_level trades. Skipped without the package.
func BenchmarkGzipLevel(b *testing.B) {
	var pages [][]byte
	var total int
	_ = filepath.Walk("/usr/share/doc/python3.11/html", func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() && filepath.Ext(p) == ".html" {
			if body, err := os.ReadFile(p); err == nil {
				pages = append(pages, body)
				total += len(body)
			}
		}
		return nil
	})
	if len(pages) == 0 {
		b.Skip("no /usr/share/doc/python3.11/html (apt-get install python3.11-doc)")
	}
	for level := 1; level <= 9; level++ {
		b.Run(fmt.Sprintf("level=%d", level), func(b *testing.B) {
			var buf bytes.Buffer
			out := 0
			for b.Loop() {
				out = 0
				for _, p := range pages {
					buf.Reset()
					w, _ := gzip.NewWriterLevel(&buf, level)
					_, _ = w.Write(p)
					_ = w.Close()
					out += buf.Len()
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N*len(pages)), "ms/page")
			b.ReportMetric(float64(out)/float64(total), "ratio")
			b.SetBytes(int64(total))
		})
	}
}
