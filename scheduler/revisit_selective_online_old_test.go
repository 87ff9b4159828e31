package scheduler

// The SHARC-Selective online implementation (Alg. 6) as it was before
// issue 11 (commit dd8977b), unchanged but for its names, kept as the
// reference of TestSelectiveOnlineMatchesOld: it recomputed every block's
// start and gain sum and certified blocks one by one at every visit,
// O(blocks) per visit and O(n²/1024) in all.

import (
	"math"
	"slices"
)

// oldSelectiveOnline is SHARC-Selective online (Alg. 6). Before each visit it
// splits the detected, unvisited pages D into hopeful and hopeless as
// Alg. 5 would on the pyramid still to be filled, and visits the hottest
// hopeless page (it gets the longest interval left) or, if none, the
// coldest hopeful one (the bottom of the pyramid); revisits are LIFO.
//
// The pyramid still to be filled has M = max(n−k, |D|) slots 0 … M−1, n
// being the estimated size and k the visits made. D is planned over its
// |D| longest slots, o = M−|D| … M−1: Alg. 6 prints the intervals as
// "2|D|, …, 2n" and, for the m+1 seeds, "2m, …, 2n", which have as many
// entries as pages only when read as 2(n−|D|), …, 2n (the "n−" lost in
// print). The shorter slots are left to the pages not discovered yet. This
// is also the plan the visits carry out: the page visited now takes the
// longest slot left, which is where the plan puts the coldest hopeful page
// when there is no hopeless one (see the chapter-5 notes for the tables).
//
// Alg. 5 declares pages hottest first and only the first hopeless one is
// needed, so up to it no page is hopeless and, with page i of D (hottest
// first) on slot o+i, its test is (only a page on slot 0, the zero-length
// interval, is hopeful by rule)
//
//	S_i = Σ_{q>i} t_q(o+q) > L_i + tieTol,  L_i = e^{−a_i(o+i)} − e^{−a_i·(M−1)}
//
// with t and a as in selectiveSplit. Below, a page's rank is its slot
// o+i. D is kept in rank order in blocks;
// each block caches the Taylor moments of its terms at the rank it had when
// they were computed, so that a uniform shift of its ranks (pages inserted
// or removed before it) costs O(K) to account for, and its sum is cached
// while it neither changes nor moves. Most pages are then ruled out
// without being looked at: cold pages can never be hopeless, and runs of
// hot ones are certified hopeful with one bound each (see choose for the
// argument); only the pages of runs left uncertified are tested one by
// one, from cached within-block suffix sums. Decisions within the error
// bound are recomputed directly, as in selectiveSplit, so the visits are
// exactly those of the direct evaluation.
type oldSelectiveOnline struct {
	est    int
	visits int
	size   int
	off    int // o = M−|D|, the slot of D's hottest page, set by choose
	blocks []*oldOnBlock
	nGone  int
	// scratch for suffix sums per block
	suf, sufErr []float64
	starts      []int
	// blockMax and chunk override onBlockMax and onChunk (tests use tiny
	// blocks to exercise splits, shifts and run certificates).
	blockMax, chunk int
}

type oldOnBlock struct {
	ps     []rated // hottest first
	base   int     // rank of ps[0] when m was computed; -1: stale
	m      [onK + 1]float64
	m0base float64
	ops    int
	// within[j] = Σ_{j' ≥ j} t at the ranks the block has when its first
	// page is at rank withinAt; emptied when the pages change.
	within   []float64
	withinAt int
	// the last sum, valid while cached and the block starts at cacheAt
	cached         bool
	cacheAt        int
	cacheV, cacheE float64
}

// fresh makes within valid for the block starting at rank first.
func (b *oldOnBlock) fresh(first int) {
	if len(b.within) == len(b.ps)+1 && b.withinAt == first {
		return
	}
	n := len(b.ps)
	b.within = slices.Grow(b.within[:0], n+1)[:n+1]
	b.within[n] = 0
	for j := n - 1; j >= 0; j-- {
		b.within[j] = b.within[j+1] + gainAt(b.ps[j].rate, first+j)
	}
	b.withinAt = first
}

func (s *oldSelectiveOnline) start(n int) { s.est = n }

