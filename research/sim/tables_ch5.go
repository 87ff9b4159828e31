package sim

import (
	"context"
	"fmt"
	"strconv"

	"github.com/sharc-archive/sharc/scheduler"
)

// ch5Strategies are the columns of Tables 5.9–5.14 in the thesis' order.
var ch5Strategies = []strategyLabel{
	{"sharc-selective", "SHARC-Selective offline"},
	{"sharc-selective-online", "SHARC-Selective online"},
	{"sharc-revisits", "SHARC-Revisits"},
	{"hf-fifo", "HF FIFO"},
	{"hf-lifo", "HF LIFO"},
	{"hl-fifo", "HL FIFO"},
	{"hl-lifo", "HL LIFO"},
	{"bfs-fifo", "BFS FIFO"},
	{"bfs-lifo", "BFS LIFO"},
	{"dfs-fifo", "DFS FIFO"},
	{"dfs-lifo", "DFS LIFO"},
}

// ch5Sweep is one sensitivity table of §5.6.5: one parameter varied over
// the default synthetic site, one flavour of leaves; the thesis prints
// parameter values as rows and strategies as columns, we transpose.
type ch5Sweep struct {
	id, title, param string
	hot              bool
	values           []float64
	set              func(c *Config, v float64)
	thesis           [][]float64 // [value][strategy], the thesis' rows
}

// ch5Runs averages the actual incoherence over several histories: one
// history has a standard deviation of about √(incoherence) pages.
func ch5Runs(size int) int {
	if size <= 10000 {
		return 10
	}
	return 3
}

func (s ch5Sweep) build(ctx context.Context) (Table, error) {
	base := DefaultConfig()
	base.HotLeaves = s.hot
	return strategySweep{
		id: s.id, title: s.title, param: s.param, base: base, values: s.values, set: s.set,
		note: fmt.Sprintf("Actual incoherence (pages changed between visit and revisit, §5.6.3), %s leaves; defaults n=%d, skew=%g, outdegree=%d, slow-down %g; averaged over change histories seeded %d, %d, … (10 up to n=10⁴, 3 beyond).",
			Leaves(s.hot), base.Size, base.Skew, base.Outdegree, base.Slowdown, base.Seed, base.Seed+1),
		strategies: ch5Strategies,
		runs:       ch5Runs,
		measure: func(ctx context.Context, reg *scheduler.Registry, c Config) (float64, error) {
			r, err := RunRevisit(ctx, reg, c)
			return r.ActualIncoherence, err
		},
		// The thesis prints values as rows and strategies as columns.
		thesis: func(i int) []float64 {
			var row []float64
			for vi := range s.values {
				row = append(row, s.thesis[vi][i])
			}
			return row
		},
	}.build(ctx)
}

// tauSweep is Table 5.1 or 5.2: one strategy, τ varied, one row per skew.
type tauSweep struct {
	id, title, strategy string
	skews               []float64
	taus                []float64
	thesis              [][]float64 // [skew][tau]
}

