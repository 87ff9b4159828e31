package refresh

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/internal/testkit"
)

// exactChange is the changed fraction computed without sketches, the
// reference ChangedFraction estimates.
func exactChange(a, b string) float64 { return testkit.ShingleChange(a, b) }

// wordsText is n distinct words w<seed>x<i>; rewrite replaces the words
// at the given positions.
func wordsText(seed, n int, rewrite map[int]bool) string {
	ws := make([]string, n)
	for i := range ws {
		ws[i] = fmt.Sprintf("w%dx%d", seed, i)
		if rewrite[i] {
			ws[i] = fmt.Sprintf("new%dx%d", seed, i)
		}
	}
	return strings.Join(ws, " ")
}

func TestChangedFraction(t *testing.T) {
	short := wordsText(1, 40, nil) // 38 shingles: sketched whole
	long := wordsText(2, 2000, nil)
	half := map[int]bool{}
	for i := range 20 {
		half[i] = true
	}
	tests := []struct {
		name     string
		old, cur string
		exact    bool // the sketch holds every shingle: the fraction is exact
	}{
		{"same text", short, short, true},
		{"case and punctuation only", short, strings.ToUpper(strings.ReplaceAll(short, " ", ", ")), true},
		{"one word of 40", short, wordsText(1, 40, map[int]bool{20: true}), true},
		{"half of 40", short, wordsText(1, 40, half), true},
		{"disjoint", short, wordsText(3, 40, nil), true},
		{"one word of 2000", long, wordsText(2, 2000, map[int]bool{1000: true}), false},
		{"a tenth of 2000", long, wordsText(2, 2000, every(2000, 10)), false},
		{"half of 2000", long, wordsText(2, 2000, every(2000, 2)), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := ChangedFraction(ContentSketch(tc.old), ContentSketch(tc.cur))
			want := exactChange(strings.ToLower(tc.old), strings.ToLower(strings.ReplaceAll(tc.cur, ",", "")))
			if !ok {
				t.Fatal("no fraction for two texts")
			}
			// Exact below SketchSize shingles; beyond, within 4 standard
			// errors of the bottom-k estimate.
			tol := 1e-12
			if !tc.exact {
				tol = 4 * math.Sqrt(want*(1-want)/SketchSize+1e-4)
			}
			if math.Abs(got-want) > tol {
				t.Errorf("changed fraction %.4f, exact %.4f (tolerance %.4f)", got, want, tol)
			}
		})
	}
}

// every marks every m-th of n positions.
func every(n, m int) map[int]bool {
	out := map[int]bool{}
	for i := 0; i < n; i += m {
		out[i] = true
	}
	return out
}

// TestChangedFractionUnbiased: over many random rewrites of a long text
// the bottom-k estimate's mean error is near zero.
func TestChangedFractionUnbiased(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var sum float64
	const runs = 200
	for run := range runs {
		re := map[int]bool{}
		for i := range 600 {
			if r.Float64() < 0.05 {
				re[i] = true
			}
		}
		old, cur := wordsText(run, 600, nil), wordsText(run, 600, re)
		got, _ := ChangedFraction(ContentSketch(old), ContentSketch(cur))
		sum += got - exactChange(old, cur)
	}
	bias := sum / runs
	t.Logf("mean error %.4f", bias)
	if math.Abs(bias) > 0.01 {
		t.Errorf("mean error %.4f over %d rewrites of 5%% of 600 words", bias, runs)
	}
}

func TestContentSketch(t *testing.T) {
	if s := ContentSketch(" \n<>  "); s != nil {
		t.Errorf("a text without words has sketch %v", s)
	}
	if _, ok := ChangedFraction(nil, ContentSketch("a b c")); ok {
		t.Error("a missing sketch gave a fraction")
	}
	if s := ContentSketch("two words"); len(s) != 1 {
		t.Errorf("a text of two words has %d shingles, want one", len(s))
	}
	s := ContentSketch(wordsText(4, 5000, nil))
	if len(s) != SketchSize || !s.Valid() {
		t.Errorf("a long text's sketch has %d hashes (valid %v), want %d ascending", len(s), s.Valid(), SketchSize)
	}
	for _, bad := range []Sketch{{2, 1}, {1, 1}, make(Sketch, SketchSize+1)} {
		if bad.Valid() {
			t.Errorf("sketch %v is valid", bad)
		}
	}
}

func TestFetchMagnitude(t *testing.T) {
	a, b := ContentSketch(wordsText(5, 30, nil)), ContentSketch(wordsText(6, 30, nil))
	tests := []struct {
		o    Obs
		old  Sketch
		cur  Sketch
		want float64
	}{
		{Unchanged, a, nil, 0},
		{Unchanged, nil, nil, -1},
		{Gone, a, nil, 1},
		{Changed, a, b, 1},
		{Changed, a, a, 0},
		{Changed, nil, b, -1},
		{Failed, a, b, -1},
		{NotFetched, a, b, -1},
	}
	for _, tc := range tests {
		if got := FetchMagnitude(tc.o, tc.old, tc.cur); got != tc.want {
			t.Errorf("%v: magnitude %v, want %v", tc.o, got, tc.want)
		}
	}
}

func TestAddCycleContent(t *testing.T) {
	h := NewHistory(4)
	if err := h.AddCycleContent([]Obs{Changed, Unchanged, NotFetched, Changed}, []float64{0.25, 0, 0.5, -1}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		p    PageID
		want float64
		ok   bool
	}{{0, 0.25, true}, {1, 0, true}, {2, 0, false}, {3, 0, false}} {
		if m, ok := h.Magnitude(0, tc.p); m != tc.want || ok != tc.ok {
			t.Errorf("page %d: magnitude %v, %v; want %v, %v", tc.p, m, ok, tc.want, tc.ok)
		}
	}
	if err := h.AddCycleContent([]Obs{Changed}, nil); err == nil {
		t.Error("a cycle of the wrong length was added")
	}
	if err := h.AddCycleContent(make([]Obs, 4), []float64{1}); err == nil {
		t.Error("a cycle with the wrong number of magnitudes was added")
	}
}

// BenchmarkContentSketch: sketching a page of 2,000 words, what every
// archived HTML page costs a capture that records its graph.
func BenchmarkContentSketch(b *testing.B) {
	text := wordsText(9, 2000, nil)
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		ContentSketch(text)
	}
}

// FuzzContentSketch: any text (page text is the network's) sketches
// without a panic into a valid sketch, which compares as unchanged with
// itself and within [0, 1] with another text's.
func FuzzContentSketch(f *testing.F) {
	f.Add("Hello, World: one two three", "hello world one two four")
	f.Add("", "ÉTÉ été ſ K İ")
	f.Add(strings.Repeat("a b ", 500), "\xff\xfe")
	f.Fuzz(func(t *testing.T, a, b string) {
		sa, sb := ContentSketch(a), ContentSketch(b)
		if !sa.Valid() || !sb.Valid() {
			t.Fatalf("invalid sketches %v, %v", sa, sb)
		}
		if got, ok := ChangedFraction(sa, sa); ok && got != 0 {
			t.Fatalf("a text changed by %v against itself", got)
		}
		if got, ok := ChangedFraction(sa, sb); ok && !(got >= 0 && got <= 1) {
			t.Fatalf("changed fraction %v", got)
		}
	})
}
