package refreshsim

import (
	"encoding/json"
	"math"
)

// JSON forms of the reports for `sharc experiment refresh --format json`:
// the same figures as the markdown tables, as numbers.

// Num is a figure that may be undefined (a ratio to a zero baseline):
// NaN and ±Inf are written as null, which JSON can hold.
type Num float64

// MarshalJSON writes n, or null where it is not a finite number.
func (n Num) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(n)) || math.IsInf(float64(n), 0) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(n))
}

// Interval is a mean over seeds and the half-width of its 95% CI.
type Interval struct {
	Mean Num `json:"mean"`
	CI95 Num `json:"ci95"`
}

// RatioTest is a per-seed ratio to a baseline with its paired t-test.
type RatioTest struct {
	Interval
	P Num `json:"p"`
}

// PolicyResult is one policy at one budget on one seed's world.
type PolicyResult struct {
	Policy      string  `json:"policy"`
	Share       float64 `json:"share"`
	Budget      int     `json:"budget"`
	ChangeRatio float64 `json:"change_ratio"`
	Recall      float64 `json:"recall"`
	Freshness   float64 `json:"freshness"`
	Age         float64 `json:"age"`
	Samples     int     `json:"samples"`
	Diagnosis   string  `json:"diagnosis,omitempty"`
}

// PolicyOverSeeds is one policy at one budget over the seeds.
type PolicyOverSeeds struct {
	Policy      string               `json:"policy"`
	Share       float64              `json:"share"`
	ChangeRatio Interval             `json:"change_ratio"`
	Age         Interval             `json:"age"`
	Ratio       map[string]RatioTest `json:"change_ratio_over,omitempty"` // by baseline
}

// ClaimVerdict is one row of the verdict table.
type ClaimVerdict struct {
	Claim   string   `json:"claim"`
	Source  string   `json:"source"`
	Share   float64  `json:"share"`
	Policy  string   `json:"policy"`
	Ratio   Interval `json:"ratio"`
	Claimed float64  `json:"claimed"`
	P       Num      `json:"p"`
	HolmP   Num      `json:"holm_p"`
	Verdict string   `json:"verdict"`
}

// SeedsJSON is one change model's experiment: the first seed's detailed
// results and the summary over all seeds.
type SeedsJSON struct {
	CoChange        bool              `json:"co_change"`
	Seeds           []uint64          `json:"seeds"`
	Cycles          int               `json:"cycles"`
	Pages           int               `json:"pages"`
	Static          float64           `json:"static_share"`
	ChangedPerCycle float64           `json:"changed_per_cycle"`
	Design          Design            `json:"design"`
	Results         []PolicyResult    `json:"results"`
	OverSeeds       []PolicyOverSeeds `json:"over_seeds,omitempty"`
	Claims          []ClaimVerdict    `json:"claims,omitempty"`
}

// JSON is the report's figures; the summary over seeds is left out with
// a single seed, as in the markdown.
func (s *SeedsReport) JSON() SeedsJSON {
	e := s.Seeds.Experiment
	r0 := s.Reports[0]
	out := SeedsJSON{CoChange: e.Config.CoChange, Seeds: s.Seeds.Seeds, Cycles: e.Config.Cycles, Pages: r0.Pages,
		Static: r0.Static, ChangedPerCycle: r0.ChangedPerCycle, Design: r0.Design}
	for _, p := range e.Policies {
		for _, res := range r0.Results[p] {
			out.Results = append(out.Results, PolicyResult{Policy: p, Share: res.Share, Budget: res.Budget,
				ChangeRatio: res.Summary.ChangeRatio, Recall: res.Summary.Recall, Freshness: res.Summary.Fresh,
				Age: res.Summary.Age, Samples: res.Summary.Samples, Diagnosis: res.Diagnosis})
		}
	}
	if len(s.Reports) < 2 {
		return out
	}
	for _, p := range e.Policies {
		for i, sh := range e.Shares {
			row := PolicyOverSeeds{Policy: p, Share: sh, Ratio: map[string]RatioTest{}}
			row.ChangeRatio = interval(MeanCI(s.values(p, i, changeRatio)))
			row.Age = interval(MeanCI(s.values(p, i, age)))
			for _, base := range []string{"random", "site-sampling"} {
				if _, ok := r0.Results[base]; !ok || base == p {
					continue
				}
				x, y := s.values(p, i, changeRatio), s.values(base, i, changeRatio)
				row.Ratio[base] = RatioTest{Interval: interval(MeanCI(ratios(x, y))), P: Num(PairedT(x, y))}
			}
			out.OverSeeds = append(out.OverSeeds, row)
		}
	}
	out.Claims = s.Claims()
	return out
}

// SweepPoint is one scale of the quietness sweep.
type SweepPoint struct {
	Scale           float64            `json:"scale"`
	ChangedPerCycle float64            `json:"changed_per_cycle"`
	ChangeRatio     map[string]float64 `json:"change_ratio"` // by policy
}

// SweepJSON is the quietness sweep's figures.
type SweepJSON struct {
	CoChange bool         `json:"co_change"`
	Share    float64      `json:"share"`
	Points   []SweepPoint `json:"points"`
}

// JSON is the sweep's figures.
func (s *SweepReport) JSON() SweepJSON {
	out := SweepJSON{CoChange: s.Sweep.Config.CoChange, Share: s.Sweep.Share}
	for i, r := range s.Reports {
		pt := SweepPoint{Scale: s.Sweep.Scales[i], ChangedPerCycle: r.ChangedPerCycle, ChangeRatio: map[string]float64{}}
		for _, p := range s.Sweep.Policies {
			pt.ChangeRatio[p] = r.Results[p][0].Summary.ChangeRatio
		}
		out.Points = append(out.Points, pt)
	}
	return out
}

func interval(mean, half float64) Interval { return Interval{Mean: Num(mean), CI95: Num(half)} }
