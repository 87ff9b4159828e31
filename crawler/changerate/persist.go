package changerate

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
)

// modelFormat versions the JSON form of a trained Predictor; a reader
// refuses formats it does not know rather than guess.
const modelFormat = 1

// modelJSON is the persisted form of a Predictor: everything Predict and
// Rate read — the feature dictionaries, the rate bins and the fitted model
// — so a model trained by `sharc rates train` answers the same rates when
// loaded elsewhere.
type modelJSON struct {
	Format    int      `json:"format"`
	Algorithm string   `json:"algorithm"`
	Offline   bool     `json:"offline"`
	Output    string   `json:"output,omitempty"`
	Pages     int      `json:"training_pages"`
	RefHours  float64  `json:"reference_hours"`
	Attrs     []attrJS `json:"attributes"`
	// Bins in changes per hour.
	BinEdges []float64 `json:"bin_edges"`
	BinReps  []float64 `json:"bin_representatives"`
	Classes  []string  `json:"classes,omitempty"`
	Tree     *nodeJS   `json:"tree,omitempty"`
	Bayes    *bayesJS  `json:"bayes,omitempty"`
	GLM      *glmJS    `json:"glm,omitempty"`
}

type attrJS struct {
	Name   string   `json:"name"`
	Kind   string   `json:"kind"` // "nominal" or "numeric"
	Values []string `json:"values,omitempty"`
}

type nodeJS struct {
	Counts    []float64 `json:"counts"`
	Attr      int       `json:"attr"` // −1 for a leaf
	Threshold float64   `json:"threshold,omitempty"`
	Fallback  int       `json:"fallback,omitempty"`
	Children  []*nodeJS `json:"children,omitempty"`
}

type bayesJS struct {
	Prior  []float64     `json:"log_prior"`
	NomLog [][][]float64 `json:"log_likelihood"` // [attr][class][value]; null for numeric
	Mean   [][]float64   `json:"mean"`           // [attr][class]; null for nominal
	SD     [][]float64   `json:"sd"`
}

type glmJS struct {
	Offset []int     `json:"offset"`
	Mean   []float64 `json:"mean"`
	SD     []float64 `json:"sd"`
	W      []float64 `json:"weights"`
}

// MarshalJSON writes the trained predictor. It fails on non-finite model
// parameters (an unsmoothed Naive Bayes with zero counts has log 0 = −Inf,
// which JSON cannot carry); the predictor Train builds uses Laplace
// smoothing and never has them.
func (p *Predictor) MarshalJSON() ([]byte, error) {
	alg := p.opts.Algorithm
	if alg == "" {
		alg = AlgC45
	}
	m := modelJSON{
		Format: modelFormat, Algorithm: alg, Offline: p.enc.offline, Output: p.opts.Output,
		Pages: p.n, RefHours: p.refHours, BinEdges: p.bins.Edges, BinReps: p.bins.Reps,
	}
	for _, a := range p.enc.attrs {
		m.Attrs = append(m.Attrs, attrJS{Name: a.Name, Kind: kindName(a.Kind), Values: a.Values})
	}
	switch mod := p.model.(type) {
	case nil:
		if p.glm == nil {
			return nil, fmt.Errorf("predictor: nothing fitted")
		}
		m.GLM = &glmJS{Offset: p.glm.offset, Mean: p.glm.mean, SD: p.glm.sd, W: p.glm.w}
	case *Tree:
		m.Classes = mod.classes
		m.Tree = nodeToJS(mod.root)
	case *bayesModel:
		m.Bayes = &bayesJS{Prior: mod.prior, NomLog: mod.nomLog, Mean: mod.mean, SD: mod.sd}
	default:
		return nil, fmt.Errorf("predictor: cannot persist a %T", p.model)
	}
	b, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("predictor: persist: %w", err)
	}
	return b, nil
}

