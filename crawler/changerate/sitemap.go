package changerate

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"
)

// DefaultTau is the thesis' threshold τ for Def. 6.1.
const DefaultTau = 0.95

// Changefreq is a sitemap change-frequency category C_i of Def. 6.1, in
// increasing order of the associated interval T_i.
type Changefreq int

// The sitemap protocol's categories. Always is C_0 (T_0 = politeness delay Δ),
// Never is C_n (no interval).
const (
	Always Changefreq = iota
	Hourly
	Daily
	Weekly
	Monthly
	Yearly
	Never
	numChangefreq
)

var changefreqNames = [numChangefreq]string{"always", "hourly", "daily", "weekly", "monthly", "yearly", "never"}

func (c Changefreq) String() string {
	if c >= 0 && c < numChangefreq {
		return changefreqNames[c]
	}
	return fmt.Sprintf("Changefreq(%d)", int(c))
}

// ParseChangefreq reads a sitemap <changefreq> value. The protocol's values
// are lower-case; case and surrounding white space are forgiven because
// real sitemaps get both wrong.
func ParseChangefreq(s string) (Changefreq, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for i, n := range changefreqNames {
		if s == n {
			return Changefreq(i), true
		}
	}
	return 0, false
}

// Interval lengths T_1 … T_5 of Def. 6.1 for hourly … yearly. A month is 30
// days and a year 365 days: the categories are rough, and the mapping only
// needs T_i < T_{i+1}.
var categoryIntervals = [...]time.Duration{
	Hourly:  time.Hour,
	Daily:   24 * time.Hour,
	Weekly:  7 * 24 * time.Hour,
	Monthly: 30 * 24 * time.Hour,
	Yearly:  365 * 24 * time.Hour,
}

// SitemapRates maps every category to a rate in changes per hour by
// Def. 6.1, with T_0 = delta (the politeness delay) and threshold tau:
//
//	λ_0 = 1 per Δ,
//	λ_i = (T_{i-1} + T_i) / (2 T_{i-1} T_i) · log τ⁻¹   for 0 < i < n,
//	λ_n = log τ⁻¹ / (2 T_{n-1}).
//
// λ_i is the mean of the two rates log τ⁻¹/T_{i-1} and log τ⁻¹/T_i, at which a
// page stays unchanged over the category's bounding intervals with
// probability exactly τ; λ_n averages log τ⁻¹/T_{n-1} and 0. delta must be
// positive and shorter than an hour (Def. 6.1 needs T_0 < T_1), tau in (0,1).
func SitemapRates(delta time.Duration, tau float64) ([numChangefreq]float64, error) {
	var r [numChangefreq]float64
	if delta <= 0 || delta >= time.Hour {
		return r, fmt.Errorf("sitemap rates: politeness delay must be in (0, 1h) so that T_0 < T_1 (Def. 6.1), got %v", delta)
	}
	if !(tau > 0 && tau < 1) {
		return r, fmt.Errorf("sitemap rates: threshold τ must be in (0,1), got %v", tau)
	}
	l := math.Log(1 / tau)
	T := [Never]float64{Always: delta.Hours()}
	for c := Hourly; c < Never; c++ {
		T[c] = categoryIntervals[c].Hours()
	}
	r[Always] = 1 / T[Always] // λ_0 = 1 change per time unit Δ
	for i := Hourly; i < Never; i++ {
		r[i] = (T[i-1] + T[i]) / (2 * T[i-1] * T[i]) * l
	}
	r[Never] = l / (2 * T[Never-1])
	return r, nil
}

// Sitemap answers a page's rate from its sitemap changefreq (Def. 6.1).
type Sitemap struct {
	rates [numChangefreq]float64
}

// NewSitemap builds the sitemap source for politeness delay delta and
// threshold tau (0 means DefaultTau).
func NewSitemap(delta time.Duration, tau float64) (*Sitemap, error) {
	if tau == 0 {
		tau = DefaultTau
	}
	r, err := SitemapRates(delta, tau)
	if err != nil {
		return nil, err
	}
	return &Sitemap{rates: r}, nil
}

// RateOf returns the rate of a category in changes per hour.
func (s *Sitemap) RateOf(c Changefreq) float64 { return s.rates[c] }

// Rate implements Source; it answers only pages with a valid changefreq.
func (s *Sitemap) Rate(_ context.Context, p PageInfo) (Estimate, bool) {
	c, ok := ParseChangefreq(p.Changefreq)
	if !ok {
		return Estimate{}, false
	}
	return Estimate{Lambda: s.rates[c], Evidence: 1, Source: SourceSitemap}, true
}

// ParseLastmod reads a sitemap <lastmod> value in the W3C Datetime profile
// the protocol requires: YYYY, YYYY-MM, YYYY-MM-DD, or a full date with
// hh:mm, hh:mm:ss or hh:mm:ss.s… and a zone designator (Z or ±hh:mm). A
// date without zone is taken as UTC.
func ParseLastmod(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	var layouts []string
	switch {
	case len(s) == 4:
		layouts = []string{"2006"}
	case len(s) == 7:
		layouts = []string{"2006-01"}
	case len(s) == 10:
		layouts = []string{"2006-01-02"}
	default:
		// RFC 3339 accepts fractional seconds; hh:mm without seconds is
		// allowed by the W3C profile but not by RFC 3339.
		layouts = []string{time.RFC3339Nano, "2006-01-02T15:04Z07:00"}
	}
	for _, l := range layouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("lastmod %q: not a W3C datetime", s)
}
