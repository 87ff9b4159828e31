package changerate

import (
	"bytes"
	"context"
	"flag"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var updateSample = flag.Bool("update-sample", false, "rescan the installed Debian documentation into testdata/*-sample.tsv")

// samples are the site structures of the evaluation: Debian documentation
// packages (a deep tree and a flat one), scanned into committed samples.
var samples = []struct {
	name, pkg, root, file, site string
}{
	{"pydoc-3.11", "python3.11-doc", "/usr/share/doc/python3.11-doc/html", "testdata/pydoc-sample.tsv", "http://docs.python.test/3.11/"},
	{"pgdoc-15", "postgresql-doc-15", "/usr/share/doc/postgresql-doc-15/html", "testdata/pgdoc-sample.tsv", "http://docs.postgresql.test/15/"},
}

// samplePath is the default sample used by the unit tests.
const samplePath = "testdata/pydoc-sample.tsv"

// TestScanSite scans a small hand-written site on disk and checks every
// count against what the HTML says.
func TestScanSite(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"index.html": `<html><body><img src="_images/logo.png"><a href="lib/a.html">a</a>
			<a href="lib/b.html#sec">b</a><a href="#top">top</a><a href="https://example.org/">x</a>
			<link rel="stylesheet" href="_static/s.css"></body></html>`,
		"lib/a.html":       `<table><tr><td>1</td></tr></table><table></table><a href="../index.html">up</a><a href="b.html">b</a>`,
		"lib/b.html":       `<a href="c.html">c</a>`,
		"lib/c.html":       `<img src="../_images/logo.png"><img src="../_images/logo.png">`,
		"_static/s.css":    `body{}`,
		"_images/logo.png": "\x89PNG",
		"orphan.txt":       "nobody links here",
	}
	for p, c := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pages, err := ScanSite(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	want := []SitePage{
		{Path: "_images/logo.png", MIME: "image/png", Depth: 1, Inlinks: 2},
		{Path: "_static/s.css", MIME: "text/css", Depth: 1, Inlinks: 1},
		{Path: "index.html", MIME: "text/html", Depth: 0, Images: 1, Outlinks: 3, Inlinks: 1},
		{Path: "lib/a.html", MIME: "text/html", Depth: 1, Tables: 2, Outlinks: 2, Inlinks: 1},
		{Path: "lib/b.html", MIME: "text/html", Depth: 1, Outlinks: 1, Inlinks: 2},
		{Path: "lib/c.html", MIME: "text/html", Depth: 2, Images: 2, Inlinks: 1},
		{Path: "orphan.txt", MIME: "text/plain", Depth: -1},
	}
	if !reflect.DeepEqual(pages, want) {
		t.Errorf("got\n%+v\nwant\n%+v", pages, want)
	}
}

func TestResolveLocal(t *testing.T) {
	tests := []struct {
		base, ref, want string
		ok              bool
	}{
		{"index.html", "library/os.html", "library/os.html", true},
		{"library/os.html", "../index.html#x", "index.html", true},
		{"library/os.html", "os.path.html?q=1", "library/os.path.html", true},
		{"library/os.html", "/c-api/", "c-api/index.html", true},
		{"library/os.html", "#os.path:foo", "", false},
		{"library/os.html", "https://python.org/", "", false},
		{"library/os.html", "mailto:a@b", "", false},
		{"library/os.html", "//cdn.example/x.js", "", false},
		{"index.html", "../../etc/passwd", "", false},
	}
	for _, tc := range tests {
		got, ok := resolveLocal(tc.base, tc.ref)
		if ok != tc.ok || got != tc.want {
			t.Errorf("resolveLocal(%q, %q) = %q, %v; want %q, %v", tc.base, tc.ref, got, ok, tc.want, tc.ok)
		}
	}
}

// TestUpdateSample rewrites the committed samples from the installed Debian
// documentation when run with -update-sample; otherwise, for the packages
// installed, it scans them and checks the samples still match (skipping,
// not failing, when a different package version is installed).
func TestUpdateSample(t *testing.T) {
	for _, sm := range samples {
		t.Run(sm.name, func(t *testing.T) {
			if _, err := os.Stat(sm.root); err != nil {
				t.Skipf("%s not installed (apt-get install %s); the committed sample is used instead", sm.root, sm.pkg)
			}
			pages, err := ScanSite(context.Background(), sm.root)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := WriteSample(&buf, "Debian "+sm.pkg+" "+sm.root, pages); err != nil {
				t.Fatal(err)
			}
			if *updateSample {
				if err := os.WriteFile(sm.file, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			committed, err := os.ReadFile(sm.file)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(committed, buf.Bytes()) {
				// Another machine may have another version of the package;
				// that is not a failure of this code.
				t.Skipf("%s differs from a scan of %s (another package version?); rerun with -update-sample to refresh it", sm.file, sm.root)
			}
		})
	}
}

func loadSample(t testing.TB) []SitePage { return loadSampleFile(t, samplePath) }

func loadSampleFile(t testing.TB, file string) []SitePage {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pages, err := ReadSample(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 100 {
		t.Fatalf("sample has only %d pages", len(pages))
	}
	return pages
}

func TestSampleRoundTrip(t *testing.T) {
	pages := loadSample(t)
	var buf bytes.Buffer
	if err := WriteSample(&buf, "test", pages); err != nil {
		t.Fatal(err)
	}
	again, err := ReadSample(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(pages, again) {
		t.Error("sample does not survive a write/read round trip")
	}
}

func TestReadSampleRejects(t *testing.T) {
	for _, in := range []string{
		"a.html\ttext/html\t1\t2\t3\n",              // too few fields
		"a.html\ttext/html\tx\t0\t0\t0\t0\n",        // not a number
		"a.html\ttext/html\t1\t-2\t0\t0\t0\n",       // negative count
		"\ttext/html\t1\t0\t0\t0\t0\n",              // empty path
		"a.html\ttext/html\t1\t0\t0\t0\t0\textra\n", // too many fields
	} {
		if _, err := ReadSample(strings.NewReader(in)); err == nil {
			t.Errorf("ReadSample(%q): want error", in)
		}
	}
}

func FuzzReadSample(f *testing.F) {
	f.Add("# c\na.html\ttext/html\t0\t1\t2\t3\t4\n")
	f.Add("x\ty\t-1\t0\t0\t0\t0\r\n\n")
	f.Add("bad")
	f.Fuzz(func(t *testing.T, in string) {
		pages, err := ReadSample(strings.NewReader(in))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := WriteSample(&buf, "fuzz", pages); err != nil {
			return // paths with tabs/newlines cannot come from ReadSample, but be safe
		}
		again, err := ReadSample(&buf)
		if err != nil || !reflect.DeepEqual(pages, again) {
			t.Fatalf("round trip of %q: %v", in, err)
		}
	})
}

func TestGenerateEvalSet(t *testing.T) {
	pages := loadSample(t)
	cfg := EvalConfig{Seed: 42}
	a := GenerateEvalSet(pages, cfg)
	b := GenerateEvalSet(pages, cfg)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed, different evaluation sets")
	}
	c := GenerateEvalSet(pages, EvalConfig{Seed: 43})
	if reflect.DeepEqual(a, c) {
		t.Fatal("different seeds, same evaluation set")
	}
	if len(a) != len(pages) {
		t.Fatalf("%d pages in, %d out", len(pages), len(a))
	}
	// The observed histories must be consistent with the true rates: pooled
	// over all pages, the expected number of changed intervals given the
	// true rates matches the observed number within 4 standard deviations.
	var exp, varSum float64
	observed := 0
	for _, p := range a {
		if len(p.Page.History) != 12 {
			t.Fatalf("%s: %d intervals, want 12", p.Page.URL, len(p.Page.History))
		}
		for _, o := range p.Page.History {
			if o.Interval < 6*24*3600e9 || o.Interval > 8*24*3600e9 {
				t.Fatalf("%s: interval %v outside a week ± 1 day", p.Page.URL, o.Interval)
			}
			q := -math.Expm1(-p.True * o.Interval.Hours())
			exp += q
			varSum += q * (1 - q)
			if o.Changed {
				observed++
			}
		}
	}
	if math.Abs(float64(observed)-exp) > 4*math.Sqrt(varSum) {
		t.Errorf("observed %d changed intervals, expected %.1f ± %.1f", observed, exp, math.Sqrt(varSum))
	}
	// Rates depend on features: HTML pages must change faster on average
	// than images, whose MIME factor is 20 times smaller.
	var html, img []float64
	for _, p := range a {
		switch {
		case p.Page.MIME == "text/html":
			html = append(html, math.Log(p.True))
		case strings.HasPrefix(p.Page.MIME, "image/"):
			img = append(img, math.Log(p.True))
		}
	}
	if len(html) == 0 || len(img) == 0 || !(mean(html) > mean(img)+1) {
		t.Errorf("mean log rate html %.2f vs images %.2f (n=%d, %d)", mean(html), mean(img), len(html), len(img))
	}
}

func mean(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// TestEvaluate runs the evaluation of docs/change-rates.md on the committed
// samples; -v prints the tables. On every data set the best predictor must
// beat the chance level of its bins and the pooled single-rate baseline on
// log-loss, and no predictor's mixture output may be much worse than the
// pooled rate (it hedges where features carry no signal, as the online
// features of the flat PostgreSQL tree).
// TestEvaluate cross-validates every predictor on both embedded samples,
// with history and with true labels, through EvaluateSample (as `sharc
// rates evaluate --sample` does), checks the results, and checks that the
// generated tables of docs/change-rates.md are these results.
func TestEvaluate(t *testing.T) {
	var runs []evalRun
	for _, name := range []string{"pydoc", "pgdoc"} {
		for _, trueLabels := range []bool{false, true} {
			rep, label, err := EvaluateSample(context.Background(), name, EvalConfig{Seed: 2012, TrueLabels: trueLabels})
			if err != nil {
				t.Fatal(err)
			}
			checkEvaluation(t, label, rep, trueLabels)
			runs = append(runs, evalRun{label, trueLabels, rep})
		}
	}
	const cmd = "go test ./crawler/changerate -run 'TestEvaluate$' -update-doc"
	checkDocSection(t, "evaluation-summary", cmd, evalSummary(runs))
	checkDocSection(t, "evaluation-full", cmd, evalFull(t, runs))
}

func checkEvaluation(t *testing.T, name string, rep EvalReport, trueLabels bool) {
	t.Helper()
	if len(rep.Results) != 6 {
		t.Fatalf("%s: %d results, want 6", name, len(rep.Results))
	}
	bestPrec, bestLL := 0.0, math.Inf(1)
	chance := 0.0
	for _, r := range rep.Results {
		chance = 1 / float64(len(r.Bins))
		bestPrec = math.Max(bestPrec, r.Precision)
		bestLL = math.Min(bestLL, math.Min(r.LogLoss, r.LogLossMixture))
		if !(r.LogLossMixture < r.LogLossPooled+0.01) {
			t.Errorf("%s %s offline=%v true=%v: mixture log-loss %.4f above pooled %.4f", name, r.Algorithm, r.Offline, trueLabels, r.LogLossMixture, r.LogLossPooled)
		}
		if !(r.LogLossHistory < r.LogLossPooled) {
			t.Errorf("%s: in-sample history log-loss %.4f not below pooled %.4f", name, r.LogLossHistory, r.LogLossPooled)
		}
		var sumActual int
		for _, b := range r.Bins {
			sumActual += b.Actual
		}
		if sumActual != rep.Pages {
			t.Errorf("%s: bins hold %d pages, want %d", name, sumActual, rep.Pages)
		}
	}
	if !(bestPrec > chance+0.1) {
		t.Errorf("%s true=%v: best precision %.3f not above chance %.3f", name, trueLabels, bestPrec, chance)
	}
	if !(bestLL < rep.Results[0].LogLossPooled-0.05) {
		t.Errorf("%s true=%v: best log-loss %.4f not below pooled %.4f", name, trueLabels, bestLL, rep.Results[0].LogLossPooled)
	}
}

func TestEmbeddedSamples(t *testing.T) {
	if got := strings.Join(SampleNames(), ","); got != "pgdoc,pydoc" {
		t.Errorf("samples %s", got)
	}
	for _, sm := range samples {
		name := strings.TrimSuffix(filepath.Base(sm.file), "-sample.tsv")
		got, err := EmbeddedSample(name)
		if err != nil {
			t.Fatal(err)
		}
		if want := loadSampleFile(t, sm.file); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: embedded sample differs from %s", name, sm.file)
		}
	}
	if _, err := EmbeddedSample("nosuch"); err == nil || !strings.Contains(err.Error(), "pydoc") {
		t.Errorf("unknown sample: %v", err)
	}
}
