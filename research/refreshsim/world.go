package refreshsim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sharc-archive/sharc/scheduler/refresh"
)

// Config describes the simulated repository and its change history.
type Config struct {
	Sites     int     // number of sites (hosts)
	MeanPages int     // mean pages per site (log-normal, σ 0.6)
	Cycles    int     // refresh cycles simulated (two weeks each)
	CoChange  bool    // add directory-wide update events
	RateNoise float64 // σ of the log-normal per-page rate noise within a class
	// RateScale multiplies every page's own rate and the co-change event
	// rate (1: the classes below); smaller is a quieter repository.
	RateScale float64
	Seed      uint64
}

// DefaultConfig is the configuration of docs/refresh-policies.md: a year
// of two-week cycles (Tan & Mitra 2010's 24) over about 8,000 pages, small
// enough for seconds per run on a shared machine.
func DefaultConfig() Config {
	return Config{Sites: 20, MeanPages: 400, Cycles: 24, RateNoise: 0.5, RateScale: 1, Seed: 1}
}

// Rate classes of directories, in changes per two-week cycle.
var classRates = []float64{0, 1.0 / 26, 0.15, 0.5, 2, 14} // static, yearly, quarterly, monthly, weekly, daily
var classWeights = []float64{0.25, 0.25, 0.2, 0.15, 0.1, 0.05}

// Feature classes of pages: the rate multiplier and the feature centroid.
type featureClass struct {
	name  string
	share float64
	mult  float64
	words float64 // log word count
	imgs  float64
}

var featureClasses = []featureClass{
	{"asset", 0.15, 0, 8, 0},
	{"article", 0.45, 0.3, 7, 3},
	{"listing", 0.25, 1.5, 6, 8},
	{"front", 0.15, 4, 6.5, 15},
}

var tlds = []string{"edu", "com", "gov", "org", "net"}
var tldWeights = []float64{0.377, 0.354, 0.136, 0.079, 0.054} // Tan et al. Table 1

const numCategories = 20

// World is a generated repository with its true rates and change history.
type World struct {
	Config Config
	Repo   *refresh.Repo
	Rates  []float64 // true λ per cycle
	// Design measures how much the known features and categories give
	// away about the rates (docs/refresh-policies.md flags it).
	Design Design
	// first[c][p] is the time in [0,1) of p's first change in cycle c, or
	// −1 if p did not change in cycle c.
	first [][]float32
	// mag[c][p] is the fraction of p's content that cycle c's changes
	// rewrote (0 if p did not change): what the 2-D content model of
	// Radinsky & Bennett reads (refresh.ContentFetcher).
	mag [][]float32
}

// editSize is the share of a page's content one edit rewrites, by feature
// class (assets do not change): an article gets a correction, a listing a
// new entry, a front page a new lead.
var editSize = []float64{0, 0.1, 0.2, 0.4}

// site is the directory tree of one site under construction.
type site struct {
	host    string
	dirs    []string // path of each directory ("" for the root)
	parent  []int
	class   []int
	topic   []int // topic of the section (top-level directory)
	index   []refresh.PageID
	members [][]refresh.PageID
}

// Generate builds the repository and draws its change history.
func Generate(cfg Config) (*World, error) {
	if cfg.Sites < 1 || cfg.MeanPages < 2 || cfg.Cycles < 1 || !(cfg.RateScale > 0) || cfg.RateNoise < 0 {
		return nil, fmt.Errorf("refreshsim: need sites ≥ 1, mean pages ≥ 2, cycles ≥ 1, rate scale > 0, rate noise ≥ 0: %+v", cfg)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5e))
	g := &gen{rng: rng, cfg: cfg}
	for s := 0; s < cfg.Sites; s++ {
		g.addSite(s)
	}
	g.link()
	pages := g.features()
	repo, err := refresh.NewRepo(pages, g.out)
	if err != nil {
		return nil, err
	}
	w := &World{Config: cfg, Repo: repo, Rates: g.rates, Design: g.design()}
	w.first = g.history()
	w.mag = g.magnitudes(w.first)
	return w, nil
}

type gen struct {
	rng   *rand.Rand
	cfg   Config
	sites []*site
	urls  []string
	fcls  []int // feature class per page
	dcls  []int // rate class of the page's directory
	depth []int
	tld   []int
	site  []int
	dir   []int
	cats  [][]int
	rates []float64
	out   [][]refresh.PageID
}

func (g *gen) pick(ws []float64) int {
	x := g.rng.Float64() * sum(ws)
	for i, w := range ws {
		if x < w {
			return i
		}
		x -= w
	}
	return len(ws) - 1
}

