package quality

import (
	"math"
	"math/rand/v2"
	"testing"
)

// fig41Rates are the change rates of the running example, Figure 4.1:
// λ_i = i, with λ_0 a negligible ε (the thesis writes 0).
var fig41Rates = []float64{0, 1, 2, 3, 4, 5}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestExample41 reproduces Example 4.1: page blurs 0, 1.7, 2.6, 3.9, 6.8,
// 12.5, capture blur 27.5, average 4.58.
func TestExample41(t *testing.T) {
	times := []float64{0, 1, 2, 3, 4, 5}
	want := []float64{0, 1.7, 2.6, 3.9, 6.8, 12.5}
	for i, w := range want {
		if got := PageBlur(fig41Rates[i], times[i], 0, 5); !near(got, w, 1e-9) {
			t.Errorf("B(p%d, %v, 5, 1) = %v, want %v", i, times[i], got, w)
		}
	}
	b, err := Blur(fig41Rates, times, 0, 5)
	if err != nil || !near(b, 27.5, 1e-9) {
		t.Fatalf("Blur = %v, %v; want 27.5", b, err)
	}
	avg, _ := AvgBlur(fig41Rates, times, 0, 5)
	if math.Round(avg*100)/100 != 4.58 {
		t.Fatalf("AvgBlur = %v, want ≈ 4.58", avg)
	}
}

// TestExample42 reproduces Example 4.2: the organ-pipe schedule t = (0, 5,
// 1, 4, 2, 3) has blur 22.7.
func TestExample42(t *testing.T) {
	b, err := Blur(fig41Rates, []float64{0, 5, 1, 4, 2, 3}, 0, 5)
	if err != nil || !near(b, 22.7, 1e-9) {
		t.Fatalf("Blur = %v, %v; want 22.7", b, err)
	}
}

// TestExample51 reproduces Example 5.1: blur with revisits 35/22, 62/22, …
// summing to ≈ 24.77 over the observation interval [0, 11].
func TestExample51(t *testing.T) {
	want := []float64{0, 35. / 22, 62. / 22, 93. / 22, 140. / 22, 215. / 22}
	var sum float64
	for i, w := range want {
		got := RevisitPageBlur(fig41Rates[i], float64(i), float64(i+6), 0, 11)
		if !near(got, w, 1e-9) {
			t.Errorf("B(p%d) = %v, want %v", i, got, w)
		}
		sum += got
	}
	if !near(sum, 24.77, 0.005) {
		t.Fatalf("sum = %v, want ≈ 24.77", sum)
	}
}

