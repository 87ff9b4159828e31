package refresh

import (
	"math"
	"math/rand/v2"
	"sort"
)

// Clusters is a partition of the pages by their features, built by
// repeated bisection (Karypis & Han; what Tan et al. 2007 and Tan & Mitra
// 2010 use through CLUTO), maximising I2 = Σ cos(p, centroid).
//
// Members of each cluster are listed most central first (cosine to the
// centroid), which is Tan & Mitra's sampling order; the distance dCB
// between two pages is the rank of the second's cluster among all
// clusters ordered by centroid similarity to the first's (0 for its own).
type Clusters struct {
	members [][]PageID
	of      []int
	rank    [][]int // rank[a] lists clusters by similarity to a's centroid
}

// NewClusters clusters r's pages into k clusters (fewer if there are
// fewer pages). Features are standardised per dimension first: the papers
// leave scaling open, and raw counts would let file size dominate cosine.
func NewClusters(r *Repo, k int, seed uint64) *Clusters {
	n := r.Len()
	vecs := standardise(r)
	rng := rand.New(rand.NewPCG(seed, 0xc1))
	all := make([]PageID, n)
	for i := range all {
		all[i] = PageID(i)
	}
	parts := [][]PageID{all}
	for len(parts) < k {
		// Split the largest cluster (CLUTO's default choice).
		big := 0
		for i, p := range parts {
			if len(p) > len(parts[big]) {
				big = i
			}
		}
		if len(parts[big]) < 2 {
			break
		}
		a, b := bisect(vecs, parts[big], rng)
		parts[big] = a
		parts = append(parts, b)
	}
	c := &Clusters{members: parts, of: make([]int, n)}
	cents := make([][]float64, len(parts))
	for i, m := range parts {
		cents[i] = centroid(vecs, m)
		for _, p := range m {
			c.of[p] = i
		}
		sortByCosine(vecs, m, cents[i])
	}
	c.rank = make([][]int, len(parts))
	for a := range parts {
		order := make([]int, len(parts))
		for i := range order {
			order[i] = i
		}
		sim := func(b int) float64 {
			if b == a {
				return math.Inf(1)
			}
			return cosine(cents[a], cents[b])
		}
		sort.SliceStable(order, func(i, j int) bool { return sim(order[i]) > sim(order[j]) })
		c.rank[a] = order
	}
	return c
}

// Groups returns the clusters' members, most central first.
func (c *Clusters) Groups() [][]PageID { return c.members }

// Of returns p's cluster.
func (c *Clusters) Of(p PageID) int { return c.of[p] }

// Neighbourhood implements Neighbourhood with dCB; a negative d is read as
// 0 (Tan et al. plot CB for d < 0, which has no meaning for a rank).
func (c *Clusters) Neighbourhood(seed PageID, d int, rng *rand.Rand) []PageID {
	d = max(d, 0)
	var ds []distPage
	for dist, cl := range c.rank[c.of[seed]] {
		if dist > d {
			break
		}
		for _, p := range c.members[cl] {
			if p != seed {
				ds = append(ds, distPage{p, dist})
			}
		}
	}
	return nearestFirst(ds, rng)
}

// standardise returns the pages' features as z-scores per dimension.
func standardise(r *Repo) [][]float64 {
	n := r.Len()
	if n == 0 {
		return nil
	}
	dim := len(r.Pages[0].Features)
	mean, sd := make([]float64, dim), make([]float64, dim)
	for _, p := range r.Pages {
		for j, x := range p.Features {
			mean[j] += x / float64(n)
		}
	}
	for _, p := range r.Pages {
		for j, x := range p.Features {
			sd[j] += (x - mean[j]) * (x - mean[j]) / float64(n)
		}
	}
	out := make([][]float64, n)
	for i, p := range r.Pages {
		v := make([]float64, dim)
		for j, x := range p.Features {
			if s := math.Sqrt(sd[j]); s > 0 {
				v[j] = (x - mean[j]) / s
			}
		}
		out[i] = v
	}
	return out
}

// bisect splits m in two by spherical 2-means, best of a few restarts by
// I2; neither half is empty.
func bisect(vecs [][]float64, m []PageID, rng *rand.Rand) ([]PageID, []PageID) {
	const trials, iters = 4, 12
	var bestA, bestB []PageID
	best := math.Inf(-1)
	for t := 0; t < trials; t++ {
		c1 := clone(vecs[m[rng.IntN(len(m))]])
		c2 := clone(vecs[m[rng.IntN(len(m))]])
		var a, b []PageID
		for it := 0; it < iters; it++ {
			a, b = a[:0:0], b[:0:0]
			for _, p := range m {
				if cosine(vecs[p], c1) >= cosine(vecs[p], c2) {
					a = append(a, p)
				} else {
					b = append(b, p)
				}
			}
			if len(a) == 0 || len(b) == 0 {
				break
			}
			c1, c2 = centroid(vecs, a), centroid(vecs, b)
		}
		if len(a) == 0 || len(b) == 0 {
			continue
		}
		if s := i2(vecs, a, c1) + i2(vecs, b, c2); s > best {
			best, bestA, bestB = s, a, b
		}
	}
	if bestA == nil { // all points identical: split in halves
		h := len(m) / 2
		return append([]PageID(nil), m[:h]...), append([]PageID(nil), m[h:]...)
	}
	return bestA, bestB
}

func i2(vecs [][]float64, m []PageID, c []float64) float64 {
	s := 0.0
	for _, p := range m {
		s += cosine(vecs[p], c)
	}
	return s
}

func centroid(vecs [][]float64, m []PageID) []float64 {
	if len(m) == 0 {
		return nil
	}
	c := make([]float64, len(vecs[m[0]]))
	for _, p := range m {
		for j, x := range vecs[p] {
			c[j] += x / float64(len(m))
		}
	}
	return c
}

// sortByCosine orders m most similar to c first (ties by ID).
func sortByCosine(vecs [][]float64, m []PageID, c []float64) {
	sim := make(map[PageID]float64, len(m))
	for _, p := range m {
		sim[p] = cosine(vecs[p], c)
	}
	sort.Slice(m, func(i, j int) bool {
		if sim[m[i]] != sim[m[j]] {
			return sim[m[i]] > sim[m[j]]
		}
		return m[i] < m[j]
	})
}

func cosine(a, b []float64) float64 {
	var ab, aa, bb float64
	for i := range a {
		ab += a[i] * b[i]
		aa += a[i] * a[i]
		bb += b[i] * b[i]
	}
	if aa == 0 || bb == 0 {
		return 0
	}
	return ab / math.Sqrt(aa*bb)
}

func clone(v []float64) []float64 { return append([]float64(nil), v...) }
