package refresh

import (
	"fmt"
	"math"
	"sort"
)

// Parameters of the predicted policy.
const (
	// priorCycles is the weight, in cycles of exposure, of the pooled rate
	// in each page's rate estimate (a Gamma prior): a page seen once is
	// not yet trusted to be static or hot.
	priorCycles = 2.0
	// relatedK, relatedFloor and relatedMinCo choose the experts: the k
	// candidates with the highest co-change correlation, at least the
	// floor, over at least relatedMinCo cycles in which both were fetched
	// (Radinsky & Bennett use k = 20 on fully observed pages; partial
	// observation leaves fewer co-observations, so fewer experts).
	relatedK      = 10
	relatedFloor  = 0.2
	relatedMinCo  = 3
	relatedEvery  = 4  // recompute the experts every this many cycles
	maxCandidates = 40 // directory mates and link neighbours considered
	rounds        = 4  // fetch batches per cycle when related pages vote
)

// predicted ranks pages by P(changed since the last fetch) from the page's
// own history. As Predicted it is Radinsky & Bennett's 1-D baseline (the
// page's change count over its exposure, here with a pooled Gamma prior);
// as Content2D it is their 2-D model (the same rate revised by the page's
// own content-change magnitudes, policy_content.go). With related pages,
// that probability is revised each round by the pages that co-change with
// it, using what they showed this cycle: over the 2-D model, their 3-D
// model.
type predicted struct {
	name    string
	r       *Repo
	related bool
	model   *contentModel // nil: the 1-D baseline

	ingested int       // history cycles folded into the counts
	lastSync []int     // time (cycle boundary) of the stored copy; 0 = capture
	changes  []float64 // X: fetches that found a change
	exposure []float64 // T: cycles covered by those fetches
	experts  [][]expert
	cands    [][]PageID
}

type expert struct {
	p PageID
	w float64 // relatedness (co-change correlation)
}

func newPredicted(env *Env, s Spec) *predicted {
	n := env.Repo.Len()
	p := &predicted{name: s.Name(), r: env.Repo, related: s.Related,
		lastSync: make([]int, n), changes: make([]float64, n), exposure: make([]float64, n), experts: make([][]expert, n)}
	if s.Kind == Content2D {
		p.model = newContentModel(n)
	}
	return p
}

func (p *predicted) Name() string { return p.name }

// Diagnosis reports the 2-D model's weights and how many pages had
// related pages at the last choice; empty for the 1-D baseline alone.
func (p *predicted) Diagnosis() string {
	var model string
	if p.model != nil {
		model = p.model.String()
	}
	if !p.related {
		return model
	}
	if model != "" {
		model += "; "
	}
	with, total := 0, 0
	for _, es := range p.experts {
		if len(es) > 0 {
			with++
		}
		total += len(es)
	}
	return model + fmt.Sprintf("%d of %d pages had related pages (%d in all) at the last choice", with, len(p.experts), total)
}

// Run folds the finished cycles into the per-page counts, then fetches
// the pages with the highest probability of having changed.
func (p *predicted) Run(l *Ledger) {
	h := l.History()
	p.ingest(h, l.Cycle())
	if p.related && l.Cycle()%relatedEvery == 0 && l.Cycle() > 0 {
		p.chooseExperts(h, l.Cycle())
	}
	own := p.ownProbabilities(l.Cycle())
	nRounds := 1
	if p.related {
		nRounds = rounds
	}
	for round := 0; round < nRounds && l.Remaining() > 0; round++ {
		score := own
		if p.related {
			score = p.vote(l, own)
		}
		batch := (l.Remaining() + (nRounds - round - 1)) / (nRounds - round)
		l.FetchAll(topUnfetched(l, score, batch), Download)
	}
}

// ingest folds cycles [p.ingested, now) of h into the counts. A fetch in
// cycle c happens at time c+1.
func (p *predicted) ingest(h *History, now int) {
	for c := p.ingested; c < now; c++ {
		l0 := p.pooled()
		for q := range p.lastSync {
			o := h.At(c, PageID(q))
			if !o.Observed() {
				continue
			}
			dt := float64(c + 1 - p.lastSync[q])
			if p.model != nil {
				mag, known := h.Magnitude(c, PageID(q))
				p.model.learn(PageID(q), p.rate(q, l0), dt, o.IsChange(), mag, known)
			}
			p.exposure[q] += dt
			if o.IsChange() {
				p.changes[q]++
			}
			p.lastSync[q] = c + 1
		}
	}
	if p.model != nil && now > p.ingested {
		p.model.fit()
	}
	p.ingested = now
}

