package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Site is a synthetic site: n pages forming a tree in breadth-first order,
// page k's children being pages k·d+1 … k·d+d (cut at n), with Poisson change
// rates λ_i = 1/(i+1)^skew by breadth-first index ("cold leaves": the root is
// hottest) or the same rates reversed over the indices ("hot leaves").
type Site struct {
	N         int
	Outdegree int
	Skew      float64
	HotLeaves bool
	// Rates holds λ_i in changes per time unit Δ.
	Rates []float64
}

// NewSite builds a synthetic site. It rejects n < 1, outdegree < 1 and
// skew ≤ 0.
func NewSite(n, outdegree int, skew float64, hotLeaves bool) (*Site, error) {
	switch {
	case n < 1:
		return nil, fmt.Errorf("size must be at least 1, got %d", n)
	case outdegree < 1:
		return nil, fmt.Errorf("outdegree must be at least 1, got %d", outdegree)
	case !(skew > 0) || math.IsInf(skew, 0):
		return nil, fmt.Errorf("skew must be a positive number, got %v", skew)
	}
	s := &Site{N: n, Outdegree: outdegree, Skew: skew, HotLeaves: hotLeaves, Rates: make([]float64, n)}
	for i := 0; i < n; i++ {
		r := 1 / math.Pow(float64(i+1), skew)
		if hotLeaves {
			s.Rates[n-1-i] = r
		} else {
			s.Rates[i] = r
		}
	}
	return s, nil
}

// Children returns the index range [lo, hi) of page k's children.
func (s *Site) Children(k int) (lo, hi int) {
	lo = k*s.Outdegree + 1
	hi = lo + s.Outdegree
	if lo > s.N {
		lo = s.N
	}
	if hi > s.N {
		hi = s.N
	}
	return lo, hi
}

// Parent returns page k's parent, or -1 for the root.
func (s *Site) Parent(k int) int {
	if k == 0 {
		return -1
	}
	return (k - 1) / s.Outdegree
}

// ChangeTimes draws the change times of a Poisson process with the given
// rate over [from, to), in increasing order.
func ChangeTimes(rng *rand.Rand, rate, from, to float64) []float64 {
	if rate <= 0 || to <= from {
		return nil
	}
	var out []float64
	t := from
	for {
		t += rng.ExpFloat64() / rate
		if t >= to {
			return out
		}
		out = append(out, t)
	}
}

// AppendChangeTimes is ChangeTimes appending to dst, so a caller drawing
// the histories of many pages can reuse one buffer.
func AppendChangeTimes(dst []float64, rng *rand.Rand, rate, from, to float64) []float64 {
	if rate <= 0 || to <= from {
		return dst
	}
	for t := from + rng.ExpFloat64()/rate; t < to; t += rng.ExpFloat64() / rate {
		dst = append(dst, t)
	}
	return dst
}
