package report

import (
	"cmp"
	"math"
	"mime"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sharc-archive/sharc/crawler/job"
)

// The two charts of the HTML report are drawn from data gathered while
// the pages are classified (the verdict pass) and kept in the report's
// summary, so a stored report draws the same charts every time and
// rendering never reads the pages twice for them. Both are bounded: the
// timeline has at most MaxTimelineRows rows and the breakdown at most
// MaxBreakdownCells cells, whatever the number of pages, and gathering
// them keeps fixed-size tallies only.

// MaxTimelineRows bounds the rows of the timeline chart. A capture with
// more pages groups consecutive pages (by the time of their first
// download) into rows.
const MaxTimelineRows = 80

// timelineBins is the resolution of the histogram that groups pages into
// rows: first downloads fall into this many equal slices of the capture
// interval.
const timelineBins = 2048

// MaxBreakdownCells bounds the cells (directory × media type) of the
// breakdown chart; the cells with the fewest changed pages are summed into
// a last cell, OtherCell.
const MaxBreakdownCells = 16

// OtherCell is the directory and media type of the breakdown cell that
// sums the cells beyond MaxBreakdownCells (and directories beyond
// maxBreakdownKeys).
const OtherCell = "(all others)"

// maxBreakdownKeys bounds the distinct directory × type pairs tallied
// exactly; pages of further pairs (a hostile site can invent any number of
// directories) are counted in OtherCell.
const maxBreakdownKeys = 4096

// maxLabel bounds a directory or media type label, in characters.
const maxLabel = 60

// StatusCounts counts pages by status.
type StatusCounts struct {
	Coherent               int `json:"coherent,omitempty"`
	ChangedInsignificantly int `json:"changed_insignificantly,omitempty"`
	Changed                int `json:"changed,omitempty"`
	Deleted                int `json:"deleted,omitempty"`
	New                    int `json:"new,omitempty"`
	Failed                 int `json:"failed,omitempty"`
	DownloadedOnce         int `json:"downloaded_once,omitempty"`
}

// ChartStatuses is the order in which the charts stack the statuses.
var ChartStatuses = []Status{
	StatusCoherent, StatusChangedInsignificantly, StatusChanged, StatusDeleted, StatusNew, StatusFailed, StatusDownloadedOnce,
}

// field is the counter of status s (nil for an unknown status).
func (c *StatusCounts) field(s Status) *int {
	switch s {
	case StatusCoherent:
		return &c.Coherent
	case StatusChangedInsignificantly:
		return &c.ChangedInsignificantly
	case StatusChanged:
		return &c.Changed
	case StatusDeleted:
		return &c.Deleted
	case StatusNew:
		return &c.New
	case StatusFailed:
		return &c.Failed
	case StatusDownloadedOnce:
		return &c.DownloadedOnce
	}
	return nil
}

// Of returns the count of status s.
func (c StatusCounts) Of(s Status) int {
	if f := c.field(s); f != nil {
		return *f
	}
	return 0
}

func (c *StatusCounts) add(s Status, n int) {
	if f := c.field(s); f != nil {
		*f += n
	}
}

func (c *StatusCounts) addAll(o StatusCounts) {
	for _, s := range ChartStatuses {
		c.add(s, o.Of(s))
	}
}

// Total is the number of pages counted.
func (c StatusCounts) Total() int {
	n := 0
	for _, s := range ChartStatuses {
		n += c.Of(s)
	}
	return n
}

// changedish counts the pages whose content is known to differ between
// their downloads: what the breakdown ranks its cells by.
func (c StatusCounts) changedish() int { return c.Changed + c.Deleted + c.ChangedInsignificantly }

// Timeline is the data of the timeline chart. Times are seconds from the
// start of the capture interval.
type Timeline struct {
	// Seconds is the length of the capture interval (the x axis).
	Seconds float64 `json:"seconds"`
	// ReferenceSeconds is where the reference time lies (visit-revisit).
	ReferenceSeconds float64 `json:"reference_seconds"`
	// RevisitPhaseSeconds is where the revisit phase started
	// (visit-revisit; 0 if it never did).
	RevisitPhaseSeconds float64 `json:"revisit_phase_seconds"`
	// Rows are the pages with at least one download, in the order of their
	// first download: one page per row if there are at most
	// MaxTimelineRows, else groups of consecutive pages.
	Rows []TimelineRow `json:"rows"`
	// NotDrawn counts the pages never downloaded, which have no place on
	// a time axis.
	NotDrawn int `json:"not_drawn"`
}

// TimelineRow is one row of the timeline chart: a page or a group of
// pages whose first downloads are consecutive.
type TimelineRow struct {
	// First spans the first downloads (visits) of the row's pages.
	First Span `json:"first"`
	// Second spans the second downloads (revisits) of those that have one.
	Second *Span `json:"second,omitempty"`
	// Pages counts the row's pages by status.
	Pages StatusCounts `json:"pages"`
}

