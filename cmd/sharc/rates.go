package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/changerate"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/sim"
	"github.com/sharc-archive/sharc/store"
	"go.uber.org/zap"
)

// runRates trains and evaluates change-rate predictors (thesis ch. 6) and
// compares schedules under predicted, true and no rates (Tables 4.3, 5.6–5.7):
//
//	sharc rates train --store DSN [--job NAME] [--alg c45|bayes|glm] -o model.json
//	sharc rates evaluate (--store DSN [--job NAME] | --sample pydoc|pgdoc) [--folds 10]
//	sharc rates compare [--modes oracle,sitemap,noisy,uniform] [--strategies sharc-online,sharc-selective]
func runRates(ctx context.Context, c *cli, args []string) error {
	usage := func() {
		fmt.Fprintln(c.stderr, `usage: sharc rates train --store DSN [--job NAME] [--alg c45|bayes|glm] -o model.json
       sharc rates evaluate (--store DSN [--job NAME] | --sample pydoc|pgdoc) [--folds 10] [--seed 2012]
       sharc rates compare [--modes oracle,sitemap,noisy,uniform] [--strategies sharc-online,sharc-selective] [--sigma 1] [--delta 5s]`)
	}
	if len(args) == 0 {
		usage()
		return errUsage
	}
	switch args[0] {
	case "train":
		return ratesTrain(ctx, c, args[1:])
	case "evaluate":
		return ratesEvaluate(ctx, c, args[1:])
	case "compare":
		return ratesCompare(ctx, c, args[1:])
	case "-h", "--help", "help":
		usage()
		return nil
	}
	usage()
	return fmt.Errorf("unknown subcommand %q (valid: train, evaluate, compare)", args[0])
}

// jobCatalog is the part of the store implementations that lists jobs (it
// is not in store.Store, which the crawler consumes).
type jobCatalog interface {
	Jobs(ctx context.Context) ([]store.Job, error)
	JobByName(ctx context.Context, name string) (store.Job, error)
}

// historySet is what the store's capture history teaches.
type historySet struct {
	Examples  []changerate.Example
	URLs      int // URLs fetched (200/304) in the selected captures
	Intervals int // observed intervals of the examples
	Changed   int // of which showed a change
	Captures  int
}

// storeHistory builds the training pages of a predictor from the store:
// every URL fetched in the selected captures (the job's, or all) with at
// least two fetches across them gives observation intervals (changed = the
// payload digest differs from the previous response's; a revisit record or
// a 304 means unchanged), labelled with the censored MLE of that history
// under the weak prior (§6.2) — the evidence the crawler's history source
// reads. Features come from the URL, its link depth in the frontier and the
// MIME type of its last response.
func storeHistory(ctx context.Context, st store.Store, jobName string, prior changerate.GammaPrior) (historySet, error) {
	cat, ok := st.(jobCatalog)
	if !ok {
		return historySet{}, fmt.Errorf("store %T cannot list jobs", st)
	}
	var jobs []store.Job
	if jobName != "" {
		j, err := cat.JobByName(ctx, jobName)
		if err != nil {
			return historySet{}, fmt.Errorf("job %q: %w", jobName, err)
		}
		jobs = []store.Job{j}
	} else {
		var err error
		if jobs, err = cat.Jobs(ctx); err != nil {
			return historySet{}, err
		}
	}
	var hs historySet
	captures := map[int64]bool{}
	type page struct {
		url   string
		mime  string
		depth int
	}
	pages := map[string]*page{}
	var order []string
	for _, j := range jobs {
		caps, err := st.Captures(ctx, j.ID)
		if err != nil {
			return historySet{}, fmt.Errorf("captures of job %s: %w", j.Name, err)
		}
		for _, cp := range caps {
			captures[cp.ID] = true
			hs.Captures++
			fr, err := st.Frontier(ctx, cp.ID)
			if err != nil {
				return historySet{}, fmt.Errorf("frontier of capture %d: %w", cp.ID, err)
			}
			depth := make(map[string]int, len(fr))
			for _, f := range fr {
				depth[f.URL] = len(f.HopPath)
			}
			recs, err := st.Records(ctx, cp.ID)
			if err != nil {
				return historySet{}, fmt.Errorf("records of capture %d: %w", cp.ID, err)
			}
			for _, r := range recs {
				if (r.RecordType != "response" && r.RecordType != "revisit") || (r.Status != 200 && r.Status != 304) {
					continue
				}
				p := pages[r.URL]
				if p == nil {
					p = &page{url: r.URL, depth: depth[r.URL]}
					pages[r.URL] = p
					order = append(order, r.URL)
				}
				if r.RecordType == "response" && r.MIME != "" {
					p.mime = r.MIME
				}
			}
		}
	}
	sort.Strings(order) // the store's order differs between backends
	hs.URLs = len(order)
	infos := make([]changerate.PageInfo, 0, len(order))
	for _, u := range order {
		recs, err := st.History(ctx, u)
		if err != nil {
			return historySet{}, fmt.Errorf("history of %s: %w", u, err)
		}
		var sel []store.Record
		for _, r := range recs {
			if captures[r.CaptureID] {
				sel = append(sel, r)
			}
		}
		p := pages[u]
		infos = append(infos, changerate.PageInfo{URL: u, MIME: p.mime, Depth: p.depth, History: observations(sel)})
	}
	hs.Examples = changerate.HistoryExamples(infos, prior, 1)
	for _, e := range hs.Examples {
		for _, o := range e.Page.History {
			hs.Intervals++
			if o.Changed {
				hs.Changed++
			}
		}
	}
	return hs, nil
}

