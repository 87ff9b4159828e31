package sim

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/sharc-archive/sharc/scheduler"
)

// Table is one results table of the thesis (Denev 2012) with the thesis'
// published numbers beside the numbers this simulator reproduces.
type Table struct {
	// ID is the thesis' table number, e.g. "4.4".
	ID string
	// Title is a short caption.
	Title string
	// Note says what the table varies and how it was reproduced (runs,
	// seeds, parameters), in one or two sentences.
	Note string
	// RowHeader names the row label column (e.g. "strategy").
	RowHeader string
	// Columns names the value columns (e.g. skew or size settings).
	Columns []string
	// Rows holds one row per strategy / flavour.
	Rows []Row
}

// Row is one row of a Table. Thesis and Got have one entry per column;
// NaN marks a cell the thesis leaves empty or that was not reproduced.
type Row struct {
	Label  string
	Thesis []float64
	Got    []float64
}

// strategyLabel names a scheduler strategy and the label the thesis prints
// for it.
type strategyLabel struct{ name, label string }

// strategySweep is what the sensitivity tables of chapters 4 and 5 have in
// common: one row per strategy, one column per value of a parameter varied
// over a base configuration, each cell a simulation averaged over several
// change histories. The chapters differ only in their strategies, how many
// histories a cell averages, which figure a cell shows and how the thesis
// lays out its numbers, so those come in as fields.
type strategySweep struct {
	id, title, note, param string
	base                   Config
	values                 []float64
	set                    func(c *Config, v float64)
	strategies             []strategyLabel
	// runs is the number of change histories a cell of this site size
	// averages.
	runs func(size int) int
	// measure simulates one cell and returns the figure the table shows.
	measure func(ctx context.Context, reg *scheduler.Registry, c Config) (float64, error)
	// thesis returns the published numbers of strategies[i], one per value.
	thesis func(i int) []float64
}

func (s strategySweep) build(ctx context.Context) (Table, error) {
	reg := scheduler.NewRegistry()
	t := Table{ID: s.id, Title: s.title, Note: s.note, RowHeader: "strategy"}
	for _, v := range s.values {
		t.Columns = append(t.Columns, s.param+"="+strconv.FormatFloat(v, 'f', -1, 64))
	}
	for i, st := range s.strategies {
		row := Row{Label: st.label, Thesis: s.thesis(i)}
		for _, v := range s.values {
			c := s.base
			c.Strategy = st.name
			s.set(&c, v)
			c.Runs = s.runs(c.Size)
			got, err := s.measure(ctx, reg, c)
			if err != nil {
				return Table{}, fmt.Errorf("table %s, %s, %s=%g: %w", s.id, st.name, s.param, v, err)
			}
			row.Got = append(row.Got, got)
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

// RelDiff is the relative difference (got − thesis) / |thesis|, or NaN when
// either is missing or the thesis value is 0.
func RelDiff(thesis, got float64) float64 {
	if math.IsNaN(thesis) || math.IsNaN(got) || thesis == 0 {
		return math.NaN()
	}
	return (got - thesis) / math.Abs(thesis)
}

// Markdown renders the table: for every column the thesis' value, the
// reproduced value and the relative difference.
func (t Table) Markdown() string {
	var b strings.Builder
	fmt.Fprintf(&b, "### Table %s: %s\n\n", t.ID, t.Title)
	if t.Note != "" {
		fmt.Fprintf(&b, "%s\n\n", t.Note)
	}
	hdr := t.RowHeader
	if hdr == "" {
		hdr = "row"
	}
	b.WriteString("| " + hdr)
	for _, c := range t.Columns {
		fmt.Fprintf(&b, " | %s thesis | %s ours | Δ%%", c, c)
	}
	b.WriteString(" |\n|---")
	for range t.Columns {
		b.WriteString("|---:|---:|---:")
	}
	b.WriteString("|\n")
	for _, r := range t.Rows {
		b.WriteString("| " + r.Label)
		for i := range t.Columns {
			th, got := cell(r.Thesis, i), cell(r.Got, i)
			fmt.Fprintf(&b, " | %s | %s | %s", num(th, 2), num(got, 3), pct(RelDiff(th, got)))
		}
		b.WriteString(" |\n")
	}
	return b.String()
}

func cell(v []float64, i int) float64 {
	if i < len(v) {
		return v[i]
	}
	return math.NaN()
}

// num prints a value with the given decimals: the thesis prints two, the
// reproduction one more so that small differences stay visible.
func num(v float64, decimals int) string {
	if math.IsNaN(v) {
		return "–"
	}
	return fmt.Sprintf("%.*f", decimals, v)
}

func pct(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return fmt.Sprintf("%+.1f", 100*v)
}

// TableSource computes one table. Computing may take a while (simulations),
// so tables are built lazily.
type TableSource struct {
	ID    string
	Build func(ctx context.Context) (Table, error)
}

// Tables returns every reproducible table of the thesis, chapter 4 then
// chapter 5, sorted by ID.
func Tables() []TableSource {
	var out []TableSource
	out = append(out, ch4Tables()...)
	out = append(out, ch5Sources()...)
	sort.SliceStable(out, func(i, j int) bool { return tableLess(out[i].ID, out[j].ID) })
	return out
}

// tableLess orders table IDs as the thesis numbers them: "5.2" before
// "5.10", and "4.4a" before "4.4b".
func tableLess(a, b string) bool {
	key := func(id string) (int, int, string) {
		var ch, num int
		var rest string
		fmt.Sscanf(id, "%d.%d%s", &ch, &num, &rest)
		return ch, num, rest
	}
	ac, an, ar := key(a)
	bc, bn, br := key(b)
	if ac != bc {
		return ac < bc
	}
	if an != bn {
		return an < bn
	}
	return ar < br
}

// SelectTables returns the tables whose ID is id or starts with id followed
// by a letter ("4.4" selects 4.4a and 4.4b); "all" selects every table.
func SelectTables(id string) ([]TableSource, error) {
	all := Tables()
	if id == "all" {
		return all, nil
	}
	var out, ids []TableSource
	for _, t := range all {
		ids = append(ids, t)
		if t.ID == id || (strings.HasPrefix(t.ID, id) && len(t.ID) == len(id)+1 && t.ID[len(id)] >= 'a' && t.ID[len(id)] <= 'z') {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		names := make([]string, 0, len(ids)+1)
		for _, t := range ids {
			names = append(names, t.ID)
		}
		names = append(names, "all")
		return nil, fmt.Errorf("unknown table %q (valid: %s)", id, strings.Join(names, ", "))
	}
	return out, nil
}
