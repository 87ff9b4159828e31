package refresh

import (
	"math/rand/v2"
	"sort"
)

// Compile-time checks: every policy satisfies Policy.
var (
	_ Policy    = (*roundRobin)(nil)
	_ Policy    = (*random)(nil)
	_ Policy    = (*groupSampling)(nil)
	_ Policy    = (*neighbourhood)(nil)
	_ Policy    = (*clusterSampling)(nil)
	_ Policy    = (*predicted)(nil)
	_ Diagnoser = (*predicted)(nil)
)

type roundRobin struct{ n int }

func (*roundRobin) Name() string { return RoundRobin.String() }

// Run fetches the next pages of the fixed cyclic order (page IDs). Where
// the order resumes is read from the history, not kept in the policy, so
// a live archive that builds a new policy every cycle (the crawler's
// refresh mode) walks the whole order too.
func (p *roundRobin) Run(l *Ledger) {
	next := resumeAt(l.History(), l.Cycle(), p.n)
	var round []PageID
	for tries := 0; tries < p.n && len(round) < l.Remaining(); tries++ {
		if l.Seen(PageID(next)) == NotFetched {
			round = append(round, PageID(next))
		}
		next = (next + 1) % p.n
	}
	l.FetchAll(round, Download)
}

// resumeAt is one past the end of the newest earlier cycle's run of
// fetched pages: a round-robin cycle of budget < n fetches one cyclic run
// of IDs, which ends at the one fetched page whose successor was not
// fetched. A cycle that fetched every page or none left the order where
// it was, so the cycle before it decides; with none, the order starts at 0.
func resumeAt(h *History, cycle, n int) int {
	for c := cycle - 1; c >= 0; c-- {
		for p := range n {
			if h.At(c, PageID(p)) != NotFetched && h.At(c, PageID((p+1)%n)) == NotFetched {
				return (p + 1) % n
			}
		}
	}
	return 0
}

type random struct {
	n   int
	rng *rand.Rand
}

func (*random) Name() string { return Random.String() }

// Run fetches a uniform sample without replacement, in one round.
func (p *random) Run(l *Ledger) {
	var round []PageID
	for _, i := range p.rng.Perm(p.n) {
		if len(round) == l.Remaining() {
			break
		}
		if l.Seen(PageID(i)) == NotFetched {
			round = append(round, PageID(i))
		}
	}
	l.FetchAll(round, Download)
}

// groupSampling is the greedy group-level sampling shared by Cho &
// Ntoulas (sites) and Taleghani & Ugur-Ozekinci (categories).
type groupSampling struct {
	name    string
	groups  [][]PageID
	n       int
	sampler Sampler
	samples int // 0: √(N·r)
	rng     *rand.Rand
}

func (p *groupSampling) Name() string { return p.name }

// Run samples every group in one round, then downloads whole groups in
// decreasing estimated change fraction, from the samples' fresh outcomes,
// in a second round until the budget is spent. A page already chosen this
// cycle (sampled for an overlapping group) counts for this group too
// without another fetch, and the group's sample grows by one (P2's
// Algorithm 4): every group gets k fresh fetches, and reused pages add to
// its estimate on top of them.
func (p *groupSampling) Run(l *Ledger) {
	k := p.samples
	if k == 0 {
		k = SampleCount(meanSize(p.groups), float64(l.Budget())/float64(p.n))
	}
	orders := make([][]PageID, len(p.groups))
	picks := make([][]PageID, len(p.groups))
	chosen := map[PageID]bool{}
	var round []PageID
	for i, g := range p.groups {
		orders[i] = p.sampler.Order(g, p.rng)
		fresh := 0
		for _, q := range orders[i] {
			if fresh == k {
				break
			}
			if !chosen[q] && l.Seen(q) == NotFetched {
				if len(round) >= l.Remaining() {
					break // budget spent: the group's sample is cut short
				}
				chosen[q] = true
				round = append(round, q)
				fresh++
			}
			picks[i] = append(picks[i], q)
		}
	}
	l.FetchAll(round, Sample)
	est := make([]float64, len(p.groups))
	for i, pick := range picks {
		changed, seen := 0, 0
		for _, q := range pick {
			if o := l.Seen(q); o.Observed() {
				seen++
				if o.IsChange() {
					changed++
				}
			}
		}
		est[i] = ratio(changed, seen)
	}
	downloadGreedy(l, orders, est)
}

// downloadGreedy fetches whole groups (in their orders) in decreasing
// score, ties by group index, in one round until the budget is spent.
func downloadGreedy(l *Ledger, orders [][]PageID, score []float64) {
	idx := make([]int, len(orders))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return score[idx[a]] > score[idx[b]] })
	var round []PageID
	in := map[PageID]bool{}
	for _, g := range idx {
		for _, q := range orders[g] {
			if len(round) == l.Remaining() {
				l.FetchAll(round, Download)
				return
			}
			if !in[q] && l.Seen(q) == NotFetched {
				in[q] = true
				round = append(round, q)
			}
		}
	}
	l.FetchAll(round, Download)
}

func meanSize(groups [][]PageID) float64 {
	if len(groups) == 0 {
		return 0
	}
	n := 0
	for _, g := range groups {
		n += len(g)
	}
	return float64(n) / float64(len(groups))
}
