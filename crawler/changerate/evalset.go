package changerate

import (
	"bufio"
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// SitePage is one file of a real site structure with the counts the
// offline features need. It carries no content: the evaluation set attaches
// synthetic change processes to real structure.
type SitePage struct {
	// Path is relative to the site root, with forward slashes.
	Path string
	MIME string
	// Depth is the link depth from index.html (−1 when no page links to
	// it, e.g. the _sources copies Debian ships unlinked).
	Depth                             int
	Images, Tables, Outlinks, Inlinks int
}

// mimeByExt is a fixed table so the sample does not depend on the host's
// MIME database.
var mimeByExt = map[string]string{
	".html": "text/html", ".htm": "text/html", ".txt": "text/plain", ".css": "text/css",
	".js": "application/javascript", ".png": "image/png", ".svg": "image/svg+xml",
	".jpg": "image/jpeg", ".gif": "image/gif", ".gz": "application/gzip", ".json": "application/json",
}

func mimeOf(p string) string {
	if m, ok := mimeByExt[strings.ToLower(path.Ext(p))]; ok {
		return m
	}
	return "application/octet-stream"
}

// ScanSite reads the regular files under root (e.g.
// /usr/share/doc/python3.11-doc/html): for HTML pages it counts images,
// tables and outlinks (<a href> that is not a bare fragment), and over all
// local references (a, img, link, script) it computes inlinks (distinct
// referring pages) and the link depth from index.html.
func ScanSite(ctx context.Context, root string) ([]SitePage, error) {
	var pages []SitePage
	byPath := map[string]int{}
	refs := map[string][]string{} // page → local targets
	// The root itself may be a symlink (Debian links .../html to
	// /usr/share/doc/...); WalkDir would not descend into it.
	root, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, fmt.Errorf("scan: %w", err)
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		sp := SitePage{Path: rel, MIME: mimeOf(rel), Depth: -1}
		if sp.MIME == "text/html" {
			targets, err := scanHTML(p, rel, &sp)
			if err != nil {
				return err
			}
			if targets != nil {
				refs[rel] = targets
			}
		}
		byPath[rel] = len(pages)
		pages = append(pages, sp)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("scan %s: %w", root, err)
	}
	countInlinks(pages, byPath, refs)
	linkDepths(pages, byPath, refs)
	sort.Slice(pages, func(a, b int) bool { return pages[a].Path < pages[b].Path })
	return pages, nil
}

// scanHTML counts the images, tables and outlinks of the HTML file p
// (site path rel) into sp and returns its local references.
func scanHTML(p, rel string, sp *SitePage) ([]string, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	doc, err := goquery.NewDocumentFromReader(f)
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("scan %s: %w", rel, err)
	}
	sp.Images = doc.Find("img").Length()
	sp.Tables = doc.Find("table").Length()
	doc.Find("a[href]").Each(func(_ int, s *goquery.Selection) {
		if h, _ := s.Attr("href"); !strings.HasPrefix(h, "#") {
			sp.Outlinks++
		}
	})
	var targets []string
	doc.Find("a[href], link[href], img[src], script[src]").Each(func(_ int, s *goquery.Selection) {
		h, ok := s.Attr("href")
		if !ok {
			h, _ = s.Attr("src")
		}
		if t, ok := resolveLocal(rel, h); ok {
			targets = append(targets, t)
		}
	})
	return targets, nil
}

// countInlinks sets each page's Inlinks: the distinct other pages that
// refer to it.
func countInlinks(pages []SitePage, byPath map[string]int, refs map[string][]string) {
	in := map[string]map[string]bool{}
	for from, ts := range refs {
		for _, t := range ts {
			if _, ok := byPath[t]; !ok || t == from {
				continue
			}
			if in[t] == nil {
				in[t] = map[string]bool{}
			}
			in[t][from] = true
		}
	}
	for t, froms := range in {
		pages[byPath[t]].Inlinks = len(froms)
	}
}

