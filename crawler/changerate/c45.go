package changerate

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// C45 is a C4.5-style decision-tree learner (Quinlan 1993, Release 8), the
// thesis' second classifier (§6.3): splits chosen by gain ratio among the
// tests with at least average information gain; numeric attributes split by
// a binary threshold whose gain is charged log2(candidates)/N (Quinlan 1996);
// pessimistic-error subtree replacement after growing. Not implemented:
// subtree raising, fractional instances for missing values (the encoder
// never produces missing values in training; at prediction an unseen
// nominal value stops the descent at that node).
type C45 struct {
	// MinLeaf is the least number of instances in at least two branches of
	// a split (C4.5's -m); 0 means 2.
	MinLeaf int
	// CF is the pruning confidence (C4.5's -c); 0 means 0.25.
	CF float64
	// NoPrune keeps the fully grown tree.
	NoPrune bool
}

// treeNode is a node of a fitted tree.
type treeNode struct {
	counts    []float64 // training class counts reaching the node
	attr      int       // split attribute; −1 for a leaf
	threshold float64   // numeric split: left is ≤ threshold
	children  []*treeNode
	fallback  int // class of an empty leaf
}

// Tree is a fitted C4.5 tree.
type Tree struct {
	attrs   []Attribute
	classes []string
	root    *treeNode
}

// Fit implements Learner.
func (c C45) Fit(d *Dataset) (Classifier, error) { return c.FitTree(d) }

// FitTree grows (and unless NoPrune, prunes) a tree on d.
func (c C45) FitTree(d *Dataset) (*Tree, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	if len(d.X) == 0 {
		return nil, fmt.Errorf("c4.5: empty dataset")
	}
	if c.MinLeaf <= 0 {
		c.MinLeaf = 2
	}
	if c.CF == 0 {
		c.CF = 0.25
	}
	if !(c.CF > 0 && c.CF < 1) {
		return nil, fmt.Errorf("c4.5: confidence %v not in (0,1)", c.CF)
	}
	idx := make([]int, len(d.X))
	for i := range idx {
		idx[i] = i
	}
	b := &treeBuilder{d: d, minLeaf: c.MinLeaf}
	root := b.grow(idx)
	if !c.NoPrune {
		z := distuv.UnitNormal.Quantile(1 - c.CF)
		prune(root, z)
	}
	return &Tree{attrs: d.Attrs, classes: d.Classes, root: root}, nil
}

type treeBuilder struct {
	d       *Dataset
	minLeaf int
}

func (b *treeBuilder) classCounts(idx []int) []float64 {
	cnt := make([]float64, len(b.d.Classes))
	for _, i := range idx {
		cnt[b.d.Y[i]]++
	}
	return cnt
}

// splitCandidate is the best test found on one attribute.
type splitCandidate struct {
	attr      int
	gain      float64
	ratio     float64
	threshold float64
}

func (b *treeBuilder) grow(idx []int) *treeNode {
	n := &treeNode{counts: b.classCounts(idx), attr: -1}
	if len(idx) < 2*b.minLeaf || entropy(n.counts) == 0 {
		return n
	}
	var cands []splitCandidate
	for j, a := range b.d.Attrs {
		var sc splitCandidate
		var ok bool
		if a.Kind == Nominal {
			sc, ok = b.nominalSplit(idx, j, n.counts)
		} else {
			sc, ok = b.numericSplit(idx, j, n.counts)
		}
		if ok {
			cands = append(cands, sc)
		}
	}
	if len(cands) == 0 {
		return n
	}
	// C4.5 picks the best gain ratio among tests whose gain is at least the
	// average, so a test with tiny split information cannot win on ratio
	// alone.
	var avg float64
	for _, s := range cands {
		avg += s.gain
	}
	avg /= float64(len(cands))
	best := -1
	for i, s := range cands {
		if s.gain >= avg-1e-12 && (best < 0 || s.ratio > cands[best].ratio) {
			best = i
		}
	}
	s := cands[best]
	n.attr = s.attr
	n.threshold = s.threshold
	parts := b.partition(idx, s.attr, s.threshold)
	n.children = make([]*treeNode, len(parts))
	for i, p := range parts {
		if len(p) == 0 {
			// An empty branch has no instances; it is labelled with the
			// parent's majority and prediction stops at the parent.
			n.children[i] = &treeNode{counts: make([]float64, len(n.counts)), attr: -1, fallback: argmax(n.counts)}
			continue
		}
		n.children[i] = b.grow(p)
	}
	return n
}