// UnmarshalJSON reads a predictor written by MarshalJSON, checking that
// its parts fit together so that Predict cannot index out of range.
func (p *Predictor) UnmarshalJSON(b []byte) error {
	var m modelJSON
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("predictor model: %w", err)
	}
	if m.Format != modelFormat {
		return fmt.Errorf("predictor model: format %d, want %d", m.Format, modelFormat)
	}
	if err := checkBinsJS(m.BinEdges, m.BinReps); err != nil {
		return err
	}
	nb := len(m.BinReps)
	enc, err := encoderFromJS(m.Attrs, m.Offline)
	if err != nil {
		return err
	}
	out := Predictor{
		opts: PredictorOptions{Algorithm: m.Algorithm, Offline: m.Offline, Bins: nb, Output: m.Output},
		enc:  enc, bins: Bins{Edges: m.BinEdges, Reps: m.BinReps}, n: m.Pages, refHours: m.RefHours,
	}
	if _, err := out.opts.learner(); err != nil {
		return fmt.Errorf("predictor model: %w", err)
	}
	if !(m.RefHours > 0) || math.IsInf(m.RefHours, 0) {
		return fmt.Errorf("predictor model: invalid reference interval %v h", m.RefHours)
	}
	switch m.Algorithm {
	case AlgGLM:
		out.glm, err = glmFromJS(m.GLM, enc.attrs)
	case AlgBayes:
		out.model, err = bayesFromJS(m.Bayes, enc.attrs, nb)
	default: // C4.5
		out.model, err = treeFromJS(m, enc.attrs, nb)
	}
	if err != nil {
		return err
	}
	*p = out
	return nil
}

// checkBinsJS checks that there is at least one bin, one edge fewer than
// bins, edges increasing and rates finite and not negative.
func checkBinsJS(edges, reps []float64) error {
	nb := len(reps)
	if nb == 0 || len(edges) != nb-1 {
		return fmt.Errorf("predictor model: %d bin edges for %d bins", len(edges), nb)
	}
	for i, e := range edges {
		if i > 0 && !(e > edges[i-1]) {
			return fmt.Errorf("predictor model: bin edges not increasing")
		}
	}
	for _, r := range reps {
		if !(r >= 0) || math.IsInf(r, 0) {
			return fmt.Errorf("predictor model: invalid bin rate %v", r)
		}
	}
	return nil
}

// encoderFromJS rebuilds the feature encoder with its nominal
// dictionaries.
func encoderFromJS(attrs []attrJS, offline bool) (*encoder, error) {
	// The columns must be exactly those the encoder produces, or rows and
	// model would disagree.
	want := newEncoder(nil, offline).attrs
	if len(attrs) != len(want) {
		return nil, fmt.Errorf("predictor model: %d attributes, want %d", len(attrs), len(want))
	}
	enc := &encoder{offline: offline, dict: make([]map[string]int, len(onlineNominal))}
	for j, a := range attrs {
		if a.Name != want[j].Name || a.Kind != kindName(want[j].Kind) {
			return nil, fmt.Errorf("predictor model: attribute %d is %s (%s), want %s (%s)", j, a.Name, a.Kind, want[j].Name, kindName(want[j].Kind))
		}
		attr := Attribute{Name: a.Name, Kind: want[j].Kind, Values: a.Values}
		if attr.Kind == Nominal {
			enc.dict[j] = make(map[string]int, len(a.Values))
			for i, v := range a.Values {
				if _, dup := enc.dict[j][v]; dup {
					return nil, fmt.Errorf("predictor model: attribute %s lists %q twice", a.Name, v)
				}
				enc.dict[j][v] = i
			}
		}
		enc.attrs = append(enc.attrs, attr)
	}
	return enc, nil
}

// glmFromJS rebuilds a GLM whose offsets, scales and weights fit attrs.
func glmFromJS(g *glmJS, attrs []Attribute) (*glmModel, error) {
	if g == nil {
		return nil, fmt.Errorf("predictor model: glm without weights")
	}
	na := len(attrs)
	if len(g.Offset) != na || len(g.Mean) != na || len(g.SD) != na {
		return nil, fmt.Errorf("predictor model: glm shapes do not match %d attributes", na)
	}
	n := 1
	for j, a := range attrs {
		if g.Offset[j] != n {
			return nil, fmt.Errorf("predictor model: glm offset of %s is %d, want %d", a.Name, g.Offset[j], n)
		}
		if a.Kind == Nominal {
			n += len(a.Values)
		} else {
			if !(g.SD[j] > 0) {
				return nil, fmt.Errorf("predictor model: glm s.d. of %s is %v", a.Name, g.SD[j])
			}
			n++
		}
	}
	if len(g.W) != n {
		return nil, fmt.Errorf("predictor model: glm has %d weights, want %d", len(g.W), n)
	}
	return &glmModel{attrs: attrs, offset: g.Offset, mean: g.Mean, sd: g.SD, w: g.W}, nil
}