// observations turns a URL's records, oldest first, into the intervals
// between successive fetches, as the crawler's history source does: a
// crawler only knows whether the page changed at least once in between.
func observations(recs []store.Record) []changerate.Observation {
	var obs []changerate.Observation
	var prev time.Time
	var digest string
	for _, r := range recs {
		if r.Status != 200 && r.Status != 304 {
			continue
		}
		changed := r.RecordType == "response" && digest != "" && r.PayloadDigest != digest
		if r.RecordType == "response" {
			digest = r.PayloadDigest
		}
		if !prev.IsZero() && r.Time.After(prev) {
			obs = append(obs, changerate.Observation{Interval: r.Time.Sub(prev), Changed: changed})
		}
		prev = r.Time
	}
	return obs
}

// readStoreHistory opens the store at dsn, reads its storeHistory with the
// weak prior of defRate (changes per hour) and closes it again: `rates
// train` and `rates evaluate` need nothing else from the store. It
// migrates first, so an empty file is a clear "no history" rather than a
// missing-table error.
func readStoreHistory(ctx context.Context, dsn, jobName string, defRate float64, log *zap.Logger) (historySet, error) {
	st, err := store.Open(ctx, dsn, log)
	if err != nil {
		return historySet{}, err
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		return historySet{}, err
	}
	return storeHistory(ctx, st, jobName, changerate.WeakPrior(defRate))
}

