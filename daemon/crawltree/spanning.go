package crawltree

import "github.com/sharc-archive/sharc/store"

// full is the uncollapsed spanning tree, children as index lists.
type full struct {
	url      []string
	kind     []Kind
	children [][]int32
	roots    []int32
}

// spanning links each URL to the URL it was discovered on (Via). A URL
// whose Via is empty, unknown or itself becomes a root; a cycle (which a
// sound frontier never has, but the index is data) is broken by making its
// first unreached URL a root, so every URL is in the tree exactly once.
func spanning(urls []store.FrontierURL, kinds map[string]Kind) *full {
	f := &full{url: make([]string, len(urls)), kind: make([]Kind, len(urls)), children: make([][]int32, len(urls))}
	index := make(map[string]int32, len(urls))
	for i, u := range urls {
		f.url[i] = u.URL
		f.kind[i] = KindUnchanged
		if k, ok := kinds[u.URL]; ok {
			f.kind[i] = k
		}
		index[u.URL] = int32(i)
	}
	for i, u := range urls {
		p, ok := index[u.Via]
		if u.Via == "" || !ok || p == int32(i) {
			f.roots = append(f.roots, int32(i))
			continue
		}
		f.children[p] = append(f.children[p], int32(i))
	}
	f.breakCycles()
	return f
}

// breakCycles makes a root of any URL not reachable from the roots.
func (f *full) breakCycles() {
	seen := make([]bool, len(f.url))
	mark := func(r int32) {
		stack := []int32{r}
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[n] {
				continue
			}
			seen[n] = true
			stack = append(stack, f.children[n]...)
		}
	}
	for _, r := range f.roots {
		mark(r)
	}
	for i := range f.url {
		if !seen[i] {
			// Detach i from its cycle parent: its parent keeps it in
			// children, so drop it there by rebuilding below.
			f.roots = append(f.roots, int32(i))
			mark(int32(i))
		}
	}
	f.dropRootEdges()
}

// dropRootEdges removes from children lists any node that is a root, so
// a cycle broken at a root does not lead back into it.
func (f *full) dropRootEdges() {
	isRoot := make(map[int32]bool, len(f.roots))
	for _, r := range f.roots {
		isRoot[r] = true
	}
	for p, cs := range f.children {
		kept := cs[:0]
		for _, c := range cs {
			if !isRoot[c] {
				kept = append(kept, c)
			}
		}
		f.children[p] = kept
	}
}

// collapse returns the collapsed tree (Algorithm 8): a subtree whose pages
// are all unchanged becomes one node of its page count; every other node
// is kept with its kind.
func (f *full) collapse() []Node {
	size, clean := f.subtreeStats()
	var out []Node
	type item struct{ n, parent int32 }
	queue := make([]item, 0, len(f.roots))
	for _, r := range f.roots {
		queue = append(queue, item{r, -1})
	}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		id := len(out)
		node := Node{ID: id, Parent: int(it.parent), URL: f.url[it.n], Kind: f.kind[it.n], Size: 1}
		if clean[it.n] {
			node.Size, node.Collapsed = int(size[it.n]), size[it.n] > 1
			out = append(out, node)
			continue
		}
		out = append(out, node)
		for _, c := range f.children[it.n] {
			queue = append(queue, item{c, int32(id)})
		}
	}
	return out
}

// subtreeStats returns each node's subtree page count and whether all its
// pages are unchanged, in post-order without recursion (a deep chain of
// links must not exhaust the goroutine stack).
func (f *full) subtreeStats() ([]int32, []bool) {
	size := make([]int32, len(f.url))
	clean := make([]bool, len(f.url))
	order := make([]int32, 0, len(f.url))
	stack := append([]int32(nil), f.roots...)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, n)
		stack = append(stack, f.children[n]...)
	}
	for i := len(order) - 1; i >= 0; i-- {
		n := order[i]
		size[n], clean[n] = 1, f.kind[n] == KindUnchanged
		for _, c := range f.children[n] {
			size[n] += size[c]
			clean[n] = clean[n] && clean[c]
		}
	}
	return size, clean
}
