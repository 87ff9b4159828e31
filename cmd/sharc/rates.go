package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/research/sim"
	"github.com/sharc-archive/sharc/scheduler"
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
	if len(args) == 0 {
		fmt.Fprintln(c.stderr, commandUsage("rates"))
		return errUsage
	}
	switch args[0] {
	case "train":
		return ratesTrain(ctx, c, args[1:])
	case "evaluate":
		return ratesEvaluate(ctx, c, args[1:])
	case "compare":
		return ratesCompare(ctx, c, args[1:])
	}
	if isHelp(args[0]) {
		fmt.Fprintln(c.stdout, commandUsage("rates"))
		return flag.ErrHelp
	}
	return usagef("unknown subcommand %q (valid: %s)", args[0], strings.Join(ratesSubcommands, ", "))
}

// readStoreHistory opens the store at dsn, reads its change history
// (changerate.StoreHistory, with the crawler's definition of a change under
// signal, "" for the job's own) with the weak prior of defRate (changes
// per hour) and closes it again: `rates
// train` and `rates evaluate` need nothing else from the store. It
// migrates first, so an empty file is a clear "no history" rather than a
// missing-table error.
func readStoreHistory(ctx context.Context, dsn, jobName string, defRate float64, signal string, log *zap.Logger) (changerate.StoreHistorySet, error) {
	st, err := openExistingStore(ctx, dsn, log)
	if err != nil {
		return changerate.StoreHistorySet{}, err
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		return changerate.StoreHistorySet{}, err
	}
	hst, ok := st.(changerate.HistoryStore)
	if !ok {
		return changerate.StoreHistorySet{}, fmt.Errorf("store %T cannot list jobs", st)
	}
	return changerate.StoreHistory(ctx, hst, jobName, changerate.WeakPrior(defRate), changerate.HistoryOptions{Signal: signal})
}

// changeSignalFlag declares --change-signal: what counts as a change in
// the history; by default the newest selected capture's job says
// (capture.change_signal), as it does for that job's crawler.
func changeSignalFlag(fs *flagSet) *string {
	return fs.String("change-signal", "", "what counts as a change: payload or text (default: capture.change_signal of the newest selected capture's job)")
}

// checkChangeSignal refuses an unknown --change-signal.
func checkChangeSignal(s string) error {
	if s != "" && s != changerate.SignalPayload && s != changerate.SignalText {
		return usagef("unknown --change-signal %q (valid: %s, %s)", s, changerate.SignalPayload, changerate.SignalText)
	}
	return nil
}

func ratesTrain(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("rates train", "")
	dsn := fs.String("store", "", "store DSN: sqlite:PATH or postgres://user@host/db (required)")
	jobName := fs.String("job", "", "train on this job's captures only (default: every job)")
	alg := fs.String("alg", changerate.AlgC45, "predictor: c45, bayes or glm")
	bins := fs.Int("bins", 10, "number of equal-frequency rate bins (§6.3)")
	output := fs.String("output", changerate.OutputBin, "rate answered: bin (the thesis) or mixture")
	defRate := fs.Float64("default-rate", 1.0/168, "prior rate (changes per hour) of the weak prior of the history labels")
	signal := changeSignalFlag(fs)
	out := fs.String("o", "", "model file to write (required)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dsn == "" || *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	if algs := []string{changerate.AlgC45, changerate.AlgBayes, changerate.AlgGLM}; !slices.Contains(algs, *alg) {
		return usagef("unknown --alg %q (valid: %s)", *alg, strings.Join(algs, ", "))
	}
	if outs := []string{changerate.OutputBin, changerate.OutputMixture}; !slices.Contains(outs, *output) {
		return usagef("unknown --output %q (valid: %s)", *output, strings.Join(outs, ", "))
	}
	if err := checkChangeSignal(*signal); err != nil {
		return err
	}
	hs, err := readStoreHistory(ctx, *dsn, *jobName, *defRate, *signal, c.log)
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
		*alg, len(hs.Examples), hs.Captures, hs.URLs, hs.Intervals, 100*hs.ChangedFraction(), *out)
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
	signal := changeSignalFlag(fs)
	model := fs.String("model", "", "with --store: also score this trained model (sharc rates train) on every page")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if (*dsn == "") == (*sample == "") || fs.NArg() > 0 {
		fmt.Fprintln(c.stderr, "give exactly one of --store and --sample")
		fs.Usage()
		return errUsage
	}
	if *sample != "" && !slices.Contains(changerate.SampleNames(), *sample) {
		return usagef("unknown --sample %q (valid: %s)", *sample, strings.Join(changerate.SampleNames(), ", "))
	}
	if *sample != "" {
		rep, label, err := changerate.EvaluateSample(ctx, *sample, changerate.EvalConfig{Seed: *seed, Folds: *folds, Bins: *bins, TrueLabels: *trueLabels})
		if err != nil {
			return err
		}
		return changerate.WriteMarkdown(c.stdout, label, rep)
	}
	if err := checkChangeSignal(*signal); err != nil {
		return err
	}
	hs, err := readStoreHistory(ctx, *dsn, *jobName, *defRate, *signal, c.log)
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
	rep, err := changerate.EvaluateStore(ctx, hs, changerate.EvalConfig{Seed: *seed, Folds: k, Bins: *bins})
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "Store %s: %d captures, %d URLs fetched, %d with history. Online features only (the store keeps no offline ones); the third column is the GLM, not offline Bayes.\n\n",
		store.Redact(*dsn), hs.Captures, hs.URLs, len(hs.Examples))
	if err := changerate.WriteMarkdown(c.stdout, "store", rep); err != nil {
		return err
	}
	if *model != "" {
		p, err := changerate.LoadPredictor(*model)
		if err != nil {
			return err
		}
		ll, n := p.LogLoss(ctx, hs.Examples)
		fmt.Fprintf(c.stdout, "\nModel %s on all %d pages (in-sample if trained on this store): log-loss %.4f over %d intervals\n", *model, len(hs.Examples), ll, n)
	}
	return nil
}

