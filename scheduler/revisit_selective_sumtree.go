package scheduler

import "slices"

// blockTree is a segment tree over selectiveOnline's blocks, in rank order:
// each leaf holds its block's page count and its gain sum Σ t (with error
// bound) at the rank the block started at when the leaf was set. It gives
// a block's first rank and the gain sum from a block to the end of D in
// O(log blocks), where recomputing them for every visit cost O(blocks) and
// made a capture quadratic (issue 11). Internal sums are recomputed from
// their children on every update, so rounding does not drift.
type blockTree struct {
	size int // leaves, a power of two ≥ the number of blocks
	h    int // height: log2(size)
	cnt  []int
	val  []float64
	err  []float64
}

// reset makes a tree of n zero leaves.
func (t *blockTree) reset(n int) {
	t.size, t.h = 1, 0
	for t.size < n {
		t.size *= 2
		t.h++
	}
	t.cnt = grow(t.cnt, 2*t.size)
	t.val = grow(t.val, 2*t.size)
	t.err = grow(t.err, 2*t.size)
}

func grow[T int | float64](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// setLeaf sets leaf i without updating its ancestors (see fix).
func (t *blockTree) setLeaf(i, c int, v, e float64) {
	i += t.size
	t.cnt[i], t.val[i], t.err[i] = c, v, e
}

// pull recomputes node i from its children.
func (t *blockTree) pull(i int) {
	l, r := 2*i, 2*i+1
	t.cnt[i] = t.cnt[l] + t.cnt[r]
	t.val[i] = t.val[l] + t.val[r]
	t.err[i] = t.err[l] + t.err[r]
}

// fixAll recomputes every internal node: O(size).
func (t *blockTree) fixAll() {
	for i := t.size - 1; i >= 1; i-- {
		t.pull(i)
	}
}

// set updates leaf i and its ancestors: O(log size).
func (t *blockTree) set(i, c int, v, e float64) {
	t.setLeaf(i, c, v, e)
	for i = (i + t.size) / 2; i >= 1; i /= 2 {
		t.pull(i)
	}
}

// before is the number of pages in the leaves before leaf i.
func (t *blockTree) before(i int) int {
	n := 0
	for l, r := t.size, i+t.size; l < r; l, r = l/2, r/2 {
		if l&1 == 1 {
			n += t.cnt[l]
			l++
		}
		if r&1 == 1 {
			r--
			n += t.cnt[r]
		}
	}
	return n
}

// from is the gain sum of the leaves from i on and a bound on its error:
// the leaves' bounds plus rounding. Every sum of non-negative terms here
// is a tree of additions of depth ≤ h inside a node and ≤ 2h+1 across the
// nodes of the query, each rounding by at most eps relative.
func (t *blockTree) from(i int) (float64, float64) {
	var v, e float64
	for l, r := i+t.size, 2*t.size; l < r; l, r = l/2, r/2 {
		if l&1 == 1 {
			v += t.val[l]
			e += t.err[l]
			l++
		}
		if r&1 == 1 {
			r--
			v += t.val[r]
			e += t.err[r]
		}
	}
	k := float64(3*t.h + 4)
	return v, e*(1+k*eps) + k*eps*v
}

// leafAt is the leaf holding page p (0-based, p < total count): the last
// leaf whose pages before are ≤ p.
func (t *blockTree) leafAt(p int) int {
	i := 1
	for i < t.size {
		if p < t.cnt[2*i] {
			i = 2 * i
		} else {
			p -= t.cnt[2*i]
			i = 2*i + 1
		}
	}
	return i - t.size
}

// touch records that block bi's pages changed.
func (s *selectiveOnline) touch(bi int) {
	if b := s.blocks[bi]; s.treeOK && !b.dirty {
		b.dirty = true
		s.dirty = append(s.dirty, bi)
	}
}

// startOf is the rank of block bi's first page (bi may be len(blocks):
// one past the last rank).
func (s *selectiveOnline) startOf(bi int) int { return s.off + s.tree.before(bi) }

// syncTree brings the tree up to date with the blocks. A block's start
// moved by the change of off plus the change of the page counts of the
// dirty blocks before it, so between two dirty blocks the blocks moved by
// the same amount, and only runs that moved (and the dirty blocks) are
// set again. If that is more than a quarter of the blocks, or blocks
// were split or removed, the tree is rebuilt in O(blocks).
func (s *selectiveOnline) syncTree() {
	nb := len(s.blocks)
	if s.treeOK {
		slices.Sort(s.dirty)
		if s.moved(nb) <= nb/4 {
			s.patchTree(nb)
			return
		}
	}
	s.rebuildTree(nb)
}

// moved is how many blocks syncTree would set again.
func (s *selectiveOnline) moved(nb int) int {
	n, shift, prev := len(s.dirty), s.off-s.treeOff, 0
	for _, d := range s.dirty {
		if shift != 0 {
			n += d - prev
		}
		b := s.blocks[d]
		shift += len(b.ps) - b.n
		prev = d + 1
	}
	if shift != 0 {
		n += nb - prev
	}
	return n
}

func (s *selectiveOnline) patchTree(nb int) {
	shift, prev := s.off-s.treeOff, 0
	for k := 0; k <= len(s.dirty); k++ {
		d := nb
		if k < len(s.dirty) {
			d = s.dirty[k]
		}
		for j := prev; shift != 0 && j < d; j++ {
			s.setBlock(j, s.blocks[j].at+shift)
		}
		if d < nb {
			b := s.blocks[d]
			at := b.at + shift
			shift += len(b.ps) - b.n
			b.dirty = false
			s.setBlock(d, at)
		}
		prev = d + 1
	}
	s.dirty = s.dirty[:0]
	s.treeOff = s.off
}

// setBlock puts block j, starting at rank at, in the tree.
func (s *selectiveOnline) setBlock(j, at int) {
	b := s.blocks[j]
	b.at, b.n = at, len(b.ps)
	v, e := b.sum(at)
	s.tree.set(j, b.n, v, e)
}

func (s *selectiveOnline) rebuildTree(nb int) {
	s.tree.reset(nb)
	at := s.off
	for j, b := range s.blocks {
		b.at, b.n, b.dirty = at, len(b.ps), false
		v, e := b.sum(at)
		s.tree.setLeaf(j, b.n, v, e)
		at += b.n
	}
	s.tree.fixAll()
	s.dirty = s.dirty[:0]
	s.treeOK, s.treeOff = true, s.off
}
