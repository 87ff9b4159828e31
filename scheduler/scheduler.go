package scheduler

import (
	"fmt"
	"sort"
	"strings"
)

// Action says what kind of download a Decision asks for.
type Action uint8

const (
	// Visit is the first download of a page in a capture.
	Visit Action = iota + 1
	// Revisit is the second download of a page in a visit-revisit capture
	// (thesis §3.2): all revisits follow all visits.
	Revisit
	// VisitRevisit is one download that serves as both the visit and the
	// revisit of a page: the last page visited is also the first revisited,
	// so the two collapse into one (Def. 5.5).
	VisitRevisit
)

func (a Action) String() string {
	switch a {
	case Visit:
		return "visit"
	case Revisit:
		return "revisit"
	case VisitRevisit:
		return "visit+revisit"
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// Page is a page of the site as the strategy sees it.
type Page struct {
	// ID is dense and assigned by the caller in discovery order: the first
	// seed is 0, the next page discovered is 1, and so on.
	ID int
	// Parent is the ID of the page on which this page was discovered, or -1
	// for a seed.
	Parent int
	// Rate is the predicted change rate λ, in changes per time unit Δ.
	Rate float64
}

// Decision is one download the strategy asks for.
type Decision struct {
	Page   int
	Action Action
}

// Strategy orders the downloads of one site. It is not safe for concurrent
// use; the caller serialises calls (the frontier holds one per host).
//
// The protocol is: Start once; Add the seeds; then repeatedly Next, download,
// Add the pages that download discovered, and Done. Next may be called again
// before earlier decisions are Done (per-host parallelism); a strategy that
// needs the outcome of an outstanding download before it can decide returns
// ok == false. When Next returns ok == false and no decision is outstanding,
// the capture of the site is complete.
type Strategy interface {
	// Start is called once, before anything else, with the estimated number
	// of pages of the site (0 when unknown).
	Start(estimatedSize int)
	// Add tells the strategy about newly discovered pages. IDs are new and
	// increasing; a page is never added twice.
	Add(pages ...Page)
	// Next returns the next download, or ok == false when nothing can be
	// scheduled now.
	Next() (d Decision, ok bool)
	// Done reports that the download of d has finished and that the pages it
	// discovered have been added.
	Done(d Decision)
}

// Params are the strategy parameters a job or the simulator may set.
type Params struct {
	// Tau is the threshold τ ∈ (0,1) of sharc-threshold (Def. 5.4: a page
	// that would change within the longest free interval with probability
	// above τ is given up to it) and sharc-intervals (§5.4: intervals of
	// log(1/τ)/λ, within which a page stays unchanged with probability τ).
	// Selective needs none.
	Tau float64
	// Revisits, when true, asks a single-visit family strategy (bfs, dfs, …)
	// for a visit-revisit capture; set by the "-fifo"/"-lifo" names.
	Revisits bool
}

// Constructor builds a fresh strategy for one site.
type Constructor func(p Params) (Strategy, error)

// Registry maps strategy names to constructors. It is a value, not package
// state: NewRegistry returns one with every built-in strategy.
type Registry struct {
	ctors map[string]Constructor
	// visitRevisit records which names produce visit-revisit captures.
	visitRevisit map[string]bool
}

// Register adds a strategy under name. visitRevisit says whether its
// captures revisit every page.
func (r *Registry) Register(name string, visitRevisit bool, c Constructor) {
	if r.ctors == nil {
		r.ctors = map[string]Constructor{}
		r.visitRevisit = map[string]bool{}
	}
	r.ctors[name] = c
	r.visitRevisit[name] = visitRevisit
}

// Names lists the registered strategy names in sorted order.
func (r *Registry) Names() []string {
	names := make([]string, 0, len(r.ctors))
	for n := range r.ctors {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Has reports whether name is registered.
func (r *Registry) Has(name string) bool { _, ok := r.ctors[name]; return ok }

// VisitRevisit reports whether the named strategy makes visit-revisit
// captures.
func (r *Registry) VisitRevisit(name string) bool { return r.visitRevisit[name] }

// New builds the named strategy. An unknown name is an error that lists the
// valid choices.
func (r *Registry) New(name string, p Params) (Strategy, error) {
	c, ok := r.ctors[name]
	if !ok {
		return nil, fmt.Errorf("unknown strategy %q (valid: %s)", name, strings.Join(r.Names(), ", "))
	}
	return c(p)
}

// NewRegistry returns a registry holding every built-in strategy.
func NewRegistry() *Registry {
	r := &Registry{}
	registerBasic(r)
	registerSingle(r)
	registerRevisit(r)
	return r
}
