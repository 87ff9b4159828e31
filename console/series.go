package console

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// maxSeries bounds the captures a series plot stacks: the latest ones.
const maxSeries = 200

// Size of the series plot, in SVG user units.
const (
	seriesW, seriesH = 720.0, 280.0
	seriesLeft       = 50.0 // room for the y axis labels
	seriesPad        = 20.0
)

// seriesLayer is one band of the stacked area plot (thesis §8.3).
type seriesLayer struct {
	Name, Fill string
	Points     string // SVG polygon points
	Counts     []int  // per capture, for the table under the plot
}

// seriesView is what the series template gets.
type seriesView struct {
	Job      string
	Captures []captureView
	Layers   []seriesLayer
	MaxPages int
	W, H     float64
	Axis     []axisTick
	Dropped  int // older captures left out (maxSeries)
}

type axisTick struct {
	Y     float64
	Label int
}

// seriesBands are the layers, bottom up, each a sum of report totals:
// unchanged (coherent, or downloaded once by a single-visit capture),
// changed (significantly or not), new, deleted.
var seriesBands = []struct {
	name, fill string
	count      func(*totalsView) int
}{
	{"unchanged", "#2e7d32", func(t *totalsView) int { return t.Coherent + t.DownloadedOnce }},
	{"changed", "#c62828", func(t *totalsView) int { return t.Changed + t.ChangedInsignificantly }},
	{"new", "#1565c0", func(t *totalsView) int { return t.New }},
	{"deleted", "#6d0f0f", func(t *totalsView) int { return t.Deleted }},
}

// seriesPage stacks, for each capture of the job with a report, its pages
// by kind: how the site changed across the series.
func (c *Console) seriesPage(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	var caps []captureView
	if err := c.get(r.Context(), "/api/v1/jobs/"+url.PathEscape(name)+"/captures", &caps); err != nil {
		return err
	}
	sv := layoutSeries(name, caps)
	c.render(w, "series", page{Title: "Capture series of " + name, Series: sv, LoggedIn: c.token != ""})
	return nil
}

// layoutSeries keeps the latest maxSeries captures with totals, oldest
// first, and builds one polygon per band.
func layoutSeries(job string, caps []captureView) *seriesView {
	sv := &seriesView{Job: job, W: seriesW, H: seriesH}
	for _, cv := range caps {
		if cv.Totals != nil {
			sv.Captures = append(sv.Captures, cv)
		}
	}
	if len(sv.Captures) > maxSeries {
		sv.Dropped = len(sv.Captures) - maxSeries
		sv.Captures = sv.Captures[sv.Dropped:]
	}
	n := len(sv.Captures)
	base := make([]int, n)
	tops := make([][]int, len(seriesBands))
	for b, band := range seriesBands {
		tops[b] = make([]int, n)
		counts := make([]int, n)
		for i := range sv.Captures {
			counts[i] = band.count(sv.Captures[i].Totals)
			tops[b][i] = base[i] + counts[i]
			sv.MaxPages = max(sv.MaxPages, tops[b][i])
		}
		copy(base, tops[b])
		sv.Layers = append(sv.Layers, seriesLayer{Name: band.name, Fill: band.fill, Counts: counts})
	}
	for b := range sv.Layers {
		lower := make([]int, n)
		if b > 0 {
			lower = tops[b-1]
		}
		sv.Layers[b].Points = sv.polygon(lower, tops[b])
	}
	for k := 0; k <= 4; k++ {
		v := sv.MaxPages * k / 4
		sv.Axis = append(sv.Axis, axisTick{Y: sv.y(v), Label: v})
	}
	return sv
}

func (sv *seriesView) x(i int) float64 {
	n := len(sv.Captures)
	if n <= 1 {
		return seriesLeft + (seriesW-seriesLeft-seriesPad)/2
	}
	return seriesLeft + float64(i)*(seriesW-seriesLeft-seriesPad)/float64(n-1)
}

func (sv *seriesView) y(v int) float64 {
	return seriesH - seriesPad - float64(v)/float64(max(sv.MaxPages, 1))*(seriesH-2*seriesPad)
}

// polygon is the band between lower and upper: along upper left to right,
// back along lower. A single capture is drawn as a bar 8 units wide.
func (sv *seriesView) polygon(lower, upper []int) string {
	var b strings.Builder
	n := len(upper)
	xs := func(i int) (float64, float64) { return sv.x(i), sv.x(i) }
	if n == 1 {
		xs = func(int) (float64, float64) { return sv.x(0) - 4, sv.x(0) + 4 }
	}
	for i := 0; i < n; i++ {
		x0, x1 := xs(i)
		fmt.Fprintf(&b, "%.1f,%.1f %.1f,%.1f ", x0, sv.y(upper[i]), x1, sv.y(upper[i]))
	}
	for i := n - 1; i >= 0; i-- {
		x0, x1 := xs(i)
		fmt.Fprintf(&b, "%.1f,%.1f %.1f,%.1f ", x1, sv.y(lower[i]), x0, sv.y(lower[i]))
	}
	return strings.TrimSpace(b.String())
}