func (b *treeBuilder) partition(idx []int, attr int, thr float64) [][]int {
	a := b.d.Attrs[attr]
	if a.Kind == Nominal {
		parts := make([][]int, len(a.Values))
		for _, i := range idx {
			v := int(b.d.X[i][attr])
			parts[v] = append(parts[v], i)
		}
		return parts
	}
	parts := make([][]int, 2)
	for _, i := range idx {
		if b.d.X[i][attr] <= thr {
			parts[0] = append(parts[0], i)
		} else {
			parts[1] = append(parts[1], i)
		}
	}
	return parts
}

func (b *treeBuilder) nominalSplit(idx []int, j int, total []float64) (splitCandidate, bool) {
	nv := len(b.d.Attrs[j].Values)
	cnt := make([][]float64, nv)
	sizes := make([]float64, nv)
	for _, i := range idx {
		v := int(b.d.X[i][j])
		if cnt[v] == nil {
			cnt[v] = make([]float64, len(total))
		}
		cnt[v][b.d.Y[i]]++
		sizes[v]++
	}
	big := 0
	for _, s := range sizes {
		if s >= float64(b.minLeaf) {
			big++
		}
	}
	if big < 2 {
		return splitCandidate{}, false
	}
	n := float64(len(idx))
	gain := entropy(total)
	for v := range cnt {
		if sizes[v] > 0 {
			gain -= sizes[v] / n * entropy(cnt[v])
		}
	}
	split := entropy(sizes)
	if gain <= 1e-12 || split <= 0 {
		return splitCandidate{}, false
	}
	return splitCandidate{attr: j, gain: gain, ratio: gain / split}, true
}

func (b *treeBuilder) numericSplit(idx []int, j int, total []float64) (splitCandidate, bool) {
	s := append([]int(nil), idx...)
	x := b.d.X
	sort.Slice(s, func(p, q int) bool { return x[s[p]][j] < x[s[q]][j] })
	n := len(s)
	left := make([]float64, len(total))
	right := append([]float64(nil), total...)
	base := entropy(total)
	bestGain, bestAt := -1.0, -1
	candidates := 0
	for i := 0; i < n-1; i++ {
		y := b.d.Y[s[i]]
		left[y]++
		right[y]--
		if x[s[i]][j] == x[s[i+1]][j] {
			continue
		}
		if i+1 < b.minLeaf || n-i-1 < b.minLeaf {
			continue
		}
		candidates++
		nl, nr := float64(i+1), float64(n-i-1)
		g := base - nl/float64(n)*entropy(left) - nr/float64(n)*entropy(right)
		if g > bestGain+1e-12 {
			bestGain, bestAt = g, i
		}
	}
	if bestAt < 0 {
		return splitCandidate{}, false
	}
	// Quinlan (1996): charge the choice among candidate thresholds.
	gain := bestGain - math.Log2(float64(candidates))/float64(n)
	if gain <= 1e-12 {
		return splitCandidate{}, false
	}
	nl := float64(bestAt + 1)
	split := entropy([]float64{nl, float64(n) - nl})
	// C4.5 thresholds at the largest training value below the cut, so
	// printed trees show values that occur in the data.
	return splitCandidate{attr: j, gain: gain, ratio: gain / split, threshold: x[s[bestAt]][j]}, true
}

// PessimisticError is C4.5's upper confidence limit on a node's error rate
// when e of n training instances are misclassified, by the normal
// approximation with deviate z (Witten & Frank, §6.1):
//
//	(f + z²/2n + z·sqrt(f/n − f²/n + z²/4n²)) / (1 + z²/n),  f = e/n.
func PessimisticError(e, n, z float64) float64 {
	if n <= 0 {
		return 0
	}
	f := e / n
	return (f + z*z/(2*n) + z*math.Sqrt(math.Max(0, f/n-f*f/n+z*z/(4*n*n)))) / (1 + z*z/n)
}

