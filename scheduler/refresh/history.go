package refresh

import (
	"fmt"
	"math"
)

// Obs is what one cycle taught about one page.
type Obs uint8

const (
	// NotFetched: the page was not fetched this cycle; nothing is known.
	// The papers fold this into "unchanged" (Iᵢ = 0); keeping it apart lets
	// estimators use only real observations.
	NotFetched Obs = iota
	// Unchanged: fetched, equal to the stored copy.
	Unchanged
	// Changed: fetched, different from the stored copy.
	Changed
	// Gone: fetched, and the page is no longer served (404 or 410). The
	// stored copy is out of date, so it counts as a change.
	Gone
	// Failed: fetched (the budget was spent) without an answer to compare:
	// a network error, a server error, a URL out of scope. Like NotFetched
	// it teaches nothing; unlike it, the page is not fetched again.
	Failed
)

// IsChange reports whether the observation is a change (Changed or Gone).
func (o Obs) IsChange() bool { return o == Changed || o == Gone }

// Observed reports whether the observation compares the page with its
// stored copy (Unchanged, Changed or Gone).
func (o Obs) Observed() bool { return o == Unchanged || o.IsChange() }

// String names the observation.
func (o Obs) String() string {
	switch o {
	case NotFetched:
		return "not-fetched"
	case Unchanged:
		return "unchanged"
	case Changed:
		return "changed"
	case Gone:
		return "gone"
	case Failed:
		return "failed"
	}
	return fmt.Sprintf("Obs(%d)", uint8(o))
}

// History is the change observation of every page in every cycle so far.
type History struct {
	n      int
	cycles [][]Obs
	// mags[c][p] is how much of p's content the fetch of cycle c found
	// changed against the stored copy, in [0, 1]; unknownMag when the
	// fetcher did not say. mags[c] is nil for a cycle with no magnitudes,
	// so a history of a fetcher without content costs nothing more.
	mags [][]float32
}

// unknownMag marks a fetch whose content-change magnitude is unknown.
const unknownMag = -1

// NewHistory returns an empty history of n pages.
func NewHistory(n int) *History { return &History{n: n} }

// Len is the number of pages.
func (h *History) Len() int { return h.n }

// Cycles is the number of cycles started.
func (h *History) Cycles() int { return len(h.cycles) }

// startCycle opens a cycle in which every page is NotFetched and returns
// its index. Only NewLedger calls it, so cycles and ledgers pair up.
func (h *History) startCycle() int {
	h.cycles = append(h.cycles, make([]Obs, h.n))
	h.mags = append(h.mags, nil)
	return len(h.cycles) - 1
}

// record stores what the current cycle's fetch of p showed.
func (h *History) record(p PageID, o Obs) { h.cycles[len(h.cycles)-1][p] = o }

// recordMagnitude stores the current cycle's content-change magnitude of
// p; a magnitude outside [0, 1] (or NaN) is stored as unknown.
func (h *History) recordMagnitude(p PageID, m float64) {
	c := len(h.cycles) - 1
	if !(m >= 0 && m <= 1) {
		if h.mags[c] != nil {
			h.mags[c][p] = unknownMag
		}
		return
	}
	if h.mags[c] == nil {
		h.mags[c] = make([]float32, h.n)
		for i := range h.mags[c] {
			h.mags[c][i] = unknownMag
		}
	}
	h.mags[c][p] = float32(m)
}

// At returns p's observation in cycle c.
func (h *History) At(c int, p PageID) Obs { return h.cycles[c][p] }

// Magnitude returns how much of p's content its fetch in cycle c found
// changed against the stored copy, in [0, 1] (Radinsky & Bennett's
// ‖A(t) − A(t−1)‖, §4.2 features 3–4, as a changed fraction); ok is false
// when the fetcher did not measure it or p was not fetched.
func (h *History) Magnitude(c int, p PageID) (m float64, ok bool) {
	if c < 0 || c >= len(h.mags) || h.mags[c] == nil || p < 0 || int(p) >= h.n || h.mags[c][p] < 0 {
		return 0, false
	}
	return float64(h.mags[c][p]), true
}

// HistoryMode says which cycles a history weighting runs over.
type HistoryMode uint8