// bayesFromJS rebuilds a naive Bayes model whose tables fit attrs and nb
// bins.
func bayesFromJS(bm *bayesJS, attrs []Attribute, nb int) (*bayesModel, error) {
	if bm == nil || len(bm.Prior) != nb || len(bm.NomLog) != len(attrs) || len(bm.Mean) != len(attrs) || len(bm.SD) != len(attrs) {
		return nil, fmt.Errorf("predictor model: naive bayes tables do not match %d attributes and %d bins", len(attrs), nb)
	}
	for j, a := range attrs {
		if a.Kind == Nominal {
			if len(bm.NomLog[j]) != nb {
				return nil, fmt.Errorf("predictor model: naive bayes table of %s has %d classes", a.Name, len(bm.NomLog[j]))
			}
			for _, row := range bm.NomLog[j] {
				if len(row) != len(a.Values) {
					return nil, fmt.Errorf("predictor model: naive bayes table of %s has %d values, want %d", a.Name, len(row), len(a.Values))
				}
			}
		} else if len(bm.Mean[j]) != nb || len(bm.SD[j]) != nb {
			return nil, fmt.Errorf("predictor model: naive bayes normals of %s do not match %d bins", a.Name, nb)
		}
	}
	return &bayesModel{attrs: attrs, prior: bm.Prior, nomLog: bm.NomLog, mean: bm.Mean, sd: bm.SD}, nil
}

// treeFromJS rebuilds a C4.5 tree over attrs with one class per bin.
func treeFromJS(m modelJSON, attrs []Attribute, nb int) (*Tree, error) {
	if m.Tree == nil {
		return nil, fmt.Errorf("predictor model: c45 without a tree")
	}
	root, err := nodeFromJS(m.Tree, attrs, nb, 0)
	if err != nil {
		return nil, fmt.Errorf("predictor model: %w", err)
	}
	if len(m.Classes) != nb {
		return nil, fmt.Errorf("predictor model: %d classes for %d bins", len(m.Classes), nb)
	}
	return &Tree{attrs: attrs, classes: m.Classes, root: root}, nil
}

func kindName(k AttrKind) string {
	switch k {
	case Nominal:
		return "nominal"
	case Numeric:
		return "numeric"
	}
	return fmt.Sprintf("kind%d", k)
}

func nodeToJS(n *treeNode) *nodeJS {
	if n == nil {
		return nil
	}
	j := &nodeJS{Counts: n.counts, Attr: n.attr, Threshold: n.threshold, Fallback: n.fallback}
	for _, c := range n.children {
		j.Children = append(j.Children, nodeToJS(c))
	}
	return j
}

// maxTreeDepth bounds the recursion on a (possibly hostile) model file; a
// tree over these features is far shallower.
const maxTreeDepth = 1000

func nodeFromJS(j *nodeJS, attrs []Attribute, classes, depth int) (*treeNode, error) {
	if j == nil {
		return nil, fmt.Errorf("tree: missing node")
	}
	if depth > maxTreeDepth {
		return nil, fmt.Errorf("tree: deeper than %d", maxTreeDepth)
	}
	if len(j.Counts) != classes {
		return nil, fmt.Errorf("tree: node with %d class counts, want %d", len(j.Counts), classes)
	}
	n := &treeNode{counts: j.Counts, attr: j.Attr, threshold: j.Threshold, fallback: j.Fallback}
	switch {
	case j.Attr == -1:
		if len(j.Children) != 0 {
			return nil, fmt.Errorf("tree: leaf with children")
		}
		return n, nil
	case j.Attr < 0 || j.Attr >= len(attrs):
		return nil, fmt.Errorf("tree: split on attribute %d of %d", j.Attr, len(attrs))
	case attrs[j.Attr].Kind == Numeric && len(j.Children) != 2:
		return nil, fmt.Errorf("tree: numeric split with %d branches", len(j.Children))
	case attrs[j.Attr].Kind == Nominal && len(j.Children) != len(attrs[j.Attr].Values):
		return nil, fmt.Errorf("tree: split on %s with %d branches for %d values", attrs[j.Attr].Name, len(j.Children), len(attrs[j.Attr].Values))
	}
	for _, c := range j.Children {
		cn, err := nodeFromJS(c, attrs, classes, depth+1)
		if err != nil {
			return nil, err
		}
		n.children = append(n.children, cn)
	}
	return n, nil
}

// LoadPredictor reads a model file written by `sharc rates train`
// (Predictor.MarshalJSON).
func LoadPredictor(path string) (*Predictor, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var p Predictor
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &p, nil
}
