package changerate

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"
)

// fixedSource answers a fixed estimate; it lets the cascade tests cover a
// misbehaving source.
type fixedSource struct {
	e  Estimate
	ok bool
}

func (f fixedSource) Rate(context.Context, PageInfo) (Estimate, bool) { return f.e, f.ok }

func trainedPredictor(t testing.TB) *Predictor {
	t.Helper()
	set := GenerateEvalSet(loadSample(t), EvalConfig{Seed: 7})
	ex := make([]Example, len(set))
	for i, p := range set {
		ex[i] = p.Example
	}
	p, err := Train(context.Background(), ex, PredictorOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCascadeStandardOrder(t *testing.T) {
	pred := trainedPredictor(t)
	c, err := New(Config{PolitenessDelay: time.Second, DefaultRate: 0.002, Predictor: pred}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(c.Order(), ","); got != "history,predictor,sitemap,default" {
		t.Errorf("order %s", got)
	}
	hist := []Observation{{Interval: 24 * time.Hour, Changed: true}, {Interval: 24 * time.Hour}}
	page := PageInfo{URL: "http://docs.python.test/3.11/library/os.html", MIME: "text/html", Depth: 2, Changefreq: "daily"}
	ctx := context.Background()

	withHist := page
	withHist.History = hist
	e, ok := c.Rate(ctx, withHist)
	if !ok || e.Source != SourceHistory || e.Lambda != CensoredMLE(hist, WeakPrior(0.002)) || e.Evidence != 2 {
		t.Errorf("with history: %+v %v", e, ok)
	}
	e, ok = c.Rate(ctx, page)
	_, _, want := pred.Predict(page)
	if !ok || e.Source != SourcePredictor || e.Lambda != want || !(e.Evidence > 0 && e.Evidence <= 1) {
		t.Errorf("without history: %+v %v (predictor says %v)", e, ok, want)
	}

	noPred, err := New(Config{PolitenessDelay: time.Second, DefaultRate: 0.002}, nil)
	if err != nil {
		t.Fatal(err)
	}
	e, ok = noPred.Rate(ctx, page)
	if !ok || e.Source != SourceSitemap || math.Abs(e.Lambda-0.026715257493515877) > 1e-15 {
		t.Errorf("sitemap fallback: %+v %v", e, ok)
	}
	bare := page
	bare.Changefreq = ""
	e, ok = noPred.Rate(ctx, bare)
	if !ok || e.Source != SourceDefault || e.Lambda != 0.002 || e.Evidence != 0 {
		t.Errorf("default fallback: %+v %v", e, ok)
	}
}

func TestCascadeConfiguredOrder(t *testing.T) {
	c, err := New(Config{Order: []string{"sitemap", "history"}, PolitenessDelay: time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := PageInfo{Changefreq: "weekly", History: []Observation{{Interval: time.Hour, Changed: true}}}
	if e, ok := c.Rate(context.Background(), p); !ok || e.Source != SourceSitemap {
		t.Errorf("sitemap first: %+v %v", e, ok)
	}
	if e, ok := c.Rate(context.Background(), PageInfo{}); ok {
		t.Errorf("no default configured, yet answered %+v", e)
	}
}

func TestCascadeErrors(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"unknown source", Config{Order: []string{"history", "oracle"}, PolitenessDelay: time.Second}, `unknown source "oracle"`},
		{"duplicate", Config{Order: []string{"default", "default"}, PolitenessDelay: time.Second}, "listed twice"},
		{"bad delay", Config{PolitenessDelay: 2 * time.Hour}, "politeness delay"},
		{"bad tau", Config{PolitenessDelay: time.Second, Tau: 1.5}, "threshold"},
		{"bad default", Config{PolitenessDelay: time.Second, DefaultRate: -1}, "invalid rate"},
	}
	for _, tc := range tests {
		if _, err := New(tc.cfg, nil); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want it to mention %q", tc.name, err, tc.want)
		}
	}
	if _, err := NewCascade(nil, nil, nil); err == nil {
		t.Error("empty cascade accepted")
	}
}

// A source that answers NaN, +Inf or a negative rate is skipped.
func TestCascadeSkipsInvalidRates(t *testing.T) {
	for _, bad := range []float64{math.NaN(), math.Inf(1), -1} {
		c, err := NewCascade([]string{"bad", "good"}, map[string]Source{
			"bad":  fixedSource{Estimate{Lambda: bad}, true},
			"good": fixedSource{Estimate{Lambda: 0.5}, true},
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		e, ok := c.Rate(context.Background(), PageInfo{})
		if !ok || e.Lambda != 0.5 || e.Source != "good" {
			t.Errorf("bad rate %v: got %+v %v", bad, e, ok)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c, _ := NewCascade([]string{"good"}, map[string]Source{"good": fixedSource{Estimate{Lambda: 1}, true}}, nil)
	if _, ok := c.Rate(ctx, PageInfo{}); ok {
		t.Error("answered on a cancelled context")
	}
}