const (
	// ObservedCycles weighs only the cycles in which p was fetched: the
	// i-th observation is the i-th fetch. The default: an unfetched cycle
	// is not evidence that the page did not change.
	ObservedCycles HistoryMode = iota
	// AllCycles is the papers' literal reading (Tan et al. 2007 Eq. 6,
	// Tan & Mitra 2010 Eq. 13): every cycle counts, unfetched as Iᵢ = 0.
	AllCycles
)

// Series appends p's change indicators to buf under mode, oldest first:
// true for Changed.
func (h *History) Series(p PageID, mode HistoryMode, buf []bool) []bool {
	for _, cyc := range h.cycles {
		switch o := cyc[p]; {
		case o.IsChange():
			buf = append(buf, true)
		case o == Unchanged || mode == AllCycles:
			buf = append(buf, false)
		}
	}
	return buf
}

// Weighting is a history weighting scheme of Tan & Mitra 2010 §4.2 (the
// HA and WHA of Tan et al. 2007 are NAD and AAD).
type Weighting uint8

const (
	// NAD: wᵢ = 1/n (Tan et al.'s HA).
	NAD Weighting = iota
	// SAD: only the latest observation counts.
	SAD
	// AAD: wᵢ = i / Σj (Tan et al.'s WHA).
	AAD
	// GAD: wᵢ = 2^(i−1) / (2ⁿ − 1).
	GAD
)

// String names the scheme as the paper does.
func (w Weighting) String() string {
	switch w {
	case NAD:
		return "nad"
	case SAD:
		return "sad"
	case AAD:
		return "aad"
	case GAD:
		return "gad"
	}
	return fmt.Sprintf("Weighting(%d)", uint8(w))
}

// Weights returns the n weights of scheme w, oldest first; they sum to 1.
// GAD's 2^(i−1) is computed relative to the newest weight so long
// histories do not overflow.
func Weights(w Weighting, n int) []float64 {
	ws := make([]float64, n)
	if n == 0 {
		return ws
	}
	sum := 0.0
	for i := range ws {
		switch w {
		case NAD:
			ws[i] = 1
		case SAD:
			if i == n-1 {
				ws[i] = 1
			}
		case AAD:
			ws[i] = float64(i + 1)
		case GAD:
			ws[i] = math.Ldexp(1, i-(n-1))
		}
		sum += ws[i]
	}
	for i := range ws {
		ws[i] /= sum
	}
	return ws
}

// Lambda is λ = Σ wᵢ·Iᵢ over the change indicators (oldest first). The
// papers print Σ wᵢIᵢ / n with Σ wᵢ = 1, which contradicts their own
// statement that equal weights give the mean; we drop the 1/n.
func Lambda(w Weighting, changed []bool) float64 {
	ws := Weights(w, len(changed))
	l := 0.0
	for i, c := range changed {
		if c {
			l += ws[i]
		}
	}
	return l
}

// Phi is the probability of at least one change in one cycle of a Poisson
// page with rate λ per cycle: 1 − e^(−λ) (Tan et al. 2007 Eq. 5).
func Phi(lambda float64) float64 { return -math.Expm1(-lambda) }

// AddCycle appends a finished cycle observed outside a ledger: a live
// archive's earlier captures, read from its store, become the history a
// policy weighs before the cycle its ledger opens. obs has one entry per
// page and is copied.
func (h *History) AddCycle(obs []Obs) error {
	if len(obs) != h.n {
		return fmt.Errorf("refresh: cycle of %d observations for %d pages", len(obs), h.n)
	}
	h.cycles = append(h.cycles, append([]Obs(nil), obs...))
	h.mags = append(h.mags, nil)
	return nil
}

// AddCycleContent is AddCycle with each fetch's content-change magnitude
// (as a ContentFetcher reports it: in [0, 1], anything else unknown), for
// a history rebuilt from stored fetches; mags may be nil.
func (h *History) AddCycleContent(obs []Obs, mags []float64) error {
	if mags != nil && len(mags) != len(obs) {
		return fmt.Errorf("refresh: cycle of %d observations with %d magnitudes", len(obs), len(mags))
	}
	if err := h.AddCycle(obs); err != nil {
		return err
	}
	for p, m := range mags {
		if obs[p].Observed() {
			h.recordMagnitude(PageID(p), m)
		}
	}
	return nil
}
