package scheduler

import (
	"math"
	"runtime"
	"testing"
)

// benchSite is the thesis' synthetic site (§4.5.3) built inline so the
// benchmark does not depend on package sim: page k's children are
// k·d+1 … k·d+d, rates 1/(i+1)^1.2 by index (cold leaves) or reversed.
type benchSite struct {
	n, d  int
	rates []float64
}

func newBenchSite(n, d int, hot bool) benchSite {
	s := benchSite{n: n, d: d, rates: make([]float64, n)}
	for i := range n {
		r := 1 / math.Pow(float64(i+1), 1.2)
		if hot {
			s.rates[n-1-i] = r
		} else {
			s.rates[i] = r
		}
	}
	return s
}

// drive runs one capture of the site and returns the number of downloads.
func (s benchSite) drive(st Strategy, upFront bool) int {
	st.Start(s.n)
	buf := make([]Page, 0, s.d)
	if upFront {
		for id := range s.n {
			buf = append(buf[:0], Page{ID: id, Parent: (id - 1) / s.d, Rate: s.rates[id]})
			st.Add(buf...)
		}
	} else {
		st.Add(Page{ID: 0, Parent: -1, Rate: s.rates[0]})
	}
	k := 0
	for {
		d, ok := st.Next()
		if !ok {
			return k
		}
		k++
		if !upFront {
			buf = buf[:0]
			for c := d.Page*s.d + 1; c <= d.Page*s.d+s.d && c < s.n; c++ {
				buf = append(buf, Page{ID: c, Parent: d.Page, Rate: s.rates[c]})
			}
			st.Add(buf...)
		}
		st.Done(d)
	}
}

// benchCapture reports, per capture of a 10⁶-page site, the time and the
// bytes allocated per page (an upper bound of the strategy's live memory).
func benchCapture(b *testing.B, name string, hot, upFront bool) {
	const n = 1_000_000
	site := newBenchSite(n, 400, hot)
	reg := NewRegistry()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for b.Loop() {
		st, err := reg.New(name, Params{})
		if err != nil {
			b.Fatal(err)
		}
		if got := site.drive(st, upFront); got != n {
			b.Fatalf("%d downloads, want %d", got, n)
		}
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/n, "alloc-B/page")
}

func BenchmarkOnline1e6Cold(b *testing.B)   { benchCapture(b, "sharc-online", false, false) }
func BenchmarkOnline1e6Hot(b *testing.B)    { benchCapture(b, "sharc-online", true, false) }
func BenchmarkOffline1e6Cold(b *testing.B)  { benchCapture(b, "sharc-offline", false, true) }
func BenchmarkOffline1e6Hot(b *testing.B)   { benchCapture(b, "sharc-offline", true, true) }
func BenchmarkHottestFirst1e6(b *testing.B) { benchCapture(b, "hottest-first", false, false) }
func BenchmarkBFS1e6(b *testing.B)          { benchCapture(b, "bfs", false, false) }
