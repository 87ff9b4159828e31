package sim

import (
	"context"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/scheduler/quality"
)

var update = flag.Bool("update", false, "rewrite golden files")

func run(t *testing.T, c Config) Result {
	t.Helper()
	r, err := Run(context.Background(), scheduler.NewRegistry(), c)
	if err != nil {
		t.Fatalf("%+v: %v", c, err)
	}
	return r
}

func TestRunRejectsBadParameters(t *testing.T) {
	tests := []struct {
		name string
		mod  func(*Config)
		want string
	}{
		{"negative size", func(c *Config) { c.Size = -5 }, "size must be at least 1"},
		{"zero skew", func(c *Config) { c.Skew = 0 }, "skew must be a positive number"},
		{"NaN skew", func(c *Config) { c.Skew = math.NaN() }, "skew must be a positive number"},
		{"tau 1", func(c *Config) { c.Tau = 1 }, "tau must lie in (0,1)"},
		{"tau 0", func(c *Config) { c.Tau = 0 }, "tau must lie in (0,1)"},
		{"zero outdegree", func(c *Config) { c.Outdegree = 0 }, "outdegree must be at least 1"},
		{"zero slowdown", func(c *Config) { c.Slowdown = 0 }, "slowdown must be a positive number"},
		{"size error -1", func(c *Config) { c.SizeError = -1 }, "size error must be greater than -1"},
		{"unknown strategy", func(c *Config) { c.Strategy = "nope" }, `unknown strategy "nope" (valid: bfs, dfs, hottest-first, hottest-last, `},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultConfig()
			c.Strategy = "bfs"
			tc.mod(&c)
			_, err := Run(context.Background(), scheduler.NewRegistry(), c)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestRunUnknownListsOP(t *testing.T) {
	c := DefaultConfig()
	c.Strategy = "x"
	_, err := Run(context.Background(), scheduler.NewRegistry(), c)
	if err == nil || !strings.Contains(err.Error(), "sharc-online") || !strings.Contains(err.Error(), "op") {
		t.Fatalf("err = %v", err)
	}
}

// TestOfflineIsBestAndWithinBounds checks on small sites of both flavours
// that SHARC-Offline has the least expected blur of all strategies
// (Theorem 4.3) and that every expected blur lies within Theorem 4.1.
func TestOfflineIsBestAndWithinBounds(t *testing.T) {
	reg := scheduler.NewRegistry()
	for _, size := range []int{1, 2, 7, 100, 1000} {
		for _, hot := range []bool{false, true} {
			c := DefaultConfig()
			c.Size, c.HotLeaves, c.Outdegree = size, hot, 3
			site, _ := NewSite(size, 3, c.Skew, hot)
			lo, hi := quality.Bounds(site.Rates, 1)
			lo, hi = lo/float64(size), hi/float64(size)
			c.Strategy = "sharc-offline"
			best := run(t, c).ExpectedAvgBlur
			for _, name := range StrategyNames(reg) {
				c.Strategy = name
				r := run(t, c)
				if r.ExpectedAvgBlur < best-1e-12 {
					t.Errorf("n=%d hot=%v: %s %v beats sharc-offline %v", size, hot, name, r.ExpectedAvgBlur, best)
				}
				if r.ExpectedAvgBlur < lo-1e-12 || r.ExpectedAvgBlur > hi+1e-12 {
					t.Errorf("n=%d: %s %v outside Theorem 4.1 [%v, %v]", size, name, r.ExpectedAvgBlur, lo, hi)
				}
				if r.Downloads != size {
					t.Errorf("%s downloaded %d of %d", name, r.Downloads, size)
				}
			}
		}
	}
}

// TestSlowdownScalesBlur checks Theorem 4.2 through the simulator: the
// expected blur is proportional to Δ.
func TestSlowdownScalesBlur(t *testing.T) {
	c := DefaultConfig()
	c.Size, c.Strategy = 2000, "sharc-online"
	b1 := run(t, c).ExpectedAvgBlur
	c.Slowdown = 3.5
	if b := run(t, c).ExpectedAvgBlur; math.Abs(b-3.5*b1) > 1e-9*b {
		t.Fatalf("Δ=3.5: %v, want %v", b, 3.5*b1)
	}
}

// TestActualTracksExpected checks that the actual blur over several change
// histories is close to the expected blur for every strategy.
func TestActualTracksExpected(t *testing.T) {
	for _, name := range []string{"sharc-offline", "sharc-online", "bfs", "dfs", "hottest-first", "hottest-last", OP} {
		c := DefaultConfig()
		c.Size, c.Strategy, c.Runs = 3000, name, 10
		r := run(t, c)
		if math.Abs(r.ActualAvgBlur-r.ExpectedAvgBlur) > 0.03*r.ExpectedAvgBlur {
			t.Errorf("%s: actual %v vs expected %v", name, r.ActualAvgBlur, r.ExpectedAvgBlur)
		}
	}
}

// TestReproducesThesisDefaults checks the default site (Table 4.4, n=10⁴)
// against the thesis for the SHARC strategies: Offline within 5%, Online
// within 10%, and Online beating every baseline in both flavours.
func TestReproducesThesisDefaults(t *testing.T) {
	tests := []struct {
		hot             bool
		offline, online float64
	}{
		{false, 1.21, 1.70},
		{true, 1.19, 1.21},
	}
	for _, tc := range tests {
		c := DefaultConfig()
		c.HotLeaves, c.Runs = tc.hot, 5
		got := map[string]float64{}
		for _, name := range StrategyNames(scheduler.NewRegistry()) {
			c.Strategy = name
			got[name] = run(t, c).ActualAvgBlur
		}
		if d := math.Abs(got["sharc-offline"]-tc.offline) / tc.offline; d > 0.05 {
			t.Errorf("hot=%v offline %v vs thesis %v", tc.hot, got["sharc-offline"], tc.offline)
		}
		if d := math.Abs(got["sharc-online"]-tc.online) / tc.online; d > 0.10 {
			t.Errorf("hot=%v online %v vs thesis %v", tc.hot, got["sharc-online"], tc.online)
		}
		for name, b := range got {
			if name != "sharc-offline" && name != "sharc-online" && b <= got["sharc-online"] {
				t.Errorf("hot=%v: %s %v not worse than sharc-online %v", tc.hot, name, b, got["sharc-online"])
			}
		}
	}
}

func TestSizeErrorChangesEstimate(t *testing.T) {
	c := DefaultConfig()
	c.Size, c.Strategy, c.SizeError = 1000, "sharc-online", 0.5
	r := run(t, c)
	if r.EstimatedSize != 1500 {
		t.Fatalf("estimated size %d, want 1500", r.EstimatedSize)
	}
	c.SizeError = 0
	if exact := run(t, c); exact.ExpectedAvgBlur == r.ExpectedAvgBlur {
		t.Fatalf("size error had no effect on the schedule")
	}
}

// twice downloads the root twice: Schedule must refuse it.
type twice struct{ n int }

func (s *twice) Start(int)               {}
func (s *twice) Add(...scheduler.Page)   {}
func (s *twice) Done(scheduler.Decision) {}
func (s *twice) Next() (scheduler.Decision, bool) {
	s.n++
	return scheduler.Decision{Page: 0, Action: scheduler.Visit}, s.n <= 2
}

// early stops after the root.
type early struct{ twice }

func (s *early) Next() (scheduler.Decision, bool) {
	s.n++
	return scheduler.Decision{Page: 0, Action: scheduler.Visit}, s.n == 1
}

func TestScheduleRejectsBrokenStrategies(t *testing.T) {
	site, _ := NewSite(10, 2, 1, false)
	if _, err := Schedule(context.Background(), &twice{}, site, 10); err == nil || !strings.Contains(err.Error(), "downloaded again") {
		t.Fatalf("twice: %v", err)
	}
	if _, err := Schedule(context.Background(), &early{}, site, 10); err == nil || !strings.Contains(err.Error(), "captured 1 of 10") {
		t.Fatalf("early: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, _ := scheduler.NewRegistry().New("bfs", scheduler.Params{})
	if _, err := Schedule(ctx, s, site, 10); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
}

func TestSelectTables(t *testing.T) {
	tests := []struct {
		id   string
		want []string
	}{
		{"4.4", []string{"4.4a", "4.4b"}},
		{"4.5b", []string{"4.5b"}},
		{"all", []string{"4.4a", "4.4b", "4.5a", "4.5b", "4.6a", "4.6b"}},
	}
	for _, tc := range tests {
		ts, err := SelectTables(tc.id)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, x := range ts {
			if strings.HasPrefix(x.ID, "4.") {
				got = append(got, x.ID)
			}
		}
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: got %v want %v", tc.id, got, tc.want)
		}
	}
	if _, err := SelectTables("4.44"); err == nil || !strings.Contains(err.Error(), "valid: 4.4a") {
		t.Fatalf("unknown table: %v", err)
	}
}

// TestTableMarkdownGolden pins the rendering of a table.
func TestTableMarkdownGolden(t *testing.T) {
	tb := Table{
		ID: "9.9", Title: "Example", Note: "Two columns, one missing cell.", RowHeader: "strategy",
		Columns: []string{"n=10", "n=20"},
		Rows: []Row{
			{Label: "A", Thesis: []float64{1.21, 2}, Got: []float64{1.25, 1.5}},
			{Label: "B", Thesis: []float64{0, math.NaN()}, Got: []float64{0.3}},
		},
	}
	got := tb.Markdown()
	path := filepath.Join("testdata", "table.golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// benchRun times a whole simulation (schedule, expected blur, one change
// history) of a 10⁶-page site.
func benchRun(b *testing.B, strategy string) {
	reg := scheduler.NewRegistry()
	c := DefaultConfig()
	c.Size, c.Strategy = 1_000_000, strategy
	for b.Loop() {
		if _, err := Run(context.Background(), reg, c); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRunOnline1e6(b *testing.B)  { benchRun(b, "sharc-online") }
func BenchmarkRunOffline1e6(b *testing.B) { benchRun(b, "sharc-offline") }
