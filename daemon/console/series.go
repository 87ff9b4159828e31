package console

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/daemon/apitypes"
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

// seriesView is one stacked area plot of the series page.
type seriesView struct {
	ID, Heading, Note string
	Job               string
	Captures          []apitypes.CaptureInfo
	Layers            []seriesLayer
	MaxPages          int
	W, H              float64
	Axis              []axisTick
	Dropped           int // older captures left out (maxSeries)
}

type axisTick struct {
	Y     float64
	Label int
}

// band is one layer's name, colour and count per capture.
type band struct {
	name, fill string
	counts     []int
}

// Band colours, the quality report's.
const (
	fillUnchanged = "#2e7d32"
	fillChanged   = "#c62828"
	fillNew       = "#1565c0"
	fillDeleted   = "#6d0f0f"
)

// seriesBands are the report-totals plot's layers, bottom up, each a sum
// of report totals: unchanged (coherent, or downloaded once by a
// single-visit capture), changed (significantly or not), new, deleted.
var seriesBands = []struct {
	name, fill string
	count      func(*report.Totals) int
}{
	{"unchanged", fillUnchanged, func(t *report.Totals) int { return t.Coherent + t.Captured }},
	{"changed", fillChanged, func(t *report.Totals) int { return t.Changed + t.ChangedInsignificantly }},
	{"new", fillNew, func(t *report.Totals) int { return t.New }},
	{"deleted", fillDeleted, func(t *report.Totals) int { return t.Deleted }},
}

// seriesPage draws the job's capture series (thesis §8.3): for links,
// HTML pages and images, each capture's URLs against the capture before
// it, as the store compares them; then each capture's own visit–revisit
// verdicts from its quality report.
func (c *Console) seriesPage(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	points, err := c.api.Series(r.Context(), name)
	if err != nil {
		return err
	}
	caps, err := c.api.Captures(r.Context(), name)
	if err != nil {
		return err
	}
	plots := changePlots(name, points)
	report := layoutSeries(name, caps)
	report.ID, report.Heading = "report", "Within each capture: the quality report's verdicts"
	report.Note = "Each capture with a quality report: its pages by what its own revisit found (unchanged: coherent, or downloaded once by a single-visit capture). Failed and blocked pages are not drawn."
	plots = append(plots, report)
	c.render(w, "series", page{Title: "Capture series of " + name, Plots: plots, Job: name, Who: whoOf(r)})
	return nil
}

// changePlots stacks the store's comparison of each capture with the one
// before it, one plot per class of URL.
func changePlots(job string, points []apitypes.SeriesPoint) []*seriesView {
	if len(points) > maxSeries {
		points = points[len(points)-maxSeries:]
	}
	classes := []struct {
		id, heading string
		kinds       func(p apitypes.SeriesPoint) apitypes.ChangeKinds
	}{
		{"links", "Links: every URL archived", func(p apitypes.SeriesPoint) apitypes.ChangeKinds { return p.Links }},
		{"html", "HTML pages", func(p apitypes.SeriesPoint) apitypes.ChangeKinds { return p.HTML }},
		{"images", "Images", func(p apitypes.SeriesPoint) apitypes.ChangeKinds { return p.Images }},
	}
	caps := make([]apitypes.CaptureInfo, len(points))
	for i, p := range points {
		caps[i] = apitypes.CaptureInfo{ID: p.Capture}
	}
	var out []*seriesView
	for _, cl := range classes {
		bands := []band{{name: "unchanged", fill: fillUnchanged}, {name: "changed", fill: fillChanged}, {name: "new", fill: fillNew}, {name: "deleted", fill: fillDeleted}}
		for _, p := range points {
			k := cl.kinds(p)
			for b, n := range []int{int(k.Unchanged), int(k.Changed), int(k.New), int(k.Deleted)} {
				bands[b].counts = append(bands[b].counts, n)
			}
		}
		sv := stackSeries(job, caps, bands)
		sv.ID, sv.Heading = cl.id, "Across captures: "+cl.heading
		out = append(out, sv)
	}
	out[0].Note = "Each finished capture's URLs against the finished capture before it: new (not archived before), changed (another payload), unchanged (the same payload, or a 304), deleted (archived before, not now). The first capture's URLs are all new."
	return out
}

// layoutSeries keeps the latest maxSeries captures with totals, oldest
// first, and stacks their report totals.
func layoutSeries(job string, caps []apitypes.CaptureInfo) *seriesView {
	var kept []apitypes.CaptureInfo
	for _, cv := range caps {
		if cv.Totals != nil {
			kept = append(kept, cv)
		}
	}
	dropped := 0
	if len(kept) > maxSeries {
		dropped = len(kept) - maxSeries
		kept = kept[dropped:]
	}
	bands := make([]band, len(seriesBands))
	for b, sb := range seriesBands {
		bands[b] = band{name: sb.name, fill: sb.fill}
		for _, cv := range kept {
			bands[b].counts = append(bands[b].counts, sb.count(cv.Totals))
		}
	}
	sv := stackSeries(job, kept, bands)
	sv.Dropped = dropped
	return sv
}

// stackSeries builds one polygon per band, bottom up.
func stackSeries(job string, caps []apitypes.CaptureInfo, bands []band) *seriesView {
	sv := &seriesView{Job: job, W: seriesW, H: seriesH, Captures: caps}
	n := len(caps)
	base := make([]int, n)
	tops := make([][]int, len(bands))
	for b, bd := range bands {
		tops[b] = make([]int, n)
		for i := range n {
			tops[b][i] = base[i] + bd.counts[i]
			sv.MaxPages = max(sv.MaxPages, tops[b][i])
		}
		copy(base, tops[b])
		sv.Layers = append(sv.Layers, seriesLayer{Name: bd.name, Fill: bd.fill, Counts: bd.counts})
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