func (g *gen) addSite(s int) {
	tld := g.pick(tldWeights)
	n := int(float64(g.cfg.MeanPages) * math.Exp(0.6*g.rng.NormFloat64()-0.18))
	n = min(max(n, 20), 3*g.cfg.MeanPages)
	st := &site{host: fmt.Sprintf("site%02d.example.%s", s, tlds[tld])}
	weights := append([]float64(nil), classWeights...)
	if tlds[tld] == "com" || tlds[tld] == "net" { // commercial sites change more
		for c := 3; c < len(weights); c++ {
			weights[c] *= 1.5
		}
	}
	st.addDir("", -1, g.pick(weights), g.rng.IntN(numCategories))
	for d := 1; d < max(1, n/20); d++ {
		par := g.rng.IntN(len(st.dirs))
		for strings.Count(st.dirs[par], "/") >= 5 { // depth ≤ 6
			par = st.parent[par]
		}
		cls := st.class[par]
		if g.rng.Float64() < 0.5 { // sections are homogeneous only in part
			cls = g.pick(weights)
		}
		topic := st.topic[par]
		if par == 0 {
			topic = g.rng.IntN(numCategories)
		}
		st.addDir(st.dirs[par]+fmt.Sprintf("d%d/", d), par, cls, topic)
	}
	for d := range st.dirs {
		g.addPage(s, tld, st, d, "index.html", true)
	}
	for i := len(st.dirs); i < n; i++ {
		g.addPage(s, tld, st, g.rng.IntN(len(st.dirs)), "", false)
	}
	g.sites = append(g.sites, st)
}

func (st *site) addDir(path string, parent, class, topic int) {
	st.dirs = append(st.dirs, path)
	st.parent = append(st.parent, parent)
	st.class = append(st.class, class)
	st.topic = append(st.topic, topic)
	st.index = append(st.index, -1)
	st.members = append(st.members, nil)
}

func (g *gen) addPage(s, tld int, st *site, d int, file string, index bool) {
	id := refresh.PageID(len(g.urls))
	fc := g.pick([]float64{0.15, 0.45, 0.25, 0.15})
	if index {
		fc = 2 + g.rng.IntN(2) // directory indexes are listings or fronts
	}
	if file == "" {
		file = fmt.Sprintf("p%d.html", id)
		if fc == 0 {
			file = fmt.Sprintf("doc%d.pdf", id)
		}
	}
	if index {
		st.index[d] = id
	}
	st.members[d] = append(st.members[d], id)
	g.urls = append(g.urls, "http://"+st.host+"/"+st.dirs[d]+file)
	g.fcls = append(g.fcls, fc)
	g.dcls = append(g.dcls, st.class[d])
	g.depth = append(g.depth, strings.Count(st.dirs[d], "/")+1)
	g.tld = append(g.tld, tld)
	g.site = append(g.site, s)
	g.dir = append(g.dir, d)
	lam := g.cfg.RateScale * classRates[st.class[d]] * featureClasses[fc].mult * math.Exp(g.cfg.RateNoise*g.rng.NormFloat64())
	g.rates = append(g.rates, min(lam, 20))
	// Six overlapping categories (Taleghani & Ugur-Ozekinci): two from the
	// section's topic neighbourhood, two preferred by the feature class,
	// two at random.
	t := st.topic[d]
	g.cats = append(g.cats, uniq([]int{t, (t + 1) % numCategories, 5 * fc, 5*fc + 1 + g.rng.IntN(4),
		g.rng.IntN(numCategories), g.rng.IntN(numCategories)}))
}

// link builds the intra-site links: indexes link to their directory's
// pages, child indexes and the parent index; other pages to their index,
// two directory mates and one page anywhere on the site.
func (g *gen) link() {
	g.out = make([][]refresh.PageID, len(g.urls))
	for _, st := range g.sites {
		var all []refresh.PageID
		for _, m := range st.members {
			all = append(all, m...)
		}
		for d, m := range st.members {
			idx := st.index[d]
			for _, p := range m {
				if p == idx {
					continue
				}
				g.out[idx] = append(g.out[idx], p)
				g.out[p] = append(g.out[p], idx, m[g.rng.IntN(len(m))], m[g.rng.IntN(len(m))], all[g.rng.IntN(len(all))])
			}
			if par := st.parent[d]; par >= 0 {
				g.out[idx] = append(g.out[idx], st.index[par])
				g.out[st.index[par]] = append(g.out[st.index[par]], idx)
			}
		}
	}
	for p := range g.out {
		g.out[p] = uniqIDs(g.out[p], refresh.PageID(p))
	}
}

// features returns the pages with features that are noisy functions of
// their classes, as a crawler would see them in the stored copy.
func (g *gen) features() []refresh.Page {
	in := make([]int, len(g.urls))
	for _, out := range g.out {
		for _, q := range out {
			in[q]++
		}
	}
	pages := make([]refresh.Page, len(g.urls))
	for p := range pages {
		fc := featureClasses[g.fcls[p]]
		n := func(sd float64) float64 { return sd * g.rng.NormFloat64() }
		f := []float64{
			fc.words + n(0.6),           // log non-markup words
			math.Max(0, fc.imgs+n(3)),   // images
			fc.words + 2 + n(0.8),       // log size
			float64(len(g.out[p])),      // out-links
			math.Log1p(float64(in[p])),  // in-links within the repository
			float64(g.depth[p]),         // URL depth
			b2f(g.fcls[p] != 0),         // HTML or not
			float64(g.fcls[p]) + n(0.8), // content words (topic dimension)
			float64(g.dcls[p]) + n(1.0), // URL words (section vocabulary)
		}
		for t := range tlds {
			f = append(f, b2f(g.tld[p] == t))
		}
		pages[p] = refresh.Page{URL: g.urls[p], Features: f, Categories: g.cats[p]}
	}
	return pages
}

