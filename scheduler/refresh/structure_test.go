package refresh

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// smallRepo is a site of seven pages:
//
//	/index.html → /a.html, /b.html, /d1/index.html
//	/a.html → /d1/x.html
//	/d1/index.html → /d1/x.html, /d1/y.html
//	/d1/x.html → /d1/sub/z.html
//	other.test/o.html (another site)
func smallRepo(t *testing.T) *Repo {
	t.Helper()
	urls := []string{"http://s.test/index.html", "http://s.test/a.html", "http://s.test/b.html",
		"http://s.test/d1/index.html", "http://s.test/d1/x.html", "http://s.test/d1/y.html",
		"http://s.test/d1/sub/z.html", "http://other.test/o.html"}
	out := [][]PageID{{1, 2, 3}, {4}, nil, {4, 5}, {6}, nil, nil, nil}
	pages := make([]Page, len(urls))
	for i, u := range urls {
		pages[i] = Page{URL: u, Features: []float64{float64(i % 2), 1}, Categories: []int{i % 3}}
	}
	r, err := NewRepo(pages, out)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func sorted(ps []PageID) []PageID {
	out := slices.Clone(ps)
	slices.Sort(out)
	return out
}

func TestNeighbourhoods(t *testing.T) {
	r := smallRepo(t)
	rng := rand.New(rand.NewPCG(1, 1))
	link := NewLinkNeighbourhood(r)
	dir := NewDirNeighbourhood(r, DirIntended)
	tests := []struct {
		name string
		nb   Neighbourhood
		seed PageID
		d    int
		want []PageID
	}{
		{"link siblings only", link, 1, 0, []PageID{2, 3}},
		{"link d=1: siblings and out-links", link, 1, 1, []PageID{2, 3, 4}},
		{"link d=2", link, 1, 2, []PageID{2, 3, 4, 6}},
		{"link d=-1: siblings and in-links", link, 4, -1, []PageID{1, 3, 5}},
		{"link d=-2", link, 4, -2, []PageID{0, 1, 3, 5}},
		{"dir d=0: own directory", dir, 4, 0, []PageID{3, 5}},
		{"dir d=1: and the parent directory", dir, 4, 1, []PageID{0, 1, 2, 3, 5}},
		{"dir d=-1: and the child directory", dir, 4, -1, []PageID{3, 5, 6}},
		{"dir d>0 from the root: nothing is upper", dir, 0, 5, []PageID{1, 2}},
		{"dir d<0 from the root: the whole site, not other sites", dir, 0, -5, []PageID{1, 2, 3, 4, 5, 6}},
	}
	for _, tc := range tests {
		if got := sorted(tc.nb.Neighbourhood(tc.seed, tc.d, rng)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
	// Nearest first: the d=2 link neighbourhood of page 1 ends with page 6.
	if got := link.Neighbourhood(1, 2, rng); got[len(got)-1] != 6 {
		t.Errorf("link order %v does not end with the 2-hop page", got)
	}
	if r.Site(7) == r.Site(0) || len(r.Sites()) != 2 || len(r.Dirs()) != 4 {
		t.Errorf("sites %v dirs %v", r.Sites(), r.Dirs())
	}
}

func TestNewRepoRejects(t *testing.T) {
	ok := []Page{{URL: "http://a.test/x", Features: []float64{1}}}
	tests := []struct {
		name  string
		pages []Page
		out   [][]PageID
		want  string
	}{
		{"link count", ok, nil, "link lists"},
		{"bad link", ok, [][]PageID{{5}}, "unknown page"},
		{"no host", []Page{{URL: "/x"}}, [][]PageID{nil}, "no host"},
		{"feature count", append(slices.Clone(ok), Page{URL: "http://a.test/y"}), [][]PageID{nil, nil}, "features"},
	}
	for _, tc := range tests {
		if _, err := NewRepo(tc.pages, tc.out); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestClusters: three well-separated blobs come out as three clusters,
// members most central first, and dCB 0 is the own cluster.
func TestClusters(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	centres := [][]float64{{5, 0, 0}, {0, 5, 0}, {0, 0, 5}}
	var pages []Page
	for i := 0; i < 60; i++ {
		c := centres[i%3]
		f := []float64{c[0] + rng.NormFloat64()*0.3, c[1] + rng.NormFloat64()*0.3, c[2] + rng.NormFloat64()*0.3}
		pages = append(pages, Page{URL: "http://c.test/p" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Features: f})
	}
	r, err := NewRepo(pages, make([][]PageID, len(pages)))
	if err != nil {
		t.Fatal(err)
	}
	c := NewClusters(r, 3, 1)
	if len(c.Groups()) != 3 {
		t.Fatalf("%d clusters", len(c.Groups()))
	}
	for _, g := range c.Groups() {
		for _, p := range g {
			if int(p)%3 != int(g[0])%3 {
				t.Fatalf("cluster mixes blobs: %v", g)
			}
		}
	}
	nb := c.Neighbourhood(0, 0, rng)
	if len(nb) != 19 || c.Of(nb[0]) != c.Of(0) {
		t.Errorf("dCB 0 neighbourhood of page 0: %v", nb)
	}
	if got := c.Neighbourhood(0, -3, rng); len(got) != 19 {
		t.Errorf("negative dCB is not read as 0: %d pages", len(got))
	}
	if got := c.Neighbourhood(0, 2, rng); len(got) != 59 {
		t.Errorf("dCB 2 covers %d pages, want all 59 others", len(got))
	}
	// Same seed, same clusters.
	if !slices.Equal(NewClusters(r, 3, 1).Groups()[1], c.Groups()[1]) {
		t.Error("clustering is not deterministic")
	}
}

func TestPageRank(t *testing.T) {
	r := smallRepo(t)
	pr := PageRank(r, 50)
	s := 0.0
	for _, x := range pr {
		s += x
	}
	if math.Abs(s-1) > 1e-9 {
		t.Errorf("PageRank sums to %v", s)
	}
	// /d1/x.html has two in-links, /b.html one from the root only.
	if !(pr[4] > pr[2]) {
		t.Errorf("PageRank %v", pr)
	}
	tb := ToolbarScale(pr)
	if slices.Min(tb) != 0 || slices.Max(tb) != 10 {
		t.Errorf("toolbar scale %v does not span 0–10", tb)
	}
}

func TestParseSpec(t *testing.T) {
	for _, name := range []string{"round-robin", "random", "site-sampling", "site-sampling[s=10]", "category-sampling",
		"neighbourhood-dir(1)", "neighbourhood-link(-2)", "neighbourhood-cluster(0)/pra", "neighbourhood-dir(1)/wha",
		"cluster-sampling/gad", "predicted", "predicted+related", "content-2d", "content-2d+related"} {
		s, err := ParseSpec(name)
		if err != nil || s.Name() != name {
			t.Errorf("ParseSpec(%q) = %+v, %v", name, s, err)
		}
	}
	for _, bad := range []string{"", "nope", "neighbourhood", "neighbourhood-dir", "neighbourhood-foo(1)", "neighbourhood-dir(x)",
		"neighbourhood-dir(1)/zzz", "cluster-sampling", "cluster-sampling/xyz", "random/aad", "random+related", "site-sampling[s=0]", "content-2d/aad"} {
		if _, err := ParseSpec(bad); err == nil {
			t.Errorf("ParseSpec(%q) accepted", bad)
		}
	}
}

// TestPredictedLearns: after a few cycles the predicted policy fetches the
// pages that always change rather than those that never do.
func TestPredictedLearns(t *testing.T) {
	r := smallRepo(t)
	env := NewEnv(r, 2, 1)
	pol, err := New(env, Spec{Kind: Predicted}, 1)
	if err != nil {
		t.Fatal(err)
	}
	hot := map[PageID]bool{1: true, 4: true}
	f := func(p PageID) bool { return hot[p] }
	h := NewHistory(r.Len())
	var last []PageID
	for c := 0; c < 12; c++ {
		l := NewLedger(h, PerPage(f), 2)
		pol.Run(l)
		last = l.Fetched()
	}
	// Cold pages' probability grows with their age, so they are fetched
	// now and then; most cycles late in the run fetch both hot pages.
	hits := 0
	for c := 8; c < 12; c++ {
		for p := range hot {
			if h.At(c, p) == Changed {
				hits++
			}
		}
	}
	if hits < 6 {
		t.Errorf("hot pages found %d times in the last 4 cycles (want ≥ 6 of 8); last fetches %v", hits, last)
	}
}

// FuzzParseSpec: policy names from the command line either parse to a
// spec whose name is the input, which builds a policy, or are refused.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"neighbourhood-dir(1)/wha", "cluster-sampling/gad", "predicted+related", "site-sampling[s=10]", "neighbourhood-link(-3)"} {
		f.Add(s)
	}
	r, err := NewRepo([]Page{{URL: "http://a.test/x", Features: []float64{1}}, {URL: "http://a.test/y", Features: []float64{2}}}, [][]PageID{{1}, nil})
	if err != nil {
		f.Fatal(err)
	}
	env := NewEnv(r, 2, 1)
	f.Fuzz(func(t *testing.T, name string) {
		s, err := ParseSpec(name)
		if err != nil {
			return
		}
		if s.Name() != name {
			t.Fatalf("ParseSpec(%q).Name() = %q", name, s.Name())
		}
		if _, err := New(env, s, 1); err != nil {
			t.Fatalf("%q parses but does not build: %v", name, err)
		}
	})
}
