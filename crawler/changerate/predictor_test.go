package changerate

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func TestExtractURLFeatures(t *testing.T) {
	tests := []struct {
		url  string
		want URLFeatures
	}{
		{"http://Docs.Python.test:8080/3.11/library/os.html", URLFeatures{Domain: "docs.python.test", Slashes: 3, Length: 49,
			Segments: [3]string{"3.11", "library", ""}}},
		{"http://ex.test/", URLFeatures{Domain: "ex.test", Slashes: 1, Length: 15}},
		{"http://ex.test", URLFeatures{Domain: "ex.test", Length: 14}},
		{"https://ex.test/~bob/a_b/c;d/e,f/x.cgi?q=1:2%20#frag", URLFeatures{Domain: "ex.test", Slashes: 5, Length: 52,
			Segments: [3]string{"~bob", "a_b", "c;d"}, Special: [7]bool{true, true, true, true, true, true, true}}},
		{"/a/b/c/d/e", URLFeatures{Slashes: 5, Length: 10, Segments: [3]string{"a", "b", "c"}}},
		{"", URLFeatures{}},
	}
	for _, tc := range tests {
		if got := ExtractURLFeatures(tc.url); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.url, got, tc.want)
		}
	}
}

func FuzzExtractURLFeatures(f *testing.F) {
	for _, s := range []string{"http://a.test/x/y/z.html", "https://[::1]:80/%zz?;", "//x", "::", "/~a_b?c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u := ExtractURLFeatures(s)
		if u.Length != len(s) || u.Slashes < 0 || u.Slashes > strings.Count(s, "/") {
			t.Fatalf("%q: %+v", s, u)
		}
		for i, seg := range u.Segments {
			if strings.Contains(seg, "/") || (seg != "" && !strings.Contains(s, seg)) {
				t.Fatalf("%q: segment %d %q", s, i, seg)
			}
		}
		// Encoding a page with this URL must not panic and must give a row
		// of the encoder's width.
		e := newEncoder([]PageInfo{{URL: "http://a.test/b/c.html"}}, true)
		if row := e.row(PageInfo{URL: s}); len(row) != len(e.attrs) {
			t.Fatalf("row width %d, want %d", len(row), len(e.attrs))
		}
	})
}