func ratesTrain(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("rates train", "")
	dsn := fs.String("store", "", "store DSN: sqlite:PATH or postgres://user@host/db (required)")
	jobName := fs.String("job", "", "train on this job's captures only (default: every job)")
	alg := fs.String("alg", changerate.AlgC45, "predictor: c45, bayes or glm")
	bins := fs.Int("bins", 10, "number of equal-frequency rate bins (§6.3)")
	output := fs.String("output", changerate.OutputBin, "rate answered: bin (the thesis) or mixture")
	defRate := fs.Float64("default-rate", 1.0/168, "prior rate (changes per hour) of the weak prior of the history labels")
	out := fs.String("o", "", "model file to write (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dsn == "" || *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	hs, err := readStoreHistory(ctx, *dsn, *jobName, *defRate, c.log)
	if err != nil {
		return err
	}
	if len(hs.Examples) == 0 {
		return fmt.Errorf("no URL with two fetches in %d captures (%d URLs): nothing to learn from", hs.Captures, hs.URLs)
	}
	p, err := changerate.Train(ctx, hs.Examples, changerate.PredictorOptions{Algorithm: *alg, Bins: *bins, Output: *output})
	if err != nil {
		return err
	}
	b, err := json.MarshalIndent(p, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(*out, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("write model: %w", err)
	}
	fmt.Fprintf(c.stdout, "trained %s on %d pages (%d captures, %d URLs, %d intervals, %.1f%% changed) -> %s\n",
		*alg, len(hs.Examples), hs.Captures, hs.URLs, hs.Intervals, 100*frac(hs.Changed, hs.Intervals), *out)
	fmt.Fprintln(c.stdout, "\n| Bin | Rates (per hour) | Representative |\n|---:|---|---:|")
	bs := p.Bins()
	for i, r := range bs.Reps {
		lo, hi := 0.0, math.Inf(1)
		if i > 0 {
			lo = bs.Edges[i-1]
		}
		if i < len(bs.Edges) {
			hi = bs.Edges[i]
		}
		fmt.Fprintf(c.stdout, "| %d | (%.3g, %.3g] | %.3g |\n", i, lo, hi, r)
	}
	return nil
}

func frac(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// loadPredictor reads a model written by `sharc rates train`.
func loadPredictor(path string) (*changerate.Predictor, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var p changerate.Predictor
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &p, nil
}

func ratesEvaluate(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("rates evaluate", "")
	dsn := fs.String("store", "", "evaluate on the capture history in this store")
	jobName := fs.String("job", "", "with --store: this job's captures only")
	sample := fs.String("sample", "", "evaluate on the synthetic history of an embedded site structure: "+strings.Join(changerate.SampleNames(), ", "))
	folds := fs.Int("folds", 10, "cross-validation folds")
	bins := fs.Int("bins", 10, "equal-frequency rate bins")
	seed := fs.Uint64("seed", 2012, "seed of the folds (and of the --sample history)")
	trueLabels := fs.Bool("true-labels", false, "with --sample: label pages with their true rates, not their history's estimate")
	defRate := fs.Float64("default-rate", 1.0/168, "with --store: prior rate (per hour) of the history labels")
	model := fs.String("model", "", "with --store: also score this trained model (sharc rates train) on every page")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if (*dsn == "") == (*sample == "") || fs.NArg() > 0 {
		fmt.Fprintln(c.stderr, "give exactly one of --store and --sample")
		fs.Usage()
		return errUsage
	}
	if *sample != "" {
		pages, err := changerate.EmbeddedSample(*sample)
		if err != nil {
			return err
		}
		rep, err := changerate.Evaluate(ctx, pages, changerate.EvalConfig{Seed: *seed, Folds: *folds, Bins: *bins, TrueLabels: *trueLabels})
		if err != nil {
			return err
		}
		return changerate.WriteMarkdown(c.stdout, *sample, rep)
	}
	hs, err := readStoreHistory(ctx, *dsn, *jobName, *defRate, c.log)
	if err != nil {
		return err
	}
	if len(hs.Examples) < 2 {
		return fmt.Errorf("%d pages with history in %d captures: too few to cross-validate", len(hs.Examples), hs.Captures)
	}
	k := *folds
	if k > len(hs.Examples) {
		c.log.Warn("fewer pages than folds; using one fold per page", zap.Int("pages", len(hs.Examples)), zap.Int("folds", k))
		k = len(hs.Examples)
	}
	rep := changerate.EvalReport{
		Config: changerate.EvalConfig{Seed: *seed, Folds: k, Bins: *bins},
		Pages:  len(hs.Examples), Intervals: hs.Intervals, ChangedFraction: frac(hs.Changed, hs.Intervals),
	}
	// The store has no offline features (images, tables, links are not
	// indexed), so only the online columns are measured; the order matches
	// WriteMarkdown's first columns.
	for _, alg := range []string{changerate.AlgBayes, changerate.AlgC45, changerate.AlgGLM} {
		cv, err := changerate.CrossValidate(ctx, hs.Examples, changerate.PredictorOptions{Algorithm: alg, Bins: *bins}, k, *seed)
		if err != nil {
			return fmt.Errorf("evaluate %s: %w", alg, err)
		}
		rep.Results = append(rep.Results, cv)
	}
	fmt.Fprintf(c.stdout, "Store %s: %d captures, %d URLs fetched, %d with history. Online features only (the store keeps no offline ones); the third column is the GLM, not offline Bayes.\n\n",
		store.Redact(*dsn), hs.Captures, hs.URLs, len(hs.Examples))
	if err := changerate.WriteMarkdown(c.stdout, "store", rep); err != nil {
		return err
	}
	if *model != "" {
		p, err := loadPredictor(*model)
		if err != nil {
			return err
		}
		var ll float64
		n := 0
		for _, e := range hs.Examples {
			est, _ := p.Rate(ctx, e.Page)
			for _, o := range e.Page.History {
				ll += intervalLogLoss(est.Lambda, o)
				n++
			}
		}
		fmt.Fprintf(c.stdout, "\nModel %s on all %d pages (in-sample if trained on this store): log-loss %.4f over %d intervals\n", *model, len(hs.Examples), ll/float64(max(n, 1)), n)
	}
	return nil
}

func ratesCompare(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("rates compare", "")
	def := sim.DefaultConfig()
	modes := fs.String("modes", strings.Join(sim.RateModes(), ","), "rates told to the strategy: "+strings.Join(sim.RateModes(), ", "))
	strategies := fs.String("strategies", "sharc-online,sharc-selective", "strategies (single-visit ones are scored by blur, visit-revisit ones by incoherence)")
	sigma := fs.String("sigma", "1", "comma-separated log-normal σ of the noisy mode")
	delta := fs.Duration("delta", 5*time.Second, "wall-clock time unit Δ (politeness delay) for the sitemap categories; < 1h")
	size := fs.Int("size", def.Size, "pages of the synthetic site")
	skew := fs.Float64("skew", def.Skew, "skew of the change rates")
	outdegree := fs.Int("outdegree", def.Outdegree, "children per page")
	leaves := fs.String("leaves", "cold", "cold or hot")
	tau := fs.Float64("tau", def.Tau, "τ of the visit-revisit strategies")
	seed := fs.Uint64("seed", def.Seed, "seed of the change histories and of the noise")
	runs := fs.Int("runs", 3, "change histories (and noise draws) averaged")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	hot, err := parseLeaves(*leaves)
	if err != nil {
		return err
	}
	var sigmas []float64
	for _, s := range strings.Split(*sigma, ",") {
		var v float64
		if _, err := fmt.Sscan(strings.TrimSpace(s), &v); err != nil {
			return fmt.Errorf("--sigma: %q is not a number", s)
		}
		sigmas = append(sigmas, v)
	}
	if *runs < 1 {
		return fmt.Errorf("--runs must be at least 1")
	}
	reg := scheduler.NewRegistry()
	cfg := def
	cfg.Size, cfg.Skew, cfg.Outdegree, cfg.HotLeaves, cfg.Tau, cfg.Seed = *size, *skew, *outdegree, hot, *tau, *seed
	fmt.Fprintf(c.stdout, "Synthetic site: n = %d, skew %g, outdegree %d, %s leaves; Δ = %v for the sitemap categories (Def. 6.1, τ = 0.95); %d runs (change histories; noise redrawn per run).\n\n",
		cfg.Size, cfg.Skew, cfg.Outdegree, *leaves, *delta, *runs)
	fmt.Fprintln(c.stdout, "| Strategy | Metric | Rates | Expected | Actual | Gap to oracle (actual) |\n|---|---|---|---:|---:|---:|")
	for _, strat := range strings.Split(*strategies, ",") {
		strat = strings.TrimSpace(strat)
		if !reg.Has(strat) {
			return fmt.Errorf("unknown strategy %q (valid: %s)", strat, strings.Join(reg.Names(), ", "))
		}
		metric := "avg blur"
		if reg.VisitRevisit(strat) {
			metric = "incoherence"
		}
		var oracle float64
		haveOracle := false
		for _, mode := range strings.Split(*modes, ",") {
			mode = strings.TrimSpace(mode)
			ss := []float64{0}
			if mode == sim.RatesNoisy {
				ss = sigmas
			}
			for _, s := range ss {
				exp, act, err := compareOne(ctx, reg, cfg, strat, sim.RatesConfig{Mode: mode, Sigma: s, Delta: *delta}, *runs)
				if err != nil {
					return err
				}
				if mode == sim.RatesOracle {
					oracle, haveOracle = act, true
				}
				label := mode
				if mode == sim.RatesNoisy {
					label = fmt.Sprintf("noisy σ=%g", s)
				}
				gap := "–"
				if haveOracle && mode != sim.RatesOracle {
					gap = fmt.Sprintf("%+.1f%%", 100*(act-oracle)/oracle)
				}
				fmt.Fprintf(c.stdout, "| %s | %s | %s | %.4g | %.4g | %s |\n", strat, metric, label, exp, act, gap)
			}
		}
	}
	return nil
}

// compareOne averages a strategy's quality over runs: run r uses change
// history seed+r and, for noisy rates, noise seed+r.
func compareOne(ctx context.Context, reg *scheduler.Registry, cfg sim.Config, strategy string, rc sim.RatesConfig, runs int) (exp, act float64, err error) {
	for r := range runs {
		cfg := cfg
		cfg.Strategy, cfg.Seed, cfg.Runs = strategy, cfg.Seed+uint64(r), 1
		rc.Seed = cfg.Seed
		res, err := sim.RunBelieving(ctx, reg, cfg, rc)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return 0, 0, err
			}
			return 0, 0, fmt.Errorf("%s with %s rates: %w", strategy, rc.Mode, err)
		}
		exp += res.ExpectedAvgBlur + res.ExpectedIncoherence
		act += res.ActualAvgBlur + res.ActualIncoherence
	}
	return exp / float64(runs), act / float64(runs), nil
}

// intervalLogLoss is the negative log-likelihood of one observed interval
// under rate lambda (per hour), P(change) = 1 − e^{−λΔ} clipped to
// [1e-6, 1−1e-6] as in changerate.CVReport.LogLoss.
func intervalLogLoss(lambda float64, o changerate.Observation) float64 {
	p := -math.Expm1(-lambda * o.Interval.Hours())
	p = math.Min(math.Max(p, 1e-6), 1-1e-6)
	if o.Changed {
		return -math.Log(p)
	}
	return -math.Log1p(-p)
}
