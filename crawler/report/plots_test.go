package report_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/xml"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/crawler/report"
)

// svgNode is any element of a parsed SVG document.
type svgNode struct {
	XMLName xml.Name
	Attrs   []xml.Attr `xml:",any,attr"`
	Nodes   []svgNode  `xml:",any"`
	Text    string     `xml:",chardata"`
}

func (n svgNode) attr(name string) string {
	for _, a := range n.Attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func (n svgNode) float(t *testing.T, name string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(n.attr(name), 64)
	if err != nil {
		t.Fatalf("<%s %s=%q>: %v", n.XMLName.Local, name, n.attr(name), err)
	}
	return f
}

func (n svgNode) hasClass(c string) bool { return slices.Contains(strings.Fields(n.attr("class")), c) }

// all returns the elements below n (n included) named name with class c.
func (n svgNode) all(name, c string) []svgNode {
	var out []svgNode
	if n.XMLName.Local == name && (c == "" || n.hasClass(c)) {
		out = append(out, n)
	}
	for _, k := range n.Nodes {
		out = append(out, k.all(name, c)...)
	}
	return out
}

// status is the status a chart element's class names (s-STATUS).
func (n svgNode) status() report.Status {
	for _, c := range strings.Fields(n.attr("class")) {
		if s, ok := strings.CutPrefix(c, "s-"); ok {
			return report.Status(s)
		}
	}
	return ""
}

// chartSVG cuts the SVG element with the given id out of an HTML page and
// parses it strictly as XML.
func chartSVG(t *testing.T, page []byte, id string) (svgNode, []byte) {
	t.Helper()
	at := bytes.Index(page, []byte(`id="`+id+`"`))
	if at < 0 {
		t.Fatalf("no #%s in the page", id)
	}
	start := bytes.LastIndex(page[:at], []byte("<svg"))
	end := bytes.Index(page[at:], []byte("</svg>"))
	if start < 0 || end < 0 {
		t.Fatalf("#%s is not inside an <svg> element", id)
	}
	raw := page[start : at+end+len("</svg>")]
	var root svgNode
	if err := xml.Unmarshal(raw, &root); err != nil {
		t.Fatalf("#%s is not well-formed XML: %v", id, err)
	}
	if root.XMLName.Local != "svg" || root.XMLName.Space != "http://www.w3.org/2000/svg" {
		t.Errorf("#%s root is %v", id, root.XMLName)
	}
	if root.float(t, "width") <= 0 || root.float(t, "height") <= 0 {
		t.Errorf("#%s has size %sx%s", id, root.attr("width"), root.attr("height"))
	}
	return root, raw
}

// stripeCounts checks each coloured element of a chart row against its
// status's colour and returns the pages it stands for by status.
func stripeCounts(t *testing.T, g svgNode, name, class string) map[report.Status]int {
	t.Helper()
	got := map[report.Status]int{}
	for _, r := range g.all(name, class) {
		st := r.status()
		if fill := r.attr("fill"); fill != report.StatusColor(st) {
			t.Errorf("%s of status %q has fill %s, want %s", class, st, fill, report.StatusColor(st))
		}
		n, err := strconv.Atoi(r.attr("data-pages"))
		if err != nil || n <= 0 {
			t.Errorf("%s of status %q stands for %q pages", class, st, r.attr("data-pages"))
		}
		got[st] += n
	}
	return got
}

// firstAndSecond are the offsets in seconds of a page's downloads from
// the start of the capture interval, read from the page itself.
func firstAndSecond(r *report.Report, p report.Page) (first, second float64, ok, hasSecond bool) {
	a, b := p.Visit, p.Revisit
	if a == nil {
		a, b = b, nil
	}
	if a == nil {
		return 0, 0, false, false
	}
	first = a.Time.Sub(r.Interval.Start).Seconds()
	if b != nil {
		second, hasSecond = b.Time.Sub(r.Interval.Start).Seconds(), true
	}
	return first, second, true, hasSecond
}

// TestTimelineSVG: the timeline of the visit-revisit fixture is
// well-formed SVG with one row per downloaded page in the order of the
// first downloads, each bar where the page's downloads are and in the
// colour of its status, and the reference time marked; and it matches
// its golden file (go test ./crawler/report -run TestTimelineSVG -update).
func TestTimelineSVG(t *testing.T) {
	r := build(t, visitRevisitFixture)
	page := renderHTML(t, r)
	root, raw := chartSVG(t, page, "timeline-chart")
	golden(t, "visit_revisit_timeline.svg", raw)

	type drawn struct {
		first, last float64
		status      report.Status
	}
	var want []drawn
	notDrawn := 0
	for _, p := range r.Pages {
		first, second, ok, has := firstAndSecond(r, p)
		if !ok {
			notDrawn++
			continue
		}
		last := first
		if has {
			last = math.Max(first, second)
		}
		want = append(want, drawn{first, last, p.Status})
	}
	slices.SortStableFunc(want, func(a, b drawn) int { return cmp.Or(cmp.Compare(a.first, b.first), cmp.Compare(a.last, b.last)) })
	rows := root.all("g", "row")
	if len(rows) != len(want) || len(rows) != 9 || notDrawn != 1 || r.Timeline.NotDrawn != 1 {
		t.Fatalf("%d rows drawn, %d pages with a download (want 9), %d not drawn", len(rows), len(want), r.Timeline.NotDrawn)
	}
	// The x axis: 12 px margins on a 760 px chart, 30 s of capture.
	x := func(s float64) float64 { return 12 + 736*s/30 }
	for i, g := range rows {
		got := stripeCounts(t, g, "rect", "stripe")
		if len(got) != 1 || got[want[i].status] != 1 {
			t.Errorf("row %d: stripes %v, want one page %s", i, got, want[i].status)
		}
		rect := g.all("rect", "stripe")[0]
		x0, w := rect.float(t, "x"), rect.float(t, "width")
		if math.Abs(x0-x(want[i].first)) > 0.06 || math.Abs(w-math.Max(2, x(want[i].last)-x(want[i].first))) > 0.11 {
			t.Errorf("row %d (%s): bar at %v width %v, want %v..%v", i, want[i].status, x0, w, x(want[i].first), x(want[i].last))
		}
	}
	ref := root.all("line", "reference")
	if len(ref) != 1 || ref[0].float(t, "x1") != x(15) {
		t.Errorf("reference line %+v, want at x=%v", ref, x(15))
	}
}

// TestBreakdownSVG: the breakdown of the visit-revisit fixture counts
// every page once, in the colour of its status, its bar split in
// proportion.
func TestBreakdownSVG(t *testing.T) {
	r := build(t, visitRevisitFixture)
	root, _ := chartSVG(t, renderHTML(t, r), "breakdown-chart")
	// Every page is at the top of example.test; /unreached was never
	// downloaded and /gone's 404 has no type, but its visit has one.
	want := map[string]map[report.Status]int{}
	for _, p := range r.Pages {
		mime := "(none)"
		for _, d := range []*report.Download{p.Visit, p.Revisit} {
			if d != nil && d.MIME != "" {
				mime = d.MIME
				break
			}
		}
		if want[mime] == nil {
			want[mime] = map[report.Status]int{}
		}
		want[mime][p.Status]++
	}
	cells := root.all("g", "cell")
	if len(cells) != len(want) || len(cells) != 2 {
		t.Fatalf("%d cells, want %d: %v", len(cells), len(want), want)
	}
	for _, g := range cells {
		label := g.all("text", "")[0].Text
		mime := strings.Fields(label)[2] // "example.test/ — TYPE (N pages)"
		if !strings.HasPrefix(label, "example.test/ — ") {
			t.Errorf("cell label %q", label)
		}
		got := stripeCounts(t, g, "rect", "segment")
		if fmt.Sprint(got) != fmt.Sprint(want[mime]) {
			t.Errorf("cell %q: %v, want %v", label, got, want[mime])
		}
		total, width := 0, 0.0
		for _, n := range got {
			total += n
		}
		for _, seg := range g.all("rect", "segment") {
			n, _ := strconv.Atoi(seg.attr("data-pages"))
			width += seg.float(t, "width")
			if w := seg.float(t, "width"); math.Abs(w-736*float64(n)/float64(total)) > 0.01 {
				t.Errorf("cell %q: segment of %d/%d pages is %v wide", label, n, total, w)
			}
		}
		if math.Abs(width-736) > 0.05 {
			t.Errorf("cell %q: bar %v wide, want 736", label, width)
		}
	}
}

// TestChartsBounded: stored reports of 6,000 and 12,000 pages draw charts
// of at most MaxTimelineRows rows and MaxBreakdownCells cells that still
// count every page, the timeline shows the last-in-first-out pyramid, and
// the whole HTML page is bounded: its two tables stop at HTMLTableRows
// and the page is about as large for twice the pages.
func TestChartsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("builds captures of 6,000 and 12,000 pages")
	}
	ctx := context.Background()
	var sizes []int
	for _, n := range []int{6_000, 12_000} {
		st := openStore(t)
		id, j := scaleCapture(t, st, n)
		sum, err := report.BuildAndStore(ctx, st, id, report.Options{Job: j})
		if err != nil {
			t.Fatal(err)
		}
		c, err := st.Capture(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Report) > 40<<10 {
			t.Errorf("%d pages: summary of %d bytes", n, len(c.Report))
		}
		stored, err := report.Load(st, c)
		if err != nil {
			t.Fatal(err)
		}
		var page bytes.Buffer
		if err := stored.Render(ctx, &page, "html"); err != nil {
			t.Fatal(err)
		}
		sizes = append(sizes, page.Len())
		checkBoundedTimeline(t, n, sum, page.Bytes())
		checkBoundedBreakdown(t, n, sum, page.Bytes())
		if rows := bytes.Count(page.Bytes(), []byte("<tr class=")); rows != 2*report.HTMLTableRows {
			t.Errorf("%d pages: %d page rows in the HTML, want %d", n, rows, 2*report.HTMLTableRows)
		}
		if notes := bytes.Count(page.Bytes(), []byte(`class="more"`)); notes != 2 {
			t.Errorf("%d pages: %d notes that rows were left out, want 2", n, notes)
		}
		t.Logf("%d pages: HTML %d bytes, summary %d bytes", n, page.Len(), len(c.Report))
	}
	if sizes[1] > sizes[0]*21/20 {
		t.Errorf("HTML of %d bytes for 12,000 pages, %d for 6,000: grows with the capture", sizes[1], sizes[0])
	}
}

