package report

import (
	"fmt"
	"html"
	"html/template"
	"math"
	"strconv"
	"strings"
)

// The charts are inline SVG written here, server-side, from the bounded
// chart data in the report (plots.go): no script, no library, no network,
// so the HTML file shows them offline and in print, and its size does not
// grow with the capture. Each is well-formed XML (tests parse it with
// encoding/xml). Every text from the network is escaped.

// StatusColor is the colour the charts and the page table give a status.
func StatusColor(s Status) string {
	switch s {
	case StatusCoherent:
		return "#2e7d32" // green
	case StatusChangedInsignificantly:
		return "#e0a000" // amber
	case StatusChanged:
		return "#c62828" // red
	case StatusDeleted:
		return "#6d0f0f" // dark red
	case StatusNew:
		return "#1565c0" // blue
	case StatusFailed:
		return "#9e9e9e" // grey
	case StatusDownloadedOnce:
		return "#455a64" // blue-grey
	}
	return "#000000"
}

// StatusPhrase is the plain-language name of a status, used wherever the
// HTML shows a status (docs/report.md lists them).
func StatusPhrase(s Status) string {
	switch s {
	case StatusCoherent:
		return "did not change"
	case StatusChangedInsignificantly:
		return "changed slightly"
	case StatusChanged:
		return "changed"
	case StatusDeleted:
		return "deleted during the capture"
	case StatusNew:
		return "new during the capture"
	case StatusFailed:
		return "missing or error"
	case StatusDownloadedOnce:
		return "downloaded once"
	}
	return string(s)
}

const (
	chartWidth = 760
	chartLeft  = 12
	chartRight = 12
	fontAttrs  = `font-family="Helvetica, Arial, sans-serif" font-size="12"`
)

// svgWriter accumulates an SVG document.
type svgWriter struct{ strings.Builder }

func (w *svgWriter) f(format string, args ...any) { fmt.Fprintf(w, format, args...) }

