package console

import (
	"fmt"
	"testing"

	"github.com/sharc-archive/sharc/daemon/apitypes"
)

func TestFirstDir(t *testing.T) {
	for in, want := range map[string]string{
		"http://h.test/":              "h.test/",
		"http://h.test/page.html":     "h.test/",
		"http://h.test/a/b/c.html":    "h.test/a/",
		"http://h.test:8080/a/":       "h.test:8080/a/",
		"http://h.test/a%20b/x?q=1":   "h.test/a%20b/",
		"http://h.test":               "h.test/",
		"http://[::1]:80/x/y":         "[::1]:80/x/",
		"http://h.test/%zz/x":         "(unparsable)",
		"https://h.test/img/logo.png": "h.test/img/",
	} {
		if got := firstDir(in); got != want {
			t.Errorf("firstDir(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLayoutScatter: every page is a point inside its column and row;
// columns share the width by their counts; axes past their bounds fold
// into one "other" row or column.
func TestLayoutScatter(t *testing.T) {
	var cv apitypes.CaptureChanges
	for i := range 60 {
		cv.Pages = append(cv.Pages, apitypes.PageChangeJSON{URL: fmt.Sprintf("http://h.test/d%d/p%d", i%(maxScatterDirs+5), i), MIME: fmt.Sprintf("type/%d", i%(maxScatterTypes+3)), Change: changeOrder[i%4]})
	}
	cv.Total = 70
	sv := layoutScatter(cv)
	if len(sv.Points) != 60 || sv.Shown != 60 || sv.Total != 70 {
		t.Fatalf("%d points, shown %d of %d", len(sv.Points), sv.Shown, sv.Total)
	}
	if len(sv.Rows) != maxScatterTypes || sv.Rows[len(sv.Rows)-1].Label != otherTypes || len(sv.Cols) != maxScatterDirs || sv.Cols[len(sv.Cols)-1].Label != otherDirs {
		t.Errorf("%d rows (last %q), %d columns (last %q)", len(sv.Rows), sv.Rows[len(sv.Rows)-1].Label, len(sv.Cols), sv.Cols[len(sv.Cols)-1].Label)
	}
	n, right := 0, scatterLeft
	for _, c := range sv.Cols {
		n += c.N
		if c.From != right || c.To < c.From {
			t.Errorf("column %q %v–%v does not follow %v", c.Label, c.From, c.To, right)
		}
		right = c.To
	}
	if n != 60 || right < scatterW-scatterRight-0.001 || right > scatterW-scatterRight+0.001 {
		t.Errorf("columns hold %d points and end at %v", n, right)
	}
	for _, p := range sv.Points {
		if p.X < scatterLeft || p.X > scatterW-scatterRight || p.Y < scatterTop || p.Y > sv.PlotBottom || p.Fill != changeFills[p.Kind] {
			t.Errorf("point %+v outside the plot or wrongly coloured", p)
		}
	}
	for i, k := range sv.Kinds {
		if k.Kind != changeOrder[i] || k.N != 15 {
			t.Errorf("legend %+v", k)
		}
	}
	if empty := layoutScatter(apitypes.CaptureChanges{}); len(empty.Points) != 0 || empty.H <= 0 {
		t.Errorf("empty plot %+v", empty)
	}
}
