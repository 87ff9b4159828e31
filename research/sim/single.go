package sim

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/scheduler/quality"
)

// OP names the Olston–Pandey baseline of §4.5.1. It is not a
// scheduler.Strategy: it orders all pages by the utility U_p, the actual
// blur the page would have if downloaded at the end of the observation
// interval, (1/(o_e−o_s))·Σ_j (h_j − o_s) (§4.5.2), which needs the full
// change history. Only the simulator can run it, as the thesis did, as an
// optimistic oracle.
const OP = "op"

// offliner is implemented by strategies that must see every page before
// the first Next (scheduler.Offline).
type offliner interface{ Offline() bool }

// histStream is the PCG stream of the change histories; the seed selects
// the history. The histories are drawn per page in page order, so for one
// seed every strategy is measured against the same changes.
const histStream = 0x5348415243 // "SHARC"

// Run simulates a single-visit capture of the synthetic site described by
// cfg with the named strategy (or OP): the strategy fills download slots
// 0 … n with Δ = cfg.Slowdown; online strategies start from the root and
// receive the children of each downloaded page; strategies with an
// Offline() method receive every page first. The result has the expected
// average blur (Eq. 4.4) and the actual average blur (Eq. 4.19) against
// cfg.Runs Poisson change histories over the capture interval [0, nΔ].
func Run(ctx context.Context, reg *scheduler.Registry, cfg Config) (Result, error) {
	start := time.Now()
	if cfg.Runs == 0 {
		cfg.Runs = 1
	}
	if err := cfg.Validate(); err != nil {
		return Result{}, err
	}
	if cfg.Strategy != OP && !reg.Has(cfg.Strategy) {
		return Result{}, fmt.Errorf("unknown strategy %q (valid: %s)", cfg.Strategy, strings.Join(StrategyNames(reg), ", "))
	}
	if reg.VisitRevisit(cfg.Strategy) {
		return Result{}, fmt.Errorf("strategy %q makes visit-revisit captures; use RunRevisit", cfg.Strategy)
	}
	site, err := NewSite(cfg.Size, cfg.Outdegree, cfg.Skew, cfg.HotLeaves)
	if err != nil {
		return Result{}, err
	}
	res := Result{
		Strategy: cfg.Strategy, Size: cfg.Size, Skew: cfg.Skew, Outdegree: cfg.Outdegree,
		Leaves: Leaves(cfg.HotLeaves), Slowdown: cfg.Slowdown, Seed: cfg.Seed, Runs: cfg.Runs,
	}
	delta := cfg.Slowdown
	end := float64(cfg.Size-1) * delta
	if cfg.Strategy == OP {
		var exp, act float64
		for r := range cfg.Runs {
			slot := opSchedule(site, end, cfg.Seed+uint64(r))
			exp += expectedAvgBlur(site, slot, delta)
			act += actualAvgBlur(site, slot, delta, cfg.Seed+uint64(r))
		}
		res.Downloads = cfg.Size
		res.ExpectedAvgBlur = exp / float64(cfg.Runs)
		res.ActualAvgBlur = act / float64(cfg.Runs)
	} else {
		s, err := reg.New(cfg.Strategy, scheduler.Params{Tau: cfg.Tau})
		if err != nil {
			return Result{}, err
		}
		res.EstimatedSize = cfg.EstimatedSize()
		slot, err := Schedule(ctx, s, site, res.EstimatedSize)
		if err != nil {
			return Result{}, fmt.Errorf("%s: %w", cfg.Strategy, err)
		}
		res.Downloads = cfg.Size
		res.ExpectedAvgBlur = expectedAvgBlur(site, slot, delta)
		var act float64
		for r := range cfg.Runs {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
			act += actualAvgBlur(site, slot, delta, cfg.Seed+uint64(r))
		}
		res.ActualAvgBlur = act / float64(cfg.Runs)
	}
	res.ElapsedMS = float64(time.Since(start).Microseconds()) / 1000
	return res, nil
}

