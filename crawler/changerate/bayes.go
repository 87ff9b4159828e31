package changerate

import (
	"fmt"
	"math"
	"sort"
)

// NaiveBayes is the Naive Bayes learner of §6.3: nominal attributes by
// (smoothed) frequency tables, numeric attributes by a normal density per
// class, as in the textbook formulation (Witten & Frank, Data Mining, §4.2).
type NaiveBayes struct {
	// Alpha is the Laplace smoothing pseudo-count for nominal attributes and
	// class priors; 0 gives the unsmoothed textbook estimates.
	Alpha float64
}

// bayesModel is a fitted NaiveBayes.
type bayesModel struct {
	attrs  []Attribute
	prior  []float64     // log P(c)
	nomLog [][][]float64 // [attr][class][value] log P(v|c); nil for numeric
	mean   [][]float64   // [attr][class]
	sd     [][]float64   // [attr][class]
}

// Fit implements Learner.
func (nb NaiveBayes) Fit(d *Dataset) (Classifier, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	if len(d.X) == 0 {
		return nil, fmt.Errorf("naive bayes: empty dataset")
	}
	if nb.Alpha < 0 {
		return nil, fmt.Errorf("naive bayes: negative smoothing %v", nb.Alpha)
	}
	k := len(d.Classes)
	m := &bayesModel{attrs: d.Attrs, prior: make([]float64, k)}
	classN := make([]float64, k)
	for _, y := range d.Y {
		classN[y]++
	}
	for c := range m.prior {
		m.prior[c] = math.Log((classN[c] + nb.Alpha) / (float64(len(d.Y)) + nb.Alpha*float64(k)))
	}
	m.nomLog = make([][][]float64, len(d.Attrs))
	m.mean = make([][]float64, len(d.Attrs))
	m.sd = make([][]float64, len(d.Attrs))
	for j, a := range d.Attrs {
		switch a.Kind {
		case Nominal:
			cnt := make([][]float64, k)
			for c := range cnt {
				cnt[c] = make([]float64, len(a.Values))
			}
			for i, x := range d.X {
				cnt[d.Y[i]][int(x[j])]++
			}
			m.nomLog[j] = make([][]float64, k)
			for c := range cnt {
				m.nomLog[j][c] = make([]float64, len(a.Values))
				for v := range cnt[c] {
					m.nomLog[j][c][v] = math.Log((cnt[c][v] + nb.Alpha) / (classN[c] + nb.Alpha*float64(len(a.Values))))
				}
			}
		case Numeric:
			floor := sdFloor(d.X, j)
			sum := make([]float64, k)
			for i, x := range d.X {
				sum[d.Y[i]] += x[j]
			}
			m.mean[j] = make([]float64, k)
			m.sd[j] = make([]float64, k)
			for c := range sum {
				if classN[c] > 0 {
					m.mean[j][c] = sum[c] / classN[c]
				}
			}
			ss := make([]float64, k)
			for i, x := range d.X {
				dv := x[j] - m.mean[j][d.Y[i]]
				ss[d.Y[i]] += dv * dv
			}
			for c := range ss {
				sd := 0.0
				if classN[c] > 1 {
					sd = math.Sqrt(ss[c] / (classN[c] - 1)) // sample s.d., as the textbook
				}
				m.sd[j][c] = math.Max(sd, floor)
			}
		}
	}
	return m, nil
}

// sdFloor keeps a class whose values are all equal from getting a zero
// standard deviation (an infinitely sharp density): it is a sixth of the
// mean gap between adjacent distinct values of the attribute, the
// measurement precision the data show.
func sdFloor(x [][]float64, j int) float64 {
	vals := make([]float64, 0, len(x))
	for _, r := range x {
		vals = append(vals, r[j])
	}
	sort.Float64s(vals)
	var gaps float64
	distinct := 0
	for i := 1; i < len(vals); i++ {
		if vals[i] > vals[i-1] {
			gaps += vals[i] - vals[i-1]
			distinct++
		}
	}
	if distinct == 0 {
		return 0.01 / 6
	}
	return gaps / float64(distinct) / 6
}

// normalLogPDF is the log density of N(mean, sd²) at x.
func normalLogPDF(x, mean, sd float64) float64 {
	z := (x - mean) / sd
	return -0.5*z*z - math.Log(sd) - 0.5*math.Log(2*math.Pi)
}

// logJoint returns log P(c) + Σ_j log P(x_j | c) for every class: the
// unnormalised posterior the textbook computes. A nominal value unseen in
// training (−1) is skipped, as if the attribute were missing.
func (m *bayesModel) logJoint(x []float64) []float64 {
	out := append([]float64(nil), m.prior...)
	for j, a := range m.attrs {
		switch a.Kind {
		case Nominal:
			v := int(x[j])
			if v < 0 || v >= len(a.Values) {
				continue
			}
			for c := range out {
				out[c] += m.nomLog[j][c][v]
			}
		case Numeric:
			if math.IsNaN(x[j]) {
				continue
			}
			for c := range out {
				out[c] += normalLogPDF(x[j], m.mean[j][c], m.sd[j][c])
			}
		}
	}
	return out
}

// Distribution implements Classifier.
func (m *bayesModel) Distribution(x []float64) []float64 {
	lj := m.logJoint(x)
	max := math.Inf(-1)
	for _, v := range lj {
		max = math.Max(max, v)
	}
	p := make([]float64, len(lj))
	if math.IsInf(max, -1) {
		// Every class impossible (unsmoothed zero counts): say nothing.
		for c := range p {
			p[c] = 1 / float64(len(p))
		}
		return p
	}
	var s float64
	for c, v := range lj {
		p[c] = math.Exp(v - max)
		s += p[c]
	}
	for c := range p {
		p[c] /= s
	}
	return p
}
