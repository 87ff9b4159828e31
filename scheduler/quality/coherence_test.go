package quality

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Example 5.6: rates 0.40 … 0.20 on intervals 0, 2, …, 8 give EC ≈ 2.22.
func TestExpectedCoherenceExample56(t *testing.T) {
	ec, err := ExpectedCoherence([]float64{0.40, 0.35, 0.30, 0.25, 0.20}, []float64{0, 2, 4, 6, 8})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(ec-2.22) > 0.005 {
		t.Fatalf("EC = %.4f, want ≈ 2.22 (Example 5.6)", ec)
	}
	inc, _ := ExpectedIncoherence([]float64{0.40, 0.35, 0.30, 0.25, 0.20}, []float64{0, 2, 4, 6, 8})
	if math.Abs(inc+ec-5) > 1e-12 {
		t.Fatalf("incoherence %.6f + coherence %.6f != 5 pages", inc, ec)
	}
}

// Example 5.7: the two schedules compared for the hopeless test.
func TestExpectedCoherenceExample57(t *testing.T) {
	tests := []struct {
		rates, lengths []float64
		want           float64
	}{
		{[]float64{0.35, 0.30, 0.25, 0.20}, []float64{2, 4, 6, 8}, 1.22},
		{[]float64{0.30, 0.25, 0.20, 0.35}, []float64{2, 4, 6, 8}, 1.27},
		{[]float64{0.30, 0.25, 0.20}, []float64{2, 4, 6}, 1.21}, // Eq. 5.7 left side (1.2179)
		{[]float64{0.25, 0.20, 0.30}, []float64{2, 4, 6}, 1.22},
		{[]float64{0.25, 0.20}, []float64{2, 4}, 1.06}, // Eq. 5.8
		{[]float64{0.20, 0.25}, []float64{2, 4}, 1.04},
	}
	for _, tc := range tests {
		got, err := ExpectedCoherence(tc.rates, tc.lengths)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-tc.want) > 0.01 {
			t.Errorf("EC(%v, %v) = %.4f, want ≈ %.2f", tc.rates, tc.lengths, got, tc.want)
		}
	}
}

func TestExpectedCoherenceLengthMismatch(t *testing.T) {
	if _, err := ExpectedCoherence([]float64{1}, nil); err == nil {
		t.Fatal("mismatched lengths accepted")
	}
	if _, err := ExpectedIncoherence(nil, []float64{1}); err == nil {
		t.Fatal("mismatched lengths accepted")
	}
	if _, err := ActualIncoherence(nil, []float64{1}, nil); err == nil {
		t.Fatal("mismatched lengths accepted")
	}
}

func TestUnchanged(t *testing.T) {
	tests := []struct {
		rate, length, want float64
	}{
		{0, 5, 1},
		{1, 0, 1},
		{-1, 3, 1},
		{math.NaN(), 3, 1},
		{0.5, 2, math.Exp(-1)},
		{2, 3, math.Exp(-6)},
	}
	for _, tc := range tests {
		if got := Unchanged(tc.rate, tc.length); math.Abs(got-tc.want) > 1e-15 {
			t.Errorf("Unchanged(%v, %v) = %v, want %v", tc.rate, tc.length, got, tc.want)
		}
		if got := PageIncoherence(tc.rate, tc.length); math.Abs(got-(1-tc.want)) > 1e-15 {
			t.Errorf("PageIncoherence(%v, %v) = %v, want %v", tc.rate, tc.length, got, 1-tc.want)
		}
	}
}

func TestIncoherent(t *testing.T) {
	h := []float64{1.5, 4, 9}
	tests := []struct {
		v, r float64
		want bool
	}{
		{0, 1, false},
		{0, 1.5, true},  // change at the revisit is seen by it
		{1.5, 3, false}, // change at the visit precedes it
		{2, 3.9, false},
		{2, 4, true},
		{5, 8.99, false},
		{9, 20, false},
		{8, 3, true}, // reversed arguments are normalised
		{6, 6, false},
	}
	for _, tc := range tests {
		if got := Incoherent(h, tc.v, tc.r); got != tc.want {
			t.Errorf("Incoherent(%v, %v, %v) = %v, want %v", h, tc.v, tc.r, got, tc.want)
		}
	}
	n, err := ActualIncoherence([][]float64{h, nil, {3}}, []float64{0, 0, 0}, []float64{2, 100, 2})
	if err != nil || n != 1 {
		t.Fatalf("ActualIncoherence = %d, %v; want 1", n, err)
	}
}

// The fraction of Poisson histories without a change in an interval
// converges to Unchanged: the actual measure agrees with the expected one.
func TestActualMatchesExpectedInDistribution(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	const runs = 20000
	rate, v, r := 0.3, 2.0, 5.0
	inc := 0
	for range runs {
		var h []float64
		for x := rng.ExpFloat64() / rate; x < 10; x += rng.ExpFloat64() / rate {
			h = append(h, x)
		}
		if Incoherent(h, v, r) {
			inc++
		}
	}
	got := float64(inc) / runs
	want := PageIncoherence(rate, r-v)
	// Binomial standard error is about 0.0035; allow 4 of them.
	if math.Abs(got-want) > 0.014 {
		t.Fatalf("observed incoherence %.4f, expected %.4f", got, want)
	}
}

func BenchmarkIncoherent(b *testing.B) {
	h := make([]float64, 64)
	for i := range h {
		h[i] = float64(i) * 1.5
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		Incoherent(h, float64(i%90), float64(i%90)+0.7)
	}
}