// StrategyNames lists the single-visit names Run accepts.
func StrategyNames(reg *scheduler.Registry) []string {
	var out []string
	for _, n := range reg.Names() {
		if !reg.VisitRevisit(n) {
			out = append(out, n)
		}
	}
	return append(out, OP)
}

// Schedule runs strategy s over site and returns the download slot of every
// page. It fails if the strategy downloads a page twice, stops early or
// names an unknown page.
func Schedule(ctx context.Context, s scheduler.Strategy, site *Site, estimatedSize int) ([]int32, error) {
	n := site.N
	slot := make([]int32, n)
	for i := range slot {
		slot[i] = -1
	}
	s.Start(estimatedSize)
	page := func(id int) scheduler.Page {
		return scheduler.Page{ID: id, Parent: site.Parent(id), Rate: site.Rates[id]}
	}
	online := true
	buf := make([]scheduler.Page, 0, max(site.Outdegree, 4096))
	if o, ok := s.(offliner); ok && o.Offline() {
		online = false
		// In batches: one variadic call per page would allocate per page.
		for lo := 0; lo < n; lo += cap(buf) {
			buf = buf[:0]
			for id := lo; id < min(n, lo+cap(buf)); id++ {
				buf = append(buf, page(id))
			}
			s.Add(buf...)
		}
	} else {
		s.Add(page(0))
	}
	k := 0
	for ; ; k++ {
		if k&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		d, ok := s.Next()
		if !ok {
			break
		}
		switch {
		case d.Page < 0 || d.Page >= n:
			return nil, fmt.Errorf("slot %d: unknown page %d", k, d.Page)
		case slot[d.Page] >= 0:
			return nil, fmt.Errorf("slot %d: page %d downloaded again (first in slot %d)", k, d.Page, slot[d.Page])
		}
		slot[d.Page] = int32(k)
		if online {
			lo, hi := site.Children(d.Page)
			buf = buf[:0]
			for c := lo; c < hi; c++ {
				buf = append(buf, page(c))
			}
			if len(buf) > 0 {
				s.Add(buf...)
			}
		}
		s.Done(d)
	}
	if k != n {
		return nil, fmt.Errorf("captured %d of %d pages", k, n)
	}
	return slot, nil
}

// expectedAvgBlur is Eq. 4.4 for the schedule, observation interval
// [0, nΔ].
func expectedAvgBlur(site *Site, slot []int32, delta float64) float64 {
	end := float64(site.N-1) * delta
	var sum float64
	for i, r := range site.Rates {
		sum += quality.PageBlur(r, float64(slot[i])*delta, 0, end)
	}
	return sum / float64(site.N)
}

// actualAvgBlur is Eq. 4.19 summed over pages and divided by their number,
// against the change history drawn with seed.
func actualAvgBlur(site *Site, slot []int32, delta float64, seed uint64) float64 {
	end := float64(site.N-1) * delta
	rng := rand.New(rand.NewPCG(seed, histStream))
	var buf []float64
	var sum float64
	for i, r := range site.Rates {
		buf = AppendChangeTimes(buf[:0], rng, r, 0, end)
		sum += quality.ActualPageBlur(buf, float64(slot[i])*delta, 0, end)
	}
	return sum / float64(site.N)
}

// opSchedule orders the pages by the OP utility computed from the change
// history of seed, highest first (ties by page), and returns their slots.
func opSchedule(site *Site, end float64, seed uint64) []int32 {
	rng := rand.New(rand.NewPCG(seed, histStream))
	u := make([]float64, site.N)
	var buf []float64
	for i, r := range site.Rates {
		buf = AppendChangeTimes(buf[:0], rng, r, 0, end)
		for _, h := range buf {
			u[i] += h // the common factor 1/(o_e−o_s) and o_s = 0 do not change the order
		}
	}
	order := make([]int32, site.N)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c := cmp.Compare(u[b], u[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	slot := make([]int32, site.N)
	for k, id := range order {
		slot[id] = int32(k)
	}
	return slot
}
