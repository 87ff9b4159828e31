package refresh

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestDirDistancePaper checks dDB (Tan et al. 2007 Eq. 2) on the paper's
// seed www.abc.com/dir1/index1.htm in both sign conventions.
func TestDirDistancePaper(t *testing.T) {
	const seed = "http://www.abc.com/dir1/index1.htm"
	tests := []struct {
		p                 string
		literal, intended int
	}{
		{"http://www.abc.com/dir1/index1.htm", 0, 0}, // the seed itself
		{"http://www.abc.com/dir1/index2.htm", 0, 0}, // same directory
		{"http://www.abc.com/index.htm", -1, 1},      // parent directory: upper
		{"http://www.abc.com/dir1/sub/a.htm", 1, -1}, // child directory: lower
		{"http://www.abc.com/dir2/x.htm", 0, 2},      // cousin at the same depth: sign(0) = 0 literally
		{"http://www.abc.com/dir1/sub/deep/b.htm", 2, -2},
		{"http://www.abc.com/dir2/sub/c.htm", 3, -3}, // cousin's child
	}
	for _, tc := range tests {
		for _, m := range []struct {
			mode DirMode
			want int
		}{{DirLiteral, tc.literal}, {DirIntended, tc.intended}} {
			got, ok := DirDistanceURL(seed, tc.p, m.mode)
			if !ok || got != m.want {
				t.Errorf("dDB(%s, mode %d) = %d, %v; want %d", tc.p, m.mode, got, ok, m.want)
			}
		}
	}
	// A file named like the other URL's directory is not a shared
	// component: /a/b is one directory below /a (Eq. 2 would say 0).
	if got, _ := DirDistanceURL("http://h/a", "http://h/a/b", DirIntended); got != -1 {
		t.Errorf("dDB(/a, /a/b) = %d, want -1", got)
	}
	if _, ok := DirDistanceURL(seed, "::not a url", DirIntended); ok {
		t.Error("an unparsable URL got a distance")
	}
}

// TestSiteSampleSizePaper checks √(N·r) with Tan et al.'s numbers: N =
// 284,692 pages / 212 sites, R = 25K, 50K, 100K (10.9, 15.4, 21.7 per site),
// and Taleghani & Ugur-Ozekinci's 4 per category (N = 40, r = 0.5).
func TestSiteSampleSizePaper(t *testing.T) {
	n := 284692.0 / 212
	for _, tc := range []struct {
		budget, want float64
	}{{25000, 10.9}, {50000, 15.4}, {100000, 21.7}} {
		got := SampleSize(n, tc.budget/284692)
		if math.Abs(got-tc.want) > 0.05 {
			t.Errorf("R=%v: √(N·r) = %.2f, want %.1f", tc.budget, got, tc.want)
		}
	}
	if got := SampleCount(40, 0.5); got != 4 {
		t.Errorf("category sample = %d, want 4", got)
	}
	if got := SampleCount(1, 0.01); got != 1 {
		t.Errorf("tiny groups sample %d pages, want at least 1", got)
	}
}

// TestWeightsPaper checks the weight vectors of Tan & Mitra 2010 §4.2.
func TestWeightsPaper(t *testing.T) {
	tests := []struct {
		w    Weighting
		want []float64
	}{
		{NAD, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}},
		{SAD, []float64{0, 0, 1}},
		{AAD, []float64{1.0 / 6, 2.0 / 6, 3.0 / 6}},
		{GAD, []float64{1.0 / 7, 2.0 / 7, 4.0 / 7}},
	}
	for _, tc := range tests {
		got := Weights(tc.w, 3)
		for i := range tc.want {
			if math.Abs(got[i]-tc.want[i]) > 1e-12 {
				t.Errorf("%s weights = %v, want %v", tc.w, got, tc.want)
				break
			}
		}
		// Long histories: still a distribution, no overflow.
		s := 0.0
		for _, x := range Weights(tc.w, 3000) {
			if math.IsNaN(x) || x < 0 {
				t.Fatalf("%s weight %v", tc.w, x)
			}
			s += x
		}
		if math.Abs(s-1) > 1e-9 {
			t.Errorf("%s weights of 3000 cycles sum to %v", tc.w, s)
		}
	}
	// λ and φ: changes in cycles 1 and 3 of 3.
	ch := []bool{true, false, true}
	for _, tc := range []struct {
		w    Weighting
		want float64
	}{{NAD, 2.0 / 3}, {SAD, 1}, {AAD, 4.0 / 6}, {GAD, 5.0 / 7}} {
		if got := Lambda(tc.w, ch); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("λ %s = %v, want %v", tc.w, got, tc.want)
		}
	}
	if got := Phi(1); math.Abs(got-0.632) > 0.0005 {
		t.Errorf("φ(1) = %v, want 0.632", got)
	}
	if Lambda(NAD, nil) != 0 {
		t.Error("λ of an empty history is not 0")
	}
}