// Span is a time span in seconds from the start of the capture interval.
type Span struct {
	From float64 `json:"from"`
	To   float64 `json:"to"`
}

func (s *Span) widen(t float64) {
	s.From, s.To = math.Min(s.From, t), math.Max(s.To, t)
}

// timelineTally gathers the timeline as pages go by: each page exactly
// while there are at most MaxTimelineRows, and always a histogram of
// timelineBins slices of the first-download time, which groups the pages
// of a larger capture into rows.
type timelineTally struct {
	seconds float64
	exact   []TimelineRow // nil once there are more pages than rows
	over    bool
	bins    []TimelineRow // lazily made: timelineBins
	used    []bool
}

// add counts page p, whose first download is at first seconds and second
// (if any) at *second.
func (t *timelineTally) add(st Status, first float64, second *float64) {
	row := TimelineRow{First: Span{first, first}}
	row.Pages.add(st, 1)
	if second != nil {
		row.Second = &Span{*second, *second}
	}
	if !t.over {
		if len(t.exact) < MaxTimelineRows {
			t.exact = append(t.exact, row)
		} else {
			t.over, t.exact = true, nil
		}
	}
	if t.bins == nil {
		t.bins, t.used = make([]TimelineRow, timelineBins), make([]bool, timelineBins)
	}
	i := t.bin(first)
	merge(&t.bins[i], row, t.used[i])
	t.used[i] = true
}

// bin is the histogram slice of a first download at s seconds.
func (t *timelineTally) bin(s float64) int {
	if t.seconds <= 0 || !(s > 0) {
		return 0
	}
	return min(timelineBins-1, int(s/t.seconds*timelineBins))
}

// merge adds row r to the group g (empty unless used).
func merge(g *TimelineRow, r TimelineRow, used bool) {
	if !used {
		*g = TimelineRow{First: r.First}
		if r.Second != nil {
			s := *r.Second
			g.Second = &s
		}
		g.Pages = r.Pages
		return
	}
	g.First.widen(r.First.From)
	g.First.widen(r.First.To)
	if r.Second != nil {
		if g.Second == nil {
			s := *r.Second
			g.Second = &s
		} else {
			g.Second.widen(r.Second.From)
			g.Second.widen(r.Second.To)
		}
	}
	g.Pages.addAll(r.Pages)
}

// rows returns the chart's rows: the pages themselves, ordered by first
// then second download, or the histogram's slices merged in order into
// groups of about pages/MaxTimelineRows pages.
func (t *timelineTally) rows() []TimelineRow {
	if !t.over {
		rows := slices.Clone(t.exact)
		slices.SortStableFunc(rows, func(a, b TimelineRow) int {
			return cmp.Or(cmp.Compare(a.First.From, b.First.From), cmp.Compare(secondFrom(a), secondFrom(b)))
		})
		if rows == nil {
			rows = []TimelineRow{}
		}
		return rows
	}
	total := 0
	for i := range t.bins {
		total += t.bins[i].Pages.Total()
	}
	per := (total + MaxTimelineRows - 1) / MaxTimelineRows
	rows := []TimelineRow{}
	var cur TimelineRow
	curUsed := false
	for i := range t.bins {
		if !t.used[i] {
			continue
		}
		merge(&cur, t.bins[i], curUsed)
		curUsed = true
		if cur.Pages.Total() >= per {
			rows = append(rows, cur)
			cur, curUsed = TimelineRow{}, false
		}
	}
	if curUsed {
		rows = append(rows, cur)
	}
	return rows
}

func secondFrom(r TimelineRow) float64 {
	if r.Second == nil {
		return math.Inf(1)
	}
	return r.Second.From
}

// Breakdown counts the pages by status per first-level directory and
// media type (the breakdown chart).
type Breakdown struct {
	// Cells are ranked by pages that changed (changed, deleted, changed
	// insignificantly), then new, then all pages; beyond
	// MaxBreakdownCells − 1 cells the rest are summed into a last cell
	// whose directory and type are OtherCell.
	Cells []BreakdownCell `json:"cells"`
}

// BreakdownCell is one directory × media type pair.
type BreakdownCell struct {
	// Directory is the host and first path segment of the page's address
	// ("example.org/news/"), or the host and "/" for pages at the top.
	Directory string `json:"directory"`
	// MIME is the media type of the page's first download, without
	// parameters; "(none)" when it has none or was never downloaded.
	MIME  string       `json:"mime"`
	Pages StatusCounts `json:"pages"`
}

type cellKey struct{ dir, mime string }

// breakdownTally gathers the breakdown: exact counts for up to
// maxBreakdownKeys pairs, the pages of further pairs in one OtherCell.
type breakdownTally struct {
	cells map[cellKey]*StatusCounts
	other StatusCounts
}