func nodeN(cnt []float64) (n, errs float64) {
	var max float64
	for _, c := range cnt {
		n += c
		max = math.Max(max, c)
	}
	return n, n - max
}

// prune replaces, bottom-up, every subtree whose estimated errors are not
// lower than those of a leaf in its place, and returns the node's estimated
// number of errors.
func prune(n *treeNode, z float64) float64 {
	total, errs := nodeN(n.counts)
	asLeaf := total * PessimisticError(errs, total, z)
	if n.attr < 0 {
		return asLeaf
	}
	var sub float64
	for _, c := range n.children {
		sub += prune(c, z)
	}
	// C4.5 prunes when the leaf is no worse than the subtree (+0.1 slack).
	if asLeaf <= sub+0.1 {
		n.attr = -1
		n.children = nil
		return asLeaf
	}
	return sub
}

// Distribution implements Classifier: the class frequencies at the leaf
// reached (or at the node where an unseen nominal value stops the descent),
// smoothed by an m-estimate with one pseudo-instance spread evenly over the
// classes. (Laplace's one per class swamps the small leaves of a ten-class
// tree and made the mixture output of the predictor needlessly vague.)
func (t *Tree) Distribution(x []float64) []float64 {
	n := t.root
	for n.attr >= 0 {
		var next *treeNode
		v := x[n.attr]
		if t.attrs[n.attr].Kind == Nominal {
			if i := int(v); v >= 0 && i < len(n.children) {
				next = n.children[i]
			}
		} else if !math.IsNaN(v) {
			if v <= n.threshold {
				next = n.children[0]
			} else {
				next = n.children[1]
			}
		}
		if next == nil {
			break
		}
		if sum, _ := nodeN(next.counts); sum == 0 {
			break // empty branch: the parent knows more
		}
		n = next
	}
	total, _ := nodeN(n.counts)
	p := make([]float64, len(n.counts))
	for c := range p {
		p[c] = (n.counts[c] + 1/float64(len(p))) / (total + 1)
	}
	return p
}

// Leaves counts the tree's leaves.
func (t *Tree) Leaves() int { return countLeaves(t.root) }

func countLeaves(n *treeNode) int {
	if n.attr < 0 {
		return 1
	}
	s := 0
	for _, c := range n.children {
		s += countLeaves(c)
	}
	return s
}

// String prints the tree the way Weka's J48 does: one test per line, a leaf
// as ": class (instances[/errors])".
func (t *Tree) String() string {
	var sb strings.Builder
	if t.root.attr < 0 {
		sb.WriteString(": " + t.leafLabel(t.root) + "\n")
		return sb.String()
	}
	t.write(&sb, t.root, 0)
	return sb.String()
}

func (t *Tree) leafLabel(n *treeNode) string {
	total, errs := nodeN(n.counts)
	class := argmax(n.counts)
	if total == 0 {
		class = n.fallback
	}
	s := fmt.Sprintf("%s (%.1f", t.classes[class], total)
	if errs > 0 {
		s += fmt.Sprintf("/%.1f", errs)
	}
	return s + ")"
}

func (t *Tree) write(sb *strings.Builder, n *treeNode, depth int) {
	a := t.attrs[n.attr]
	for i, c := range n.children {
		sb.WriteString(strings.Repeat("|   ", depth))
		switch {
		case a.Kind == Nominal:
			fmt.Fprintf(sb, "%s = %s", a.Name, a.Values[i])
		case i == 0:
			fmt.Fprintf(sb, "%s <= %g", a.Name, n.threshold)
		default:
			fmt.Fprintf(sb, "%s > %g", a.Name, n.threshold)
		}
		if c.attr < 0 {
			sb.WriteString(": " + t.leafLabel(c) + "\n")
			continue
		}
		sb.WriteString("\n")
		t.write(sb, c, depth+1)
	}
}
