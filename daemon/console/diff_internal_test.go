package console

import (
	"fmt"
	"testing"

	"github.com/sharc-archive/sharc/daemon/apitypes"
	"github.com/sharc-archive/sharc/daemon/pagediff"
)

// TestDiffNumbering: each hunk line gets its line numbers in a and b,
// changes are counted, and the hunk says where it is, as diff -u counts.
func TestDiffNumbering(t *testing.T) {
	dv := &diffView{PageDiff: apitypes.PageDiff{A: apitypes.DiffSide{Kind: "html"}, B: apitypes.DiffSide{Kind: "text"}, Hunks: []pagediff.Hunk{
		{AStart: 4, ALines: 3, BStart: 4, BLines: 3, Lines: []pagediff.Line{{Op: "context", Text: "x"}, {Op: "removed", Text: "old"}, {Op: "added", Text: "new"}, {Op: "context", Text: "y"}}},
		{AStart: 0, ALines: 0, BStart: 1, BLines: 1, Lines: []pagediff.Line{{Op: "added", Text: "top"}}},
		{AStart: 9, ALines: 1, BStart: 8, BLines: 0, Lines: []pagediff.Line{{Op: "removed", Text: "gone"}}},
	}}}
	dv.number()
	var got []string
	for _, h := range dv.Hunks {
		got = append(got, h.Where)
		for _, l := range h.Lines {
			got = append(got, fmt.Sprintf("%s %d %d", l.Op, l.A, l.B))
		}
	}
	want := []string{
		"before: lines 4–6; after: lines 4–6", "context 4 4", "removed 5 0", "added 0 5", "context 6 6",
		"before: none (after line 0); after: line 1", "added 0 1",
		"before: line 9; after: none (after line 8)", "removed 9 0",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	if dv.Removed != 2 || dv.Added != 2 || !dv.Textual {
		t.Errorf("removed %d added %d textual %v, want 2 2 true", dv.Removed, dv.Added, dv.Textual)
	}
}
