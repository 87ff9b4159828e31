package testsite

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
)

// benchSite is a 10^5-page site (the size the thesis' larger experiments
// use) on the real clock, with a time unit of 10 ms so pages keep changing
// during the benchmark.
func benchSite(b *testing.B) *Site {
	b.Helper()
	s, err := New(Config{Pages: 100000, Outdegree: 10, Skew: 1, TimeUnit: 10 * time.Millisecond, Seed: 1,
		RequestLogSize: -1}, nil)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkServeHTTP measures the handler alone (no network): one page
// request each, cycling over the first 1000 pages.
func BenchmarkServeHTTP(b *testing.B) {
	s := benchSite(b)
	reqs := make([]*http.Request, 1000)
	for i := range reqs {
		reqs[i] = httptest.NewRequest(http.MethodGet, PagePath(i), nil)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, reqs[i%len(reqs)])
		if w.Code != http.StatusOK {
			b.Fatalf("status %d", w.Code)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
}

// BenchmarkHTTP measures requests per second over real loopback HTTP with
// keep-alive, two clients in parallel.
func BenchmarkHTTP(b *testing.B) {
	s := benchSite(b)
	srv := httptest.NewServer(s)
	defer srv.Close()
	client := srv.Client()
	b.SetParallelism(1)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			resp, err := client.Get(srv.URL + "/p/" + strconv.Itoa(1+i%5000))
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				b.Errorf("status %d", resp.StatusCode)
				return
			}
			i++
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
}

// BenchmarkSitemap measures building the sitemap of 50000 pages.
func BenchmarkSitemap(b *testing.B) {
	s := benchSite(b)
	req := httptest.NewRequest(http.MethodGet, "/sitemap-0.xml", nil)
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d", w.Code)
		}
	}
}