func checkBoundedTimeline(t *testing.T, n int, r *report.Report, page []byte) {
	t.Helper()
	root, raw := chartSVG(t, page, "timeline-chart")
	rows := root.all("g", "row")
	if len(rows) > report.MaxTimelineRows || len(rows) != len(r.Timeline.Rows) || len(raw) > 64<<10 {
		t.Errorf("%d pages: %d rows (data %d), %d bytes of SVG", n, len(rows), len(r.Timeline.Rows), len(raw))
	}
	total := map[report.Status]int{}
	for _, g := range rows {
		for s, k := range stripeCounts(t, g, "rect", "stripe") {
			total[s] += k
		}
	}
	if total[report.StatusCoherent] != r.Totals.Coherent || total[report.StatusChanged] != r.Totals.Changed ||
		total[report.StatusCoherent]+total[report.StatusChanged] != n {
		t.Errorf("%d pages: timeline counts %v, totals %+v", n, total, r.Totals)
	}
	// Visits in order, revisits in the reverse order: each row's revisits
	// come after the next row's.
	for i := 1; i < len(r.Timeline.Rows); i++ {
		a, b := r.Timeline.Rows[i-1], r.Timeline.Rows[i]
		if b.First.From < a.First.To || b.Second.To > a.Second.From {
			t.Errorf("%d pages: rows %d and %d are not a pyramid: %+v %+v / %+v %+v", n, i-1, i, a.First, *a.Second, b.First, *b.Second)
			break
		}
	}
}

func checkBoundedBreakdown(t *testing.T, n int, r *report.Report, page []byte) {
	t.Helper()
	root, _ := chartSVG(t, page, "breakdown-chart")
	cells := root.all("g", "cell")
	if len(cells) != report.MaxBreakdownCells || len(r.Breakdown.Cells) != len(cells) {
		t.Errorf("%d pages over 997 sections: %d cells drawn, %d in the data", n, len(cells), len(r.Breakdown.Cells))
	}
	sum := 0
	for _, g := range cells {
		for _, k := range stripeCounts(t, g, "rect", "segment") {
			sum += k
		}
	}
	if sum != n {
		t.Errorf("%d pages: breakdown counts %d", n, sum)
	}
}
