package pagediff_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sharc-archive/sharc/daemon/pagediff"
)

// BenchmarkDiff measures the diff at the line limit (DefaultLimits'
// 20,000 lines a side): a page with one line in ten changed, and a
// hostile page of few distinct lines repeated, difflib's hard case.
func BenchmarkDiff(b *testing.B) {
	n := pagediff.DefaultLimits().MaxLines
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		name string
		line func(i int, side int) string
	}{
		{"tenth-changed", func(i, side int) string {
			if side == 1 && i%10 == 0 {
				return fmt.Sprintf("changed line %d", i)
			}
			return fmt.Sprintf("line %d of the page", i)
		}},
		{"few-distinct", func(i, side int) string { return fmt.Sprintf("row %d", rng.IntN(8)) }},
	} {
		a, c := make([]string, n), make([]string, n)
		for i := range n {
			a[i], c[i] = tc.line(i, 0), tc.line(i, 1)
		}
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				pagediff.Diff(a, c)
			}
		})
	}
}
