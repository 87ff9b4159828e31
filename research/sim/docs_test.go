package sim

import (
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/scheduler"
)

// updateDoc rewrites the generated sections of the thesis-reproduction
// documents this package's tests check.
var updateDoc = flag.Bool("update-doc", false, "rewrite the generated sections of docs/thesis-reproduction*.md and cmd/sharc/simulate_notes.md")

// checkGenerated compares the section name of each file with body, or with
// -update-doc rewrites it. Only the text between the markers is touched.
func checkGenerated(t *testing.T, files []string, name, cmd, body string) {
	t.Helper()
	begin := fmt.Sprintf("<!-- BEGIN generated %s by `%s`; do not edit -->", name, cmd)
	end := fmt.Sprintf("<!-- END generated %s -->", name)
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		i, j := strings.Index(s, begin), strings.Index(s, end)
		if i < 0 || j < i {
			t.Fatalf("%s has no generated section %q (%q … %q)", path, name, begin, end)
		}
		if s[i+len(begin):j] == body {
			continue
		}
		if !*updateDoc {
			t.Errorf("%s: section %s is stale; regenerate with %s\n--- documented\n%s\n--- now\n%s", path, name, cmd, s[i+len(begin):j], body)
			continue
		}
		if err := os.WriteFile(path, []byte(s[:i+len(begin)]+body+s[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLiveSitePredictionDoc: the simulator's prediction for the site of
// the live comparison (thesis Table 5.8), quoted in the notes of
// docs/thesis-reproduction.md (kept in cmd/sharc/simulate_notes.md, from
// which `sharc simulate --table all` prints them), is what
// `sharc simulate --strategy S --size 300 --outdegree 10 --skew 1.2
// --leaves hot --runs 20` gives.
func TestLiveSitePredictionDoc(t *testing.T) {
	reg := scheduler.NewRegistry()
	var b strings.Builder
	b.WriteString("\n\n| strategy | expected incoherence | actual incoherence (mean of 20 histories) |\n|---|---:|---:|\n")
	for _, s := range []string{"sharc-selective-online", "sharc-selective", "hl-lifo", "dfs-lifo"} {
		c := DefaultConfig()
		c.Strategy, c.Size, c.Outdegree, c.Skew, c.HotLeaves, c.Runs = s, 300, 10, 1.2, true, 20
		r, err := RunRevisit(context.Background(), reg, c)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "| %s | %.1f | %.1f |\n", s, r.ExpectedIncoherence, r.ActualIncoherence)
	}
	b.WriteString("\n")
	checkGenerated(t, []string{"../../cmd/sharc/simulate_notes.md", "../../docs/thesis-reproduction.md"}, "live-prediction",
		"go test ./research/sim -run TestLiveSitePredictionDoc -update-doc", b.String())
}

// docTable is one reproduced table of a markdown document: per strategy,
// per column, the thesis' and our value (NaN where missing).
type docTable struct {
	id      string
	columns []string
	thesis  map[string][]float64
	ours    map[string][]float64
}

// parseDocTables reads the "### Table X.Y: …" tables written by
// Table.Markdown: a header "| strategy | c thesis | c ours | Δ% | …".
func parseDocTables(t *testing.T, doc string) []docTable {
	t.Helper()
	var out []docTable
	var cur *docTable
	for _, line := range strings.Split(doc, "\n") {
		switch {
		case strings.HasPrefix(line, "### Table "):
			id, _, _ := strings.Cut(strings.TrimPrefix(line, "### Table "), ":")
			out = append(out, docTable{id: id, thesis: map[string][]float64{}, ours: map[string][]float64{}})
			cur = &out[len(out)-1]
		case cur == nil || !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "|---"):
		case strings.HasPrefix(line, "| strategy |"):
			cells := strings.Split(strings.Trim(line, "| "), " | ")
			for i := 1; i+2 < len(cells); i += 3 {
				cur.columns = append(cur.columns, strings.TrimSuffix(cells[i], " thesis"))
			}
		case len(cur.columns) > 0:
			cells := strings.Split(strings.Trim(line, "| "), " | ")
			num := func(s string) float64 {
				v, err := strconv.ParseFloat(s, 64)
				if err != nil {
					return math.NaN()
				}
				return v
			}
			for i := 1; i+2 < len(cells); i += 3 {
				cur.thesis[cells[0]] = append(cur.thesis[cells[0]], num(cells[i]))
				cur.ours[cells[0]] = append(cur.ours[cells[0]], num(cells[i+1]))
			}
		}
	}
	return out
}

// rankingFailures lists the columns of tables where SHARC-Selective
// (offline and online) < HL-LIFO < every FIFO baseline does not hold, and
// counts the columns.
func rankingFailures(tables []docTable, thesis bool) (fails []string, columns int) {
	fifo := []string{"HF FIFO", "HL FIFO", "BFS FIFO", "DFS FIFO"}
	for _, tb := range tables {
		vals := tb.ours
		if thesis {
			vals = tb.thesis
		}
		if vals["HL LIFO"] == nil {
			continue
		}
		for ci, col := range tb.columns {
			columns++
			sel := math.Max(vals["SHARC-Selective offline"][ci], vals["SHARC-Selective online"][ci])
			hl := vals["HL LIFO"][ci]
			minFIFO := math.Inf(1)
			for _, f := range fifo {
				minFIFO = math.Min(minFIFO, vals[f][ci])
			}
			switch {
			case !(sel < hl):
				fails = append(fails, fmt.Sprintf("%s %s (Selective %g ≥ HL-LIFO %g)", tb.id, col, sel, hl))
			case !(hl < minFIFO):
				fails = append(fails, fmt.Sprintf("%s %s (HL-LIFO %g ≥ FIFO %g)", tb.id, col, hl, minFIFO))
			}
		}
	}
	return fails, columns
}

// TestCh5RankingDoc: the ranking claim of
// docs/thesis-reproduction-ch5-notes.md is computed from the tables
// reproduced in that document, for ours and for the thesis' numbers.
func TestCh5RankingDoc(t *testing.T) {
	const path = "../../docs/thesis-reproduction-ch5-notes.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tables := parseDocTables(t, string(doc))
	ours, n := rankingFailures(tables, false)
	theirs, n2 := rankingFailures(tables, true)
	if n != 24 || n2 != n {
		t.Fatalf("%d and %d columns of Tables 5.9–5.14 parsed, want 24 (3+3+6+6+3+3)", n, n2)
	}
	offOn := 0
	for _, tb := range tables {
		for ci := range tb.columns {
			if off, on := tb.ours["SHARC-Selective offline"], tb.ours["SHARC-Selective online"]; off != nil && off[ci] <= on[ci] {
				offOn++
			}
		}
	}
	// The baselines whose reading is not in question: how close they are.
	var far []string
	cells := 0
	for _, tb := range tables {
		for _, s := range []string{"HF FIFO", "HL FIFO", "BFS FIFO", "DFS FIFO", "HF LIFO", "HL LIFO"} {
			for ci, col := range tb.columns {
				if th, us := tb.thesis[s], tb.ours[s]; th != nil {
					cells++
					if d := 100 * (us[ci] - th[ci]) / th[ci]; math.Abs(d) > 5 {
						far = append(far, fmt.Sprintf("%s %s %s (%+.1f %%, %g vs %g)", tb.id, s, col, d, us[ci], th[ci]))
					}
				}
			}
		}
	}
	body := fmt.Sprintf("Selective < HL-LIFO < FIFO (Selective offline and online below HL-LIFO, HL-LIFO below every FIFO baseline) holds in %d of our %d columns of Tables 5.9–5.14 and in %d of the thesis'. Ours fails in %s; the thesis' in %s. Selective offline ≤ online holds in %d of %d columns. The FIFO baselines, HF-LIFO and HL-LIFO are within 5 %% of the thesis in %d of %d cells; the others are %s.",
		n-len(ours), n, n2-len(theirs), strings.Join(ours, ", "), strings.Join(theirs, ", "), offOn, n, cells-len(far), cells, strings.Join(far, ", "))
	checkGenerated(t, []string{path}, "ranking", "go test ./research/sim -run TestCh5RankingDoc -update-doc", body)
}
