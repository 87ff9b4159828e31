package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/configs"
	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/research/sim"
	"github.com/sharc-archive/sharc/research/testsite"
	"github.com/sharc-archive/sharc/scheduler"
)

// runExperiment dispatches `sharc experiment NAME`.
func runExperiment(ctx context.Context, c *cli, args []string) error {
	switch {
	case len(args) > 0 && isHelp(args[0]):
		fmt.Fprintln(c.stdout, commandUsage("experiment"))
		return flag.ErrHelp
	case len(args) == 0:
		fmt.Fprintln(c.stderr, commandUsage("experiment"))
		return errUsage
	case args[0] == "refresh":
		return runRefreshExperiment(ctx, c, args[1:])
	case args[0] == "recurring":
		return runRecurringExperiment(ctx, c, args[1:])
	case args[0] != "live":
		return usagef("unknown experiment %q (valid: live, recurring, refresh)", args[0])
	}
	return runLiveExperiment(ctx, c, args[1:])
}

// liveResult is one capture of the live comparison (one element of
// --format json's array).
type liveResult struct {
	Rates          string  `json:"rates"`
	Strategy       string  `json:"strategy"`
	Pages          int     `json:"pages"`
	Revisited      int     `json:"revisited"`
	TrueIncoherent int     `json:"true_incoherence"`
	Seconds        float64 `json:"seconds"`
}

// runLiveExperiment reproduces the idea of the thesis' Table 5.8 on the
// project's own changing site: the same site (same seed, same time unit) is
// captured once per strategy in visit-revisit mode, and the actual
// incoherence is counted from the site's true change log at the instants
// the site answered each visit and revisit.
func runLiveExperiment(ctx context.Context, c *cli, args []string) error {
	f, err := parseLiveFlags(c, args)
	if err != nil {
		return err
	}
	hot, err := parseLeaves(f.leaves)
	if err != nil {
		return err
	}
	reg := scheduler.NewRegistry()
	// Every choice is checked before the first capture, which empties its
	// output directory and runs for a minute.
	if err := f.check(reg); err != nil {
		return err
	}
	// With JSON on stdout, the captures' progress lines go to stderr.
	capture := c
	if f.format == "json" {
		capture = &cli{stdout: c.stderr, stderr: c.stderr, log: c.log}
	}
	var results []liveResult
	for _, rates := range strings.Split(f.rates, ",") {
		for _, s := range strings.Split(f.strategies, ",") {
			r, err := f.captureArm(ctx, capture, reg, hot, rates, strings.TrimSpace(s))
			if err != nil {
				return err
			}
			results = append(results, r)
		}
	}
	return f.print(c, results)
}

// liveFlags are the flags of `sharc experiment live`.
type liveFlags struct {
	siteFlags
	jobPath, out, strategies, format, rates string
	seed                                    uint64
}

// siteFlags shape the test site an experiment captures: its size, links
// per page, change-rate skew and where its hot pages are.
type siteFlags struct {
	pages, outdegree int
	skew             float64
	leaves           string
}

// add defines the site flags on fs, with pages as --pages's default.
func (s *siteFlags) add(fs *flagSet, pages int) {
	fs.IntVar(&s.pages, "pages", pages, "pages of the test site")
	fs.IntVar(&s.outdegree, "outdegree", 10, "links per page")
	fs.Float64Var(&s.skew, "skew", 1.2, "change-rate skew")
	fs.StringVar(&s.leaves, "leaves", "hot", "cold (root hottest) or hot (leaves hottest)")
}

func parseLiveFlags(c *cli, args []string) (*liveFlags, error) {
	fs := c.flags("experiment live", "")
	f := &liveFlags{}
	fs.StringVar(&f.jobPath, "job", configs.DemoJobPath, "job file (its politeness delay is the time unit; default: configs/demo.yaml, or its copy built in)")
	fs.StringVar(&f.out, "out", "experiment-output", "output directory (one subdirectory per strategy, emptied first)")
	fs.StringVar(&f.strategies, "strategies", "sharc-selective-online,hl-lifo,dfs-lifo", "comma-separated visit-revisit strategies")
	// Hot leaves by default: at a few hundred pages (what a live run of a
	// minute can fetch twice) the simulator shows the thesis' margins for
	// hot leaves, while with cold leaves DFS-LIFO catches up (see
	// docs/thesis-reproduction.md).
	f.siteFlags.add(fs, 300)
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the site's changes")
	fs.StringVar(&f.format, "format", "markdown", "markdown, text or json (one object per capture; progress goes to stderr)")
	fs.StringVar(&f.rates, "rates", "sitemap,oracle", "comma-separated rate sources to compare: sitemap (the job's cascade: sitemap changefreq, Def. 6.1) and/or oracle (the site's true rates)")
	if err := parseFlagsOnly(fs, args); err != nil {
		return nil, err
	}
	return f, nil
}

