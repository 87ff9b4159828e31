package refresh

// Fetcher fetches one page and says whether it differs from the stored
// copy (and makes the fetched version the stored one). The harness
// implements it over a simulated history; a crawler over HTTP.
type Fetcher interface {
	Fetch(p PageID) (changed bool)
}

// Purpose says why a page is fetched; both kinds cost one unit.
type Purpose uint8

const (
	// Sample: fetched to estimate a group's or a neighbourhood's change.
	Sample Purpose = iota + 1
	// Download: fetched because the policy expects it changed.
	Download
)

// Ledger is one cycle's budget: at most Budget fetches, samples included
// (Tan & Mitra 2010: every request costs one unit, even a 304), each page
// at most once. Every fetch of a policy goes through it, so these two
// invariants hold for every policy by construction.
type Ledger struct {
	budget  int
	samples int
	cycle   int
	h       *History
	f       Fetcher
	fetched []PageID
}

// NewLedger opens a new cycle in h with the given budget.
func NewLedger(h *History, f Fetcher, budget int) *Ledger {
	if budget < 0 {
		budget = 0
	}
	return &Ledger{budget: budget, cycle: h.startCycle(), h: h, f: f}
}

// Fetch fetches p unless the budget is spent, p was already fetched this
// cycle or p is not a page of the history (ok is false then, and nothing
// is spent). changed is p's result.
func (l *Ledger) Fetch(p PageID, why Purpose) (changed, ok bool) {
	if l.Remaining() == 0 || p < 0 || int(p) >= l.h.n || l.h.At(l.cycle, p) != NotFetched {
		return false, false
	}
	changed = l.f.Fetch(p)
	o := Unchanged
	if changed {
		o = Changed
	}
	l.h.record(p, o)
	l.fetched = append(l.fetched, p)
	if why == Sample {
		l.samples++
	}
	return changed, true
}

// Seen returns what this cycle's fetch of p showed (NotFetched if none or
// if p is not a page of the history).
func (l *Ledger) Seen(p PageID) Obs {
	if p < 0 || int(p) >= l.h.n {
		return NotFetched
	}
	return l.h.At(l.cycle, p)
}

// Remaining is the budget left.
func (l *Ledger) Remaining() int { return l.budget - len(l.fetched) }

// Budget is the cycle's budget.
func (l *Ledger) Budget() int { return l.budget }

// Samples is how many fetches were samples.
func (l *Ledger) Samples() int { return l.samples }

// Fetched lists the pages fetched this cycle, in order.
func (l *Ledger) Fetched() []PageID { return l.fetched }

// History is the history the ledger records into (this cycle included).
func (l *Ledger) History() *History { return l.h }

// Cycle is the index of the ledger's cycle in its history.
func (l *Ledger) Cycle() int { return l.cycle }
