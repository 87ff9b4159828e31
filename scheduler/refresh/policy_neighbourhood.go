package refresh

import (
	"fmt"
	"math/rand/v2"
)

// neighbourhood is Tan et al. 2007's Algorithms 1–2.
type neighbourhood struct {
	name string
	nb   Neighbourhood
	d    int
	phi  func(l *Ledger, p PageID, changed bool) float64
	n    int
	// round is how many samples one round fetches before their
	// neighbourhoods are chosen.
	round int
	rng   *rand.Rand
	buf   []bool
}

func newNeighbourhood(env *Env, s Spec, rng *rand.Rand) (*neighbourhood, error) {
	p := &neighbourhood{name: s.Name(), d: s.D, n: env.Repo.Len(), round: max(1, env.SampleRound), rng: rng}
	switch s.Distance {
	case DirDist:
		p.nb = NewDirNeighbourhood(env.Repo, env.DirMode)
	case LinkDist:
		p.nb = NewLinkNeighbourhood(env.Repo)
	case ClusterDist:
		p.nb = env.Clusters
	default:
		return nil, fmt.Errorf("refresh: neighbourhood without a distance")
	}
	history := func(w Weighting) func(*Ledger, PageID, bool) float64 {
		return func(l *Ledger, q PageID, _ bool) float64 {
			p.buf = l.History().Series(q, env.HistoryMode, p.buf[:0])
			return Phi(Lambda(w, p.buf))
		}
	}
	switch s.Phi {
	case PhiChange:
		p.phi = func(_ *Ledger, _ PageID, changed bool) float64 {
			if changed {
				return 1
			}
			return 0
		}
	case PhiHA:
		p.phi = history(NAD)
	case PhiWHA:
		p.phi = history(AAD)
	case PhiPageRank:
		p.phi = func(_ *Ledger, q PageID, _ bool) float64 { return float64(env.Toolbar[q]+1) / 11 }
	}
	return p, nil
}

func (p *neighbourhood) Name() string { return p.name }

// Run draws uniform samples, a round of them at a time (Env.SampleRound,
// one by default: the papers' sequential Algorithm 1); each sample fires
// with probability φ on its fresh outcome, and then its neighbourhood is
// downloaded, nearest first, in the next round, until the budget is spent
// (a neighbourhood cut short by the budget ends the cycle).
func (p *neighbourhood) Run(l *Ledger) {
	perm := p.rng.Perm(p.n)
	for pos := 0; pos < len(perm) && l.Remaining() > 0; {
		var seeds []PageID
		for ; pos < len(perm) && len(seeds) < min(p.round, l.Remaining()); pos++ {
			if q := PageID(perm[pos]); l.Seen(q) == NotFetched {
				seeds = append(seeds, q)
			}
		}
		var dl []PageID
		in := map[PageID]bool{}
		for _, seed := range l.FetchAll(seeds, Sample) {
			// Draw even when φ is 0 or 1 so every rule uses the stream alike.
			if p.rng.Float64() >= p.phi(l, seed, l.Seen(seed).IsChange()) {
				continue
			}
			for _, q := range p.nb.Neighbourhood(seed, p.d, p.rng) {
				if len(dl) >= l.Remaining() {
					break
				}
				if !in[q] && l.Seen(q) == NotFetched {
					in[q] = true
					dl = append(dl, q)
				}
			}
		}
		l.FetchAll(dl, Download)
	}
}
