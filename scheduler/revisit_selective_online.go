package scheduler

import (
	"math"
	"slices"
)

// selectiveOnline is SHARC-Selective online (Alg. 6). Before each visit it
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
// while it neither changes nor moves. The blocks' page counts and sums
// sit in a segment tree (blockTree) that is patched, at each visit, only
// for the blocks whose pages changed or that moved, so a block's first
// rank and the sum from it to the end of D cost O(log blocks) instead of
// a pass over all blocks (issue 11: that pass made a capture O(n²/1024)).
// Most pages are then ruled out
// without being looked at: cold pages can never be hopeless, and runs of
// hot ones are certified hopeful with one bound each (see choose for the
// argument); only the pages of runs left uncertified are tested one by
// one, from cached within-block suffix sums. Decisions within the error
// bound are recomputed directly, as in selectiveSplit, so the visits are
// exactly those of the direct evaluation.
type selectiveOnline struct {
	est    int
	visits int
	size   int
	off    int // o = M−|D|, the slot of D's hottest page, set by choose
	blocks []*onBlock
	nGone  int
	// tree holds each block's page count and gain sum; it is out of date
	// for the blocks listed in dirty (their pages changed), for those after
	// a dirty one (they moved) and, if off moved since treeOff, for all;
	// treeOK is false after blocks were split or removed.
	tree    blockTree
	treeOK  bool
	treeOff int
	dirty   []int
	hints   []int // see certifiedBlocks
	// blockMax and chunk override onBlockMax and onChunk (tests use tiny
	// blocks to exercise splits, shifts and run certificates).
	blockMax, chunk int
}

const (
	onBlockMax = 1024 // split at twice this
	onK        = 8
	onX        = 0.1 // remainder ≤ e^0.1·0.1^9/9! ≈ 3e-15 of the sum
	onChunk    = 32  // run length certified at once within a block
)

