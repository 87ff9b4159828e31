package changerate

import (
	"context"
	"math"
	"testing"
	"time"
)

// Expected values computed by hand from Def. 6.1 with log(1/0.95) =
// 0.0512932943875505, T = [Δ, 1h, 24h, 168h, 720h, 8760h].
func TestSitemapRatesDefinition61(t *testing.T) {
	tests := []struct {
		name  string
		delta time.Duration
		want  [numChangefreq]float64
	}{
		{"delta 60s", time.Minute, [numChangefreq]float64{60, 1.5644454788202897, 0.026715257493515877, 0.0012212689139892972, 0.00018827895757335, 3.854804277603204e-05, 2.9276994513442056e-06}},
		{"delta 5s", 5 * time.Second, [numChangefreq]float64{720, 18.49123262671195, 0.026715257493515877, 0.0012212689139892972, 0.00018827895757335, 3.854804277603204e-05, 2.9276994513442056e-06}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SitemapRates(tc.delta, 0.95)
			if err != nil {
				t.Fatal(err)
			}
			for c := Always; c < numChangefreq; c++ {
				if math.Abs(got[c]-tc.want[c]) > 1e-12*tc.want[c] {
					t.Errorf("%v: got %.17g, want %.17g", c, got[c], tc.want[c])
				}
			}
			// The categories must be ordered: a more frequent category has a
			// higher rate.
			for c := Hourly; c < numChangefreq; c++ {
				if !(got[c] < got[c-1]) {
					t.Errorf("rate of %v (%g) not below %v (%g)", c, got[c], c-1, got[c-1])
				}
			}
		})
	}
}

// λ_i lies between the two rates at which the page stays unchanged with
// probability τ over T_i and over T_{i-1} (the range Def. 6.1 averages).
func TestSitemapRatesWithinRange(t *testing.T) {
	for _, tau := range []float64{0.5, 0.9, 0.95, 0.99} {
		r, err := SitemapRates(30*time.Second, tau)
		if err != nil {
			t.Fatal(err)
		}
		for c := Daily; c < Never; c++ {
			lo := math.Log(1/tau) / categoryIntervals[c].Hours()
			hi := math.Log(1/tau) / categoryIntervals[c-1].Hours()
			if !(r[c] > lo && r[c] < hi) || math.Abs(r[c]-(lo+hi)/2) > 1e-12 {
				t.Errorf("τ=%v %v: λ=%g not the midpoint of (%g, %g)", tau, c, r[c], lo, hi)
			}
		}
		// P(no change over T_yearly at λ_never) is above τ: "never" is
		// slower than the slowest bounded category.
		if p := math.Exp(-r[Never] * categoryIntervals[Yearly].Hours()); !(p > tau) {
			t.Errorf("τ=%v: P(unchanged for a year | never) = %v, want > τ", tau, p)
		}
	}
}

func TestSitemapRatesRejects(t *testing.T) {
	tests := []struct {
		delta time.Duration
		tau   float64
	}{
		{0, 0.95}, {-time.Second, 0.95}, {time.Hour, 0.95}, {2 * time.Hour, 0.95},
		{time.Second, 0}, {time.Second, 1}, {time.Second, math.NaN()}, {time.Second, -0.5},
	}
	for _, tc := range tests {
		if _, err := SitemapRates(tc.delta, tc.tau); err == nil {
			t.Errorf("SitemapRates(%v, %v): want error", tc.delta, tc.tau)
		}
	}
}

func TestParseChangefreq(t *testing.T) {
	tests := []struct {
		in   string
		want Changefreq
		ok   bool
	}{
		{"always", Always, true}, {"hourly", Hourly, true}, {"daily", Daily, true},
		{"weekly", Weekly, true}, {"monthly", Monthly, true}, {"yearly", Yearly, true},
		{"never", Never, true}, {" Weekly\n", Weekly, true}, {"DAILY", Daily, true},
		{"", 0, false}, {"fortnightly", 0, false}, {"week", 0, false},
	}
	for _, tc := range tests {
		got, ok := ParseChangefreq(tc.in)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("ParseChangefreq(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestSitemapSource(t *testing.T) {
	s, err := NewSitemap(time.Minute, 0)
	if err != nil {
		t.Fatal(err)
	}
	e, ok := s.Rate(context.Background(), PageInfo{Changefreq: "daily"})
	if !ok || e.Source != SourceSitemap || math.Abs(e.Lambda-0.026715257493515877) > 1e-15 {
		t.Errorf("daily: got %+v, %v", e, ok)
	}
	if _, ok := s.Rate(context.Background(), PageInfo{Changefreq: "sometimes"}); ok {
		t.Error("invalid changefreq answered")
	}
}

func TestParseLastmod(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"2005-01-01", time.Date(2005, 1, 1, 0, 0, 0, 0, time.UTC), true},
		{"2005", time.Date(2005, 1, 1, 0, 0, 0, 0, time.UTC), true},
		{"2005-07", time.Date(2005, 7, 1, 0, 0, 0, 0, time.UTC), true},
		{"2004-12-23T18:00:15+00:00", time.Date(2004, 12, 23, 18, 0, 15, 0, time.UTC), true},
		{"2004-12-23T18:00+01:00", time.Date(2004, 12, 23, 17, 0, 0, 0, time.UTC), true},
		{"2004-12-23T18:00:15.5Z", time.Date(2004, 12, 23, 18, 0, 15, 5e8, time.UTC), true},
		{"yesterday", time.Time{}, false},
		{"2005-13-01", time.Time{}, false},
		{"", time.Time{}, false},
	}
	for _, tc := range tests {
		got, err := ParseLastmod(tc.in)
		if (err == nil) != tc.ok || (tc.ok && !got.Equal(tc.want)) {
			t.Errorf("ParseLastmod(%q) = %v, %v; want %v ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func FuzzParseChangefreq(f *testing.F) {
	for _, s := range []string{"always", " Daily ", "never", "", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := ParseChangefreq(s)
		if !ok {
			return
		}
		if c < Always || c >= numChangefreq {
			t.Fatalf("out of range category %d", c)
		}
		// Round trip: the canonical name parses to the same category.
		if c2, ok2 := ParseChangefreq(c.String()); !ok2 || c2 != c {
			t.Fatalf("round trip %q -> %v -> %v", s, c, c2)
		}
	})
}

func FuzzParseLastmod(f *testing.F) {
	for _, s := range []string{"2005-01-01", "2004-12-23T18:00:15+00:00", "2004-12-23T18:00Z", "2005", "junk"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tm, err := ParseLastmod(s)
		if err != nil {
			return
		}
		// Whatever parses must format back to something that parses to the
		// same instant.
		tm2, err := ParseLastmod(tm.Format(time.RFC3339Nano))
		if err != nil || !tm2.Equal(tm) {
			t.Fatalf("%q -> %v -> %v, %v", s, tm, tm2, err)
		}
	})
}
