package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/research/testsite"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// crawledStore runs two visit-revisit captures of the live changing test
// site into a fresh SQLite store and returns its DSN.
func crawledStore(t *testing.T) string {
	t.Helper()
	const unit = 20 * time.Millisecond
	site, err := testsite.New(testsite.Config{Pages: 40, Outdegree: 4, Skew: 1.5, TimeUnit: unit, Seed: 3}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(site)
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	reg := scheduler.NewRegistry()
	j, err := job.Parse([]byte(fmt.Sprintf(`
name: rates
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 2
politeness: {delay: %s, delay_factor: 0}
scheduler: {strategy: sharc-selective-online, tau: 0.9}
capture: {mode: visit-revisit}
default_rate: %g
warc: {dir: %s}
resolve: {site.test: %s}
`, unit, float64(time.Hour)/float64(10*unit), filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://"))), "rates.yaml", reg.Names(), reg.VisitRevisit)
	if err != nil {
		t.Fatal(err)
	}
	dsn := "sqlite:" + filepath.Join(dir, "index.db")
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		stats, err := crawler.New(j, st, reg, zap.NewNop(), crawler.Options{}).Run(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if stats.StopReason != "finished" {
			t.Fatalf("capture stopped: %s", stats.StopReason)
		}
	}
	return dsn
}

func TestRatesTrainAndEvaluateOnCrawledStore(t *testing.T) {
	dsn := crawledStore(t)
	model := filepath.Join(t.TempDir(), "model.json")
	for _, alg := range []string{"c45", "bayes", "glm"} {
		t.Run(alg, func(t *testing.T) {
			code, out, errOut := sharc(t, "rates", "train", "--store", dsn, "--job", "rates", "--alg", alg, "-o", model)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			m := regexp.MustCompile(`trained \w+ on (\d+) pages \((\d+) captures, (\d+) URLs`).FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("no summary in %q", out)
			}
			if m[2] != "2" {
				t.Errorf("trained on %s captures, want 2", m[2])
			}
			var pages int
			fmt.Sscan(m[1], &pages)
			// 40 pages plus robots.txt and the sitemap, most fetched 3-4 times.
			if pages < 30 {
				t.Errorf("only %d pages with history", pages)
			}
			b, err := os.ReadFile(model)
			if err != nil {
				t.Fatal(err)
			}
			var p changerate.Predictor
			if err := json.Unmarshal(b, &p); err != nil {
				t.Fatal(err)
			}
			// The loaded model answers a usable rate for a page.
			root, _ := p.Rate(context.Background(), changerate.PageInfo{URL: "http://site.test/", MIME: "text/html"})
			if !(root.Lambda > 0) {
				t.Errorf("root rate %v", root.Lambda)
			}
		})
	}
	code, out, errOut := sharc(t, "rates", "evaluate", "--store", dsn, "--folds", "5", "--model", model)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"| **store (ours)** |", "Per-bin precision, c45", "| bayes | online |", "| glm | online |", "log-loss"} {
		if !strings.Contains(out, want) {
			t.Errorf("evaluate output lacks %q:\n%s", want, out)
		}
	}
	// Log-loss values are finite positive numbers.
	for _, m := range regexp.MustCompile(`\| (bayes|c45|glm) \| online \| [\d.]+ \| [\d.]+ \| ([\d.]+) \|`).FindAllStringSubmatch(out, -1) {
		var ll float64
		fmt.Sscan(m[2], &ll)
		if !(ll > 0 && ll < 10) {
			t.Errorf("%s log-loss %v", m[1], ll)
		}
	}
}

func TestRatesEvaluateSample(t *testing.T) {
	code, out, errOut := sharc(t, "rates", "evaluate", "--sample", "pgdoc")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// docs/change-rates.md's generated "Full output" holds, to the digit,
	// what the command prints for pgdoc-15 (history labels, seed 2012, 10
	// folds); changerate's TestEvaluate keeps that section current.
	doc, err := os.ReadFile("../../docs/change-rates.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "Data set pgdoc-15: ") || !strings.Contains(string(doc), out) {
		t.Errorf("sharc rates evaluate --sample pgdoc differs from docs/change-rates.md:\n%s", out)
	}
}

func TestRatesCompare(t *testing.T) {
	code, out, errOut := sharc(t, "rates", "compare", "--size", "1000", "--outdegree", "40", "--runs", "2", "--delta", "1m",
		"--strategies", "sharc-offline,sharc-selective", "--sigma", "0.5,2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	row := regexp.MustCompile(`\| (\S+) \| [^|]+ \| ([^|]+) \| ([\d.e+-]+) \| ([\d.e+-]+) \|`)
	act := map[string]float64{}
	for _, m := range row.FindAllStringSubmatch(out, -1) {
		var v float64
		fmt.Sscan(m[4], &v)
		act[m[1]+"/"+strings.TrimSpace(m[2])] = v
	}
	// Two strategies × oracle, sitemap, noisy ×2, uniform.
	if len(act) != 10 {
		t.Fatalf("%d result rows, want 10:\n%s", len(act), out)
	}
	// SHARC-Offline schedules optimally for the rates it is told, so any
	// error in them can only cost blur here, and more error more.
	for _, s := range []string{"sharc-offline"} {
		o := act[s+"/oracle"]
		for _, m := range []string{"sitemap", "noisy σ=0.5", "noisy σ=2", "uniform"} {
			if !(act[s+"/"+m] >= o*0.999) {
				t.Errorf("%s: %s rates (%g) beat the oracle (%g)", s, m, act[s+"/"+m], o)
			}
		}
		if !(act[s+"/noisy σ=2"] > act[s+"/noisy σ=0.5"]) {
			t.Errorf("%s: more noise did not cost more", s)
		}
	}
	if code, _, _ := sharc(t, "rates", "compare", "--modes", "psychic"); code == 0 {
		t.Error("unknown mode accepted")
	}
	if code, _, _ := sharc(t, "rates", "evaluate"); code == 0 {
		t.Error("evaluate without --store or --sample accepted")
	}
}

// TestCrawlWithTrainedModel: a model trained by `sharc rates train` backs
// the cascade's predictor source in a later crawl (job rates_model), and
// the frontier records that the predictor answered.
func TestCrawlWithTrainedModel(t *testing.T) {
	dsn := crawledStore(t)
	dir := t.TempDir()
	model := filepath.Join(dir, "model.json")
	if code, _, errOut := sharc(t, "rates", "train", "--store", dsn, "--job", "rates", "--alg", "c45", "-o", model); code != 0 {
		t.Fatalf("train: exit %d: %s", code, errOut)
	}
	site, err := testsite.New(testsite.Config{Pages: 20, Outdegree: 4, Skew: 1.5, TimeUnit: 20 * time.Millisecond, Seed: 9}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(site)
	defer srv.Close()
	jobPath := filepath.Join(dir, "job.yaml")
	newDSN := "sqlite:" + filepath.Join(dir, "new.db")
	if err := os.WriteFile(jobPath, []byte(fmt.Sprintf(`name: predicted
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
politeness: {delay: 5ms, delay_factor: 0}
change_rates: [predictor, default]
rates_model: %s
warc: {dir: %s}
store: %s
resolve: {site.test: %s}
`, model, filepath.Join(dir, "warcs"), newDSN, strings.TrimPrefix(srv.URL, "http://"))), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := sharc(t, "crawl", jobPath); code != 0 {
		t.Fatalf("crawl: exit %d\n%s\n%s", code, out, errOut)
	}
	st, err := store.Open(context.Background(), newDSN, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := st.Frontier(context.Background(), 1)
	if err != nil || len(rows) < 20 {
		t.Fatalf("frontier: %d rows, %v", len(rows), err)
	}
	for _, r := range rows {
		if r.RateSource != changerate.SourcePredictor || !(r.Rate > 0) {
			t.Errorf("%s: rate %g from %q, want a positive rate from the predictor", r.URL, r.Rate, r.RateSource)
		}
	}
	// A job naming a model that does not exist stops with an error naming it.
	bad := strings.Replace(mustRead(t, jobPath), model, filepath.Join(dir, "missing.json"), 1)
	if err := os.WriteFile(jobPath, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := sharc(t, "crawl", jobPath); code == 0 || !strings.Contains(errOut, "missing.json") {
		t.Fatalf("crawl with a missing model: exit %d, %q", code, errOut)
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRatesCompareDoc: the blur rows of docs/change-rates.md's quality-gap
// tables (oracle, sitemap and uniform modes; the noisy and
// visit-revisit rows take longer and come from the same code) are what
// `sharc rates compare` prints with the documented options.
func TestRatesCompareDoc(t *testing.T) {
	doc, err := os.ReadFile("../../docs/change-rates.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, leaves := range []string{"cold", "hot"} {
		code, out, errOut := sharc(t, "rates", "compare", "--runs", "3", "--leaves", leaves,
			"--modes", "oracle,sitemap,uniform", "--strategies", "sharc-offline,sharc-online")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		// The gap column needs the oracle first; every row, with its gap,
		// must be in the doc under the table of these leaves.
		head := fmt.Sprintf("outdegree 400, %s leaves;", leaves)
		i := strings.Index(string(doc), head)
		if i < 0 {
			t.Fatalf("docs/change-rates.md has no table for %s leaves", leaves)
		}
		table := string(doc)[i:]
		if j := strings.Index(table[len(head):], "Synthetic site:"); j >= 0 {
			table = table[:len(head)+j]
		}
		rows := 0
		for _, line := range strings.Split(out, "\n") {
			if !strings.HasPrefix(line, "| sharc-") {
				continue
			}
			rows++
			if !strings.Contains(table, line+"\n") {
				t.Errorf("%s leaves: row not in docs/change-rates.md: %s", leaves, line)
			}
		}
		if rows != 6 {
			t.Errorf("%s leaves: %d rows, want 6:\n%s", leaves, rows, out)
		}
	}
}