type onBlock struct {
	ps     []rated // hottest first
	base   int     // rank of ps[0] when m was computed; -1: stale
	m      [onK + 1]float64
	m0base float64
	ops    int
	// at and n are the first rank and page count in the tree's leaf;
	// dirty says the block is listed in selectiveOnline.dirty.
	at, n int
	dirty bool
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
func (b *onBlock) fresh(first int) {
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

func (s *selectiveOnline) start(n int) { s.est = n }

func (s *selectiveOnline) maxBlock() int {
	if s.blockMax > 0 {
		return s.blockMax
	}
	return onBlockMax
}

func (s *selectiveOnline) runLen() int {
	if s.chunk > 0 {
		return s.chunk
	}
	return onChunk
}

func (s *selectiveOnline) pending() int  { return s.size }
func (s *selectiveOnline) hopeless() int { return s.nGone }
func (s *selectiveOnline) revisits(v []int32) []int32 {
	return orderRevisits(lifo, v)
}

func hotter(a, b rated) bool { return heatBefore(a, b, true) }

func (s *selectiveOnline) add(pages []Page) {
	for _, p := range pages {
		r := rated{cleanRate(p.Rate), p.ID}
		s.size++
		if len(s.blocks) == 0 {
			s.blocks = append(s.blocks, &onBlock{ps: []rated{r}, base: -1})
			s.treeOK = false
			continue
		}
		// First block whose last page is not hotter than r.
		bi, _ := slices.BinarySearchFunc(s.blocks, r, func(b *onBlock, r rated) int {
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
		s.touch(bi)
		if bm := s.maxBlock(); len(b.ps) > 2*bm {
			nb := &onBlock{ps: slices.Clone(b.ps[bm:]), base: -1}
			b.ps = slices.Clip(b.ps[:bm])
			s.blocks = slices.Insert(s.blocks, bi+1, nb)
			s.treeOK = false
		}
	}
}

// gainAt is t(rank) for a page of rate r; rank 0 is outside every sum.
func gainAt(r float64, rank int) float64 {
	if rank < 1 {
		return 0
	}
	return slotGain(2*r, rank)
}

func (b *onBlock) rebuild(start int) {
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
func (b *onBlock) sum(start int) (float64, float64) {
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

// invInt[k] = 1/k.
var invInt = func() (f [onK + 1]float64) {
	for k := 1; k <= onK; k++ {
		f[k] = 1 / float64(k)
	}
	return f
}()

func (s *selectiveOnline) next() (int32, bool) {
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
	s.touch(bi)
	if len(b.ps) == 0 {
		s.blocks = slices.Delete(s.blocks, bi, bi+1)
		s.treeOK = false
	}
	s.size--
	s.visits++
	return id, true
}

// choose returns the block and index of the page to visit.
//
// Ranks are slots: D's pages hold ranks o … M−1. Up to the first hopeless
// page the test for rank i is g(i) = S_i − L_i > tieTol (see
// selectiveOnline). Writing L_i as the sum of what page i gains slot by
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
// at most tieTol with its error bound. The scan certifies runs of whole
// blocks (doubling their number), then runs of onChunk·2^k pages, and
// evaluates g directly only on the pages of runs it could not certify; all bounds are rigorous, and a direct
// evaluation within rounding of tieTol is redone exactly, so the choice is
// the one of the literal Alg. 5 (TestSelectiveOnlineMatchesReference*).
func (s *selectiveOnline) choose() (int, int) {
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
	mm := float64(M - 1)
	// a*(M−1), rounded down so that rounding cannot certify a page (M ≥ 3
	// here: M = 2 means o = 0 and m = 2).
	acold := math.Log1p(1/float64(M-2)) * (1 - 1e-12)
	if 2*s.firstTested().rate <= acold {
		// Cold bound on the hottest page with a positive slot: no page is
		// hopeless, and no sum is needed (most visits of a cold-leaved
		// site end here).
		return lastBlock()
	}
	s.syncTree()
	for bi, it := 0, 0; bi < nb; it++ {
		b := s.blocks[bi]
		first := s.startOf(bi)
		last := first + len(b.ps) - 1
		if last < 1 {
			bi++
			continue
		}
		lo := max(first, 1)
		ahi := 2 * b.ps[lo-first].rate
		if ahi <= acold {
			break // cold bound: no page from here on is hopeless
		}
		U, errU := s.tree.from(bi)
		if U <= tieTol-errU {
			break // S only shrinks further on and L ≥ 0
		}
		if g := s.certifiedBlocks(it, bi, lo, ahi, U, errU, mm, M); g > 0 {
			bi += g
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
		bi++
	}
	return lastBlock()
}

// firstTested is the hottest page of D off slot 0 (D has ≥ 2 pages).
func (s *selectiveOnline) firstTested() rated {
	b := s.blocks[0]
	if s.off >= 1 {
		return b.ps[0]
	}
	if len(b.ps) > 1 {
		return b.ps[1]
	}
	return s.blocks[1].ps[0]
}

// certifiedBlocks is a number g of blocks from bi on whose ranks [lo, end
// of block bi+g−1] certified rules out as one run (0 if not even block bi
// alone): a run of certified blocks is then passed over with a few bounds
// instead of g. The search starts from the g found by the it-th call of
// the previous visit, which rarely changes between visits, halves it until
// a run is certified and doubles it while one is.
func (s *selectiveOnline) certifiedBlocks(it, bi, lo int, ahi, U, errU, mm float64, M int) int {
	ok := func(k int) bool {
		e := s.blocks[bi+k-1]
		return s.certified(lo, s.startOf(bi+k)-1, 2*e.ps[len(e.ps)-1].rate, ahi, U, errU, mm, M, -1)
	}
	for len(s.hints) <= it {
		s.hints = append(s.hints, 1)
	}
	k := min(s.hints[it], len(s.blocks)-bi)
	for k > 0 && !ok(k) {
		k /= 2
	}
	for g := k; g > 0 && bi+2*g <= len(s.blocks) && ok(2*g); g *= 2 {
		k = 2 * g
	}
	s.hints[it] = max(k, 1)
	return k
}

// certified reports whether no rank in [lo, hi] (rates in [alo, ahi]) can
// be hopeless: U ± errU bounds S(lo) from above; M−1 is the last rank.
// inBlock ≥ 0 names the block whose within-block sums are fresh, for a
// tighter S(R).
func (s *selectiveOnline) certified(lo, hi int, alo, ahi, U, errU, mm float64, M, inBlock int) bool {
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

// rhoSlot is a slot R ≥ 2 such that a ≤ a*(r) = ln(r/(r−1)) for every r < R:
// ⌊1/(1−e^{−a})⌋+1, less one for safety against rounding.
func rhoSlot(a float64) int {
	x := 1 / -math.Expm1(-a)
	if !(x < 1<<50) {
		return 1 << 50
	}
	return max(2, int(x))
}

// minLoss is the least of e^{−a·i} − e^{−a(M−1)} over a ∈ [alo, ahi] at
// rank i: the function is unimodal in a, so the least is at an end.
func minLoss(alo, ahi float64, i int, mm float64) float64 {
	return math.Min(lossAt(alo, i, mm), lossAt(ahi, i, mm)) - 4*eps
}

// suffixUpper bounds S(R) = Σ_{rank ≥ R} t from above, with an error bound:
// exactly within a block whose sums are fresh, else by the suffix of the
// block holding rank R.
func (s *selectiveOnline) suffixUpper(R, inBlock int) (float64, float64) {
	bi := s.tree.leafAt(R - s.off)
	if bi == inBlock {
		b := s.blocks[bi]
		after, errAfter := s.tree.from(bi + 1)
		all, _ := s.tree.from(bi)
		return after + b.within[R-s.startOf(bi)], errAfter + eps*float64(len(b.ps)+2)*all
	}
	return s.tree.from(bi)
}

// scanBlock looks for the first hopeless page in block bi, certifying runs
// of onChunk pages where it can; it returns its index, or stop if no page
// from the end of the scan on can be hopeless (cold bound).
func (s *selectiveOnline) scanBlock(bi int, mm float64, M int, acold float64) (j int, found, stop bool) {
	b := s.blocks[bi]
	first := s.startOf(bi)
	b.fresh(first)
	after, errAfter := s.tree.from(bi + 1)
	n := len(b.ps)
	run := s.runLen()
	for c := 0; c < n; {
		ce := min(c+run, n) - 1
		lo := max(first+c, 1)
		if lo > first+ce {
			c = ce + 1
			continue
		}
		ahi := 2 * b.ps[lo-first].rate
		if ahi <= acold {
			return 0, false, true
		}
		U := after + b.within[lo-first]
		errU := errAfter + eps*float64(n+2)*U
		if end := s.certifiedRun(bi, first, c, lo, ahi, U, errU, mm, M); end > c {
			c = end
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
		c = ce + 1
	}
	return 0, false, false
}

// certifiedRun is the end (an index of block bi, starting at rank first)
// of the longest run from index c, runLen·2^k pages long or up to the end
// of the block, that certified rules out; c if none. U ± errU bounds S at
// rank lo, the run's first rank off slot 0, and ahi is 2λ there.
func (s *selectiveOnline) certifiedRun(bi, first, c, lo int, ahi, U, errU, mm float64, M int) int {
	b := s.blocks[bi]
	n, end := len(b.ps), c
	for k := s.runLen(); ; k *= 2 {
		e := min(c+k, n)
		if !s.certified(lo, first+e-1, 2*b.ps[e-1].rate, ahi, U, errU, mm, M, bi) {
			return end
		}
		if end = e; e == n {
			return end
		}
	}
}

// lossAt is L = e^{−a·i} − e^{−a·(M−1)}.
func lossAt(a float64, i int, mm float64) float64 {
	return math.Exp(-a*float64(i)) - math.Exp(-a*mm)
}

// exactS is Σ_{q>i} t_q(q) over ranks (slots) for the page at index j of
// block bi, directly.
func (s *selectiveOnline) exactS(bi, j int) float64 {
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
