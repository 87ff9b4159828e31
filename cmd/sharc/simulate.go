package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/research/sim"
	"github.com/sharc-archive/sharc/scheduler"
)

// runSimulate simulates one capture of a synthetic site, or reproduces the
// thesis' tables (--table).
func runSimulate(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("simulate", "")
	def := sim.DefaultConfig()
	reg := scheduler.NewRegistry()
	valid := append(reg.Names(), sim.OP)
	strategy := fs.String("strategy", "sharc-online", "strategy: "+strings.Join(valid, ", "))
	size := fs.Int("size", def.Size, "number of pages n+1")
	skew := fs.Float64("skew", def.Skew, "skew of the change rates λ_i = 1/(i+1)^skew, > 0")
	outdegree := fs.Int("outdegree", def.Outdegree, "children per page of the site tree")
	leaves := fs.String("leaves", "cold", "cold (root hottest) or hot (leaves hottest)")
	slowdown := fs.Float64("slowdown", def.Slowdown, "politeness delay Δ in time units, > 0")
	tau := fs.Float64("tau", def.Tau, "threshold τ ∈ (0,1) of the visit-revisit strategies")
	seed := fs.Uint64("seed", def.Seed, "seed of the change histories")
	sizeErr := fs.Float64("size-error", 0, "relative error of the size estimate told to online strategies, > -1")
	runs := fs.Int("runs", 1, "change histories averaged for the actual blur")
	format := fs.String("format", "json", "output: json or text (markdown with --table)")
	table := fs.String("table", "", "reproduce a thesis table: an ID such as 4.4, 4.4a, or all")
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	switch *format {
	case "json", "text", "markdown":
	default:
		return usagef("--format must be json, text or markdown, got %q", *format)
	}
	if *table != "" {
		return printTables(ctx, c, *table, *format)
	}
	hot, err := parseLeaves(*leaves)
	if err != nil {
		return err
	}
	if *strategy != sim.OP && !reg.Has(*strategy) {
		return usagef("unknown strategy %q (valid: %s)", *strategy, strings.Join(valid, ", "))
	}
	cfg := sim.Config{
		Strategy: *strategy, Size: *size, Skew: *skew, Outdegree: *outdegree, HotLeaves: hot,
		Slowdown: *slowdown, Tau: *tau, Seed: *seed, SizeError: *sizeErr, Runs: *runs,
	}
	if err := cfg.Validate(); err != nil {
		return &usageError{err: err} // every field is a flag's value
	}
	var res sim.Result
	if reg.VisitRevisit(*strategy) {
		res, err = sim.RunRevisit(ctx, reg, cfg)
	} else {
		res, err = sim.Run(ctx, reg, cfg)
	}
	if err != nil {
		return err
	}
	c.log.Debug("simulated", zap.String("strategy", res.Strategy), zap.Int("size", res.Size), zap.Float64("elapsed_ms", res.ElapsedMS))
	if *format == "json" {
		enc := json.NewEncoder(c.stdout)
		return enc.Encode(res)
	}
	return printResultText(c, res)
}

func printResultText(c *cli, r sim.Result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "strategy %s, %d pages (estimated %d), skew %g, outdegree %d, %s leaves, slow-down %g, seed %d\n",
		r.Strategy, r.Size, r.EstimatedSize, r.Skew, r.Outdegree, r.Leaves, r.Slowdown, r.Seed)
	if r.ExpectedAvgBlur != 0 || r.ActualAvgBlur != 0 {
		fmt.Fprintf(&b, "expected average blur per page %.4f, actual %.4f (%d histories)\n", r.ExpectedAvgBlur, r.ActualAvgBlur, r.Runs)
	}
	if r.ExpectedIncoherence != 0 || r.ActualIncoherence != 0 || r.Hopeless != 0 {
		fmt.Fprintf(&b, "expected incoherence %.4f, actual %.4f, hopeless pages %d\n", r.ExpectedIncoherence, r.ActualIncoherence, r.Hopeless)
	}
	fmt.Fprintf(&b, "elapsed %.1f ms\n", r.ElapsedMS)
	_, err := fmt.Fprint(c.stdout, b.String())
	return err
}

// printTables builds the selected tables and prints them as Markdown (or
// as a JSON array of tables).
func printTables(ctx context.Context, c *cli, id, format string) error {
	sel, err := sim.SelectTables(id)
	if err != nil {
		return &usageError{err: err} // an unknown --table
	}
	var tables []sim.Table
	for _, s := range sel {
		c.log.Info("building table", zap.String("table", s.ID))
		t, err := s.Build(ctx)
		if err != nil {
			return fmt.Errorf("table %s: %w", s.ID, err)
		}
		tables = append(tables, t)
	}
	if format == "json" {
		return json.NewEncoder(c.stdout).Encode(tables)
	}
	var b strings.Builder
	if id == "all" {
		b.WriteString(reproductionHeader)
	}
	ch5 := false
	for i, t := range tables {
		if id == "all" && i == 0 {
			b.WriteString("## Chapter 4: single-visit strategies (average blur per page)\n\n")
		}
		if id == "all" && !ch5 && strings.HasPrefix(t.ID, "5.") {
			ch5 = true
			b.WriteString("## Chapter 5: visit-revisit strategies\n\n")
		}
		b.WriteString(t.Markdown())
		b.WriteString("\n")
	}
	if id == "all" && !ch5 {
		b.WriteString("## Chapter 5: visit-revisit strategies\n\nNo chapter-5 table is reproduced yet (research/sim/tables_ch5.go).\n\n")
	}
	if id == "all" {
		b.WriteString(reproductionNotes)
	}
	_, err = fmt.Fprint(c.stdout, b.String())
	return err
}

// reproductionNotes is the discussion closing docs/thesis-reproduction.md;
// it lives beside the code so regenerating the document keeps it.
//
//go:embed simulate_notes.md
var reproductionNotes string

// reproductionHeader opens docs/thesis-reproduction.md, which is generated
// by `sharc simulate --table all --format markdown`.
const reproductionHeader = `# Reproduction of the thesis' simulation tables

Generated by ` + "`go run ./cmd/sharc simulate --table all --format markdown > docs/thesis-reproduction.md`" + `;
do not edit by hand. Each table gives, per column, the thesis' number (Denev
2012), ours, and the relative difference Δ% = (ours − thesis)/thesis. The
discussion of the differences follows the tables.

`
