package refresh

import "math/rand/v2"

// clusterSampling is Tan & Mitra 2010's CLS (Algorithm 1) on clusters
// built once from the pages' features (the paper re-clusters every cycle
// on static and dynamic features; see docs/refresh-policies.md).
type clusterSampling struct {
	name   string
	groups [][]PageID
	w      Weighting
	mode   HistoryMode
	stop   TStop
	// sampleShare caps all samples of a cycle at this share of the budget:
	// with the paper's per-cluster cap of R/k alone, slow convergence in
	// every cluster would spend the whole budget on samples.
	sampleShare float64
	buf         []bool
}

func newClusterSampling(env *Env, s Spec, _ *rand.Rand) *clusterSampling {
	return &clusterSampling{name: s.Name(), groups: env.Clusters.Groups(), w: s.Weighting, mode: env.HistoryMode,
		stop: TStop{Confidence: 0.8, Delta: 0.1, Min: 3}, sampleShare: 0.3}
}

func (p *clusterSampling) Name() string { return p.name }

// Run samples each cluster from its centroid outwards until the mean of
// the samples' φ = 1 − e^(−λ) is valid, then downloads whole clusters in
// decreasing mean φ. Sampling goes in rounds, one more page per unfinished
// cluster each round, so the sample cap cuts every cluster's sample short
// rather than leaving the last clusters unsampled; clusters left without a
// sample get the mean score of the sampled ones.
func (p *clusterSampling) Run(l *Ledger) {
	stop := p.stop
	stop.Max = max(1, l.Budget()/max(1, len(p.groups)))
	sampleCap := int(p.sampleShare * float64(l.Budget()))
	xs := make([][]float64, len(p.groups))
	for round, capped := 0, false; !capped; round++ {
		var batch []PageID
		var open []int // clusters sampled this round
		for i, g := range p.groups {
			if round >= len(g) || stop.Done(xs[i]) {
				continue
			}
			if l.Samples()+len(batch) >= sampleCap || len(batch) >= l.Remaining() {
				capped = true
				break
			}
			open = append(open, i)
			if l.Seen(g[round]) == NotFetched {
				batch = append(batch, g[round])
			}
		}
		if len(open) == 0 {
			break
		}
		// One round of samples, then the t-test on their fresh outcomes
		// decides which clusters need another.
		l.FetchAll(batch, Sample)
		for _, i := range open {
			p.buf = l.History().Series(p.groups[i][round], p.mode, p.buf[:0])
			xs[i] = append(xs[i], Phi(Lambda(p.w, p.buf)))
		}
	}
	score := make([]float64, len(p.groups))
	sampled := make([]bool, len(p.groups))
	for i, x := range xs {
		if len(x) > 0 {
			score[i], _ = meanSD(x)
			sampled[i] = true
		}
	}
	fillUnsampled(score, sampled)
	downloadGreedy(l, p.groups, score)
}

// fillUnsampled gives unsampled groups the mean score of the sampled ones.
func fillUnsampled(score []float64, sampled []bool) {
	sum, n := 0.0, 0
	for i, s := range score {
		if sampled[i] {
			sum += s
			n++
		}
	}
	if n == 0 {
		return
	}
	for i := range score {
		if !sampled[i] {
			score[i] = sum / float64(n)
		}
	}
}