func (s *oldSelectiveOnline) maxBlock() int {
	if s.blockMax > 0 {
		return s.blockMax
	}
	return onBlockMax
}

func (s *oldSelectiveOnline) runLen() int {
	if s.chunk > 0 {
		return s.chunk
	}
	return onChunk
}

func (s *oldSelectiveOnline) pending() int  { return s.size }
func (s *oldSelectiveOnline) hopeless() int { return s.nGone }
func (s *oldSelectiveOnline) revisits(v []int32) []int32 {
	return orderRevisits(lifo, v)
}

func (s *oldSelectiveOnline) add(pages []Page) {
	for _, p := range pages {
		r := rated{cleanRate(p.Rate), p.ID}
		s.size++
		if len(s.blocks) == 0 {
			s.blocks = append(s.blocks, &oldOnBlock{ps: []rated{r}, base: -1})
			continue
		}
		// First block whose last page is not hotter than r.
		bi, _ := slices.BinarySearchFunc(s.blocks, r, func(b *oldOnBlock, r rated) int {
			if hotter(b.ps[len(b.ps)-1], r) {
				return -1
			}
			return 1
		})
		if bi == len(s.blocks) {
			bi--
		}
		b := s.blocks[bi]
		j, _ := slices.BinarySearchFunc(b.ps, r, func(x, r rated) int {
			if hotter(x, r) {
				return -1
			}
			return 1
		})
		b.ps = slices.Insert(b.ps, j, r)
		b.base = -1
		b.within = b.within[:0]
		if bm := s.maxBlock(); len(b.ps) > 2*bm {
			nb := &oldOnBlock{ps: slices.Clone(b.ps[bm:]), base: -1}
			b.ps = slices.Clip(b.ps[:bm])
			s.blocks = slices.Insert(s.blocks, bi+1, nb)
		}
	}
}

func (b *oldOnBlock) rebuild(start int) {
	b.base, b.m, b.ops, b.cached = start, [onK + 1]float64{}, len(b.ps), false
	for j, p := range b.ps {
		t, a := gainAt(p.rate, start+j), 2*p.rate
		for k := range b.m {
			b.m[k] += t
			t *= a
		}
	}
	b.m0base = b.m[0]
}

// sum is Σ t over the block with its first page at rank start, and an error
// bound. It is cached: blocks that neither changed nor moved (most of them
// at each visit) cost nothing.
func (b *oldOnBlock) sum(start int) (float64, float64) {
	if b.base < 0 {
		b.rebuild(start)
	}
	if b.cached && b.cacheAt == start {
		return b.cacheV, b.cacheE
	}
	d := float64(start - b.base)
	x := math.Abs(2 * b.ps[0].rate * d)
	if x > onX {
		b.rebuild(start)
		d, x = 0, 0
	}
	// t(rank+δ) = t(rank)·e^{−aδ}: Σ_k M_k (−δ)^k / k!.
	v := b.m[onK]
	for k := onK; k > 0; k-- {
		v = b.m[k-1] - v*d*invInt[k]
	}
	// Remainder ≤ M_0·e^x·x^{K+1}/(K+1)! with e^x ≤ e^{onX} < 1.1052; each
	// Horner step and each update of the moments rounds once or twice.
	x2 := x * x
	x4 := x2 * x2
	err := b.m0base * 1.1052 * (x4*x4*x*invFact[onK+1] + 2*eps*float64(b.ops+3*onK+4))
	b.cacheAt, b.cacheV, b.cacheE, b.cached = start, max(v, 0), err, true
	return b.cacheV, b.cacheE
}

func (s *oldSelectiveOnline) next() (int32, bool) {
	if s.size == 0 {
		return 0, false
	}
	bi, j := s.choose()
	b := s.blocks[bi]
	id := int32(b.ps[j].id)
	if j == len(b.ps)-1 && b.base >= 0 {
		// Removing the coldest page of a block shifts nothing: take its
		// term out of the moments instead of recomputing them.
		p := b.ps[j]
		t, a := gainAt(p.rate, b.base+j), 2*p.rate
		for k := range b.m {
			b.m[k] = max(b.m[k]-t, 0)
			t *= a
		}
		b.ops++
	} else {
		b.base = -1
	}
	b.ps = slices.Delete(b.ps, j, j+1)
	b.within = b.within[:0]
	b.cached = false
	if len(b.ps) == 0 {
		s.blocks = slices.Delete(s.blocks, bi, bi+1)
	}
	s.size--
	s.visits++
	return id, true
}

