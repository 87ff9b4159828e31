package sim_test

import (
	"context"
	"fmt"
	"log"

	"github.com/sharc-archive/sharc/research/sim"
	"github.com/sharc-archive/sharc/scheduler"
)

// coldestFirst is a new single-visit strategy written outside package
// scheduler: of the pages known, download the one with the lowest
// predicted change rate next (an idea to try, not SHARC's): one type, in one file.
type coldestFirst struct{ pending []scheduler.Page }

func (h *coldestFirst) Start(int)                   {}
func (h *coldestFirst) Add(pages ...scheduler.Page) { h.pending = append(h.pending, pages...) }
func (h *coldestFirst) Done(scheduler.Decision)     {}
func (h *coldestFirst) Next() (scheduler.Decision, bool) {
	if len(h.pending) == 0 {
		return scheduler.Decision{}, false
	}
	best := 0
	for i, p := range h.pending {
		if p.Rate < h.pending[best].Rate {
			best = i
		}
	}
	p := h.pending[best]
	h.pending = append(h.pending[:best], h.pending[best+1:]...)
	return scheduler.Decision{Page: p.ID, Action: scheduler.Visit}, true
}

var _ scheduler.Strategy = (*coldestFirst)(nil)

// Example_registerStrategy adds a strategy with one registration line and
// runs it in the simulator beside a built-in one; the same registry drives
// the live crawler (crawler.New takes it), so the new name is then valid in
// a job's scheduler.strategy.
func Example_registerStrategy() {
	reg := scheduler.NewRegistry()
	reg.Register("coldest-first", false, func(scheduler.Params) (scheduler.Strategy, error) { return &coldestFirst{}, nil })
	for _, strategy := range []string{"bfs", "coldest-first"} {
		cfg := sim.DefaultConfig()
		cfg.Strategy, cfg.Size, cfg.Skew, cfg.Outdegree = strategy, 100, 1, 3
		r, err := sim.Run(context.Background(), reg, cfg)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %d downloads, expected blur %.3f\n", r.Strategy, r.Downloads, r.ExpectedAvgBlur)
	}
	// Output:
	// bfs: 100 downloads, expected blur 2.110
	// coldest-first: 100 downloads, expected blur 1.907
}
