package refresh

import (
	"math/rand/v2"
	"sort"
)

// DirMode selects how the directory distance dDB is signed.
type DirMode uint8

const (
	// DirIntended (default) follows Tan et al.'s prose: 0 only for the
	// seed's own directory, positive for upper directories (k levels up
	// is +k), negative for lower ones; pages on another branch get the
	// tree-hop magnitude, positive unless deeper than the seed.
	DirIntended DirMode = iota
	// DirLiteral is Eq. 2 as printed: [(m−c)+(n−c)−2]·sign(n−m), which
	// makes deeper pages positive and every page at the seed's depth 0.
	DirLiteral
)

// DirDistance is dDB from seed to p (Tan et al. 2007 Eq. 2) on URLs split
// into components host, directories…, file. It is 0 for the seed itself.
func DirDistance(seed, p []int32, mode DirMode) int {
	if len(seed) == 0 || len(p) == 0 {
		return 0 // not split URLs; NewRepo never produces these
	}
	if mode == DirLiteral {
		return literalDirDistance(seed, p)
	}
	// Hops between the two directories (host + directory components). This
	// is Eq. 2's magnitude, except that a file named like a directory of
	// the other URL ("/a" and "/a/b") does not count as a shared component.
	ds, dp := seed[:len(seed)-1], p[:len(p)-1]
	c := commonPrefix(ds, dp)
	mag := (len(ds) - c) + (len(dp) - c)
	if len(dp) > len(ds) { // deeper: a lower directory
		return -mag
	}
	return mag
}

// literalDirDistance is Eq. 2 as printed.
func literalDirDistance(seed, p []int32) int {
	m, n := len(seed), len(p)
	c := commonPrefix(seed, p)
	if c == m && c == n {
		return 0
	}
	sign := 0
	switch {
	case n > m:
		sign = 1
	case n < m:
		sign = -1
	}
	return ((m - c) + (n - c) - 2) * sign
}

func commonPrefix(a, b []int32) int {
	c := 0
	for c < len(a) && c < len(b) && a[c] == b[c] {
		c++
	}
	return c
}

// DirDistanceURL is DirDistance on two URLs; it reports false if either
// URL cannot be parsed.
func DirDistanceURL(seed, p string, mode DirMode) (int, bool) {
	intern := map[string]int32{}
	split := func(raw string) ([]int32, bool) {
		host, parts, err := splitURL(raw)
		if err != nil {
			return nil, false
		}
		var c []int32
		for _, s := range append([]string{host}, parts...) {
			id, ok := intern[s]
			if !ok {
				id = int32(len(intern))
				intern[s] = id
			}
			c = append(c, id)
		}
		return c, true
	}
	a, ok1 := split(seed)
	b, ok2 := split(p)
	if !ok1 || !ok2 {
		return 0, false
	}
	return DirDistance(a, b, mode), true
}

// Neighbourhood returns the pages within distance d of a seed, nearest
// first (ascending |dist|, ties shuffled by rng), the seed excluded. It
// is Tan et al. 2007's Download(ps, d): for d ≥ 0 the pages with
// 0 ≤ dist ≤ d, for d < 0 those with d ≤ dist ≤ 0.
type Neighbourhood interface {
	Neighbourhood(seed PageID, d int, rng *rand.Rand) []PageID
}

// Compile-time checks: every distance is a Neighbourhood.
var (
	_ Neighbourhood = (*DirNeighbourhood)(nil)
	_ Neighbourhood = (*LinkNeighbourhood)(nil)
	_ Neighbourhood = (*Clusters)(nil)
)

// DirNeighbourhood is the directory distance (DB) over a Repo's sites.
type DirNeighbourhood struct {
	r    *Repo
	mode DirMode
}

// NewDirNeighbourhood returns the DB neighbourhood of r.
func NewDirNeighbourhood(r *Repo, mode DirMode) *DirNeighbourhood {
	return &DirNeighbourhood{r: r, mode: mode}
}

// Neighbourhood implements Neighbourhood; only the seed's site is searched.
func (n *DirNeighbourhood) Neighbourhood(seed PageID, d int, rng *rand.Rand) []PageID {
	var ds []distPage
	sc := n.r.comps[seed]
	for _, p := range n.r.sites[n.r.site[seed]] {
		if p == seed {
			continue
		}
		if x := DirDistance(sc, n.r.comps[p], n.mode); within(x, d) {
			ds = append(ds, distPage{p, abs(x)})
		}
	}
	return nearestFirst(ds, rng)
}

// LinkNeighbourhood is the link distance (LB, Tan et al. 2007 Eq. 1): 0
// for siblings (a page links to both), +h for pages h out-link hops away,
// −h for pages h in-link hops away.
type LinkNeighbourhood struct{ r *Repo }

// NewLinkNeighbourhood returns the LB neighbourhood of r.
func NewLinkNeighbourhood(r *Repo) *LinkNeighbourhood { return &LinkNeighbourhood{r: r} }

// Neighbourhood implements Neighbourhood.
func (n *LinkNeighbourhood) Neighbourhood(seed PageID, d int, rng *rand.Rand) []PageID {
	seen := map[PageID]bool{seed: true}
	var ds []distPage
	// Siblings take precedence (dist 0) even if a path also exists.
	for _, q := range n.r.in[seed] {
		for _, s := range n.r.Out[q] {
			if !seen[s] {
				seen[s] = true
				ds = append(ds, distPage{s, 0})
			}
		}
	}
	edges := n.r.Out
	if d < 0 {
		edges = n.r.in
	}
	frontier := []PageID{seed}
	for h := 1; h <= abs(d) && len(frontier) > 0; h++ {
		var next []PageID
		for _, p := range frontier {
			for _, q := range edges[p] {
				if !seen[q] {
					seen[q] = true
					next = append(next, q)
					ds = append(ds, distPage{q, h})
				}
			}
		}
		frontier = next
	}
	return nearestFirst(ds, rng)
}

type distPage struct {
	p    PageID
	dist int
}

func within(x, d int) bool {
	if d >= 0 {
		return x >= 0 && x <= d
	}
	return x <= 0 && x >= d
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// nearestFirst orders by distance, shuffling within each distance so
// that a budget running out mid-level does not favour low page IDs.
func nearestFirst(ds []distPage, rng *rand.Rand) []PageID {
	sort.Slice(ds, func(i, j int) bool {
		if ds[i].dist != ds[j].dist {
			return ds[i].dist < ds[j].dist
		}
		return ds[i].p < ds[j].p
	})
	out := make([]PageID, len(ds))
	for i := 0; i < len(ds); {
		j := i
		for j < len(ds) && ds[j].dist == ds[i].dist {
			j++
		}
		level := ds[i:j]
		rng.Shuffle(len(level), func(a, b int) { level[a], level[b] = level[b], level[a] })
		i = j
	}
	for i, x := range ds {
		out[i] = x.p
	}
	return out
}
