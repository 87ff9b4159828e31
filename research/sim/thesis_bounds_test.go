package sim

import (
	"context"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/scheduler/quality"
)

// leastAvgBlur is the least expected average blur (Eq. 4.4, per page) of
// any schedule that downloads pages[0] at slot first (if first ≥ 0) and
// the other pages on the remaining slots 0 … n−1: by the rearrangement
// inequality the hottest of the rest go to the free slots of least penalty
// (Theorem 4.3's organ pipes, restricted to the free slots).
func leastAvgBlur(rates []float64, fixed, first int) float64 {
	n := len(rates)
	end := float64(n - 1)
	var pen, rest []float64
	var sum float64
	for s := range n {
		if s != first {
			pen = append(pen, quality.Penalty(float64(s), 0, end))
		}
	}
	for i, r := range rates {
		if i == fixed && first >= 0 {
			sum += r * quality.Penalty(float64(first), 0, end)
			continue
		}
		rest = append(rest, r)
	}
	slices.Sort(pen)
	slices.Sort(rest)
	slices.Reverse(rest)
	for i, r := range rest {
		sum += r * pen[i]
	}
	return sum / end / float64(n)
}

// blurSD bounds the standard deviation of the actual average blur
// (Eq. 4.19) of any schedule over one Poisson change history: a change at
// h adds f(h) ≤ 1 to its page's blur and ∫f² ≤ T/3 over [0, T], so by
// Campbell's theorem Var ≤ Σλ·T/3, divided by n² for the average.
func blurSD(rates []float64) float64 {
	var sum float64
	for _, r := range rates {
		sum += r
	}
	T := float64(len(rates) - 1)
	return math.Sqrt(sum*T/3) / float64(len(rates))
}

// TestThesisTable46BelowLeastBlur checks the claim made in
// docs/thesis-reproduction.md for the Table 4.6 cells we miss: with the
// rates of §4.5.3 (λ_i = 1/(i+1)^skew, n = 10⁴) the published SHARC-Offline
// values at skew 1.5 and 2, and SHARC-Online's with cold leaves (whose root,
// λ = 1, every online crawl downloads first, at slot 0), lie below the
// least expected blur any such schedule has, by more than two standard
// deviations of one change history. No implementation can reproduce them.
// The cells at skew 0.5 and 1 are reachable, so the check is not vacuous,
// and every cell below its bound is listed here with whether the bound
// alone rules out the tolerance (5 % offline, 10 % online).
func TestThesisTable46BelowLeastBlur(t *testing.T) {
	type verdict struct {
		below          bool // more than 2 SD below the least expected blur
		outOfTolerance bool // the least expected blur itself is off by more than the tolerance
	}
	want := map[string]verdict{
		"4.6a SHARC-Offline skew=1.5": {true, true},
		"4.6a SHARC-Offline skew=2":   {true, true},
		"4.6a SHARC-Online skew=1.5":  {true, false},
		"4.6a SHARC-Online skew=2":    {true, true},
		"4.6b SHARC-Offline skew=1.5": {true, false},
		"4.6b SHARC-Offline skew=2":   {true, true},
		"4.6b SHARC-Online skew=1.5":  {true, false},
		"4.6b SHARC-Online skew=2":    {true, false},
	}
	got := map[string]verdict{}
	var checked int
	for _, sw := range ch4Sweeps() {
		if sw.id != "4.6a" && sw.id != "4.6b" {
			continue
		}
		for i, skew := range sw.values {
			site, err := NewSite(10000, 400, skew, sw.hot)
			if err != nil {
				t.Fatal(err)
			}
			sd := blurSD(site.Rates)
			for _, row := range []struct {
				label string
				first int // slot of the root, −1: free
				tol   float64
			}{{"SHARC-Offline", -1, 0.05}, {"SHARC-Online", 0, 0.10}} {
				first := row.first
				if sw.hot {
					first = -1 // the root is the coldest page: slot 0 suits it
				}
				least := leastAvgBlur(site.Rates, 0, first)
				pub := sw.thesis[row.label][i]
				checked++
				z := (least - pub) / sd
				key := fmt.Sprintf("%s %s skew=%v", sw.id, row.label, skew)
				t.Logf("%s: thesis %.3f, least expected %.4f (%.1f%%), z = %.1f", key, pub, least, 100*(least/pub-1), z)
				if z > 2 {
					got[key] = verdict{true, least > pub*(1+row.tol)}
				}
			}
		}
	}
	if checked != 16 {
		t.Fatalf("checked %d cells, want 16 (Tables 4.6a/b, 2 rows × 4 skews)", checked)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: got %+v, want %+v", k, got[k], v)
		}
	}
	for k, v := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s is also below the least blur (%+v): list it and say so in the docs", k, v)
		}
	}
}

