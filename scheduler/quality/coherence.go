package quality

import (
	"fmt"
	"math"
)

// This file holds the coherence measures of chapter 5 (Denev 2012): a page
// of a visit-revisit capture is coherent if it did not change between its
// visit and its revisit (Def. 5.1).

// Unchanged is the probability that a page with Poisson change rate rate
// does not change over an interval of the given length (§3.3 with k = 0):
// e^{−rate·length}. Rates and lengths must use the same time unit.
// A non-positive rate or length gives 1.
func Unchanged(rate, length float64) float64 {
	if !(rate > 0) || !(length > 0) {
		return 1
	}
	return math.Exp(-rate * length)
}

// ExpectedCoherence is EC((λ_1, I_1), …, (λ_k, I_k)) = Σ e^{−λ_j·I_j}
// (Def. 5.6): the expected number of pages that stay unchanged between
// their visit and revisit when page j has change rate rates[j] and a
// visit-revisit interval of length lengths[j].
func ExpectedCoherence(rates, lengths []float64) (float64, error) {
	if len(rates) != len(lengths) {
		return 0, fmt.Errorf("expected coherence: %d rates but %d interval lengths", len(rates), len(lengths))
	}
	var ec float64
	for j, r := range rates {
		ec += Unchanged(r, lengths[j])
	}
	return ec, nil
}

// ExpectedIncoherence is the number of pages minus their expected
// coherence: the expected number of pages that change between visit and
// revisit. It is computed as Σ (1 − e^{−λ·I}) with expm1 so that the many
// nearly coherent cold pages of a large site do not lose precision.
func ExpectedIncoherence(rates, lengths []float64) (float64, error) {
	if len(rates) != len(lengths) {
		return 0, fmt.Errorf("expected incoherence: %d rates but %d interval lengths", len(rates), len(lengths))
	}
	var s float64
	for j, r := range rates {
		s += PageIncoherence(r, lengths[j])
	}
	return s, nil
}

// PageIncoherence is 1 − e^{−rate·length}, the probability that the page
// changes between visit and revisit.
func PageIncoherence(rate, length float64) float64 {
	if !(rate > 0) || !(length > 0) {
		return 0
	}
	return -math.Expm1(-rate * length)
}

// Incoherent reports whether a page with the given sorted change times
// changed in (visit, revisit]: the actual incoherence of one page. A change
// at exactly the visit time is taken to precede the download (the visit
// already saw it); one at exactly the revisit time is seen by the revisit
// and so breaks coherence.
func Incoherent(changes []float64, visit, revisit float64) bool {
	if revisit < visit {
		visit, revisit = revisit, visit
	}
	// Binary search for the first change after the visit.
	lo, hi := 0, len(changes)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if changes[m] <= visit {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(changes) && changes[lo] <= revisit
}

// ActualIncoherence counts the pages with at least one change between
// their visit and revisit (§5.6.3): changes[i] is page i's sorted change
// history and visits[i], revisits[i] its download times.
func ActualIncoherence(changes [][]float64, visits, revisits []float64) (int, error) {
	if len(changes) != len(visits) || len(visits) != len(revisits) {
		return 0, fmt.Errorf("actual incoherence: %d histories, %d visits, %d revisits", len(changes), len(visits), len(revisits))
	}
	n := 0
	for i, h := range changes {
		if Incoherent(h, visits[i], revisits[i]) {
			n++
		}
	}
	return n, nil
}