// choose returns the block and index of the page to visit.
//
// Ranks are slots: D's pages hold ranks o … M−1. Up to the first hopeless
// page the test for rank i is g(i) = S_i − L_i > tieTol (see
// oldSelectiveOnline). Writing L_i as the sum of what page i gains slot by
// slot, L_i = Σ_{r=i+1}^{M−1} t_i(r), gives
//
//	g(i) = Σ_{r=i+1}^{M−1} (t_{q_r}(r) − t_i(r)),
//
// q_r being the page of rank r. As a function of the rate, t(·, r) rises
// up to a*(r) = ln(r/(r−1)) and falls after it, and a_{q_r} ≤ a_i for
// r > i, so every slot r with a_i ≤ a*(r) contributes at most 0. a* falls
// with r: with R the first slot where a*(R) < a_i (R = ⌊1/(1−e^{−a_i})⌋+1),
//
//	g(i) ≤ S(R) − (e^{−a_i(R−1)} − e^{−a_i(M−1)})  if R > i,   (ρ bound)
//
// S(R) = Σ_{r≥R} t_{q_r}(r); in particular a page with a_i ≤ a*(M−1) is
// never hopeless (cold bound), and neither is any page after it. A run of
// ranks [lo, hi] with rates in [a_lo, a_hi] is certified hopeful when
// either S(lo+1) − min L or the ρ bound with R(a_hi) > hi, minimised over
// the run (L and the ρ term are unimodal in the rate, decreasing in the
// rank, so their least value is at hi and at an end of the rate range), is
// at most tieTol with its error bound. The scan certifies whole blocks,
// then runs of onChunk pages, and evaluates g directly only on the pages
// of runs it could not certify; all bounds are rigorous, and a direct
// evaluation within rounding of tieTol is redone exactly, so the choice is
// the one of the literal Alg. 5 (TestSelectiveOnlineMatchesReference*).
func (s *oldSelectiveOnline) choose() (int, int) {
	m := s.size
	M := m
	if s.est > 0 {
		M = max(s.est-s.visits, m)
	}
	s.off = M - m
	nb := len(s.blocks)
	lastBlock := func() (int, int) { return nb - 1, len(s.blocks[nb-1].ps) - 1 }
	if m == 1 || (s.off == 0 && m == 2) {
		return lastBlock() // rank 1 is the last page: it is visited either way
	}
	// Suffix sums over blocks, from each block's start.
	s.suf = slices.Grow(s.suf[:0], nb+1)[:nb+1]
	s.sufErr = slices.Grow(s.sufErr[:0], nb+1)[:nb+1]
	s.starts = slices.Grow(s.starts[:0], nb+1)[:nb+1]
	start := s.off
	for i, b := range s.blocks {
		s.starts[i] = start
		start += len(b.ps)
	}
	s.starts[nb] = start
	s.suf[nb], s.sufErr[nb] = 0, 0
	for i := nb - 1; i >= 0; i-- {
		v, e := s.blocks[i].sum(s.starts[i])
		s.suf[i] = s.suf[i+1] + v
		s.sufErr[i] = s.sufErr[i+1] + e + eps*s.suf[i]
	}
	mm := float64(M - 1)
	// a*(M−1), rounded down so that rounding cannot certify a page (M ≥ 3
	// here: M = 2 means o = 0 and m = 2).
	acold := math.Log1p(1/float64(M-2)) * (1 - 1e-12)
	for bi, b := range s.blocks {
		first, last := s.starts[bi], s.starts[bi]+len(b.ps)-1
		if last < 1 {
			continue
		}
		lo := max(first, 1)
		ahi := 2 * b.ps[lo-first].rate
		if ahi <= acold {
			break // cold bound: no page from here on is hopeless
		}
		if s.suf[bi] <= tieTol-s.sufErr[bi] {
			break // S only shrinks further on and L ≥ 0
		}
		alo := 2 * b.ps[len(b.ps)-1].rate
		if s.certified(lo, last, alo, ahi, s.suf[bi], s.sufErr[bi], mm, M, -1) {
			continue
		}
		j, found, stop := s.scanBlock(bi, mm, M, acold)
		if found {
			s.nGone++
			return bi, j
		}
		if stop {
			break
		}
	}
	return lastBlock()
}

