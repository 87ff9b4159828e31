package scheduler

import (
	"math"
)

// SHARC-Threshold (Def. 5.4) and SHARC-Selective (§5.5, Alg. 5 and 6).
//
// Both build a pyramid (Fig. 5.2b): slot s of the pyramid is visited s
// positions before the middle and revisited s positions after it, so its
// visit-revisit interval is 2s·Δ; slot 0 is the middle download where the
// last visit and the first revisit collapse (Def. 5.5). Pages are taken
// hottest first; a hopeful page gets the shortest free slot, a hopeless one
// the longest. Rates reach the scheduler per Δ, so page q on slot s stays
// unchanged with probability e^{−2·λ_q·s} (§3.3).

// planThreshold is SHARC-Threshold (Def. 5.4) as its formula reads. The
// pyramid is filled from the outside in: at step i (i = 0, 1, …) the
// hottest remaining page is tested against the longest free interval,
// 2(n−i)+1 positions for pages p_0 … p_n, and if it changes within it
// with probability 1 − e^{−(2(n−i)+1)λ} > τ it is given up (hopeless) and
// takes that slot, the hottest hopeless page the longest. The first page
// that passes, and every colder one (colder pages on shorter intervals
// pass too), is hopeful and fills the remaining slots from the middle out,
// hottest in the middle.
//
// The definition's prose calls that probability "P[p is coherent]" and
// prints the hopeful interval as [(n−i)Δ, (n+i+1)Δ], which contradict the
// formula and each other. The formula's reading is the one that reproduces
// Table 5.1 (its trend over τ at every skew, and its values within about
// 10 % at skew 1.5 and 2, where the "coherent on the next inner slot"
// reading is 70–93 % lower) and §5.6.1's remark that Threshold, with its
// best τ, did at most as well as HL-LIFO.
func planThreshold(ps []rated, tau float64) ([]int32, int, []int32) {
	byHeat(ps)
	n := len(ps) - 1 // the thesis' pages p_0 … p_n
	k := 0
	for k <= n && -math.Expm1(-float64(2*(n-k)+1)*ps[k].rate) > tau {
		k++
	}
	hopeless := make([]int32, 0, k)
	hopeful := make([]int32, 0, len(ps)-k)
	for i, p := range ps {
		if i < k {
			hopeless = append(hopeless, int32(p.id))
		} else {
			hopeful = append(hopeful, int32(p.id))
		}
	}
	return pyramidOrder(hopeless, hopeful), k, nil
}

// planSelective is SHARC-Selective offline (Alg. 5) with the exact fast
// split of selectiveSplit.
func planSelective(ps []rated) ([]int32, int, []int32) {
	byHeat(ps)
	a := make([]float64, len(ps))
	for i, p := range ps {
		a[i] = 2 * p.rate
	}
	gone := selectiveSplit(a)
	a = nil
	var hopeless, hopeful []int32
	hopeful = make([]int32, 0, len(ps))
	for i, p := range ps {
		if gone[i] {
			hopeless = append(hopeless, int32(p.id))
		} else {
			hopeful = append(hopeful, int32(p.id))
		}
	}
	return pyramidOrder(hopeless, hopeful), len(hopeless), nil
}

const (
	// tieTol: a page is declared hopeless only if giving it up raises the
	// expected coherence by more than tieTol pages. Alg. 5 keeps a page
	// hopeful on equality; with floating point, "equal" means within
	// tieTol (equal rates tie exactly, as the exchange telescopes).
	tieTol = 1e-9
	// taylorK is the order of the Taylor expansions and taylorX the
	// largest argument they are used for: the remainder is then below
	// e·1/18! ≈ 4e-16 of the sum.
	taylorK = 17
	taylorX = 1.0
	// deadA: a page with 2λ ≥ deadA has e^{−2λs} = 0 in float64 for every
	// slot s ≥ 1, so it contributes exactly nothing to the sums.
	deadA = 746.0
	eps   = 0x1p-52
)

// invFact[k] = 1/k!.
var invFact = func() (f [taylorK + 2]float64) {
	f[0] = 1
	for k := 1; k < len(f); k++ {
		f[k] = f[k-1] / float64(k)
	}
	return f
}()

