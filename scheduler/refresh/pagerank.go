package refresh

import "math"

// PageRank is Eq. 9 of Tan et al. 2007 over r's link graph, damping 0.85
// (the paper gives none), by power iteration; dangling pages spread their
// rank uniformly. The result sums to 1.
func PageRank(r *Repo, iters int) []float64 {
	n := r.Len()
	if n == 0 {
		return nil
	}
	const d = 0.85
	pr := make([]float64, n)
	for i := range pr {
		pr[i] = 1 / float64(n)
	}
	next := make([]float64, n)
	for it := 0; it < iters; it++ {
		dangling := 0.0
		for p, out := range r.Out {
			if len(out) == 0 {
				dangling += pr[p]
			}
		}
		base := (1-d)/float64(n) + d*dangling/float64(n)
		for i := range next {
			next[i] = base
		}
		for p, out := range r.Out {
			for _, q := range out {
				next[q] += d * pr[p] / float64(len(out))
			}
		}
		pr, next = next, pr
	}
	return pr
}

// ToolbarScale maps PageRank values to the 0–10 toolbar scale the PRA
// download probability (PR+1)/11 expects, by log-scale binning between
// the smallest and largest value (the paper does not say how).
func ToolbarScale(pr []float64) []int {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range pr {
		if x > 0 {
			lo, hi = min(lo, x), max(hi, x)
		}
	}
	out := make([]int, len(pr))
	if !(hi > lo) {
		return out
	}
	for i, x := range pr {
		if x > 0 {
			out[i] = int(math.Round(10 * math.Log(x/lo) / math.Log(hi/lo)))
		}
	}
	return out
}