func TestEqualFrequencyBins(t *testing.T) {
	tests := []struct {
		name      string
		rates     []float64
		k         int
		wantEdges []float64
		wantReps  []float64
	}{
		{"ten distinct into five", []float64{10, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 5, []float64{2, 4, 6, 8}, []float64{2, 4, 6, 8, 10}},
		{"ties never straddle", []float64{0, 0, 0, 0, 0, 0, 1, 2, 3, 4}, 5, []float64{0, 2}, []float64{0, 2, 4}},
		{"all equal", []float64{3, 3, 3}, 10, nil, []float64{3}},
		{"one bin", []float64{5, 1, 3}, 1, nil, []float64{3}},
	}
	for _, tc := range tests {
		b, err := EqualFrequencyBins(tc.rates, tc.k)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(b.Edges, tc.wantEdges) || !reflect.DeepEqual(b.Reps, tc.wantReps) {
			t.Errorf("%s: edges %v reps %v, want %v %v", tc.name, b.Edges, b.Reps, tc.wantEdges, tc.wantReps)
		}
		for _, r := range tc.rates {
			i := b.Index(r)
			if i < 0 || i >= b.Len() || (i > 0 && !(r > b.Edges[i-1])) || (i < len(b.Edges) && !(r <= b.Edges[i])) {
				t.Errorf("%s: rate %v in bin %d of %v", tc.name, r, i, b.Edges)
			}
		}
	}
	// 1000 distinct rates into 10 bins: exactly 100 each.
	rng := rand.New(rand.NewPCG(1, 2))
	rates := make([]float64, 1000)
	for i := range rates {
		rates[i] = rng.ExpFloat64()
	}
	b, err := EqualFrequencyBins(rates, 10)
	if err != nil {
		t.Fatal(err)
	}
	count := make([]int, b.Len())
	for _, r := range rates {
		count[b.Index(r)]++
	}
	for i, c := range count {
		if c != 100 {
			t.Errorf("bin %d holds %d rates, want 100", i, c)
		}
	}
	for _, bad := range [][]float64{nil, {math.NaN()}} {
		if _, err := EqualFrequencyBins(bad, 10); err == nil {
			t.Errorf("%v: want error", bad)
		}
	}
}

// A predictor learns a rate that depends only on the URL's directory
// perfectly from online features, and cross-validation says so. Page names
// vary in length within every directory, as on a real site, so the URL
// length carries no spurious signal.
func TestPredictorLearnsDirectoryRates(t *testing.T) {
	dirs := map[string]float64{"news": 1, "blog": 0.1, "docs": 0.01, "archive": 0.001}
	var ex []Example
	for d, r := range dirs {
		for i := 0; i < 40; i++ {
			ex = append(ex, Example{Page: PageInfo{URL: "http://site.test/" + d + "/" + strings.Repeat("p", 1+i%12) + ".html", MIME: "text/html", Depth: 1}, Lambda: r})
		}
	}
	for _, alg := range []string{AlgC45, AlgBayes} {
		rep, err := CrossValidate(context.Background(), ex, PredictorOptions{Algorithm: alg}, 10, 1)
		if err != nil {
			t.Fatal(err)
		}
		if rep.Precision != 1 || len(rep.Bins) != 4 {
			t.Errorf("%s: precision %v over %d bins, want 1 over 4", alg, rep.Precision, len(rep.Bins))
		}
		if !(rep.LogLoss <= rep.LogLossPooled) {
			t.Errorf("%s: log-loss %v above pooled %v", alg, rep.LogLoss, rep.LogLossPooled)
		}
		p, err := Train(context.Background(), ex, PredictorOptions{Algorithm: alg})
		if err != nil {
			t.Fatal(err)
		}
		for d, r := range dirs {
			// A page never seen in training, in a known directory.
			e, ok := p.Rate(context.Background(), PageInfo{URL: "http://site.test/" + d + "/new-page.htm", MIME: "text/html", Depth: 1})
			if !ok || e.Lambda != r || e.Source != SourcePredictor {
				t.Errorf("%s: %s predicted %+v, want %v", alg, d, e, r)
			}
		}
	}
	if _, err := Train(context.Background(), ex, PredictorOptions{Algorithm: "svm"}); err == nil {
		t.Error("unknown algorithm accepted")
	}
	if _, err := Train(context.Background(), nil, PredictorOptions{}); err == nil {
		t.Error("empty training set accepted")
	}
	if _, err := CrossValidate(context.Background(), ex[:5], PredictorOptions{}, 10, 1); err == nil {
		t.Error("more folds than examples accepted")
	}
}

func BenchmarkTrainC45(b *testing.B) {
	ex := evalExamples(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Train(context.Background(), ex, PredictorOptions{Algorithm: AlgC45, Offline: true}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTrainBayes(b *testing.B) {
	ex := evalExamples(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Train(context.Background(), ex, PredictorOptions{Algorithm: AlgBayes, Offline: true}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPredict(b *testing.B) {
	ex := evalExamples(b)
	for _, alg := range []string{AlgC45, AlgBayes} {
		p, err := Train(context.Background(), ex, PredictorOptions{Algorithm: alg, Offline: true})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(alg, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				p.Predict(ex[i%len(ex)].Page)
				i++
			}
		})
	}
}

func evalExamples(tb testing.TB) []Example {
	set := GenerateEvalSet(loadSample(tb), EvalConfig{Seed: 1})
	ex := make([]Example, len(set))
	for i, p := range set {
		ex[i] = p.Example
	}
	return ex
}

// The GLM learns directory-dependent rates from observed intervals alone:
// pages whose histories were simulated at four rates get predictions close
// to those rates (within a factor 1.5: 60 pages × 12 weekly intervals per
// directory, shrunk a little by the ridge penalty).
func TestGLMLearnsRatesFromIntervals(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	dirs := map[string]float64{"news": 0.05, "blog": 0.01, "docs": 0.002, "archive": 0.0005}
	var ex []Example
	for d, r := range dirs {
		for i := 0; i < 60; i++ {
			var hist []Observation
			for k := 0; k < 12; k++ {
				iv := 168.0
				hist = append(hist, Observation{Interval: 168 * 3600e9, Changed: rng.Float64() < -math.Expm1(-r*iv)})
			}
			page := PageInfo{URL: "http://site.test/" + d + "/" + strings.Repeat("p", 1+i%12) + ".html", MIME: "text/html", Depth: 1, History: hist}
			ex = append(ex, Example{Page: page, Lambda: CensoredMLE(hist, WeakPrior(1.0/168))})
		}
	}
	p, err := Train(context.Background(), ex, PredictorOptions{Algorithm: AlgGLM})
	if err != nil {
		t.Fatal(err)
	}
	for d, r := range dirs {
		e, ok := p.Rate(context.Background(), PageInfo{URL: "http://site.test/" + d + "/new.html", MIME: "text/html", Depth: 1})
		if !ok || e.Source != SourcePredictor || !(e.Lambda > r/1.5 && e.Lambda < r*1.5) {
			t.Errorf("%s: predicted %+v, true %v", d, e, r)
		}
	}
	rep, err := CrossValidate(context.Background(), ex, PredictorOptions{Algorithm: AlgGLM}, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !(rep.LogLoss < rep.LogLossPooled) {
		t.Errorf("glm log-loss %v not below pooled %v", rep.LogLoss, rep.LogLossPooled)
	}
}

// minimizeBB finds the minimum of a badly scaled convex quadratic.
func TestMinimizeBB(t *testing.T) {
	scale := []float64{1, 100, 0.01}
	target := []float64{3, -2, 50}
	f := func(w, grad []float64) float64 {
		var s float64
		for i := range w {
			d := w[i] - target[i]
			s += scale[i] * d * d / 2
			if grad != nil {
				grad[i] = scale[i] * d
			}
		}
		return s
	}
	w, err := minimizeBB(context.Background(), f, make([]float64, 3), 2000)
	if err != nil {
		t.Fatal(err)
	}
	for i := range w {
		if math.Abs(w[i]-target[i]) > 1e-3*math.Max(1, math.Abs(target[i])) {
			t.Errorf("w[%d] = %v, want %v", i, w[i], target[i])
		}
	}
}

func BenchmarkTrainGLM(b *testing.B) {
	ex := evalExamples(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Train(context.Background(), ex, PredictorOptions{Algorithm: AlgGLM, Offline: true}); err != nil {
			b.Fatal(err)
		}
	}
}
