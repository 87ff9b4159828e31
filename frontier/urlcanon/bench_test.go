package urlcanon

import (
	"strings"
	"testing"
)

var benchRefs = []string{
	"/", "page.html", "../up/other.html?x=1&y=2", "https://cdn.example.net/static/app.js",
	"//img.example.org/a/b/c.png", "/search?q=caf%c3%a9+au+lait&lang=fr#results",
	"http://www.Example.com:80/%7Euser/index.html", "?page=2",
}

func BenchmarkCanonical(b *testing.B) {
	const base = "https://www.example.com/dir/sub/page.html"
	for b.Loop() {
		for _, r := range benchRefs {
			if _, err := Canonical(base, r); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(benchRefs))/b.Elapsed().Seconds(), "urls/s")
}

func BenchmarkResolve(b *testing.B) {
	r, err := NewResolver("https://www.example.com/dir/sub/page.html")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		for _, ref := range benchRefs {
			if _, err := r.Resolve(ref); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(benchRefs))/b.Elapsed().Seconds(), "urls/s")
}

func BenchmarkSURT(b *testing.B) {
	urls := []string{
		"https://www.example.com/dir/sub/page.html",
		"http://example.com:8080/search?q=x&b=2&a=1",
		"http://192.168.0.1/a/b/",
	}
	for b.Loop() {
		for _, u := range urls {
			_ = SURT(u)
		}
	}
	b.ReportMetric(float64(b.N*len(urls))/b.Elapsed().Seconds(), "urls/s")
}

// BenchmarkWorstCase measures the most expensive input the caps allow: as
// many path segments as MaxSegments permits and a query filling MaxLength.
func BenchmarkWorstCase(b *testing.B) {
	ref := "http://example.com" + strings.Repeat("/a", MaxSegments-2) +
		"?" + strings.Repeat("b&", (MaxLength-2*MaxSegments)/2-20)
	if _, err := Canonical("", ref); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		_, _ = Canonical("", ref)
	}
}
