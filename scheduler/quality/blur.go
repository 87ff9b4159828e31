package quality

import (
	"fmt"
	"math"
)

// Penalty is the generalized download schedule penalty ω(t, o_s, o_e) of
// §4.3.3: ∫_{o_s}^{o_e} |t − x| dx, for a download at t inside the
// observation interval [o_s, o_e]. With [o_s, o_e] = [0, nΔ] it is Eq. 4.2,
// t² − t·nΔ + (nΔ)²/2. The thesis' closed form t² − t(o_s+o_e) +
// (o_s²+o_e²)/2 holds only for t inside the interval; outside it the
// integral is |t − mid|·(o_e − o_s), which is what is returned there.
func Penalty(t, os, oe float64) float64 {
	if t < os || t > oe {
		return math.Abs(t-(os+oe)/2) * (oe - os)
	}
	return t*t - t*(os+oe) + (os*os+oe*oe)/2
}

// PageBlur is the expected blur of one page with change rate rate
// downloaded at t, averaged over the observation interval [o_s, o_e]
// (Eq. 4.1 generalized by §4.3.3): rate·ω(t, o_s, o_e)/(o_e − o_s). An empty
// interval (a one-page capture) has blur 0.
func PageBlur(rate, t, os, oe float64) float64 {
	if oe <= os {
		return 0
	}
	return rate * Penalty(t, os, oe) / (oe - os)
}

// Blur is the expected blur of a capture (Eq. 4.3): the sum of the page
// blurs of pages with rates[i] downloaded at times[i].
func Blur(rates, times []float64, os, oe float64) (float64, error) {
	if len(rates) != len(times) {
		return 0, fmt.Errorf("blur: %d rates but %d download times", len(rates), len(times))
	}
	var sum float64
	for i, r := range rates {
		sum += PageBlur(r, times[i], os, oe)
	}
	return sum, nil
}

// AvgBlur is the average blur per page (Eq. 4.4): Blur divided by the
// number of pages. An empty capture has average blur 0.
func AvgBlur(rates, times []float64, os, oe float64) (float64, error) {
	b, err := Blur(rates, times, os, oe)
	if err != nil || len(rates) == 0 {
		return 0, err
	}
	return b / float64(len(rates)), nil
}

// SlotTime is the download time of slot k of a capture started at 0 with
// politeness delay delta between downloads (§4.1: equidistant downloads).
func SlotTime(k int, delta float64) float64 { return float64(k) * delta }

// Bounds returns the bounds of Theorem 4.1 on the blur of any capture of
// pages with the given rates in n+1 = len(rates) slots of delay delta over
// the capture interval [0, nΔ]: nΔ/4·Σλ ≤ B ≤ nΔ/2·Σλ.
func Bounds(rates []float64, delta float64) (lo, hi float64) {
	var sum float64
	for _, r := range rates {
		sum += r
	}
	if len(rates) == 0 {
		return 0, 0
	}
	span := float64(len(rates)-1) * delta
	return span / 4 * sum, span / 2 * sum
}

// ActualPageBlur is the actual blur of one page (Eq. 4.19) downloaded at t
// whose content changed at the times in changes, over the observation
// interval [o_s, o_e]: every change between an observation time and the
// download time counts for the length of time it is visible as a
// difference, normalized by the interval length. Changes outside the
// interval are ignored; the order of changes does not matter.
func ActualPageBlur(changes []float64, t, os, oe float64) float64 {
	if oe <= os {
		return 0
	}
	var sum float64
	for _, h := range changes {
		switch {
		case h < os || h > oe:
		case h <= t:
			sum += h - os
		default:
			sum += oe - h
		}
	}
	return sum / (oe - os)
}

// RevisitPenalty is ∫_{o_s}^{o_e} min(|t_v − x|, |t_r − x|) dx for a visit
// at tv and a revisit at tr (tv ≤ tr) inside [o_s, o_e]: the penalty of
// Eq. 5.2 with a general observation interval. A query is answered by the
// version closer in time, so the two halves meet at (t_v + t_r)/2.
func RevisitPenalty(tv, tr, os, oe float64) float64 {
	if tr < tv {
		tv, tr = tr, tv
	}
	a, m, c := tv-os, (tr-tv)/2, oe-tr
	return (a*a + 2*m*m + c*c) / 2
}

// RevisitPageBlur is the expected blur of a page with visit and revisit
// (Eq. 5.1 with a general observation interval):
// rate·RevisitPenalty/(o_e − o_s).
func RevisitPageBlur(rate, tv, tr, os, oe float64) float64 {
	if oe <= os {
		return 0
	}
	return rate * RevisitPenalty(tv, tr, os, oe) / (oe - os)
}

// ActualRevisitPageBlur is the actual blur of a page with visit tv and
// revisit tr (Eq. 4.20): each observation time is served by whichever
// download is closer, so a change counts for the time it separates the
// served version from the observation time.
func ActualRevisitPageBlur(changes []float64, tv, tr, os, oe float64) float64 {
	if oe <= os {
		return 0
	}
	if tr < tv {
		tv, tr = tr, tv
	}
	mid := (tv + tr) / 2
	var sum float64
	for _, h := range changes {
		switch {
		case h < os || h > oe:
		case h <= tv:
			sum += h - os
		case h <= mid:
			sum += mid - h
		case h <= tr:
			sum += h - mid
		default:
			sum += oe - h
		}
	}
	return sum / (oe - os)
}