// selectiveSplit decides, for pages sorted hottest first with a[q] = 2λ_q
// (so page q on slot s is unchanged with probability e^{−a_q·s}), which are
// hopeless under SHARC-Selective (Alg. 5, Def. 5.7).
//
// Page 0 takes the zero-length interval and is hopeful (Example 5.8). Then,
// with h pages declared hopeless so far, page p would take slot lo = p−h if
// hopeful and slot hi = n−1−h if hopeless, and the pages after it fill the
// slots in between hottest to shortest. Alg. 5 compares the two expected
// coherences (Def. 5.6); their difference is
//
//	B − A = S(p, h) − L(p),  S(p, h) = Σ_{q>p} t_q(q−h),
//	t_q(s) = e^{−a_q(s−1)} − e^{−a_q s} = e^{−a_q s}·(e^{a_q} − 1),
//	L(p) = e^{−a_p·lo} − e^{−a_p·hi},
//
// S being what the colder pages gain by moving one slot in and L what page
// p loses by moving out. Evaluated directly this costs O(n) per page and
// O(n²) in all. Here S is kept in O(B·K) per page, B being the number of
// rate bands (pages whose a lies in [2^e, 2^{e+1})) and K = taylorK:
//
//   - p only grows, so each band keeps the moments M_k = Σ t_q(q−h₀)·a_q^k
//     of its pages q > p at a base h₀, and a page leaving the suffix is
//     subtracted once;
//   - h only grows, and t_q(q−h) = t_q(q−h₀)·e^{a_q(h−h₀)}, so
//     S_band(h) = Σ_k M_k (h−h₀)^k / k!, a series of positive terms whose
//     remainder after K terms is at most M_0·x^{K+1}/(K+1)!·e^x with
//     x = a_max·(h−h₀); the band is re-based (recomputed at h) once x
//     exceeds taylorX, which happens for a band of rates around a about
//     a·H times over H hopeless pages — O(n·Σa·K) work in all.
//
// Every comparison carries a rigorous bound on the error of S (remainder
// plus rounding of the subtractions); when |S − L − tieTol| is within it,
// S is recomputed directly. The split is therefore the one of the direct
// evaluation, i.e. of Alg. 5 with the tie rule above.
func selectiveSplit(a []float64) []bool {
	n := len(a)
	gone := make([]bool, n)
	if n <= 2 {
		return gone
	}
	sp := newSuffixBands(a, 1)
	h, lo, hi := 0, 1, n-1
	for p := 1; p < n; p++ {
		sp.drop(p) // S(p, h) sums over q > p
		S, errS := sp.sum(h)
		L := math.Exp(-a[p]*float64(lo)) - math.Exp(-a[p]*float64(hi))
		d := S - L - tieTol
		if math.Abs(d) <= errS+4*eps*(S+L+tieTol) {
			S = sp.exact(h)
			d = S - L - tieTol
		}
		if d > 0 {
			gone[p] = true
			hi--
			h++
		} else {
			lo++
		}
	}
	return gone
}

// band is a run of pages whose a share a binary exponent.
type band struct {
	live, end int // pages [live, end) are still in the suffix
	skip      bool
	h0        int
	m         [taylorK + 1]float64
	m0base    float64 // M_0 at the last re-base: bounds every later M_0
	ops       int     // rounding steps since the last re-base
}

// suffixBands keeps Σ_{q>p} t_q(q−h) for a growing p and h.
type suffixBands struct {
	a     []float64
	bands []band
	first int // first band that still has pages
}

func newSuffixBands(a []float64, from int) *suffixBands {
	sp := &suffixBands{a: a}
	key := func(x float64) int {
		switch {
		case !(x > 0):
			return math.MinInt
		case x >= deadA:
			return math.MaxInt
		}
		_, e := math.Frexp(x)
		return e
	}
	for q := from; q < len(a); {
		k := key(a[q])
		e := q + 1
		for e < len(a) && key(a[e]) == k {
			e++
		}
		b := band{live: q, end: e, skip: k == math.MinInt || k == math.MaxInt}
		sp.bands = append(sp.bands, b)
		q = e
	}
	for i := range sp.bands {
		sp.rebase(&sp.bands[i], 0)
	}
	return sp
}

func (sp *suffixBands) term(q, h int) float64 { return slotGain(sp.a[q], q-h) }

// slotGain is t(s) = e^{−a(s−1)} − e^{−a·s}, what a page gains by moving from
// slot s to slot s−1 (s ≥ 1), written so that it neither overflows nor
// cancels.
func slotGain(a float64, s int) float64 {
	return -math.Exp(-a*float64(s-1)) * math.Expm1(-a)
}

func (sp *suffixBands) rebase(b *band, h int) {
	b.h0, b.m, b.m0base, b.ops = h, [taylorK + 1]float64{}, 0, 0
	if b.skip {
		return
	}
	for q := b.live; q < b.end; q++ {
		t, a := sp.term(q, h), sp.a[q]
		for k := range b.m {
			b.m[k] += t
			t *= a
		}
	}
	b.m0base = b.m[0]
	b.ops = b.end - b.live
}

// drop removes page p (and any before it) from the suffix.
func (sp *suffixBands) drop(p int) {
	for sp.first < len(sp.bands) && sp.bands[sp.first].end <= p {
		sp.first++
	}
	if sp.first == len(sp.bands) {
		return
	}
	b := &sp.bands[sp.first]
	for b.live <= p {
		if !b.skip {
			t, a := sp.term(b.live, b.h0), sp.a[b.live]
			for k := range b.m {
				b.m[k] = max(b.m[k]-t, 0)
				t *= a
			}
			b.ops++
		}
		b.live++
	}
}

// sum returns S(p, h) and a bound on its absolute error.
func (sp *suffixBands) sum(h int) (s, err float64) {
	for i := sp.first; i < len(sp.bands); i++ {
		b := &sp.bands[i]
		if b.skip || b.live >= b.end {
			continue
		}
		d := float64(h - b.h0)
		x := sp.a[b.live] * d
		if x > taylorX {
			sp.rebase(b, h)
			d, x = 0, 0
		}
		v := b.m[taylorK]
		for k := taylorK; k > 0; k-- {
			v = b.m[k-1] + v*d/float64(k)
		}
		s += v
		ex := math.Exp(x)
		err += b.m0base * ex * (math.Pow(x, taylorK+1)*invFact[taylorK+1] + 2*eps*float64(b.ops+2*taylorK+4))
	}
	return s, err
}

// exact recomputes S(p, h) directly and re-bases every band at h.
func (sp *suffixBands) exact(h int) float64 {
	var s float64
	for i := sp.first; i < len(sp.bands); i++ {
		b := &sp.bands[i]
		if b.skip || b.live >= b.end {
			continue
		}
		sp.rebase(b, h)
		s += b.m[0]
	}
	return s
}