// The bound itself: on small sites, brute force over every schedule (with
// the root pinned or free) never beats leastAvgBlur, and some schedule
// reaches it.
func TestLeastAvgBlurIsTheMinimum(t *testing.T) {
	for _, n := range []int{2, 3, 5, 6} {
		for _, skew := range []float64{0.7, 2} {
			site, _ := NewSite(n, 2, skew, false)
			for _, first := range []int{-1, 0, n - 1} {
				best := math.Inf(1)
				perm := make([]int32, n)
				for i := range perm {
					perm[i] = int32(i)
				}
				var walk func(k int)
				walk = func(k int) {
					if k == n {
						if first >= 0 && perm[0] != int32(first) {
							return
						}
						best = min(best, expectedAvgBlur(site, perm, 1))
						return
					}
					for i := k; i < n; i++ {
						perm[k], perm[i] = perm[i], perm[k]
						walk(k + 1)
						perm[k], perm[i] = perm[i], perm[k]
					}
				}
				walk(0)
				if got := leastAvgBlur(site.Rates, 0, first); math.Abs(got-best) > 1e-12 {
					t.Errorf("n=%d skew=%v root at %d: leastAvgBlur %v, brute force %v", n, skew, first, got, best)
				}
			}
		}
	}
}

// TestThesisSkew2SelectiveIsOneDraw backs the discussion of Tables 5.13
// and 5.14 at skew 2: SHARC-Selective (offline) gives the same schedule,
// hence the same expected incoherence, for cold and hot leaves, yet the
// thesis prints 11 and 20. The number of incoherent pages in one change
// history is a sum of independent Bernoulli variables, so its standard
// deviation is √Σp(1−p): at skew 2 that is over 20% of the mean, four times
// the 5% tolerance, and both published values are within two
// standard deviations of our expectation.
func TestThesisSkew2SelectiveIsOneDraw(t *testing.T) {
	const n = 10000
	thesis := map[bool]float64{false: 11, true: 20} // Tables 5.13, 5.14: skew 2, Selective offline
	exp := map[bool]float64{}
	for _, hot := range []bool{false, true} {
		site, err := NewSite(n, 400, 2, hot)
		if err != nil {
			t.Fatal(err)
		}
		s, err := scheduler.NewRegistry().New("sharc-selective", scheduler.Params{})
		if err != nil {
			t.Fatal(err)
		}
		c, err := CaptureRevisit(context.Background(), s, site, n, 1)
		if err != nil {
			t.Fatal(err)
		}
		var e, v float64
		for i, r := range site.Rates {
			p := quality.PageIncoherence(r, c.Revisit[i]-c.Visit[i])
			e += p
			v += p * (1 - p)
		}
		sd := math.Sqrt(v)
		exp[hot] = e
		z := (thesis[hot] - e) / sd
		t.Logf("%s leaves: expected %.2f, sd of one history %.2f (%.0f%%), thesis %.0f (z = %.1f)", Leaves(hot), e, sd, 100*sd/e, thesis[hot], z)
		if sd < 0.2*e {
			t.Errorf("%s leaves: sd %.2f is under 20%% of the expected %.2f", Leaves(hot), sd, e)
		}
		if math.Abs(z) > 2 {
			t.Errorf("%s leaves: thesis %.0f is %.1f sd from our expected %.2f", Leaves(hot), thesis[hot], z, e)
		}
	}
	if d := exp[false] - exp[true]; math.Abs(d) > 1e-9*exp[false] {
		t.Errorf("cold %.6f and hot %.6f expected incoherence differ: the offline schedule should depend on the rates only", exp[false], exp[true])
	}
}