func TestPenaltyMatchesEq42AndGeneralInterval(t *testing.T) {
	tests := []struct {
		name            string
		t, os, oe, want float64
	}{
		{"start of [0,5]", 0, 0, 5, 12.5},
		{"middle of [0,4]", 2, 0, 4, 4},
		{"end of [0,10]", 10, 0, 10, 50},
		{"shifted [3,7] at 5", 5, 3, 7, 4},
		{"download before interval", 0, 2, 4, 6}, // ∫_2^4 x dx
		{"download after interval", 6, 2, 4, 6},  // ∫_2^4 (6−x) dx
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Penalty(tc.t, tc.os, tc.oe); !near(got, tc.want, 1e-12) {
				t.Fatalf("Penalty = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestTheorem44Shift checks Theorem 4.4: shifting the observation interval
// by d and the schedule by d leaves every penalty unchanged.
func TestTheorem44Shift(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		n := 1 + rng.IntN(20)
		d := rng.Float64()*10 - 5
		ti := float64(rng.IntN(n + 1))
		a := Penalty(ti, 0, float64(n))
		b := Penalty(ti+d, d, float64(n)+d)
		if !near(a, b, 1e-9) {
			t.Fatalf("n=%d d=%v t=%v: %v vs %v", n, d, ti, a, b)
		}
	}
}

// TestTheorem41Bounds checks the bounds of Theorem 4.1 on random captures:
// every schedule of n+1 slots lies within [nΔ/4·Σλ, nΔ/2·Σλ], strictly so
// when at least three pages change.
func TestTheorem41Bounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		n1 := 1 + rng.IntN(30)
		delta := 0.1 + rng.Float64()*5
		rates := make([]float64, n1)
		for i := range rates {
			rates[i] = 0.01 + rng.Float64()*3
		}
		times := make([]float64, n1)
		for i, k := range rng.Perm(n1) {
			times[i] = SlotTime(k, delta)
		}
		b, err := Blur(rates, times, 0, float64(n1-1)*delta)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := Bounds(rates, delta)
		if b < lo-1e-9 || b > hi+1e-9 {
			t.Fatalf("blur %v outside [%v, %v]", b, lo, hi)
		}
		if n1 >= 3 && !(b > lo && b < hi) {
			t.Fatalf("n+1=%d: blur %v not strictly inside (%v, %v)", n1, b, lo, hi)
		}
	}
}

// TestTheorem42Proportional checks B(P,T,n,Δ) = Δ·B(P,T,n,1).
func TestTheorem42Proportional(t *testing.T) {
	times1 := []float64{0, 5, 1, 4, 2, 3}
	for _, delta := range []float64{0.5, 2, 7} {
		times := make([]float64, len(times1))
		for i, x := range times1 {
			times[i] = x * delta
		}
		b, _ := Blur(fig41Rates, times, 0, 5*delta)
		if !near(b, delta*22.7, 1e-9) {
			t.Errorf("Δ=%v: blur %v, want %v", delta, b, delta*22.7)
		}
	}
}

func TestBlurLengthMismatch(t *testing.T) {
	if _, err := Blur([]float64{1}, nil, 0, 1); err == nil {
		t.Fatal("want error for mismatched lengths")
	}
}

func TestActualPageBlurCases(t *testing.T) {
	tests := []struct {
		name    string
		changes []float64
		t, want float64
	}{
		{"no changes", nil, 5, 0},
		{"change before download counts from start", []float64{2}, 5, 0.2},
		{"change after download counts to end", []float64{8}, 5, 0.2},
		{"change at download time is before it", []float64{5}, 5, 0.5},
		{"outside interval ignored", []float64{-1, 11}, 5, 0},
		{"several", []float64{1, 3, 9}, 5, 0.5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ActualPageBlur(tc.changes, tc.t, 0, 10); !near(got, tc.want, 1e-12) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// poisson draws change times of a Poisson process on [0, to).
func poisson(rng *rand.Rand, rate, to float64) []float64 {
	var out []float64
	for x := rng.ExpFloat64() / rate; x < to; x += rng.ExpFloat64() / rate {
		out = append(out, x)
	}
	return out
}

// TestActualBlurIsUnbiased checks that the actual blur (Eq. 4.19, 4.20)
// averaged over many Poisson histories converges to the expected blur
// (Eq. 4.1, 5.1): the two definitions measure the same thing.
func TestActualBlurIsUnbiased(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const runs = 20000
	tests := []struct {
		name         string
		rate, tv, tr float64
		revisit      bool
	}{
		{"single at start", 0.7, 0, 0, false},
		{"single in middle", 0.7, 5, 0, false},
		{"single at 8", 2, 8, 0, false},
		{"revisit 2..7", 0.7, 2, 7, true},
		{"revisit 0..10", 1.5, 0, 10, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var sum float64
			for range runs {
				h := poisson(rng, tc.rate, 10)
				if tc.revisit {
					sum += ActualRevisitPageBlur(h, tc.tv, tc.tr, 0, 10)
				} else {
					sum += ActualPageBlur(h, tc.tv, 0, 10)
				}
			}
			got := sum / runs
			want := PageBlur(tc.rate, tc.tv, 0, 10)
			if tc.revisit {
				want = RevisitPageBlur(tc.rate, tc.tv, tc.tr, 0, 10)
			}
			if math.Abs(got-want) > 0.03*want {
				t.Fatalf("mean actual blur %v, expected blur %v", got, want)
			}
		})
	}
}

func TestRevisitPenaltyDegeneratesToSingle(t *testing.T) {
	// Visit and revisit at the same time is one download.
	for _, x := range []float64{0, 1.5, 3, 10} {
		if a, b := RevisitPenalty(x, x, 0, 10), Penalty(x, 0, 10); !near(a, b, 1e-12) {
			t.Fatalf("t=%v: %v vs %v", x, a, b)
		}
	}
	if a, b := RevisitPenalty(7, 2, 0, 10), RevisitPenalty(2, 7, 0, 10); a != b {
		t.Fatalf("order matters: %v vs %v", a, b)
	}
}

func BenchmarkActualPageBlur(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	h := poisson(rng, 1, 1000)
	b.ResetTimer()
	for b.Loop() {
		_ = ActualPageBlur(h, 500, 0, 1000)
	}
}