// linkDepths sets each page's Depth breadth-first from index.html; pages
// it does not reach keep −1.
func linkDepths(pages []SitePage, byPath map[string]int, refs map[string][]string) {
	i, ok := byPath["index.html"]
	if !ok {
		return
	}
	pages[i].Depth = 0
	queue := []string{"index.html"}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, t := range refs[cur] {
			if j, ok := byPath[t]; ok && pages[j].Depth < 0 {
				pages[j].Depth = pages[byPath[cur]].Depth + 1
				queue = append(queue, t)
			}
		}
	}
}

// resolveLocal resolves a relative reference from page base to a site path;
// absolute URLs, fragments and mailto: are not local.
func resolveLocal(base, ref string) (string, bool) {
	if i := strings.IndexAny(ref, "?#"); i >= 0 {
		ref = ref[:i]
	}
	if ref == "" || strings.Contains(ref, ":") || strings.HasPrefix(ref, "//") {
		return "", false
	}
	var p string
	if strings.HasPrefix(ref, "/") {
		p = path.Clean(ref[1:])
	} else {
		p = path.Clean(path.Join(path.Dir(base), ref))
	}
	if strings.HasPrefix(p, "../") || p == ".." || p == "." {
		return "", false
	}
	if strings.HasSuffix(ref, "/") {
		p += "/index.html"
	}
	return p, true
}

const sampleHeader = "# path\tmime\tdepth\timages\ttables\toutlinks\tinlinks"

// WriteSample writes pages as the tab-separated sample format ReadSample
// reads: a header comment, then one page a line.
func WriteSample(w io.Writer, source string, pages []SitePage) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# site structure sample for the change-rate evaluation set, scanned from %s\n", source)
	fmt.Fprintln(bw, sampleHeader)
	for _, p := range pages {
		if strings.ContainsAny(p.Path, "\t\n\r") || strings.ContainsAny(p.MIME, "\t\n\r") {
			return fmt.Errorf("write sample: path %q has a tab or newline", p.Path)
		}
		fmt.Fprintf(bw, "%s\t%s\t%d\t%d\t%d\t%d\t%d\n", p.Path, p.MIME, p.Depth, p.Images, p.Tables, p.Outlinks, p.Inlinks)
	}
	return bw.Flush()
}