// pooled is λ₀, the pooled rate of all fetches so far (1 per cycle
// before any).
func (p *predicted) pooled() float64 {
	var sx, st float64
	for q := range p.changes {
		sx += p.changes[q]
		st += p.exposure[q]
	}
	return (sx + 1) / (st + 1)
}

// rate is the 1-D baseline λ̂ = (X + a·λ₀)/(T + a) of page q.
func (p *predicted) rate(q int, l0 float64) float64 {
	return (p.changes[q] + priorCycles*l0) / (p.exposure[q] + priorCycles)
}

// ownProbabilities is 1 − e^(−λ·age) per page, λ the 1-D baseline λ̂ or,
// for the 2-D model, its rate given λ̂ and the page's content changes.
func (p *predicted) ownProbabilities(now int) []float64 {
	l0 := p.pooled()
	out := make([]float64, len(p.changes))
	for q := range out {
		lam := p.rate(q, l0)
		if p.model != nil {
			lam = p.model.rate(PageID(q), lam)
		}
		out[q] = Phi(lam * float64(now+1-p.lastSync[q]))
	}
	return out
}

// vote revises each page's own probability by a relatedness-weighted
// average with its experts' evidence: 1 or 0 for an expert fetched this
// cycle, else the expert's own probability. The page's own model has
// weight 1, at least any expert's.
func (p *predicted) vote(l *Ledger, own []float64) []float64 {
	out := make([]float64, len(own))
	for q := range own {
		num, den := own[q], 1.0
		for _, e := range p.experts[q] {
			v := own[e.p]
			switch o := l.Seen(e.p); {
			case o.IsChange():
				v = 1
			case o == Unchanged:
				v = 0
			}
			num += e.w * v
			den += e.w
		}
		out[q] = num / den
	}
	return out
}

// chooseExperts picks each page's related pages by temporal co-change:
// the correlation of the two pages' change indicators over the cycles in
// which both were fetched. Candidates are directory mates and link
// neighbours, so the cost is linear in the repository.
func (p *predicted) chooseExperts(h *History, now int) {
	if p.cands == nil {
		p.cands = candidates(p.r)
	}
	for q := range p.experts {
		var es []expert
		for _, e := range p.cands[q] {
			if w, ok := coChange(h, PageID(q), e, now); ok && w >= relatedFloor {
				es = append(es, expert{e, w})
			}
		}
		sort.Slice(es, func(i, j int) bool {
			if es[i].w != es[j].w {
				return es[i].w > es[j].w
			}
			return es[i].p < es[j].p
		})
		p.experts[q] = es[:min(len(es), relatedK)]
	}
}

// candidates lists, per page, up to maxCandidates directory mates and link
// neighbours (in ID order: deterministic).
func candidates(r *Repo) [][]PageID {
	out := make([][]PageID, r.Len())
	for q := range out {
		seen := map[PageID]bool{PageID(q): true}
		add := func(ps []PageID) {
			for _, e := range ps {
				if len(out[q]) < maxCandidates && !seen[e] {
					seen[e] = true
					out[q] = append(out[q], e)
				}
			}
		}
		add(r.Out[q])
		add(r.In(PageID(q)))
		add(r.Dirs()[r.Dir(PageID(q))])
	}
	return out
}

// coChange is the phi coefficient of a's and b's change indicators over
// the cycles before now in which both were fetched; ok is false with too
// few such cycles or no variation.
func coChange(h *History, a, b PageID, now int) (float64, bool) {
	var n, sa, sb, sab float64
	for c := 0; c < now; c++ {
		oa, ob := h.At(c, a), h.At(c, b)
		if !oa.Observed() || !ob.Observed() {
			continue
		}
		x, y := b2f(oa.IsChange()), b2f(ob.IsChange())
		n++
		sa += x
		sb += y
		sab += x * y
	}
	if n < relatedMinCo {
		return 0, false
	}
	va, vb := sa/n*(1-sa/n), sb/n*(1-sb/n)
	if va == 0 || vb == 0 {
		return 0, false
	}
	return (sab/n - sa/n*sb/n) / math.Sqrt(va*vb), true
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// topUnfetched returns up to k pages not yet fetched this cycle with the
// highest score (ties by page ID).
func topUnfetched(l *Ledger, score []float64, k int) []PageID {
	var ids []PageID
	for q := range score {
		if l.Seen(PageID(q)) == NotFetched {
			ids = append(ids, PageID(q))
		}
	}
	sort.Slice(ids, func(i, j int) bool {
		if score[ids[i]] != score[ids[j]] {
			return score[ids[i]] > score[ids[j]]
		}
		return ids[i] < ids[j]
	})
	return ids[:min(len(ids), k)]
}
