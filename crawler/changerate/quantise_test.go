package changerate

import (
	"testing"
	"time"
)

func TestChangefreqOf(t *testing.T) {
	const tau = DefaultTau
	for _, delta := range []time.Duration{time.Second, 5 * time.Second, time.Minute} {
		rates, err := SitemapRates(delta, tau)
		if err != nil {
			t.Fatal(err)
		}
		// Every category's own Def. 6.1 rate lies in its range, so
		// quantising a quantised rate is the identity.
		for c := Always; c <= Never; c++ {
			got, err := ChangefreqOf(rates[c], delta, tau)
			if err != nil {
				t.Fatal(err)
			}
			if got != c {
				t.Errorf("Δ=%v: ChangefreqOf(rate of %v = %g/h) = %v", delta, c, rates[c], got)
			}
		}
	}
	L := 0.05129329438755058 // log(1/0.95)
	tests := []struct {
		name   string
		lambda float64 // per hour
		want   Changefreq
	}{
		{"zero", 0, Never},
		{"negative", -1, Never},
		{"hourly lower bound", L, Hourly},
		{"just below hourly", L - 1e-12, Daily},
		{"daily lower bound", L / 24, Daily},
		{"weekly", L / 100, Weekly},
		{"yearly", L / (300 * 24), Yearly},
		{"never", L / (400 * 24) / 2, Never},
		{"always at Δ=5s", L * 720, Always},
		{"just below always", L*720 - 1e-9, Hourly},
	}
	for _, tt := range tests {
		got, err := ChangefreqOf(tt.lambda, 5*time.Second, tau)
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%s: ChangefreqOf(%g) = %v, want %v", tt.name, tt.lambda, got, tt.want)
		}
	}
	if _, err := ChangefreqOf(1, 2*time.Hour, tau); err == nil {
		t.Error("Δ ≥ 1 h accepted")
	}
}
