package refreshsim

import (
	"fmt"
	"math"
	"sort"

	"github.com/sharc-archive/sharc/scheduler/refresh"
)

// Oracle names the upper bound that fetches only stale pages (it knows the
// truth, so it is not a refresh.Policy a crawler could run).
const Oracle = "oracle"

// Result is one policy at one budget.
type Result struct {
	Policy  string
	Budget  int     // fetches per cycle
	Share   float64 // budget / pages
	Summary refresh.Summary
	Cycles  []refresh.CycleMetrics
	// Diagnosis is the policy's refresh.Diagnoser report after the run.
	Diagnosis string
}

// truth is the state of one replay: when each page first changed after
// its stored copy (+Inf: the copy is fresh).
type truth struct {
	staleSince []float64
	keep       []float64 // share of the stored copy still live
	downloads  int
	changed    int
}

// fetch is the simulation's fetch of one page (refresh.PerPageContent):
// it replaces the stored copy and says how much of it had changed.
func (t *truth) fetch(p refresh.PageID) (bool, float64) {
	changed := !math.IsInf(t.staleSince[p], 1)
	m := 1 - t.keep[p]
	t.staleSince[p], t.keep[p] = math.Inf(1), 1
	t.downloads++
	if changed {
		t.changed++
	}
	return changed, m
}

// Run replays w's change history for one policy at a budget of fetches per
// cycle. The policy is built from spec over env with seed; spec "oracle"
// runs the upper bound.
func Run(w *World, env *refresh.Env, name string, budget int, seed uint64) (Result, error) {
	n := w.Repo.Len()
	t := &truth{staleSince: make([]float64, n), keep: make([]float64, n)}
	for p := range t.staleSince {
		t.staleSince[p], t.keep[p] = math.Inf(1), 1
	}
	var pol refresh.Policy
	if name == Oracle {
		pol = &oracle{t: t}
	} else {
		spec, err := refresh.ParseSpec(name)
		if err != nil {
			return Result{}, err
		}
		if pol, err = refresh.New(env, spec, seed); err != nil {
			return Result{}, err
		}
	}
	h := refresh.NewHistory(n)
	res := Result{Policy: name, Budget: budget, Share: float64(budget) / float64(n)}
	samples := 0
	for c, first := range w.first {
		stale := 0
		for p, f := range first {
			if f >= 0 && math.IsInf(t.staleSince[p], 1) {
				t.staleSince[p] = float64(c) + float64(f)
			}
			if f >= 0 {
				t.keep[p] *= 1 - float64(w.mag[c][p])
			}
			if !math.IsInf(t.staleSince[p], 1) {
				stale++
			}
		}
		t.downloads, t.changed = 0, 0
		l := refresh.NewLedger(h, refresh.PerPageContent(t.fetch), budget)
		pol.Run(l)
		if t.downloads > budget {
			return res, fmt.Errorf("refreshsim: %s fetched %d pages on a budget of %d", name, t.downloads, budget)
		}
		samples += l.Samples()
		m := refresh.CycleMetrics{Downloads: t.downloads, Changed: t.changed, Stale: stale}
		m.Fresh, m.Age = freshAge(t.staleSince, float64(c+1))
		res.Cycles = append(res.Cycles, m)
	}
	res.Summary = refresh.Summarise(res.Cycles, samples)
	if d, ok := pol.(refresh.Diagnoser); ok {
		res.Diagnosis = d.Diagnosis()
	}
	return res, nil
}

// freshAge is the fraction of fresh pages and the mean age at time now.
func freshAge(staleSince []float64, now float64) (float64, float64) {
	fresh, age := 0, 0.0
	for _, s := range staleSince {
		if math.IsInf(s, 1) {
			fresh++
		} else {
			age += now - s
		}
	}
	n := float64(len(staleSince))
	return float64(fresh) / n, age / n
}

// oracle fetches the stale pages, longest stale first.
type oracle struct{ t *truth }

func (*oracle) Name() string { return Oracle }

func (o *oracle) Run(l *refresh.Ledger) {
	var stale []refresh.PageID
	for p, s := range o.t.staleSince {
		if !math.IsInf(s, 1) {
			stale = append(stale, refresh.PageID(p))
		}
	}
	sort.SliceStable(stale, func(i, j int) bool { return o.t.staleSince[stale[i]] < o.t.staleSince[stale[j]] })
	l.FetchAll(stale, refresh.Download)
}