// certified reports whether no rank in [lo, hi] (rates in [alo, ahi]) can
// be hopeless: U ± errU bounds S(lo) from above; M−1 is the last rank.
// inBlock ≥ 0 names the block whose within-block sums are fresh, for a
// tighter S(R).
func (s *oldSelectiveOnline) certified(lo, hi int, alo, ahi, U, errU, mm float64, M, inBlock int) bool {
	slack := errU + 16*eps*(U+1)
	if U+slack < minLoss(alo, ahi, hi, mm)+tieTol {
		return true
	}
	R := rhoSlot(ahi)
	if R <= hi {
		return false
	}
	if R >= M {
		return true // every slot r > i has a_i ≤ a*(r): g(i) ≤ 0
	}
	SR, errR := s.suffixUpper(R, inBlock)
	return SR+errR+16*eps*(SR+1) < minLoss(alo, ahi, R-1, mm)+tieTol
}

// suffixUpper bounds S(R) = Σ_{rank ≥ R} t from above, with an error bound:
// exactly within a block whose sums are fresh, else by the suffix of the
// block holding rank R.
func (s *oldSelectiveOnline) suffixUpper(R, inBlock int) (float64, float64) {
	bi, found := slices.BinarySearch(s.starts, R)
	if !found {
		bi--
	}
	if bi == inBlock {
		b := s.blocks[bi]
		return s.suf[bi+1] + b.within[R-s.starts[bi]], s.sufErr[bi+1] + eps*float64(len(b.ps)+2)*s.suf[bi]
	}
	return s.suf[bi], s.sufErr[bi]
}

// scanBlock looks for the first hopeless page in block bi, certifying runs
// of onChunk pages where it can; it returns its index, or stop if no page
// from the end of the scan on can be hopeless (cold bound).
func (s *oldSelectiveOnline) scanBlock(bi int, mm float64, M int, acold float64) (j int, found, stop bool) {
	b := s.blocks[bi]
	first := s.starts[bi]
	b.fresh(first)
	after, errAfter := s.suf[bi+1], s.sufErr[bi+1]
	n := len(b.ps)
	run := s.runLen()
	for c := 0; c < n; c += run {
		ce := min(c+run, n) - 1
		lo := max(first+c, 1)
		if lo > first+ce {
			continue
		}
		ahi := 2 * b.ps[lo-first].rate
		if ahi <= acold {
			return 0, false, true
		}
		alo := 2 * b.ps[ce].rate
		U := after + b.within[lo-first]
		errU := errAfter + eps*float64(n+2)*U
		if s.certified(lo, first+ce, alo, ahi, U, errU, mm, M, bi) {
			continue
		}
		for j := lo - first; j <= ce; j++ {
			rank := first + j
			S := after + b.within[j+1]
			L := lossAt(2*b.ps[j].rate, rank, mm)
			d := S - L - tieTol
			if math.Abs(d) <= errAfter+8*eps*(S+L+1)*float64(n+2) {
				d = s.exactS(bi, j) - L - tieTol
			}
			if d > 0 {
				return j, true, false
			}
		}
	}
	return 0, false, false
}

// exactS is Σ_{q>i} t_q(q) over ranks (slots) for the page at index j of
// block bi, directly.
func (s *oldSelectiveOnline) exactS(bi, j int) float64 {
	rank := s.off
	for _, b := range s.blocks[:bi] {
		rank += len(b.ps)
	}
	rank += j
	var S float64
	r := rank
	for x := bi; x < len(s.blocks); x++ {
		from := 0
		if x == bi {
			from = j + 1
		}
		for _, p := range s.blocks[x].ps[from:] {
			r++
			S += gainAt(p.rate, r)
		}
	}
	return S
}
