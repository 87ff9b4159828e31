package changerate

import (
	"math"
	"time"
)

// ChangefreqOf returns the sitemap category whose rate range under
// Def. 6.1 holds lambda (changes per hour): with L = log τ⁻¹ and the
// intervals T_0 = delta < T_1 = 1 h < … < T_{n−1} = 365 d, category C_i
// (0 < i < n) covers [L/T_i, L/T_{i−1}) — the range whose midpoint is the
// λ_i of SitemapRates —, always covers λ ≥ L/T_0 and never λ < L/T_{n−1}.
// It is what an honest webmaster would write in changefreq for a page of
// rate lambda; SitemapRates(delta, tau)[ChangefreqOf(λ, delta, tau)] is λ
// quantised through the sitemap. delta and tau are checked as in
// SitemapRates.
func ChangefreqOf(lambda float64, delta time.Duration, tau float64) (Changefreq, error) {
	if _, err := SitemapRates(delta, tau); err != nil {
		return Never, err
	}
	if !(lambda > 0) || math.IsNaN(lambda) {
		return Never, nil
	}
	l := math.Log(1 / tau)
	T := [Never]float64{Always: delta.Hours()}
	for c := Hourly; c < Never; c++ {
		T[c] = categoryIntervals[c].Hours()
	}
	for c := Always; c < Never; c++ {
		if lambda >= l/T[c] {
			return c, nil
		}
	}
	return Never, nil
}