// check refuses an unknown format, rate source or strategy and a job
// that does not load.
func (f *liveFlags) check(reg *scheduler.Registry) error {
	if f.format != "markdown" && f.format != "text" && f.format != "json" {
		return usagef("--format must be markdown, text or json, got %q", f.format)
	}
	for _, rates := range strings.Split(f.rates, ",") {
		if rates != "sitemap" && rates != "oracle" {
			return usagef("unknown --rates %q (valid: sitemap, oracle)", rates)
		}
	}
	for _, s := range strings.Split(f.strategies, ",") {
		if s = strings.TrimSpace(s); !reg.VisitRevisit(s) {
			return usagef("strategy %q is not a visit-revisit strategy (valid: %s)", s, strings.Join(visitRevisitNames(reg), ", "))
		}
	}
	_, err := loadDemoJob(f.jobPath, reg)
	return err
}

// captureArm captures the test site once with strategy s and rate source
// rates, and counts its actual incoherence.
func (f *liveFlags) captureArm(ctx context.Context, capture *cli, reg *scheduler.Registry, hot bool, rates, s string) (liveResult, error) {
	j, err := loadDemoJob(f.jobPath, reg)
	if err != nil {
		return liveResult{}, err
	}
	j.Scheduler.Strategy = s
	cfg := testsite.Config{Pages: f.pages, Outdegree: f.outdegree, Skew: f.skew, HotLeaves: hot, Seed: f.seed}
	var opts crawler.Options
	if rates == "oracle" {
		truth, err := sim.NewSite(cfg.Pages, cfg.Outdegree, cfg.Skew, cfg.HotLeaves)
		if err != nil {
			return liveResult{}, err
		}
		opts.Rates = oracleRates{rates: truth.Rates, unit: j.Politeness.Delay}
	}
	site, st, stats, err := captureTestSite(ctx, capture, j, reg, cfg, opts, filepath.Join(f.out, rates+"-"+s))
	if err != nil {
		return liveResult{}, err
	}
	st.Close()
	r := liveResult{Strategy: s, Rates: rates, Pages: f.pages, Seconds: stats.Elapsed.Seconds()}
	r.Revisited, r.TrueIncoherent = liveIncoherence(site)
	return r, nil
}

// print writes the results as --format asks.
func (f *liveFlags) print(c *cli, results []liveResult) error {
	switch f.format {
	case "json":
		enc := json.NewEncoder(c.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(results)
	case "markdown":
		fmt.Fprintf(c.stdout, "\n| rates | strategy | pages | pages fetched twice | actual incoherence (site's change log) | capture time |\n|---|---|---:|---:|---:|---:|\n")
		for _, r := range results {
			fmt.Fprintf(c.stdout, "| %s | %s | %d | %d | %d | %.1f s |\n", r.Rates, r.Strategy, r.Pages, r.Revisited, r.TrueIncoherent, r.Seconds)
		}
		fmt.Fprintf(c.stdout, "\nCommand: `sharc experiment live --pages %d --outdegree %d --skew %g --leaves %s --seed %d --rates %s` (time unit = the job's politeness delay)\n",
			f.pages, f.outdegree, f.skew, f.leaves, f.seed, f.rates)
		return nil
	}
	for _, r := range results {
		fmt.Fprintf(c.stdout, "%-8s %-26s pages %d, fetched twice %d, actual incoherence %d (%.1fs)\n", r.Rates, r.Strategy, r.Pages, r.Revisited, r.TrueIncoherent, r.Seconds)
	}
	return nil
}

// liveIncoherence counts, from the site's request log and true change log,
// the pages fetched twice and those that changed (or appeared or vanished)
// between the two fetches. A page fetched once (its visit and revisit
// collapsed, Def. 5.5) is coherent by construction.
func liveIncoherence(site *testsite.Site) (revisited, incoherent int) {
	served := map[string][]testsite.RequestLog{}
	for _, r := range site.Requests() {
		if _, ok := testsite.PageIndex(r.Path); ok && r.Method == http.MethodGet {
			served[r.Path] = append(served[r.Path], r)
		}
	}
	for path, reqs := range served {
		if len(reqs) < 2 {
			continue
		}
		revisited++
		k, _ := testsite.PageIndex(path)
		v, r := reqs[0].Time, reqs[len(reqs)-1].Time
		if len(site.PageChanges(k, v, r)) > 0 || site.Exists(k, v) != site.Exists(k, r) {
			incoherent++
		}
	}
	return revisited, incoherent
}

// oracleRates answers each test-site page's true rate λ_k (changes per
// time unit), converted to changes per hour: the upper bound of what any
// change-rate predictor could give the scheduler.
type oracleRates struct {
	rates []float64 // λ_k per time unit, from sim.NewSite as the test site uses
	unit  time.Duration
}

func (o oracleRates) Rate(_ context.Context, p changerate.PageInfo) (changerate.Estimate, bool) {
	u, err := url.Parse(p.URL)
	if err != nil {
		return changerate.Estimate{}, false
	}
	k, ok := testsite.PageIndex(u.Path)
	if !ok || k >= len(o.rates) {
		return changerate.Estimate{}, false
	}
	return changerate.Estimate{Lambda: o.rates[k] / o.unit.Hours(), Evidence: 1, Source: "oracle"}, true
}

func visitRevisitNames(reg *scheduler.Registry) []string {
	var out []string
	for _, n := range reg.Names() {
		if reg.VisitRevisit(n) {
			out = append(out, n)
		}
	}
	return out
}
