package scheduler

import (
	"fmt"
	"math"
	"os"
	"testing"
)

// revisitBenchRates is the thesis' synthetic tree (§5.6.2): page k's children are
// k·d+1 … k·d+d, λ_i = 1/(i+1)^skew by index, reversed for hot leaves.
func revisitBenchRates(n, d int, skew float64, hot bool) []float64 {
	r := make([]float64, n)
	for i := range r {
		x := 1 / math.Pow(float64(i+1), skew)
		if hot {
			r[n-1-i] = x
		} else {
			r[i] = x
		}
	}
	return r
}

// runBench captures the site once: offline strategies get every page up
// front, online ones discover children as pages are visited.
func runBench(b *testing.B, name string, rates []float64, d int) {
	n := len(rates)
	for b.Loop() {
		s, err := NewRegistry().New(name, Params{})
		if err != nil {
			b.Fatal(err)
		}
		s.Start(n)
		off := false
		if o, ok := s.(interface{ Offline() bool }); ok && o.Offline() {
			off = true
			ps := make([]Page, n)
			for i := range ps {
				ps[i] = Page{ID: i, Parent: -1, Rate: rates[i]}
			}
			s.Add(ps...)
		} else {
			s.Add(Page{ID: 0, Parent: -1, Rate: rates[0]})
		}
		buf := make([]Page, 0, d)
		for {
			dec, ok := s.Next()
			if !ok {
				break
			}
			if !off && dec.Action != Revisit {
				buf = buf[:0]
				for c := dec.Page*d + 1; c <= dec.Page*d+d && c < n; c++ {
					buf = append(buf, Page{ID: c, Parent: dec.Page, Rate: rates[c]})
				}
				s.Add(buf...)
			}
			s.Done(dec)
		}
	}
}

func BenchmarkSelective(b *testing.B) {
	for _, n := range []int{10000, 100000, 1000000} {
		for _, hot := range []bool{false, true} {
			rates := revisitBenchRates(n, 400, 1.2, hot)
			for _, name := range []string{"sharc-selective", "sharc-selective-online"} {
				b.Run(fmt.Sprintf("%s/n=%d/hot=%v", name, n, hot), func(b *testing.B) {
					b.ReportAllocs()
					runBench(b, name, rates, 400)
				})
			}
		}
	}
}

// BenchmarkSelectiveOnlineScale shows how the online strategy's cost per
// page grows with the site (issue 11): 10⁵ and 10⁶ pages, and 10⁷ when
// SHARC_BENCH_1E7 is set (it takes a minute and ≈1 GB). Flat ns/URL means
// O(n), a slow rise O(n log n).
func BenchmarkSelectiveOnlineScale(b *testing.B) {
	sizes := []int{100000, 1000000}
	if os.Getenv("SHARC_BENCH_1E7") != "" {
		sizes = append(sizes, 10000000)
	}
	for _, n := range sizes {
		for _, hot := range []bool{false, true} {
			rates := revisitBenchRates(n, 400, 1.2, hot)
			b.Run(fmt.Sprintf("n=%d/hot=%v", n, hot), func(b *testing.B) {
				runBench(b, "sharc-selective-online", rates, 400)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/URL")
			})
		}
	}
}
