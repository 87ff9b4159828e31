package scheduler

// rankTree is the detected list of SHARC-Online (§4.4.3): pages sorted
// ascending by (rate, ID) with removal by rank. It is a treap whose nodes
// live in one slice and link by int32 index (0 is nil), so a page costs one
// 32-byte node and no pointer for the garbage collector to trace.
type rankTree struct {
	nodes []treapNode
	free  []int32 // indexes of removed nodes, reused before growing
	root  int32
	seed  uint64 // xorshift state for node priorities
}

type treapNode struct {
	rate        float64
	id          int
	left, right int32
	size        int32
	prio        uint32
}

func newRankTree(capacity int) *rankTree {
	if capacity < 0 {
		capacity = 0
	}
	t := &rankTree{nodes: make([]treapNode, 1, capacity+1), seed: 0x9E3779B97F4A7C15}
	return t
}

// less is the order of the detected list: ascending change rate, ties broken
// by discovery order (the page discovered first counts as colder).
func less(ra float64, ia int, rb float64, ib int) bool {
	return ra < rb || (ra == rb && ia < ib)
}

func (t *rankTree) Len() int { return int(t.nodes[t.root].size) }

func (t *rankTree) prio() uint32 {
	t.seed ^= t.seed << 13
	t.seed ^= t.seed >> 7
	t.seed ^= t.seed << 17
	return uint32(t.seed >> 32)
}

func (t *rankTree) update(n int32) {
	nd := &t.nodes[n]
	nd.size = 1 + t.nodes[nd.left].size + t.nodes[nd.right].size
}

// Insert adds a page.
func (t *rankTree) Insert(rate float64, id int) {
	var n int32
	if k := len(t.free); k > 0 {
		n = t.free[k-1]
		t.free = t.free[:k-1]
	} else {
		t.nodes = append(t.nodes, treapNode{})
		n = int32(len(t.nodes) - 1)
	}
	t.nodes[n] = treapNode{rate: rate, id: id, size: 1, prio: t.prio()}
	l, r := t.splitKey(t.root, rate, id)
	t.root = t.merge(t.merge(l, n), r)
}

// RemoveAt removes and returns the page at rank pos (0 = coldest).
func (t *rankTree) RemoveAt(pos int) (rate float64, id int) {
	// Walk down instead of split/merge: find the node, then replace it by
	// the merge of its children.
	link := &t.root
	for {
		n := *link
		nd := &t.nodes[n]
		ls := int(t.nodes[nd.left].size)
		switch {
		case pos < ls:
			nd.size--
			link = &nd.left
		case pos > ls:
			nd.size--
			pos -= ls + 1
			link = &nd.right
		default:
			rate, id = nd.rate, nd.id
			*link = t.merge(nd.left, nd.right)
			t.free = append(t.free, n)
			return rate, id
		}
	}
}

// splitKey splits the tree at n into keys < (rate, id) and the rest.
func (t *rankTree) splitKey(n int32, rate float64, id int) (int32, int32) {
	if n == 0 {
		return 0, 0
	}
	nd := &t.nodes[n]
	if less(nd.rate, nd.id, rate, id) {
		l, r := t.splitKey(nd.right, rate, id)
		t.nodes[n].right = l
		t.update(n)
		return n, r
	}
	l, r := t.splitKey(nd.left, rate, id)
	t.nodes[n].left = r
	t.update(n)
	return l, n
}

// merge joins a and b, all keys of a preceding all keys of b.
func (t *rankTree) merge(a, b int32) int32 {
	switch {
	case a == 0:
		return b
	case b == 0:
		return a
	}
	if t.nodes[a].prio > t.nodes[b].prio {
		t.nodes[a].right = t.merge(t.nodes[a].right, b)
		t.update(a)
		return a
	}
	t.nodes[b].left = t.merge(a, t.nodes[b].left)
	t.update(b)
	return b
}
