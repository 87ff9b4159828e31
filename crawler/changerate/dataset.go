package changerate

import (
	"fmt"
	"math"
)

// AttrKind says how a classifier treats an attribute.
type AttrKind uint8

const (
	// Nominal attributes hold an index into Attribute.Values; −1 is a value
	// unseen in training.
	Nominal AttrKind = iota + 1
	// Numeric attributes hold a real number.
	Numeric
)

// Attribute describes one column of a Dataset.
type Attribute struct {
	Name   string
	Kind   AttrKind
	Values []string // nominal values, indexed by the encoded value
}

// Dataset is a table of instances for the classifiers: X[i][j] is
// attribute j of instance i, Y[i] its class in [0, len(Classes)).
type Dataset struct {
	Attrs   []Attribute
	Classes []string
	X       [][]float64
	Y       []int
}

// Validate checks the shapes and values a learner relies on.
func (d *Dataset) Validate() error {
	if len(d.Classes) == 0 {
		return fmt.Errorf("dataset: no classes")
	}
	if len(d.X) != len(d.Y) {
		return fmt.Errorf("dataset: %d instances but %d labels", len(d.X), len(d.Y))
	}
	for i, x := range d.X {
		if len(x) != len(d.Attrs) {
			return fmt.Errorf("dataset: instance %d has %d values, want %d", i, len(x), len(d.Attrs))
		}
		if d.Y[i] < 0 || d.Y[i] >= len(d.Classes) {
			return fmt.Errorf("dataset: instance %d has class %d out of range", i, d.Y[i])
		}
		for j, v := range x {
			switch d.Attrs[j].Kind {
			case Nominal:
				if v != math.Trunc(v) || v < 0 || int(v) >= len(d.Attrs[j].Values) {
					return fmt.Errorf("dataset: instance %d attribute %s: nominal index %v out of range", i, d.Attrs[j].Name, v)
				}
			case Numeric:
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return fmt.Errorf("dataset: instance %d attribute %s: value %v", i, d.Attrs[j].Name, v)
				}
			default:
				return fmt.Errorf("dataset: attribute %s has no kind", d.Attrs[j].Name)
			}
		}
	}
	return nil
}

// Classifier gives the class probabilities of an instance.
type Classifier interface {
	// Distribution returns P(class | x) for every class; it sums to 1.
	Distribution(x []float64) []float64
}

// Learner fits a Classifier to a dataset.
type Learner interface {
	Fit(d *Dataset) (Classifier, error)
}

// argmax returns the index of the largest value (the first on ties).
func argmax(p []float64) int {
	best := 0
	for i, v := range p {
		if v > p[best] {
			best = i
		}
	}
	return best
}

// entropy is the information, in bits, of a class-count vector.
func entropy(counts []float64) float64 {
	var n float64
	for _, c := range counts {
		n += c
	}
	if n == 0 {
		return 0
	}
	var h float64
	for _, c := range counts {
		if c > 0 {
			p := c / n
			h -= p * math.Log2(p)
		}
	}
	return h
}