func num(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

func esc(s string) string { return html.EscapeString(s) }

// thousands writes n with thin separators: 12,345.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// legend draws a colour key for the statuses present in counts, from y,
// wrapping at the chart width; it returns the y below it.
func (w *svgWriter) legend(counts StatusCounts, y float64) float64 {
	x := float64(chartLeft)
	for _, s := range ChartStatuses {
		if counts.Of(s) == 0 {
			continue
		}
		label := StatusPhrase(s)
		width := 22 + 7*float64(len(label))
		if x+width > chartWidth-chartRight && x > chartLeft {
			x, y = chartLeft, y+18
		}
		w.f(`<rect class="key" x="%s" y="%s" width="12" height="12" fill="%s"/>`, num(x), num(y), StatusColor(s))
		w.f(`<text x="%s" y="%s" %s>%s</text>`, num(x+16), num(y+10), fontAttrs, esc(label))
		x += width + 10
	}
	return y + 22
}

// TimelineSVG draws the timeline chart: one horizontal bar per row of
// t, from the row's first first download to its last second download,
// split top to bottom into stripes coloured by status in proportion to
// the row's pages; the reference time is a dashed line. The size of the
// SVG depends on the rows (at most MaxTimelineRows), not on the pages.
func TimelineSVG(t Timeline, visitRevisit bool) template.HTML {
	var all StatusCounts
	for _, r := range t.Rows {
		all.addAll(r.Pages)
	}
	n := len(t.Rows)
	rowH := 14.0
	if n > 24 {
		rowH = math.Max(5, 480/float64(n))
	}
	var w svgWriter
	plotW := float64(chartWidth - chartLeft - chartRight)
	x := func(s float64) float64 {
		if t.Seconds <= 0 {
			return chartLeft
		}
		return chartLeft + plotW*math.Min(1, math.Max(0, s/t.Seconds))
	}
	var body svgWriter
	top := body.legend(all, 4) + 14
	var marks []markLabel
	if visitRevisit {
		marks = append(marks, placeLabel(x(t.ReferenceSeconds), "reference time", "reference", "6 3", "end"))
		if t.RevisitPhaseSeconds > 0 && t.RevisitPhaseSeconds != t.ReferenceSeconds {
			marks = append(marks, placeLabel(x(t.RevisitPhaseSeconds), "second downloads began", "revisit-start", "2 3", "start"))
		}
	}
	// Two labels that would overlap go on two lines, the second above.
	stacked := len(marks) == 2 && marks[0].x0 < marks[1].x1 && marks[1].x0 < marks[0].x1
	if stacked {
		top += labelLine
	}
	for i, r := range t.Rows {
		body.timelineRow(r, top+float64(i)*rowH, rowH, x)
	}
	bottom := top + float64(n)*rowH
	for i, m := range marks {
		lineTop := top - 12
		if stacked && i == 1 {
			lineTop -= labelLine
		}
		body.marker(m, lineTop, bottom)
	}
	height := body.timeAxis(t.Seconds, bottom, x)
	w.f(`<svg xmlns="http://www.w3.org/2000/svg" id="timeline-chart" class="chart" role="img" width="%d" height="%s" viewBox="0 0 %d %s">`,
		chartWidth, num(height), chartWidth, num(height))
	w.f(`<title>When each page was downloaded, and whether it changed</title>`)
	w.WriteString(body.String())
	w.WriteString(`</svg>`)
	return template.HTML(w.String())
}

// timelineRow draws one row at y.
func (w *svgWriter) timelineRow(r TimelineRow, y, rowH float64, x func(float64) float64) {
	from, to := r.First.From, r.First.To
	if r.Second != nil {
		to = math.Max(to, r.Second.To)
	}
	x0, x1 := x(from), x(to)
	width := math.Max(2, x1-x0)
	barH := math.Max(1, rowH-1)
	total := r.Pages.Total()
	w.f(`<g class="row"><title>%s</title>`, esc(rowTitle(r)))
	at := y
	for _, s := range ChartStatuses {
		c := r.Pages.Of(s)
		if c == 0 || total == 0 {
			continue
		}
		h := barH * float64(c) / float64(total)
		w.f(`<rect class="stripe s-%s" data-pages="%d" x="%s" y="%s" width="%s" height="%s" fill="%s"/>`,
			s, c, num(x0), strconv.FormatFloat(at, 'f', 2, 64), num(width), strconv.FormatFloat(h, 'f', 2, 64), StatusColor(s))
		at += h
	}
	w.WriteString(`</g>`)
}

// rowTitle says in words what a row shows (the tooltip).
func rowTitle(r TimelineRow) string {
	span := func(s Span) string {
		if s.From == s.To {
			return "at " + humanSeconds(s.From)
		}
		return "between " + humanSeconds(s.From) + " and " + humanSeconds(s.To)
	}
	head := pagesWord(r.Pages.Total()) + ", first downloaded " + span(r.First)
	if r.Second != nil {
		head += ", downloaded again " + span(*r.Second)
	}
	var parts []string
	for _, s := range ChartStatuses {
		if c := r.Pages.Of(s); c > 0 {
			parts = append(parts, thousands(c)+" "+StatusPhrase(s))
		}
	}
	return head + ": " + strings.Join(parts, ", ")
}

// marker draws a labelled vertical line at x.
func (w *svgWriter) marker(m markLabel, top, bottom float64) {
	w.f(`<line class="%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="#000" stroke-width="1.5" stroke-dasharray="%s"/>`,
		m.class, num(m.x), num(top), num(m.x), num(bottom), m.dash)
	w.f(`<text class="%s-label" x="%s" y="%s" text-anchor="%s" %s>%s</text>`, m.class, num(m.tx), num(top+8), m.anchor, fontAttrs, esc(m.label))
}

// labelLine is the height of a line of marker labels.
const labelLine = 14

// markLabel is a marker line at x and where its label goes: text at tx
// with anchor, covering x0..x1 (estimated).
type markLabel struct {
	x, tx, x0, x1              float64
	label, class, dash, anchor string
}

// labelWidth estimates the width of label in the charts' 12 px
// Helvetica, generously: where it is missing, browsers fall back on
// wider fonts (DejaVu Sans averages about 7.3 px a character).
func labelWidth(label string) float64 { return 7.5 * float64(len(label)) }

// placeLabel puts a marker's label beside its line at x, on the side
// anchor asks ("end": left of the line, "start": right of it), or on the
// other side when that side would leave the chart: a label near the
// right edge was cut off there.
func placeLabel(x float64, label, class, dash, anchor string) markLabel {
	wd := labelWidth(label)
	if anchor == "start" && x+4+wd > chartWidth {
		anchor = "end"
	} else if anchor == "end" && x-4-wd < 0 {
		anchor = "start"
	}
	m := markLabel{x: x, label: label, class: class, dash: dash, anchor: anchor}
	if anchor == "start" {
		m.tx, m.x0, m.x1 = x+4, x+4, x+4+wd
	} else {
		m.tx, m.x0, m.x1 = x-4, x-4-wd, x-4
	}
	return m
}

// timeAxis draws the time axis below bottom and returns the chart height.
func (w *svgWriter) timeAxis(seconds, bottom float64, x func(float64) float64) float64 {
	y := bottom + 4
	w.f(`<line x1="%d" y1="%s" x2="%d" y2="%s" stroke="#333"/>`, chartLeft, num(y), chartWidth-chartRight, num(y))
	step := tickStep(seconds)
	for i := 0; step > 0 && i <= 20; i++ {
		s := float64(i) * step
		if s > seconds*1.0001 {
			break
		}
		anchor := "middle"
		if i == 0 {
			anchor = "start"
		}
		w.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#333"/>`, num(x(s)), num(y), num(x(s)), num(y+5))
		w.f(`<text x="%s" y="%s" text-anchor="%s" %s>%s</text>`, num(x(s)), num(y+18), anchor, fontAttrs, esc(humanSeconds(s)))
	}
	w.f(`<text x="%d" y="%s" %s>time since the first page download</text>`, chartLeft, num(y+36), fontAttrs)
	return y + 44
}

// tickStep is a round step giving about six ticks over seconds.
func tickStep(seconds float64) float64 {
	if !(seconds > 0) || math.IsInf(seconds, 0) {
		return 0
	}
	rough := seconds / 6
	for _, s := range []float64{60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400} {
		if rough >= 60 && s >= rough {
			return s
		}
	}
	mag := math.Pow(10, math.Floor(math.Log10(rough)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= rough {
			return m * mag
		}
	}
	return 10 * mag
}

// BreakdownSVG draws the breakdown chart: per directory × media type, a
// bar split left to right by status in proportion to the cell's pages,
// with the counts written below it.
func BreakdownSVG(b Breakdown) template.HTML {
	var all StatusCounts
	for _, c := range b.Cells {
		all.addAll(c.Pages)
	}
	var body svgWriter
	y := body.legend(all, 4) + 6
	const rowH, barW = 54.0, chartWidth - chartLeft - chartRight
	for _, c := range b.Cells {
		body.breakdownRow(c, y, barW)
		y += rowH
	}
	var w svgWriter
	w.f(`<svg xmlns="http://www.w3.org/2000/svg" id="breakdown-chart" class="chart" role="img" width="%d" height="%s" viewBox="0 0 %d %s">`,
		chartWidth, num(y), chartWidth, num(y))
	w.f(`<title>Pages by folder and type, and whether they changed</title>`)
	w.WriteString(body.String())
	w.WriteString(`</svg>`)
	return template.HTML(w.String())
}

func (w *svgWriter) breakdownRow(c BreakdownCell, y, barW float64) {
	total := c.Pages.Total()
	name := c.Directory + " — " + c.MIME
	if c.Directory == OtherCell {
		name = "all other folders and types"
	}
	w.f(`<g class="cell"><text x="%d" y="%s" %s>%s (%s)</text>`, chartLeft, num(y+12), fontAttrs, esc(name), esc(pagesWord(total)))
	at := float64(chartLeft)
	var counts []string
	for _, s := range ChartStatuses {
		n := c.Pages.Of(s)
		if n == 0 || total == 0 {
			continue
		}
		width := barW * float64(n) / float64(total)
		w.f(`<rect class="segment s-%s" data-pages="%d" x="%s" y="%s" width="%s" height="12" fill="%s"/>`,
			s, n, strconv.FormatFloat(at, 'f', 2, 64), num(y+16), strconv.FormatFloat(width, 'f', 2, 64), StatusColor(s))
		at += width
		counts = append(counts, thousands(n)+" "+StatusPhrase(s))
	}
	w.f(`<text x="%d" y="%s" %s>%s</text></g>`, chartLeft, num(y+42), fontAttrs, esc(strings.Join(counts, " · ")))
}

func pagesWord(n int) string {
	if n == 1 {
		return "1 page"
	}
	return thousands(n) + " pages"
}