// ReadSample parses the format WriteSample writes; lines starting with #
// and blank lines are skipped.
func ReadSample(r io.Reader) ([]SitePage, error) {
	sc := bufio.NewScanner(r)
	var pages []SitePage
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimRight(sc.Text(), "\r")
		if s == "" || strings.HasPrefix(s, "#") {
			continue
		}
		f := strings.Split(s, "\t")
		if len(f) != 7 {
			return nil, fmt.Errorf("sample line %d: %d fields, want 7", line, len(f))
		}
		if f[0] == "" {
			return nil, fmt.Errorf("sample line %d: empty path", line)
		}
		n := make([]int, 5)
		for i := range n {
			v, err := strconv.Atoi(f[2+i])
			if err != nil {
				return nil, fmt.Errorf("sample line %d field %d: %w", line, 3+i, err)
			}
			if v < 0 && !(i == 0 && v == -1) {
				return nil, fmt.Errorf("sample line %d field %d: negative count %d", line, 3+i, v)
			}
			n[i] = v
		}
		pages = append(pages, SitePage{Path: f[0], MIME: f[1], Depth: n[0], Images: n[1], Tables: n[2], Outlinks: n[3], Inlinks: n[4]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("sample: %w", err)
	}
	return pages, nil
}

// EvalConfig configures the synthetic change history of the evaluation set.
// Zero fields take the defaults in brackets.
type EvalConfig struct {
	Seed uint64
	// Site is the URL prefix the paths hang off ["http://docs.python.test/3.11/"].
	Site string
	// Captures is the number of captures [13, i.e. 12 intervals].
	Captures int
	// Interval is the nominal time between captures [one week].
	Interval time.Duration
	// Jitter moves every capture after the first by up to ± Jitter [12h],
	// so the intervals are irregular as a real crawler's.
	Jitter time.Duration
	// Noise is the σ of the log-normal noise on every page's rate [0.5].
	Noise float64
	// BurnIn is how far before the first capture the change process runs,
	// for the "days since last change" feature (as Last-Modified would
	// tell) [365 days].
	BurnIn time.Duration
	// Folds and Bins of the cross-validation [10, 10].
	Folds, Bins int
	// TrueLabels labels the pages with their true rates instead of the
	// censored MLE of their observed history.
	TrueLabels bool
}

func (c EvalConfig) withDefaults() EvalConfig {
	if c.Site == "" {
		c.Site = "http://docs.python.test/3.11/"
	}
	if c.Captures == 0 {
		c.Captures = 13
	}
	if c.Interval == 0 {
		c.Interval = 7 * 24 * time.Hour
	}
	if c.Jitter == 0 {
		c.Jitter = 12 * time.Hour
	}
	if c.Noise == 0 {
		c.Noise = 0.5
	}
	if c.BurnIn == 0 {
		c.BurnIn = 365 * 24 * time.Hour
	}
	if c.Folds == 0 {
		c.Folds = 10
	}
	if c.Bins == 0 {
		c.Bins = 10
	}
	return c
}

// group is the part of a path a change process depends on: the first
// directory, or for a top-level file its name up to the first '-', '_' or
// '.' (genindex-A.html → genindex).
func group(p string) string {
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	if i := strings.IndexAny(p, "-_."); i > 0 {
		return p[:i]
	}
	return p
}

// mimeFactor scales rates by MIME type: assets change far less than pages.
func mimeFactor(m string) float64 {
	switch {
	case m == "text/html":
		return 1
	case m == "text/plain":
		return 0.5
	case m == "text/css" || m == "application/javascript":
		return 0.2
	case strings.HasPrefix(m, "image/"):
		return 0.05
	}
	return 0.1
}

// TrueRate is the evaluation set's change rate of a page, in changes per
// hour, before noise: a per-group base rate drawn log-uniformly between
// 0.02 and 4 changes a week (seeded by the group name, so any site works),
// scaled by MIME type, by 0.75 per link level below the entry page, and up
// by 15% per e-fold of outlinks (hub pages change with what they link to).
func TrueRate(seed uint64, p SitePage) float64 {
	h := fnv.New64a()
	h.Write([]byte(group(p.Path)))
	g := rand.New(rand.NewPCG(seed, h.Sum64()))
	base := math.Exp(math.Log(0.02) + g.Float64()*(math.Log(4)-math.Log(0.02)))
	depth := p.Depth
	if depth < 1 {
		depth = 1
	}
	r := base * mimeFactor(p.MIME) * math.Pow(0.75, float64(depth-1)) * (1 + 0.15*math.Log1p(float64(p.Outlinks)))
	return r / (7 * 24)
}

// EvalPage is one page of the evaluation set.
type EvalPage struct {
	Example
	// True is the page's true rate (changes per hour).
	True float64
}

// GenerateEvalSet attaches to every page a Poisson change process with rate
// TrueRate × log-normal noise, simulates cfg.Captures captures at jittered
// intervals in simulated (accelerated) time, and returns each page with its
// observed history, its offline features at the first capture, and its
// label (the censored MLE of the history under a weak prior, or the true
// rate). It is deterministic for a given cfg.Seed.
func GenerateEvalSet(pages []SitePage, cfg EvalConfig) []EvalPage {
	cfg = cfg.withDefaults()
	rng := rand.New(rand.NewPCG(cfg.Seed, 0xe7a1))
	// Capture times (hours) are shared by the whole site: one crawl a week.
	times := make([]float64, cfg.Captures)
	for i := 1; i < len(times); i++ {
		j := (2*rng.Float64() - 1) * cfg.Jitter.Hours()
		times[i] = float64(i)*cfg.Interval.Hours() + j
	}
	prior := WeakPrior(1.0 / (7 * 24))
	burn := cfg.BurnIn.Hours()
	out := make([]EvalPage, 0, len(pages))
	for _, p := range pages {
		lambda := TrueRate(cfg.Seed, p) * math.Exp(cfg.Noise*rng.NormFloat64())
		var changes []float64
		t := -burn
		for {
			t += rng.ExpFloat64() / lambda
			if t >= times[len(times)-1] {
				break
			}
			changes = append(changes, t)
		}
		// Days since the last change before the first capture, capped by
		// the burn-in (the page is at least that old).
		days := burn / 24
		k := 0
		for k < len(changes) && changes[k] < 0 {
			days = -changes[k] / 24
			k++
		}
		var hist []Observation
		for i := 1; i < len(times); i++ {
			changed := false
			for k < len(changes) && changes[k] < times[i] {
				changed = true
				k++
			}
			hist = append(hist, Observation{Interval: time.Duration((times[i] - times[i-1]) * float64(time.Hour)), Changed: changed})
		}
		info := PageInfo{
			URL: cfg.Site + p.Path, MIME: p.MIME, Depth: p.Depth, History: hist,
			Offline: true, DaysSinceLastChange: days,
			Images: p.Images, Tables: p.Tables, Outlinks: p.Outlinks, Inlinks: p.Inlinks,
		}
		label := CensoredMLE(hist, prior)
		if cfg.TrueLabels {
			label = lambda
		}
		out = append(out, EvalPage{Example: Example{Page: info, Lambda: label}, True: lambda})
	}
	return out
}

// EvalReport is the outcome of Evaluate.
type EvalReport struct {
	Config EvalConfig
	Pages  int
	// Intervals and ChangedFraction describe the simulated history.
	Intervals       int
	ChangedFraction float64
	// Results holds one cross-validation per (algorithm, feature set):
	// bayes/online, c45/online, bayes/offline, c45/offline, glm/online,
	// glm/offline.
	Results []CVReport
}

// Evaluate generates the evaluation set from pages and cross-validates Naive
// Bayes, C4.5 and the cloglog GLM on the online and the offline features.
func Evaluate(ctx context.Context, pages []SitePage, cfg EvalConfig) (EvalReport, error) {
	cfg = cfg.withDefaults()
	set := GenerateEvalSet(pages, cfg)
	rep := EvalReport{Config: cfg, Pages: len(set)}
	ex := make([]Example, len(set))
	changed := 0
	for i, p := range set {
		ex[i] = p.Example
		for _, o := range p.Page.History {
			rep.Intervals++
			if o.Changed {
				changed++
			}
		}
	}
	if rep.Intervals > 0 {
		rep.ChangedFraction = float64(changed) / float64(rep.Intervals)
	}
	for _, offline := range []bool{false, true} {
		for _, alg := range []string{AlgBayes, AlgC45} {
			cv, err := CrossValidate(ctx, ex, PredictorOptions{Algorithm: alg, Offline: offline, Bins: cfg.Bins}, cfg.Folds, cfg.Seed)
			if err != nil {
				return EvalReport{}, fmt.Errorf("evaluate %s offline=%v: %w", alg, offline, err)
			}
			rep.Results = append(rep.Results, cv)
		}
	}
	// The GLM after the four classifier runs, so Results[:4] line up with
	// the thesis' Table 6.3 columns.
	for _, offline := range []bool{false, true} {
		for _, alg := range []string{AlgGLM} {
			cv, err := CrossValidate(ctx, ex, PredictorOptions{Algorithm: alg, Offline: offline, Bins: cfg.Bins}, cfg.Folds, cfg.Seed)
			if err != nil {
				return EvalReport{}, fmt.Errorf("evaluate %s offline=%v: %w", alg, offline, err)
			}
			rep.Results = append(rep.Results, cv)
		}
	}
	return rep, nil
}

// thesisTable63 is the thesis' Table 6.3 (precision %, online Bayes, online
// C4.5, offline Bayes, offline C4.5), shown beside our figures for context.
var thesisTable63 = []struct {
	name string
	v    [4]float64
}{
	{"MPII", [4]float64{90.857, 97.951, 97.502, 97.951}},
	{"DMOZ", [4]float64{27.398, 43.520, 48.670, 43.753}},
	{"MOD", [4]float64{79.379, 85.995, 80.794, 86.886}},
	{"DFID", [4]float64{70.653, 67.437, 74.020, 71.256}},
	{"ARMY", [4]float64{78.423, 80.660, 79.312, 82.406}},
	{"RAF", [4]float64{85.848, 86.561, 89.453, 91.902}},
	{"DH", [4]float64{37.011, 41.658, 41.798, 46.002}},
}

// WriteMarkdown renders rep as the tables of docs/change-rates.md.
func WriteMarkdown(w io.Writer, name string, rep EvalReport) error {
	var b strings.Builder
	label := "censored MLE of the observed history"
	if rep.Config.TrueLabels {
		label = "true rate"
	}
	fmt.Fprintf(&b, "Data set %s: %d pages, %d observed intervals (%.1f%% showed a change), labels = %s, %d-fold cross-validation, seed %d.\n\n",
		name, rep.Pages, rep.Intervals, 100*rep.ChangedFraction, label, rep.Config.Folds, rep.Config.Seed)
	b.WriteString("| Dataset | Online Bayes | Online C4.5 | Offline Bayes | Offline C4.5 |\n|---|---:|---:|---:|---:|\n")
	fmt.Fprintf(&b, "| **%s (ours)** |", name)
	for _, r := range rep.Results[:min(4, len(rep.Results))] {
		fmt.Fprintf(&b, " %.3f |", 100*r.Precision)
	}
	b.WriteString("\n")
	for _, t := range thesisTable63 {
		fmt.Fprintf(&b, "| %s (thesis) | %.3f | %.3f | %.3f | %.3f |\n", t.name, t.v[0], t.v[1], t.v[2], t.v[3])
	}
	b.WriteString("\nLog-loss per observed interval (lower is better; bin = the most probable bin's rate, as the thesis; mixture = OutputMixture; pooled = one rate for all pages; history = each page's own estimate, in-sample):\n\n")
	b.WriteString("| Predictor | Features | Precision % | Within one bin % | Log-loss (bin) | Log-loss (mixture) | Pooled | History |\n|---|---|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range rep.Results {
		feat := "online"
		if r.Offline {
			feat = "offline"
		}
		fmt.Fprintf(&b, "| %s | %s | %.3f | %.1f | %.4f | %.4f | %.4f | %.4f |\n", r.Algorithm, feat, 100*r.Precision, 100*r.WithinOne, r.LogLoss, r.LogLossMixture, r.LogLossPooled, r.LogLossHistory)
	}
	for _, r := range rep.Results {
		feat := "online"
		if r.Offline {
			feat = "offline"
		}
		fmt.Fprintf(&b, "\nPer-bin precision, %s, %s features (rates in changes per week):\n\n", r.Algorithm, feat)
		b.WriteString("| Bin | Rates (per week) | Representative | Actual | Predicted | Correct | Precision % |\n|---:|---|---:|---:|---:|---:|---:|\n")
		for i, br := range r.Bins {
			prec := "–"
			if !math.IsNaN(br.Precision) {
				prec = fmt.Sprintf("%.1f", 100*br.Precision)
			}
			fmt.Fprintf(&b, "| %d | (%.3g, %.3g] | %.3g | %d | %d | %d | %s |\n", i, br.Lo*168, br.Hi*168, br.Rep*168, br.Actual, br.Predicted, br.Correct, prec)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
