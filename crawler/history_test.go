package crawler_test

import (
	"context"
	"fmt"
	"math"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/research/testsite"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestSecondCaptureUsesHistory runs two visit-revisit captures of the live
// changing test site with the same job and store. The second capture must
// take the rate of every page the first one fetched from that capture's
// history (issue 6: the live crawler uses the cascade), the rates must rank
// the site's hot pages above its cold ones, and the second capture's report
// must name the source of each page's rate. The rates are estimated by the
// workers, not by the committer (issue 33).
func TestSecondCaptureUsesHistory(t *testing.T) {
	const unit = 20 * time.Millisecond
	const pages = 48
	// Skew 2: the coldest pages rarely change within one capture, so the
	// single observed interval per page (one bit of evidence) can tell hot
	// from cold.
	site, err := testsite.New(testsite.Config{Pages: pages, Outdegree: 4, Skew: 2, TimeUnit: unit, Seed: 11}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	// The prior (default_rate, per hour) must live in the accelerated time
	// too: one change per 10 Δ. A week-scale prior would outweigh the
	// evidence of a one-second capture by five orders of magnitude.
	defaultRate := float64(time.Hour) / float64(10*unit)
	srv := httptest.NewServer(site)
	defer srv.Close()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: history
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 2
politeness: {delay: %s, delay_factor: 0}
scheduler: {strategy: sharc-selective-online, tau: 0.9}
capture: {mode: visit-revisit}
change_rates: [history, sitemap, default]
default_rate: %g
warc: {dir: %s}
resolve: {site.test: %s}
`, unit, defaultRate, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://")))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	ctx := context.Background()
	var ids [2]int64
	for i := range ids {
		stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if stats.StopReason != "finished" {
			t.Fatalf("capture %d stopped: %s", i+1, stats.StopReason)
		}
		// Every link was rated by its worker, none by the committer: the
		// history reads of the second capture stay off its serial path.
		if stats.Serial.Rated != 0 {
			t.Errorf("capture %d: the committer rated %d URLs itself", i+1, stats.Serial.Rated)
		}
		ids[i] = stats.CaptureID
	}
	if ids[0] == ids[1] {
		t.Fatalf("the second run resumed capture %d instead of starting a new one", ids[0])
	}

	// Pages the first capture fetched twice (a visit and a revisit): they
	// have an observed interval. A page whose visit served as its revisit
	// has one fetch and no interval, so its rate comes from further down
	// the cascade.
	recs, err := st.Records(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	fetches := map[string]int{}
	for _, r := range recs {
		if (r.RecordType == "response" || r.RecordType == "revisit") && (r.Status == 200 || r.Status == 304) {
			fetches[r.URL]++
		}
	}
	fetched := map[string]bool{}
	for u, n := range fetches {
		fetched[u] = n >= 2
	}
	first, err := st.Frontier(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range first {
		if _, ok := testsite.PageIndex(strings.TrimPrefix(f.URL, "http://site.test")); ok && f.RateSource == changerate.SourceHistory {
			t.Errorf("first capture: %s has a history rate though nothing was captured before", f.URL)
		}
	}

	second, err := st.Frontier(ctx, ids[1])
	if err != nil {
		t.Fatal(err)
	}
	truth := site.Tree().Rates // changes per time unit = per Δ
	var xs, ys []float64       // true and estimated rates of the history pages
	sourceOf := map[string]string{}
	for _, f := range second {
		sourceOf[f.URL] = f.RateSource
		k, ok := testsite.PageIndex(strings.TrimPrefix(f.URL, "http://site.test"))
		if !ok {
			continue
		}
		if !fetched[f.URL] {
			continue
		}
		if f.RateSource != changerate.SourceHistory {
			t.Errorf("second capture: %s was fetched by the first but its rate came from %q", f.URL, f.RateSource)
			continue
		}
		if !(f.Rate > 0) || math.IsInf(f.Rate, 0) {
			t.Errorf("%s: history rate %v", f.URL, f.Rate)
		}
		xs = append(xs, truth[k])
		ys = append(ys, f.Rate)
	}
	if len(xs) < pages/2 {
		t.Fatalf("only %d of %d pages got a history rate", len(xs), pages)
	}
	// Hot pages higher on average: compare the hottest and the coldest
	// third by true rate, and require a positive rank correlation.
	hot, cold := thirdsMean(xs, ys)
	if !(hot > cold) {
		t.Errorf("hottest third's mean estimated rate %.4g ≤ coldest third's %.4g (per Δ)", hot, cold)
	}
	if rho := spearman(xs, ys); !(rho > 0.3) {
		t.Errorf("rank correlation of estimated and true rates %.2f, want > 0.3", rho)
	}
	t.Logf("%d history pages; mean estimated rate per Δ: hottest third %.3g, coldest third %.3g; Spearman %.2f", len(xs), hot, cold, spearman(xs, ys))

	// The report of the second capture says which source produced each
	// page's rate, as stored in the frontier.
	rep, err := report.Build(ctx, st, ids[1], report.Options{Job: j})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range rep.Pages {
		want, ok := sourceOf[p.URL]
		if !ok {
			continue
		}
		if p.RateSource != want {
			t.Errorf("report: %s rate source %q, frontier says %q", p.URL, p.RateSource, want)
		}
		if fetched[p.URL] && p.RateSource == changerate.SourceHistory {
			n++
		}
	}
	if n < len(xs) {
		t.Errorf("report names history as the source of %d pages, want %d", n, len(xs))
	}
}

// thirdsMean returns the mean of ys over the third of the points with the
// highest xs and over the third with the lowest.
func thirdsMean(xs, ys []float64) (hot, cold float64) {
	r := ranks(xs)
	n := len(xs)
	var nh, nc int
	for i := range xs {
		switch {
		case r[i] >= float64(n)*2/3:
			hot += ys[i]
			nh++
		case r[i] < float64(n)/3:
			cold += ys[i]
			nc++
		}
	}
	return hot / float64(max(nh, 1)), cold / float64(max(nc, 1))
}

// ranks returns 0-based ranks, ties sharing their mean rank.
func ranks(v []float64) []float64 {
	r := make([]float64, len(v))
	for i := range v {
		less, equal := 0, 0
		for j := range v {
			if v[j] < v[i] {
				less++
			} else if v[j] == v[i] {
				equal++
			}
		}
		r[i] = float64(less) + float64(equal-1)/2
	}
	return r
}

// spearman is the rank correlation of xs and ys.
func spearman(xs, ys []float64) float64 {
	a, b := ranks(xs), ranks(ys)
	var ma, mb float64
	for i := range a {
		ma += a[i]
		mb += b[i]
	}
	ma /= float64(len(a))
	mb /= float64(len(b))
	var sab, saa, sbb float64
	for i := range a {
		sab += (a[i] - ma) * (b[i] - mb)
		saa += (a[i] - ma) * (a[i] - ma)
		sbb += (b[i] - mb) * (b[i] - mb)
	}
	return sab / math.Sqrt(saa*sbb)
}
