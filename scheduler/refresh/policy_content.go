package refresh

import (
	"fmt"
	"math"
)

// Parameters of the 2-D content model.
const (
	// contentWindow bounds the observations the model is fitted on (the
	// latest ones), so its memory does not grow with the crawl.
	contentWindow = 1 << 16
	// contentNewton is the Newton steps per cycle, each from the last fit.
	contentNewton = 4
	// contentRidge pulls the weights towards the 1-D baseline, so few
	// observations cannot move the model far.
	contentRidge = 1.0
	// etaMin and etaMax clamp wᵀx so that e^(wᵀx)·Δ stays finite.
	etaMin, etaMax = -30.0, 10.0
)

// Features of the 2-D model (Radinsky & Bennett 2013 §4.2 with l = 1,
// adapted to a crawler that fetches pages at its own times): the 1-D
// baseline rate enters as log λ̂ (their feature 1, change frequency, here
// with the pooled prior), then ‖A(t) − A(t−1)‖ and ‖A(t−1) − A(t−2)‖
// (features 3 and 4, measured as the changed fraction of the content at
// the last two fetches) and change(A(t−1)) (feature 5, the last fetch's
// change bit). Their feature 2, the page's unigram distribution, is not
// used: neither the simulated world nor the refresh history keeps text.
const (
	fBias = iota
	fLogRate
	fMag1
	fMag2
	fChanged1
	nContentFeatures
)

// contentModel is the 2-D model: one complementary log-log GLM over all
// pages (the exact Poisson model of an interval-censored observation,
// P(change within Δ) = 1 − e^(−Δ·e^(wᵀx))), in place of the paper's
// per-page SVM, which needs a daily snapshot of every page. Its weights
// start at, and are pulled towards, the 1-D baseline (w = [0, 1, 0, 0, 0]
// gives λ = λ̂), so it departs from the baseline only as far as the
// content features earn; they are refitted each cycle by Newton's method
// on the latest contentWindow observations.
type contentModel struct {
	w    [nContentFeatures]float64
	mag1 []float32 // magnitude at the last fetch; unknownMag if unknown
	mag2 []float32 // at the fetch before
	chg1 []bool    // the last fetch found a change
	obs  []contentObs
	next int // ring position of the next observation once obs is full
	fits int // Newton fits done
}

// contentObs is one fetch the model learns from: the features before it,
// the cycles it covered, whether it found a change.
type contentObs struct {
	x       [nContentFeatures]float64
	dt      float64
	changed bool
}

func newContentModel(n int) *contentModel {
	m := &contentModel{mag1: make([]float32, n), mag2: make([]float32, n), chg1: make([]bool, n)}
	for q := range m.mag1 {
		m.mag1[q], m.mag2[q] = unknownMag, unknownMag
	}
	m.w = baselineWeights()
	return m
}

func baselineWeights() (w [nContentFeatures]float64) {
	w[fLogRate] = 1
	return w
}

// features returns q's feature vector given its 1-D rate; ok is false
// when q has no known magnitude yet (the model then is the baseline).
func (m *contentModel) features(q PageID, lam float64) (x [nContentFeatures]float64, ok bool) {
	if m.mag1[q] < 0 {
		return x, false
	}
	x[fBias] = 1
	x[fLogRate] = math.Log(lam)
	x[fMag1] = float64(m.mag1[q])
	if m.mag2[q] >= 0 {
		x[fMag2] = float64(m.mag2[q])
	}
	if m.chg1[q] {
		x[fChanged1] = 1
	}
	return x, true
}

// rate is the model's change rate of q given its 1-D rate lam.
func (m *contentModel) rate(q PageID, lam float64) float64 {
	x, ok := m.features(q, lam)
	if !ok {
		return lam
	}
	return math.Exp(m.eta(x))
}

func (m *contentModel) eta(x [nContentFeatures]float64) float64 {
	e := 0.0
	for i, xi := range x {
		e += m.w[i] * xi
	}
	return min(max(e, etaMin), etaMax)
}

// learn records the observation of q after dt cycles, with lam the 1-D
// rate before it, then shifts q's magnitudes.
func (m *contentModel) learn(q PageID, lam, dt float64, changed bool, mag float64, known bool) {
	if x, ok := m.features(q, lam); ok && dt > 0 {
		o := contentObs{x: x, dt: dt, changed: changed}
		if len(m.obs) < contentWindow {
			m.obs = append(m.obs, o)
		} else {
			m.obs[m.next] = o
			m.next = (m.next + 1) % contentWindow
		}
	}
	m.mag2[q], m.chg1[q] = m.mag1[q], changed
	m.mag1[q] = unknownMag
	if known {
		m.mag1[q] = float32(mag)
	}
}

// fit refits w by Newton's method on the penalised log-likelihood
// Σ y·ln(1 − e^(−μ)) − (1−y)·μ − ridge/2·‖w − w₀‖², μ = Δ·e^(wᵀx). Per
// observation the gradient in wᵀx is y·μ/expm1(μ) − (1−y)·μ and the
// negative second derivative is μ for y = 0 and
// μ/expm1(μ)·(μ·e^μ/expm1(μ) − 1) ≥ 0 for y = 1: the objective is concave
// and the ridge makes the Hessian invertible.
func (m *contentModel) fit() {
	if len(m.obs) == 0 {
		return
	}
	w0 := baselineWeights()
	for range contentNewton {
		var grad [nContentFeatures]float64
		var hess [nContentFeatures][nContentFeatures]float64
		for i := range grad {
			grad[i] = -contentRidge * (m.w[i] - w0[i])
			hess[i][i] = contentRidge
		}
		for _, o := range m.obs {
			mu := o.dt * math.Exp(m.eta(o.x))
			g, h := -mu, mu
			if o.changed {
				r := mu / math.Expm1(mu) // → 1 as μ → 0, 0 once expm1 overflows
				if math.IsNaN(r) || math.IsInf(mu, 0) {
					r = 0
				}
				g, h = r, r*max(mu+r-1, 0) // μ·e^μ/expm1(μ) = μ + r
			}
			for i, xi := range o.x {
				grad[i] += g * xi
				for j, xj := range o.x {
					hess[i][j] += h * xi * xj
				}
			}
		}
		step, ok := solve(hess, grad)
		if !ok {
			return
		}
		for i := range m.w {
			m.w[i] += step[i]
		}
	}
	m.fits++
}

// solve returns a solution of a·x = b by Gaussian elimination with partial
// pivoting; ok is false if a is singular.
func solve(a [nContentFeatures][nContentFeatures]float64, b [nContentFeatures]float64) (x [nContentFeatures]float64, ok bool) {
	const n = nContentFeatures
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if !(math.Abs(a[p][c]) > 1e-12) {
			return x, false
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	for c := n - 1; c >= 0; c-- {
		s := b[c]
		for k := c + 1; k < n; k++ {
			s -= a[c][k] * x[k]
		}
		x[c] = s / a[c][c]
	}
	return x, true
}

// String reports the learnt weights.
func (m *contentModel) String() string {
	return fmt.Sprintf("2-D weights after %d fits on %d fetches: bias %.2f, log λ̂ %.2f, last magnitude %.2f, previous magnitude %.2f, last change %.2f",
		m.fits, len(m.obs), m.w[fBias], m.w[fLogRate], m.w[fMag1], m.w[fMag2], m.w[fChanged1])
}