// mapFetcher answers from a fixed set of changed pages.
type mapFetcher map[PageID]bool

func (m mapFetcher) Fetch(p PageID) bool { return m[p] }

// TestCategoryExamplePaper reproduces Taleghani & Ugur-Ozekinci §2.3: two
// sites of 100 pages (70% and 30% changed), five categories of 40 pages,
// budget 100. Site sampling (10 per site, then greedy) reaches 0.66;
// category sampling (√(N·r) = 4 per category, then greedy) 0.77. The
// paper's arithmetic uses expected values, so pages are laid out in an
// order in which every prefix holds its group's change fraction, and the
// samplers take pages in order.
func TestCategoryExamplePaper(t *testing.T) {
	changed := mapFetcher{}
	var siteA, siteB []PageID
	cats := make([][]PageID, 5)
	perCat := []struct{ a, b int }{{20, 20}, {20, 10}, {20, 0}, {10, 0}, {0, 0}} // changed per category from A, B
	id := PageID(0)
	var aCh, aUn, bCh, bUn []PageID
	for c, pc := range perCat {
		var ch, un []PageID
		for i := 0; i < 20; i++ { // site A's pages of category c
			if i < pc.a {
				changed[id] = true
				ch, aCh = append(ch, id), append(aCh, id)
			} else {
				un, aUn = append(un, id), append(aUn, id)
			}
			id++
		}
		for i := 0; i < 20; i++ { // site B's
			if i < pc.b {
				changed[id] = true
				ch, bCh = append(ch, id), append(bCh, id)
			} else {
				un, bUn = append(un, id), append(bUn, id)
			}
			id++
		}
		cats[c] = interleave(ch, un)
	}
	siteA, siteB = interleave(aCh, aUn), interleave(bCh, bUn)
	run := func(groups [][]PageID, samples int) float64 {
		h := NewHistory(int(id))
		l := NewLedger(h, PerPage(changed.Fetch), 100)
		p := &groupSampling{groups: groups, n: int(id), sampler: InOrderSampler{}, samples: samples, rng: rand.New(rand.NewPCG(1, 1))}
		p.Run(l)
		found := 0
		for _, q := range l.Fetched() {
			if changed[q] {
				found++
			}
		}
		if len(l.Fetched()) != 100 {
			t.Fatalf("spent %d of 100", len(l.Fetched()))
		}
		return float64(found) / 100
	}
	if got := run([][]PageID{siteA, siteB}, 10); math.Abs(got-0.66) > 1e-9 {
		t.Errorf("sampling without correlation: ChangeRatio %v, want 0.66", got)
	}
	if got := run(cats, 0); math.Abs(got-0.77) > 1e-9 {
		t.Errorf("sampling with correlation: ChangeRatio %v, want 0.77", got)
	}
}

// interleave merges changed and unchanged pages so that every prefix of
// length k holds ⌊k·C/n⌋ changed pages (C changed of n).
func interleave(ch, un []PageID) []PageID {
	c, n := len(ch), len(ch)+len(un)
	out := make([]PageID, 0, n)
	taken := 0
	for k := 1; k <= n; k++ {
		if k*c/n > taken {
			out, ch = append(out, ch[0]), ch[1:]
			taken++
		} else {
			out, un = append(out, un[0]), un[1:]
		}
	}
	return out
}

// FuzzDirDistance: any two URLs get a distance without panicking; the
// literal distance is antisymmetric, the intended one antisymmetric
// between depths and symmetric at equal depth; a URL is at 0 from itself.
func FuzzDirDistance(f *testing.F) {
	f.Add("http://www.abc.com/dir1/index1.htm", "http://www.abc.com/dir2/sub/c.htm")
	f.Add("http://h/a", "http://h/a/b")
	f.Add("http://h/", "https://H/x/y/z/")
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, mode := range []DirMode{DirLiteral, DirIntended} {
			ab, ok1 := DirDistanceURL(a, b, mode)
			ba, ok2 := DirDistanceURL(b, a, mode)
			if ok1 != ok2 {
				t.Fatalf("parsable one way only: %q %q", a, b)
			}
			if !ok1 {
				return
			}
			if self, _ := DirDistanceURL(a, a, mode); self != 0 {
				t.Fatalf("mode %d: %q is at %d from itself", mode, a, self)
			}
			_, pa, _ := splitURL(a)
			_, pb, _ := splitURL(b)
			sameDepth := len(pa) == len(pb)
			if (mode == DirLiteral || !sameDepth) && ab != -ba {
				t.Fatalf("mode %d: d(a,b) = %d, d(b,a) = %d for %q %q", mode, ab, ba, a, b)
			}
			if mode == DirIntended && sameDepth && (ab != ba || ab < 0) {
				t.Fatalf("same depth: d(a,b) = %d, d(b,a) = %d for %q %q", ab, ba, a, b)
			}
		}
	})
}