// history draws, per cycle, each page's first change: its own Poisson
// process and, with co-change, directory update events that change each
// page of the directory with probability 0.7 and the parent directory's
// index with probability 0.5.
func (g *gen) history() [][]float32 {
	n := len(g.urls)
	first := make([][]float32, g.cfg.Cycles)
	// Co-change draws from its own stream, so the pages' own changes are
	// the same with and without it.
	co := rand.New(rand.NewPCG(g.cfg.Seed, 0xcc))
	for c := range first {
		f := make([]float32, n)
		for p := range f {
			f[p] = -1
			if t := g.rng.ExpFloat64() / g.rates[p]; g.rates[p] > 0 && t < 1 {
				f[p] = float32(t)
			}
		}
		if g.cfg.CoChange {
			g.coChange(co, f)
		}
		first[c] = f
	}
	return first
}

// magnitudes draws how much of each changed page's content a cycle
// rewrote: 1 − (1 − e)^k for k edits of the page's edit size e (±50%),
// the first change and a Poisson number of own changes after it. It draws
// from its own stream, so the change history is the same as before
// magnitudes existed.
func (g *gen) magnitudes(first [][]float32) [][]float32 {
	rng := rand.New(rand.NewPCG(g.cfg.Seed, 0x3a9))
	size := make([]float64, len(g.urls))
	for p := range size {
		size[p] = editSize[g.fcls[p]] * (0.5 + rng.Float64())
		if size[p] == 0 { // an asset changed by a directory event: replaced
			size[p] = 1
		}
	}
	mag := make([][]float32, len(first))
	for c, f := range first {
		mag[c] = make([]float32, len(f))
		for p, t := range f {
			if t < 0 {
				continue
			}
			k := 1 + poisson(rng, g.rates[p]*(1-float64(t)))
			mag[c][p] = float32(1 - math.Pow(1-size[p], float64(k)))
		}
	}
	return mag
}

func (g *gen) coChange(rng *rand.Rand, f []float32) {
	set := func(p refresh.PageID, t float32) {
		if f[p] < 0 || t < f[p] {
			f[p] = t
		}
	}
	for _, st := range g.sites {
		for d, m := range st.members {
			eta := 0.3 * math.Sqrt(g.cfg.RateScale*classRates[st.class[d]])
			for k := poisson(rng, eta); k > 0; k-- {
				t := float32(rng.Float64())
				for _, p := range m {
					if g.fcls[p] != 0 && rng.Float64() < 0.7 {
						set(p, t)
					}
				}
				if par := st.parent[d]; par >= 0 && rng.Float64() < 0.5 {
					set(st.index[par], t)
				}
			}
		}
	}
}

func poisson(rng *rand.Rand, mean float64) int {
	k, l, p := 0, math.Exp(-mean), rng.Float64()
	for p > l {
		k++
		p *= rng.Float64()
	}
	return k
}

func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func uniq(xs []int) []int {
	seen := map[int]bool{}
	var out []int
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func uniqIDs(xs []refresh.PageID, self refresh.PageID) []refresh.PageID {
	seen := map[refresh.PageID]bool{self: true}
	var out []refresh.PageID
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// Design is what the world's construction leaks to feature- and
// category-based policies.
type Design struct {
	// NonHTML is the share of pages whose "HTML or not" feature is 0 (the
	// asset class, rate multiplier 0).
	NonHTML float64 `json:"non_html"`
	// NonHTMLStatic is the share of those pages that never change: 1 by
	// construction, so the feature alone marks them.
	NonHTMLStatic float64 `json:"non_html_static"`
	// StaticNonHTML is the share of never-changing pages that the feature
	// marks.
	StaticNonHTML float64 `json:"static_non_html"`
	// ClassCategory is the mean share of a feature class's marker category
	// (5·class) whose members belong to that class: categories encode the
	// feature class.
	ClassCategory float64 `json:"class_category"`
}

// design measures the leaks of the generated world.
func (g *gen) design() Design {
	var d Design
	nonHTML, static, both := 0, 0, 0
	for p, fc := range g.fcls {
		if fc == 0 {
			nonHTML++
		}
		if g.rates[p] == 0 {
			static++
			if fc == 0 {
				both++
			}
		}
	}
	d.NonHTML = ratioOf(nonHTML, len(g.fcls))
	d.NonHTMLStatic = ratioOf(both, nonHTML)
	d.StaticNonHTML = ratioOf(both, static)
	for c := range featureClasses {
		in, of := 0, 0
		for p, cats := range g.cats {
			if slices.Contains(cats, 5*c) {
				of++
				if g.fcls[p] == c {
					in++
				}
			}
		}
		d.ClassCategory += ratioOf(in, of) / float64(len(featureClasses))
	}
	return d
}

func ratioOf(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
