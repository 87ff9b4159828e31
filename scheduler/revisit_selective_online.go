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
// The split is taken on M = max(n−k, |D|) slots, n being the estimated size
// and k the visits made: the M−|D| pages not discovered yet are taken to
// be static (rate 0), so they sit between the hopeful and the hopeless
// block and cost nothing. Alg. 6 prints the interval list as
// "2|D|, …, 2n"; this is our reading of it (see the chapter-5 notes).
//
// Alg. 5 declares pages hottest first and only the first hopeless one is
// needed, so up to it no page is hopeless and the test for the page of rank
// i (rank 0, the hottest, keeps the zero-length interval) is
//
//	S_i = Σ_{q>i} t_q(q) > L_i + tieTol,  L_i = e^{−a_i·i} − e^{−a_i·(M−1)}
//
// with t and a as in selectiveSplit. D is kept in rank order in blocks;
// each block caches the Taylor moments of its terms at the rank it had when
// they were computed, so that a uniform shift of its ranks (pages inserted
// or removed before it) costs O(K) to account for, and each block
// certifies with one bound (S ≤ the suffix sum from its start, L ≥ its
// least value at the block's ends) that it holds no hopeless page, so only
// blocks that may hold one are scanned page by page. Decisions within the
// error bound are recomputed directly, as in selectiveSplit, so the visits
// are exactly those of the direct evaluation.
type selectiveOnline struct {
	est    int
	visits int
	size   int
	blocks []*onBlock
	nGone  int
	// scratch for suffix sums per block
	suf, sufErr []float64
}

const (
	onBlockMax = 1024 // split at twice this
	onK        = 8
	onX        = 0.1 // remainder ≤ e^0.1·0.1^9/9! ≈ 3e-15 of the sum
)

type onBlock struct {
	ps     []rated // hottest first
	base   int     // rank of ps[0] when m was computed; -1: stale
	m      [onK + 1]float64
	m0base float64
	ops    int
}

func (s *selectiveOnline) start(n int) { s.est = n }

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
		if len(b.ps) > 2*onBlockMax {
			nb := &onBlock{ps: slices.Clone(b.ps[onBlockMax:]), base: -1}
			b.ps = slices.Clip(b.ps[:onBlockMax])
			s.blocks = slices.Insert(s.blocks, bi+1, nb)
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
	b.base, b.m, b.ops = start, [onK + 1]float64{}, len(b.ps)
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
// bound.
func (b *onBlock) sum(start int) (float64, float64) {
	if b.base < 0 {
		b.rebuild(start)
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
		v = b.m[k-1] - v*d/float64(k)
	}
	err := b.m0base * math.Exp(x) * (math.Pow(x, onK+1)*invFact[onK+1] + 2*eps*float64(b.ops+2*onK+4))
	return max(v, 0), err
}

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
	if len(b.ps) == 0 {
		s.blocks = slices.Delete(s.blocks, bi, bi+1)
	}
	s.size--
	s.visits++
	return id, true
}

// choose returns the block and index of the page to visit.
func (s *selectiveOnline) choose() (int, int) {
	m := s.size
	M := m
	if s.est > 0 {
		M = max(s.est-s.visits, m)
	}
	nb := len(s.blocks)
	// Suffix sums over blocks, from each block's start.
	s.suf = slices.Grow(s.suf[:0], nb+1)[:nb+1]
	s.sufErr = slices.Grow(s.sufErr[:0], nb+1)[:nb+1]
	starts := make([]int, nb)
	start := 0
	for i, b := range s.blocks {
		starts[i] = start
		start += len(b.ps)
	}
	s.suf[nb], s.sufErr[nb] = 0, 0
	for i := nb - 1; i >= 0; i-- {
		v, e := s.blocks[i].sum(starts[i])
		s.suf[i] = s.suf[i+1] + v
		s.sufErr[i] = s.sufErr[i+1] + e + eps*s.suf[i]
	}
	mm := float64(M - 1)
	for i, b := range s.blocks {
		first, last := starts[i], starts[i]+len(b.ps)-1
		if last < 1 {
			continue
		}
		U, errU := s.suf[i], s.sufErr[i]
		if U <= tieTol-errU {
			break // S only shrinks further on; L ≥ 0: nothing hopeless
		}
		// L is decreasing in the rank and, in the rate, smallest at an end
		// of the block's range: bound it below at the last rank.
		lmin := math.Min(lossAt(2*b.ps[0].rate, last, mm), lossAt(2*b.ps[len(b.ps)-1].rate, last, mm))
		if U+errU+4*eps*(U+1) < lmin+tieTol {
			continue
		}
		// Scan the block: S_i = Σ_{q>i} t_q.
		S := U
		for j, p := range b.ps {
			rank := first + j
			S -= gainAt(p.rate, rank)
			if rank < 1 {
				continue
			}
			L := lossAt(2*p.rate, rank, mm)
			d := S - L - tieTol
			if math.Abs(d) <= errU+8*eps*(U+L+1)*float64(j+2) {
				d = s.exactS(i, j) - L - tieTol
			}
			if d > 0 {
				s.nGone++
				return i, j
			}
		}
	}
	return nb - 1, len(s.blocks[nb-1].ps) - 1
}

// lossAt is L = e^{−a·i} − e^{−a·(M−1)}.
func lossAt(a float64, i int, mm float64) float64 {
	return math.Exp(-a*float64(i)) - math.Exp(-a*mm)
}

// exactS is Σ_{q>i} t_q(q) for the page at index j of block bi, directly.
func (s *selectiveOnline) exactS(bi, j int) float64 {
	rank := 0
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
