package refresh

import (
	"slices"
	"testing"
)

// TestHistorySeries checks that the two history modes differ exactly on
// unfetched cycles.
func TestHistorySeries(t *testing.T) {
	h := NewHistory(1)
	for _, o := range []Obs{Changed, NotFetched, Unchanged, NotFetched, Changed} {
		h.startCycle()
		if o != NotFetched {
			h.record(0, o)
		}
	}
	tests := []struct {
		mode HistoryMode
		want []bool
	}{
		{ObservedCycles, []bool{true, false, true}},
		{AllCycles, []bool{true, false, false, false, true}},
	}
	for _, tc := range tests {
		if got := h.Series(0, tc.mode, nil); !slices.Equal(got, tc.want) {
			t.Errorf("mode %d: %v, want %v", tc.mode, got, tc.want)
		}
	}
	// HA over observed cycles: 2/3; the papers' reading: 2/5.
	if got := Lambda(NAD, h.Series(0, AllCycles, nil)); got != 0.4 {
		t.Errorf("λ over all cycles = %v, want 0.4", got)
	}
	for o, s := range map[Obs]string{NotFetched: "not-fetched", Unchanged: "unchanged", Changed: "changed", Gone: "gone", Failed: "failed", 9: "Obs(9)"} {
		if o.String() != s {
			t.Errorf("%d.String() = %q", o, o.String())
		}
	}
}

// TestTStop checks the Student-t stopping rule: t(0.9, 2) = 1.886.
func TestTStop(t *testing.T) {
	st := TStop{Confidence: 0.8, Delta: 0.1, Min: 3, Max: 10}
	tests := []struct {
		xs   []float64
		want bool
	}{
		{[]float64{0.5, 0.5}, false},     // below the minimum
		{[]float64{0.5, 0.5, 0.5}, true}, // no spread
		{[]float64{0, 1, 0}, false},      // 1.886·0.577/√3 = 0.63 > 0.1
		{[]float64{0.50, 0.52, 0.54}, true},
		{[]float64{0.50, 0.60, 0.70}, false}, // 1.886·0.1/√3 = 0.109 > 0.1
		{make([]float64, 10), true},          // the cap
	}
	for _, tc := range tests {
		if got := st.Done(tc.xs); got != tc.want {
			t.Errorf("Done(%v) = %v, want %v", tc.xs, got, tc.want)
		}
	}
	loose := st
	loose.Delta = 0.11
	if !loose.Done([]float64{0.50, 0.60, 0.70}) {
		t.Error("half-width 0.109 not accepted at δ = 0.11")
	}
}

func TestAddCycle(t *testing.T) {
	h := NewHistory(2)
	if err := h.AddCycle([]Obs{Changed}); err == nil {
		t.Fatal("AddCycle accepted one observation for two pages")
	}
	obs := []Obs{Changed, NotFetched}
	if err := h.AddCycle(obs); err != nil {
		t.Fatal(err)
	}
	obs[0] = Unchanged // the history keeps its own copy
	l := NewLedger(h, PerPage(noChange{}.Fetch), 1)
	if h.Cycles() != 2 || l.Cycle() != 1 || h.At(0, 0) != Changed || h.At(0, 1) != NotFetched {
		t.Fatalf("cycles %d, ledger cycle %d, cycle 0 = %v %v", h.Cycles(), l.Cycle(), h.At(0, 0), h.At(0, 1))
	}
}

type noChange struct{}

func (noChange) Fetch(PageID) bool { return false }
