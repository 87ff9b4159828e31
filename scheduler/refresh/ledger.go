package refresh

// Fetcher fetches a round of pages together and says, per page, what the
// fetch showed against the stored copy (and makes the fetched version the
// stored one). The harness implements it over a simulated history; the
// crawler over HTTP, one round of its capture per call (crawler/refresh.go).
//
// A round is the unit of interleaving the papers describe: a policy
// fetches its samples, reads their fresh outcomes, and only then chooses
// what to spend the rest of the budget on.
type Fetcher interface {
	// Fetch returns one observation per page, in order. NotFetched (or a
	// short answer) is read as Failed: the fetch was spent, nothing learnt.
	Fetch(ps []PageID) []Obs
}

// ContentFetcher is a Fetcher that also measures how much each fetched
// page's content changed against the stored copy: the input of Radinsky &
// Bennett's 2-D model. The ledger prefers FetchContent when a fetcher has
// it; a Fetcher without it leaves every magnitude unknown, and the 2-D
// model then falls back to the 1-D baseline.
type ContentFetcher interface {
	Fetcher
	// FetchContent is Fetch plus one magnitude per page in [0, 1] (the
	// changed fraction of the content; 0 for an unchanged page); a
	// negative or NaN magnitude, or a short slice, means unknown.
	FetchContent(ps []PageID) ([]Obs, []float64)
}

// Stopper is implemented by a Fetcher that can stop for good (a crawler
// whose capture was interrupted or hit a limit): once Stopped, the ledger
// has no budget left, so the policy ends instead of booking rounds that
// will not be fetched.
type Stopper interface {
	Stopped() bool
}

// PerPage adapts a function that fetches one page and reports a change to
// a Fetcher (a simulation's fetch, or a test's).
type PerPage func(p PageID) (changed bool)

// Fetch implements Fetcher one page at a time.
func (f PerPage) Fetch(ps []PageID) []Obs {
	out := make([]Obs, len(ps))
	for i, p := range ps {
		out[i] = Unchanged
		if f(p) {
			out[i] = Changed
		}
	}
	return out
}

var _ Fetcher = PerPage(nil)

// PerPageContent adapts a function that fetches one page and reports a
// change and its magnitude to a ContentFetcher.
type PerPageContent func(p PageID) (changed bool, magnitude float64)

// Fetch implements Fetcher, dropping the magnitudes.
func (f PerPageContent) Fetch(ps []PageID) []Obs {
	obs, _ := f.FetchContent(ps)
	return obs
}

// FetchContent implements ContentFetcher one page at a time.
func (f PerPageContent) FetchContent(ps []PageID) ([]Obs, []float64) {
	out, mags := make([]Obs, len(ps)), make([]float64, len(ps))
	for i, p := range ps {
		changed, m := f(p)
		out[i], mags[i] = Unchanged, m
		if changed {
			out[i] = Changed
		}
	}
	return out, mags
}

var _ ContentFetcher = PerPageContent(nil)

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
	rounds  int
	cycle   int
	h       *History
	f       Fetcher
	stop    Stopper        // f, if it can stop; else nil
	content ContentFetcher // f, if it measures content changes; else nil
	fetched []PageID
	batch   map[PageID]bool // pages of the round being assembled
}

// NewLedger opens a new cycle in h with the given budget.
func NewLedger(h *History, f Fetcher, budget int) *Ledger {
	if budget < 0 {
		budget = 0
	}
	stop, _ := f.(Stopper)
	content, _ := f.(ContentFetcher)
	return &Ledger{budget: budget, cycle: h.startCycle(), h: h, f: f, stop: stop, content: content, batch: map[PageID]bool{}}
}

// FetchAll fetches one round: the pages of ps that are pages of the
// history and not yet fetched this cycle, each once, in order, as many as
// the budget allows. It returns the pages fetched; their outcomes are
// then Seen. Nothing is spent on an empty round.
func (l *Ledger) FetchAll(ps []PageID, why Purpose) []PageID {
	var round []PageID
	clear(l.batch)
	for _, p := range ps {
		if len(round) >= l.Remaining() {
			break
		}
		if p < 0 || int(p) >= l.h.n || l.h.At(l.cycle, p) != NotFetched || l.batch[p] {
			continue
		}
		l.batch[p] = true
		round = append(round, p)
	}
	if len(round) == 0 {
		return nil
	}
	var obs []Obs
	var mags []float64
	if l.content != nil {
		obs, mags = l.content.FetchContent(round)
	} else {
		obs = l.f.Fetch(round)
	}
	for i, p := range round {
		o := Failed
		if i < len(obs) && obs[i] != NotFetched {
			o = obs[i]
		}
		l.h.record(p, o)
		if i < len(mags) && o.Observed() {
			l.h.recordMagnitude(p, mags[i])
		}
	}
	l.fetched = append(l.fetched, round...)
	if why == Sample {
		l.samples += len(round)
	}
	l.rounds++
	return round
}

// Fetch fetches p alone, a round of one, unless the budget is spent, p
// was already fetched this cycle or p is not a page of the history (ok is
// false then, and nothing is spent). changed is whether p's fetch found a
// change (a gone page included).
func (l *Ledger) Fetch(p PageID, why Purpose) (changed, ok bool) {
	if len(l.FetchAll([]PageID{p}, why)) == 0 {
		return false, false
	}
	return l.Seen(p).IsChange(), true
}

// Seen returns what this cycle's fetch of p showed (NotFetched if none or
// if p is not a page of the history).
func (l *Ledger) Seen(p PageID) Obs {
	if p < 0 || int(p) >= l.h.n {
		return NotFetched
	}
	return l.h.At(l.cycle, p)
}

// Remaining is the budget left: none once the fetcher has stopped.
func (l *Ledger) Remaining() int {
	if l.stop != nil && l.stop.Stopped() {
		return 0
	}
	return l.budget - len(l.fetched)
}

// Budget is the cycle's budget.
func (l *Ledger) Budget() int { return l.budget }

// Samples is how many fetches were samples.
func (l *Ledger) Samples() int { return l.samples }

// Rounds is how many rounds of fetches the cycle took so far.
func (l *Ledger) Rounds() int { return l.rounds }

// Fetched lists the pages fetched this cycle, in order.
func (l *Ledger) Fetched() []PageID { return l.fetched }

// History is the history the ledger records into (this cycle included).
func (l *Ledger) History() *History { return l.h }

// Cycle is the index of the ledger's cycle in its history.
func (l *Ledger) Cycle() int { return l.cycle }