func (s tauSweep) build(ctx context.Context) (Table, error) {
	reg := scheduler.NewRegistry()
	t := Table{ID: s.id, Title: s.title, RowHeader: "skew"}
	for _, tau := range s.taus {
		t.Columns = append(t.Columns, "τ="+strconv.FormatFloat(tau, 'f', -1, 64))
	}
	base := DefaultConfig()
	t.Note = fmt.Sprintf("Actual incoherence of %s, synthetic site n=%d, outdegree %d, cold leaves (the strategy is offline, so the flavour does not change its schedule), slow-down %g; averaged over 10 change histories seeded %d, %d, ….",
		s.strategy, base.Size, base.Outdegree, base.Slowdown, base.Seed, base.Seed+1)
	for ki, skew := range s.skews {
		row := Row{Label: strconv.FormatFloat(skew, 'f', 2, 64), Thesis: s.thesis[ki]}
		for _, tau := range s.taus {
			c := base
			c.Strategy, c.Skew, c.Tau, c.Runs = s.strategy, skew, tau, 10
			res, err := RunRevisit(ctx, reg, c)
			if err != nil {
				return Table{}, fmt.Errorf("table %s, skew %v, τ %v: %w", s.id, skew, tau, err)
			}
			row.Got = append(row.Got, res.ActualIncoherence)
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

// ch5Sources returns Tables 5.1, 5.2 and 5.9–5.14 as lazily built tables.
func ch5Sources() []TableSource {
	taus := []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95}
	skews := []float64{1, 1.5, 2}
	tau := []tauSweep{
		{"5.1", "SHARC-Threshold incoherence with varying τ", "sharc-threshold", skews, taus, [][]float64{
			{8619, 7439, 7097, 7108, 7164, 7202, 7248, 7266, 7260, 7257},
			{1291, 1239, 1188, 1125, 1045, 961, 848, 723, 549, 519},
			{235, 221, 210, 197, 187, 162, 144, 129, 100, 78},
		}},
		{"5.2", "SHARC-Intervals incoherence with varying τ", "sharc-intervals", skews, taus, [][]float64{
			{8726, 8574, 8212, 7831, 7539, 7358, 7293, 7273, 7266, 7257},
			{1320, 1291, 1261, 1212, 1126, 1047, 970, 874, 745, 790},
			{240, 231, 221, 211, 195, 176, 165, 130, 104, 86},
		}},
	}
	size := func(c *Config, v float64) { c.Size = int(v) }
	slow := func(c *Config, v float64) { c.Slowdown = v }
	skew := func(c *Config, v float64) { c.Skew = v }
	sweeps := []ch5Sweep{
		{"5.9", "Scalability: incoherence (cold leaves)", "n", false, []float64{1e4, 5e4, 1e5}, size, [][]float64{
			{3075, 3075, 4104, 4184, 4140, 4177, 3079, 4170, 3719, 4163, 3995},
			{11940, 11940, 17327, 17394, 17959, 17397, 12100, 17368, 16072, 17418, 16366},
			{21378, 21378, 32051, 32142, 33705, 32110, 21533, 32015, 29033, 32129, 29395},
		}},
		{"5.10", "Scalability: incoherence (hot leaves)", "n", true, []float64{1e4, 5e4, 1e5}, size, [][]float64{
			{3019, 3039, 4143, 4140, 4057, 4165, 3238, 4136, 3785, 4175, 3999},
			{11830, 11997, 17377, 17321, 17925, 17330, 12364, 17288, 16582, 17366, 15397},
			{21417, 21630, 32295, 32050, 33776, 32313, 22165, 32028, 30618, 32181, 29664},
		}},
		{"5.11", "Crawl duration: incoherence (cold leaves)", "slowdown", false, []float64{1, 2, 3, 4, 5, 10}, slow, [][]float64{
			{3058, 3058, 4215, 4172, 4118, 4212, 3062, 4176, 3931, 4222, 3695},
			{4608, 4607, 5865, 5875, 5359, 5857, 4919, 5811, 5317, 5887, 5542},
			{5672, 5673, 6945, 7009, 6193, 6984, 6301, 6984, 6215, 6975, 6336},
			{6255, 6286, 7695, 7678, 6646, 7711, 7287, 7701, 6814, 7703, 6842},
			{6721, 6753, 8207, 8214, 7009, 8224, 7985, 8224, 7221, 8195, 7414},
			{7906, 7903, 9443, 9419, 8003, 9432, 9488, 9415, 8561, 9425, 8619},
		}},
		{"5.12", "Crawl duration: incoherence (hot leaves)", "slowdown", true, []float64{1, 2, 3, 4, 5, 10}, slow, [][]float64{
			{3002, 3006, 4102, 4115, 4083, 4150, 3216, 4091, 3735, 4170, 4006},
			{4547, 4859, 5778, 5767, 5281, 5741, 5288, 5733, 5598, 5818, 5305},
			{5552, 6387, 6835, 6894, 6066, 6833, 6774, 6896, 6531, 6887, 6260},
			{6221, 6466, 7697, 7689, 6696, 7688, 7816, 7690, 6856, 7681, 6953},
			{6744, 6847, 8208, 8215, 7092, 8210, 8541, 8222, 7379, 8195, 7634},
			{7959, 8075, 9431, 9436, 8118, 9414, 9760, 9403, 8708, 9446, 8309},
		}},
		{"5.13", "Skew: incoherence (cold leaves)", "skew", false, []float64{1, 1.5, 2}, skew, [][]float64{
			{7061, 7073, 8518, 8517, 7257, 8504, 8110, 8540, 7623, 8509, 7567},
			{365, 367, 1064, 1037, 1308, 1060, 710, 1056, 1119, 1035, 935},
			{11, 35, 169, 174, 246, 176, 210, 178, 223, 170, 175},
		}},
		{"5.14", "Skew: incoherence (hot leaves)", "skew", true, []float64{1, 1.5, 2}, skew, [][]float64{
			{7012, 7151, 8455, 8479, 7283, 8475, 8587, 8516, 7790, 8486, 7316},
			{355, 355, 1018, 1010, 1237, 1033, 362, 1035, 714, 1022, 1157},
			{20, 20, 182, 174, 225, 171, 22, 177, 186, 181, 169},
		}},
	}
	var out []TableSource
	for _, s := range tau {
		out = append(out, TableSource{ID: s.id, Build: s.build})
	}
	for _, s := range sweeps {
		out = append(out, TableSource{ID: s.id, Build: s.build})
	}
	return out
}
