package changerate

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var updateModelGolden = flag.Bool("update-model-golden", false, "rewrite testdata/model-*.golden.json")

// persistExamples is a reproducible training set: the evaluation set of the
// first pages of the embedded Python documentation sample.
func persistExamples(t testing.TB, n int) []Example {
	t.Helper()
	pages, err := EmbeddedSample("pydoc")
	if err != nil {
		t.Fatal(err)
	}
	set := GenerateEvalSet(pages[:n], EvalConfig{Seed: 2012})
	ex := make([]Example, len(set))
	for i, p := range set {
		ex[i] = p.Example
	}
	return ex
}

// TestPredictorJSONRoundTrip trains every algorithm on both feature sets and
// both outputs, writes and reads the model, and checks the loaded predictor
// answers exactly the same bin, probability and rate for every page — also
// pages with values never seen in training.
func TestPredictorJSONRoundTrip(t *testing.T) {
	ex := persistExamples(t, 400)
	probe := append([]PageInfo(nil), pagesOf(ex)...)
	probe = append(probe,
		PageInfo{URL: "http://unseen.test/a/b/c/d.html", MIME: "text/html", Depth: 3},
		PageInfo{URL: "http://docs.python.test/3.11/library/new~page.html", MIME: "application/x-new", Depth: 9, Offline: true, Outlinks: 1000},
	)
	for _, alg := range []string{AlgC45, AlgBayes, AlgGLM} {
		for _, offline := range []bool{false, true} {
			for _, output := range []string{OutputBin, OutputMixture} {
				opts := PredictorOptions{Algorithm: alg, Offline: offline, Output: output}
				t.Run(alg+"/"+map[bool]string{false: "online", true: "offline"}[offline]+"/"+output, func(t *testing.T) {
					p, err := Train(context.Background(), ex, opts)
					if err != nil {
						t.Fatal(err)
					}
					b, err := json.Marshal(p)
					if err != nil {
						t.Fatal(err)
					}
					var q Predictor
					if err := json.Unmarshal(b, &q); err != nil {
						t.Fatal(err)
					}
					for _, pg := range probe {
						b1, p1, l1 := p.Predict(pg)
						b2, p2, l2 := q.Predict(pg)
						if b1 != b2 || p1 != p2 || l1 != l2 {
							t.Fatalf("%s: Predict (%d %g %g) after loading, (%d %g %g) before", pg.URL, b2, p2, l2, b1, p1, l1)
						}
						if m1, m2 := p.PredictMixture(pg), q.PredictMixture(pg); m1 != m2 {
							t.Fatalf("%s: mixture %g after loading, %g before", pg.URL, m2, m1)
						}
						e1, _ := p.Rate(context.Background(), pg)
						e2, _ := q.Rate(context.Background(), pg)
						if e1 != e2 {
							t.Fatalf("%s: Rate %+v after loading, %+v before", pg.URL, e2, e1)
						}
					}
					// Writing the loaded model gives the same bytes.
					b2, err := json.Marshal(&q)
					if err != nil {
						t.Fatal(err)
					}
					if !bytes.Equal(b, b2) {
						t.Error("re-marshalled model differs")
					}
				})
			}
		}
	}
}

func pagesOf(ex []Example) []PageInfo {
	out := make([]PageInfo, len(ex))
	for i, e := range ex {
		out[i] = e.Page
	}
	return out
}

// TestPredictorJSONGolden pins the file format on a small hand-made data
// set: a C4.5 tree and a Naive Bayes model over six pages.
func TestPredictorJSONGolden(t *testing.T) {
	week := 7 * 24 * time.Hour
	mk := func(url, mime string, changed ...bool) Example {
		var h []Observation
		for _, c := range changed {
			h = append(h, Observation{Interval: week, Changed: c})
		}
		return Example{Page: PageInfo{URL: url, MIME: mime, Depth: strings.Count(url, "/") - 2, History: h}, Lambda: CensoredMLE(h, WeakPrior(1.0/168))}
	}
	ex := []Example{
		mk("http://s.test/news/a.html", "text/html", true, true, true),
		mk("http://s.test/news/b.html", "text/html", true, true, false),
		mk("http://s.test/news/c.html", "text/html", true, true, true),
		mk("http://s.test/docs/a.html", "text/html", false, false, false),
		mk("http://s.test/docs/b.html", "text/html", false, false, true),
		mk("http://s.test/docs/c.html", "text/html", false, false, false),
	}
	for _, alg := range []string{AlgC45, AlgBayes} {
		t.Run(alg, func(t *testing.T) {
			p, err := Train(context.Background(), ex, PredictorOptions{Algorithm: alg, Bins: 2, Tree: C45{MinLeaf: 1}})
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(p, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join("testdata", "model-"+alg+".golden.json")
			if *updateModelGolden {
				if err := os.WriteFile(file, append(got, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run with -update-model-golden to create it)", err)
			}
			if !bytes.Equal(append(got, '\n'), want) {
				t.Errorf("model differs from %s:\n%s", file, got)
			}
			// The news pages change weekly, the docs pages hardly: the
			// model must say so for an unseen page in each directory.
			var q Predictor
			if err := json.Unmarshal(want, &q); err != nil {
				t.Fatal(err)
			}
			hot, _, _ := q.Predict(PageInfo{URL: "http://s.test/news/d.html", MIME: "text/html", Depth: 2})
			cold, _, _ := q.Predict(PageInfo{URL: "http://s.test/docs/d.html", MIME: "text/html", Depth: 2})
			if hot != 1 || cold != 0 {
				t.Errorf("news page in bin %d, docs page in bin %d; want 1 and 0", hot, cold)
			}
		})
	}
}

func TestPredictorJSONRejects(t *testing.T) {
	ex := persistExamples(t, 100)
	p, err := Train(context.Background(), ex, PredictorOptions{})
	if err != nil {
		t.Fatal(err)
	}
	good, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, _ := json.Marshal(m)
		return b
	}
	tests := []struct {
		name string
		in   []byte
		want string
	}{
		{"not json", []byte("{"), "JSON"},
		{"format", edit(func(m map[string]any) { m["format"] = 2 }), "format 2"},
		{"algorithm", edit(func(m map[string]any) { m["algorithm"] = "svm" }), "unknown algorithm"},
		{"bins", edit(func(m map[string]any) { m["bin_edges"] = []float64{} }), "bin edges"},
		{"attributes", edit(func(m map[string]any) { m["attributes"] = m["attributes"].([]any)[1:] }), "attributes"},
		{"no tree", edit(func(m map[string]any) { delete(m, "tree") }), "without a tree"},
		{"tree shape", edit(func(m map[string]any) {
			m["tree"] = map[string]any{"counts": []float64{1}, "attr": -1}
		}), "class counts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var q Predictor
			err := json.Unmarshal(tt.in, &q)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one mentioning %q", err, tt.want)
			}
		})
	}
}

// FuzzPredictorJSON feeds arbitrary model files to the reader: it may
// refuse them, but a model it accepts must predict without panicking.
func FuzzPredictorJSON(f *testing.F) {
	for _, name := range []string{"model-c45.golden.json", "model-bayes.golden.json"} {
		if b, err := os.ReadFile(filepath.Join("testdata", name)); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"format":1,"algorithm":"glm"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var p Predictor
		if err := json.Unmarshal(b, &p); err != nil {
			return
		}
		for _, pg := range []PageInfo{{URL: "http://s.test/news/x.html", MIME: "text/html", Depth: 2}, {URL: "", Offline: true}} {
			p.Predict(pg)
			p.PredictMixture(pg)
			p.Rate(context.Background(), pg)
		}
	})
}
