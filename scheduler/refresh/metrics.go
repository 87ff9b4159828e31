package refresh

// CycleMetrics is one cycle of one policy, measured against the truth
// (which only a simulation knows for every page).
type CycleMetrics struct {
	Downloads int     // fetches, samples included (|Dᵢ|)
	Changed   int     // fetches that found a change (|Dᵢᶜ|)
	Stale     int     // pages changed since their last fetch, before this cycle's fetches
	Fresh     float64 // fraction of pages up to date after this cycle's fetches
	Age       float64 // mean age over all pages after the fetches, in cycles (0 if fresh)
}

// ChangeRatio is |Dᵢᶜ|/|Dᵢ| (Tan et al. 2007 §5): changed pages found per
// download; 0 for a cycle without downloads.
func (m CycleMetrics) ChangeRatio() float64 { return ratio(m.Changed, m.Downloads) }

// Recall is the fraction of the stale pages this cycle's fetches found.
func (m CycleMetrics) Recall() float64 { return ratio(m.Changed, m.Stale) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Summary is the mean of each metric over cycles (the papers' C̄).
type Summary struct {
	Cycles                             int
	ChangeRatio, Recall, Fresh, Age    float64
	Downloads, Changed, Samples, Stale int // totals
}

// Summarise averages per-cycle metrics; samples is the total sample count.
func Summarise(ms []CycleMetrics, samples int) Summary {
	s := Summary{Cycles: len(ms), Samples: samples}
	if len(ms) == 0 {
		return s
	}
	for _, m := range ms {
		s.ChangeRatio += m.ChangeRatio()
		s.Recall += m.Recall()
		s.Fresh += m.Fresh
		s.Age += m.Age
		s.Downloads += m.Downloads
		s.Changed += m.Changed
		s.Stale += m.Stale
	}
	n := float64(len(ms))
	s.ChangeRatio /= n
	s.Recall /= n
	s.Fresh /= n
	s.Age /= n
	return s
}
