package sim

import (
	"fmt"
	"math"
)

// Config describes one simulated capture of a synthetic site.
type Config struct {
	// Strategy is a scheduler registry name.
	Strategy string
	// Size is the number of pages n+1 of the site.
	Size int
	// Skew is the exponent of the change rates λ_i = 1/(i+1)^skew (§4.5.3).
	Skew float64
	// Outdegree is the number of children per page of the site tree.
	Outdegree int
	// HotLeaves reverses the rates over the tree: the root is coldest.
	HotLeaves bool
	// Slowdown multiplies the politeness delay: Δ = 1 × Slowdown (Table 4.5).
	Slowdown float64
	// Tau is the threshold τ of the visit-revisit strategies (Def. 5.4).
	Tau float64
	// Seed seeds the change-history RNG (math/rand/v2 PCG).
	Seed uint64
	// SizeError is the relative error of the size estimate given to the
	// strategy: estimated = round(Size·(1+SizeError)).
	SizeError float64
	// Runs is how many change histories are drawn (seeds Seed, Seed+1, …)
	// and averaged for the actual blur; 0 means 1.
	Runs int
}

// DefaultTau is the τ of SHARC-Threshold and SHARC-Intervals when none is
// given: 0.95, the thesis' choice (§5.3, §5.4.4) and the scheduler's
// default for a job that leaves τ unset, so that a simulation and a crawl
// with defaults run the same strategy (TestDefaultTauIsScheduler's).
const DefaultTau = 0.95

// DefaultConfig is the thesis' default synthetic site (§4.5.3): n = 10 000,
// skew 1.2, outdegree 400, cold leaves, no slow-down, τ = DefaultTau.
func DefaultConfig() Config {
	return Config{Size: 10000, Skew: 1.2, Outdegree: 400, Slowdown: 1, Tau: DefaultTau, Seed: 1, Runs: 1}
}

// Validate rejects parameters the model does not cover.
func (c Config) Validate() error {
	switch {
	case c.Size < 1:
		return fmt.Errorf("size must be at least 1, got %d", c.Size)
	case !(c.Skew > 0) || math.IsInf(c.Skew, 0):
		return fmt.Errorf("skew must be a positive number, got %v", c.Skew)
	case c.Outdegree < 1:
		return fmt.Errorf("outdegree must be at least 1, got %d", c.Outdegree)
	case !(c.Slowdown > 0) || math.IsInf(c.Slowdown, 0):
		return fmt.Errorf("slowdown must be a positive number, got %v", c.Slowdown)
	case !(c.Tau > 0 && c.Tau < 1):
		return fmt.Errorf("tau must lie in (0,1), got %v", c.Tau)
	case !(c.SizeError > -1) || math.IsInf(c.SizeError, 0):
		return fmt.Errorf("size error must be greater than -1, got %v", c.SizeError)
	case c.Runs < 0:
		return fmt.Errorf("runs must not be negative, got %d", c.Runs)
	}
	return nil
}

// EstimatedSize is the size the strategy is told at Start.
func (c Config) EstimatedSize() int {
	e := int(math.Round(float64(c.Size) * (1 + c.SizeError)))
	if e < 1 {
		e = 1
	}
	return e
}

// Result is the outcome of one simulation. Single-visit runs fill the blur
// fields; visit-revisit runs (chapter 5, sim.RunRevisit) fill the
// incoherence fields. Both share the echo of the parameters and ElapsedMS.
type Result struct {
	Strategy      string  `json:"strategy"`
	Size          int     `json:"size"`
	EstimatedSize int     `json:"estimated_size,omitempty"`
	Skew          float64 `json:"skew"`
	Outdegree     int     `json:"outdegree"`
	Leaves        string  `json:"leaves"`
	Slowdown      float64 `json:"slowdown"`
	Tau           float64 `json:"tau,omitempty"`
	Seed          uint64  `json:"seed"`
	Runs          int     `json:"runs,omitempty"`
	Downloads     int     `json:"downloads"`

	// ExpectedAvgBlur is the stochastic average blur per page, Eq. 4.4.
	ExpectedAvgBlur float64 `json:"expected_avg_blur,omitempty"`
	// ActualAvgBlur is the actual blur (Eq. 4.19, or 4.20 with revisits)
	// summed over pages and divided by the number of pages, averaged over
	// the drawn change histories.
	ActualAvgBlur float64 `json:"actual_avg_blur,omitempty"`

	// ExpectedIncoherence, ActualIncoherence and Hopeless are filled by
	// visit-revisit simulations (chapter 5).
	ExpectedIncoherence float64 `json:"expected_incoherence,omitempty"`
	ActualIncoherence   float64 `json:"actual_incoherence,omitempty"`
	Hopeless            int     `json:"hopeless,omitempty"`

	ElapsedMS float64 `json:"elapsed_ms"`
}

// Leaves names the flavour of a site: "cold" or "hot" leaves (§4.5.3).
func Leaves(hot bool) string {
	if hot {
		return "hot"
	}
	return "cold"
}
