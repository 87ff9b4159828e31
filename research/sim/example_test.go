package sim_test

import (
	"context"
	"fmt"
	"log"

	"github.com/sharc-archive/sharc/research/sim"
	"github.com/sharc-archive/sharc/scheduler"
)

// ExampleRun captures the same synthetic site (100 pages, rates 1/(i+1),
// a tree of outdegree 3) with breadth-first order and with SHARC's offline
// strategy, and compares the blur of the two captures: the expected one,
// from the change rates, and the actual one, from a drawn change history.
func ExampleRun() {
	reg := scheduler.NewRegistry()
	for _, strategy := range []string{"bfs", "sharc-offline"} {
		cfg := sim.DefaultConfig() // Tau, Slowdown, Seed, Runs
		cfg.Strategy, cfg.Size, cfg.Skew, cfg.Outdegree = strategy, 100, 1, 3
		r, err := sim.Run(context.Background(), reg, cfg)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %d downloads, expected blur %.3f, actual blur %.3f\n", r.Strategy, r.Downloads, r.ExpectedAvgBlur, r.ActualAvgBlur)
	}
	// Output:
	// bfs: 100 downloads, expected blur 2.110, actual blur 2.289
	// sharc-offline: 100 downloads, expected blur 1.409, actual blur 1.465
}