// ratesCompare is `sharc rates compare`: the expected and actual score of
// each strategy when told each kind of rates, on the simulator's site.
func ratesCompare(ctx context.Context, c *cli, args []string) error {
	f, err := parseCompareFlags(c, args)
	if err != nil {
		return err
	}
	hot, err := parseLeaves(f.leaves)
	if err != nil {
		return err
	}
	f.cfg.HotLeaves = hot
	sigmas, err := compareSigmas(f.sigma)
	if err != nil {
		return err
	}
	if f.runs < 1 {
		return usagef("--runs must be at least 1")
	}
	reg := scheduler.NewRegistry()
	// Every choice is checked before the table's first line is printed.
	if err := f.checkChoices(reg); err != nil {
		return err
	}
	cfg := f.cfg
	fmt.Fprintf(c.stdout, "Synthetic site: n = %d, skew %g, outdegree %d, %s leaves; Δ = %v for the sitemap categories (Def. 6.1, τ = 0.95); %d runs (change histories; noise redrawn per run).\n\n",
		cfg.Size, cfg.Skew, cfg.Outdegree, f.leaves, f.delta, f.runs)
	fmt.Fprintln(c.stdout, "| Strategy | Metric | Rates | Expected | Actual | Gap to oracle (actual) |\n|---|---|---|---:|---:|---:|")
	for _, strat := range strings.Split(f.strategies, ",") {
		if err := f.compareRows(ctx, c, reg, strings.TrimSpace(strat), sigmas); err != nil {
			return err
		}
	}
	return nil
}

// compareFlags are the flags of `sharc rates compare`; cfg holds the
// site's.
type compareFlags struct {
	modes, strategies, sigma, leaves string
	delta                            time.Duration
	runs                             int
	cfg                              sim.Config
}

func parseCompareFlags(c *cli, args []string) (*compareFlags, error) {
	fs := c.flags("rates compare", "")
	def := sim.DefaultConfig()
	f := &compareFlags{cfg: def}
	fs.StringVar(&f.modes, "modes", strings.Join(sim.RateModes(), ","), "rates told to the strategy: "+strings.Join(sim.RateModes(), ", "))
	fs.StringVar(&f.strategies, "strategies", "sharc-online,sharc-selective", "strategies (single-visit ones are scored by blur, visit-revisit ones by incoherence)")
	fs.StringVar(&f.sigma, "sigma", "1", "comma-separated log-normal σ of the noisy mode")
	fs.DurationVar(&f.delta, "delta", 5*time.Second, "wall-clock time unit Δ (politeness delay) for the sitemap categories; < 1h")
	fs.IntVar(&f.cfg.Size, "size", def.Size, "pages of the synthetic site")
	fs.Float64Var(&f.cfg.Skew, "skew", def.Skew, "skew of the change rates")
	fs.IntVar(&f.cfg.Outdegree, "outdegree", def.Outdegree, "children per page")
	fs.StringVar(&f.leaves, "leaves", "cold", "cold or hot")
	fs.Float64Var(&f.cfg.Tau, "tau", def.Tau, "τ of the visit-revisit strategies")
	fs.Uint64Var(&f.cfg.Seed, "seed", def.Seed, "seed of the change histories and of the noise")
	fs.IntVar(&f.runs, "runs", 3, "change histories (and noise draws) averaged")
	if err := parseFlagsOnly(fs, args); err != nil {
		return nil, err
	}
	return f, nil
}

// compareSigmas parses --sigma.
func compareSigmas(list string) ([]float64, error) {
	var sigmas []float64
	for _, s := range strings.Split(list, ",") {
		var v float64
		if _, err := fmt.Sscan(strings.TrimSpace(s), &v); err != nil {
			return nil, usagef("--sigma: %q is not a number", s)
		}
		sigmas = append(sigmas, v)
	}
	return sigmas, nil
}

// checkChoices refuses unknown rate modes and strategies.
func (f *compareFlags) checkChoices(reg *scheduler.Registry) error {
	for _, m := range strings.Split(f.modes, ",") {
		if !slices.Contains(sim.RateModes(), strings.TrimSpace(m)) {
			return usagef("unknown --modes %q (valid: %s)", m, strings.Join(sim.RateModes(), ", "))
		}
	}
	for _, s := range strings.Split(f.strategies, ",") {
		if !reg.Has(strings.TrimSpace(s)) {
			return usagef("unknown strategy %q (valid: %s)", s, strings.Join(reg.Names(), ", "))
		}
	}
	return nil
}

// compareRows prints strategy strat's rows, one per rate mode (and σ of
// the noisy mode), with the gap to the oracle's actual score.
func (f *compareFlags) compareRows(ctx context.Context, c *cli, reg *scheduler.Registry, strat string, sigmas []float64) error {
	if !reg.Has(strat) {
		return fmt.Errorf("unknown strategy %q (valid: %s)", strat, strings.Join(reg.Names(), ", "))
	}
	metric := "avg blur"
	if reg.VisitRevisit(strat) {
		metric = "incoherence"
	}
	var oracle float64
	haveOracle := false
	for _, mode := range strings.Split(f.modes, ",") {
		mode = strings.TrimSpace(mode)
		ss := []float64{0}
		if mode == sim.RatesNoisy {
			ss = sigmas
		}
		for _, s := range ss {
			exp, act, err := sim.AverageBelieving(ctx, reg, f.cfg, strat, sim.RatesConfig{Mode: mode, Sigma: s, Delta: f.delta}, f.runs)
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
	return nil
}