func (b *breakdownTally) add(p *Page) {
	if b.cells == nil {
		b.cells = map[cellKey]*StatusCounts{}
	}
	k := cellKey{firstDirectory(p.URL), pageMIME(p)}
	c := b.cells[k]
	if c == nil {
		if len(b.cells) >= maxBreakdownKeys {
			b.other.add(p.Status, 1)
			return
		}
		c = &StatusCounts{}
		b.cells[k] = c
	}
	c.add(p.Status, 1)
}

// result ranks the cells and keeps at most MaxBreakdownCells.
func (b *breakdownTally) result() Breakdown {
	cells := make([]BreakdownCell, 0, len(b.cells))
	for k, c := range b.cells {
		cells = append(cells, BreakdownCell{Directory: k.dir, MIME: k.mime, Pages: *c})
	}
	slices.SortFunc(cells, func(x, y BreakdownCell) int {
		return cmp.Or(
			-cmp.Compare(x.Pages.changedish(), y.Pages.changedish()),
			-cmp.Compare(x.Pages.New, y.Pages.New),
			-cmp.Compare(x.Pages.Total(), y.Pages.Total()),
			strings.Compare(x.Directory, y.Directory), strings.Compare(x.MIME, y.MIME))
	})
	other := b.other
	if len(cells) > MaxBreakdownCells || (other.Total() > 0 && len(cells) == MaxBreakdownCells) {
		for _, c := range cells[MaxBreakdownCells-1:] {
			other.addAll(c.Pages)
		}
		cells = cells[:MaxBreakdownCells-1]
	}
	if other.Total() > 0 {
		cells = append(cells, BreakdownCell{Directory: OtherCell, MIME: OtherCell, Pages: other})
	}
	return Breakdown{Cells: cells}
}

// firstDirectory is the host and first path segment of u: "host/seg/"
// when the path goes deeper than that segment, else "host/".
func firstDirectory(u string) string {
	pu, err := url.Parse(u)
	if err != nil || pu.Host == "" {
		return label("(unparsable address)")
	}
	host := strings.ToLower(pu.Host)
	seg, _, deeper := strings.Cut(strings.TrimPrefix(pu.EscapedPath(), "/"), "/")
	if !deeper {
		return label(host + "/")
	}
	return label(host + "/" + seg + "/")
}

// pageMIME is the media type of a page's first download without
// parameters, lower case.
func pageMIME(p *Page) string {
	var m string
	for _, d := range []*Download{p.Visit, p.Revisit} {
		if d != nil && d.MIME != "" {
			m = d.MIME
			break
		}
	}
	if mt, _, err := mime.ParseMediaType(m); err == nil {
		m = mt
	} else {
		m, _, _ = strings.Cut(m, ";")
		m = strings.ToLower(strings.TrimSpace(m))
	}
	if m == "" {
		return "(none)"
	}
	return label(m)
}

// label bounds a label taken from the network to maxLabel characters and
// valid UTF-8.
func label(s string) string {
	s = strings.ToValidUTF8(s, "?")
	if utf8.RuneCountInString(s) <= maxLabel {
		return s
	}
	r := []rune(s)
	return string(r[:maxLabel-1]) + "…"
}

// charts gathers the data of both charts in the verdict pass.
type charts struct {
	start    time.Time // of the capture interval
	timeline timelineTally
	notDrawn int
	cells    breakdownTally
}

func newCharts(r *Report) *charts {
	return &charts{start: r.Interval.Start, timeline: timelineTally{seconds: r.Interval.Seconds}}
}

// page counts a classified page.
func (c *charts) page(p *Page) {
	c.cells.add(p)
	first, second := p.Visit, p.Revisit
	if first == nil {
		first, second = second, nil
	}
	if first == nil {
		c.notDrawn++
		return
	}
	var at *float64
	if second != nil {
		s := c.offset(second.Time)
		at = &s
	}
	c.timeline.add(p.Status, c.offset(first.Time), at)
}

func (c *charts) offset(t time.Time) float64 { return t.Sub(c.start).Seconds() }

// finish stores the charts' data in r.
func (c *charts) finish(r *Report) {
	r.Timeline = Timeline{Seconds: r.Interval.Seconds, Rows: c.timeline.rows(), NotDrawn: c.notDrawn}
	if !r.ReferenceTime.IsZero() && r.Mode == job.ModeVisitRevisit {
		r.Timeline.ReferenceSeconds = c.offset(r.ReferenceTime)
	}
	if !r.RevisitPhaseStart.IsZero() {
		r.Timeline.RevisitPhaseSeconds = c.offset(r.RevisitPhaseStart)
	}
	r.Breakdown = c.cells.result()
}
