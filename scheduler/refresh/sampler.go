package refresh

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"
)

// Sampler orders a group's pages for sampling; a policy fetches from the
// front of the order until it has enough samples.
type Sampler interface {
	Order(group []PageID, rng *rand.Rand) []PageID
}

// Compile-time checks.
var (
	_ Sampler = UniformSampler{}
	_ Sampler = InOrderSampler{}
)

// UniformSampler draws without replacement, every page equally likely.
type UniformSampler struct{}

// Order implements Sampler with a seeded shuffle.
func (UniformSampler) Order(group []PageID, rng *rand.Rand) []PageID {
	out := append([]PageID(nil), group...)
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// InOrderSampler takes the group's own order: for Clusters that is
// centroid-outward (Tan & Mitra 2010 §4.1), so the same central pages are
// sampled every cycle and build full histories.
type InOrderSampler struct{}

// Order implements Sampler.
func (InOrderSampler) Order(group []PageID, _ *rand.Rand) []PageID { return group }

// SampleSize is Cho & Ntoulas' √(N·r): N the mean group size, r the
// fraction of the repository the budget covers.
func SampleSize(meanGroup, r float64) float64 { return math.Sqrt(meanGroup * r) }

// SampleCount rounds SampleSize to a whole number of pages, at least 1.
func SampleCount(meanGroup, r float64) int {
	return max(1, int(math.Round(SampleSize(meanGroup, r))))
}

// TStop is Tan & Mitra 2010's stopping rule for sequential sampling: stop
// once the sample mean is valid to ±Delta at confidence Confidence
// (t_{(1+α)/2, n−1}·s/√n ≤ δ), with at least Min samples (two equal
// values have zero spread and would stop at once), or at Max samples.
type TStop struct {
	Confidence float64 // α, e.g. 0.8
	Delta      float64 // δ, absolute half-width
	Min, Max   int
}

// Done reports whether sampling may stop after the values xs.
func (t TStop) Done(xs []float64) bool {
	n := len(xs)
	if n >= t.Max {
		return true
	}
	if n < max(t.Min, 2) {
		return false
	}
	_, sd := meanSD(xs)
	q := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile((1 + t.Confidence) / 2)
	return q*sd/math.Sqrt(float64(n)) <= t.Delta
}

// meanSD is the mean and the sample standard deviation (n−1).
func meanSD(xs []float64) (float64, float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	m := 0.0
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	if len(xs) < 2 {
		return m, 0
	}
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return m, math.Sqrt(v / float64(len(xs)-1))
}
