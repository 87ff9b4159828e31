package report

import (
	"bufio"
	"bytes"
	"context"
	"embed"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/store"
)

// WriteJSON writes r as indented JSON (the form stored in the index
// before report rows, and served by the API).
func WriteJSON(w io.Writer, r *Report) error {
	return writeJSON(context.Background(), w, r, memPages{r})
}

// jsonPagesAt is where the pages and blocked URLs of a report encoded
// with empty ones stand. Within JSON strings '"' is escaped, so the text
// can only be those two fields.
const jsonPagesAt = "  \"pages\": [],\n  \"blocked\": [],\n"

// writeJSON writes the summary r with the pages of src in its "pages" and
// "blocked" fields, one element at a time, byte for byte as
// json.Encoder with two-space indent writes the whole report.
func writeJSON(ctx context.Context, w io.Writer, r *Report, src pageSource) error {
	sum := *r
	sum.Pages, sum.Blocked = []Page{}, []string{}
	var head bytes.Buffer
	enc := json.NewEncoder(&head)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&sum); err != nil {
		return fmt.Errorf("report: json: %w", err)
	}
	before, after, ok := bytes.Cut(head.Bytes(), []byte(jsonPagesAt))
	if !ok {
		return errors.New("report: json: pages field not found")
	}
	bw := bufio.NewWriter(w)
	bw.Write(before)
	bw.WriteString(`  "pages": [`)
	err := jsonArray(bw, func(elem func(any) error) error {
		return src.eachPage(ctx, func(p *Page) error { return elem(p) })
	}, func(v any) ([]byte, error) { return json.MarshalIndent(v, "    ", "  ") })
	if err != nil {
		return fmt.Errorf("report: json: %w", err)
	}
	bw.WriteString(",\n  \"blocked\": [")
	err = jsonArray(bw, func(elem func(any) error) error {
		return src.eachBlocked(ctx, func(u string) error { return elem(u) })
	}, json.Marshal)
	if err != nil {
		return fmt.Errorf("report: json: %w", err)
	}
	bw.WriteString(",\n")
	bw.Write(after)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("report: json: %w", err)
	}
	return nil
}

// jsonArray writes the elements each hands it, marshalled, as an array
// two levels deep, then closes it.
func jsonArray(w *bufio.Writer, each func(elem func(any) error) error, marshal func(any) ([]byte, error)) error {
	n := 0
	err := each(func(v any) error {
		b, err := marshal(v)
		if err != nil {
			return err
		}
		jsonElem(w, n, b)
		n++
		return nil
	})
	jsonEnd(w, n)
	return err
}

// jsonElem writes the i-th element of an array two levels deep.
func jsonElem(w *bufio.Writer, i int, elem []byte) {
	if i > 0 {
		w.WriteByte(',')
	}
	w.WriteString("\n    ")
	w.Write(elem)
}

// jsonEnd closes an array of n elements two levels deep.
func jsonEnd(w *bufio.Writer, n int) {
	if n > 0 {
		w.WriteString("\n  ")
	}
	w.WriteByte(']')
}

// ReadJSON decodes a report written by WriteJSON (e.g. the one stored in
// the index).
func ReadJSON(data []byte) (*Report, error) {
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("report: decode: %w", err)
	}
	if r.Version < 1 || r.Version > FormatVersion {
		return nil, fmt.Errorf("report: unsupported report version %d (this build reads 1..%d)", r.Version, FormatVersion)
	}
	if r.Version == 1 {
		if err := upgradeV1(data, &r); err != nil {
			return nil, err
		}
	}
	return &r, nil
}

// upgradeV1 renames what version 2 renamed: the status "captured" and
// totals.captured. A version-1 report has no charts or fixity; it renders
// without them.
func upgradeV1(data []byte, r *Report) error {
	var v1 struct {
		Totals struct {
			Captured int `json:"captured"`
		} `json:"totals"`
	}
	if err := json.Unmarshal(data, &v1); err != nil {
		return fmt.Errorf("report: decode: %w", err)
	}
	r.Totals.Captured = v1.Totals.Captured
	for i := range r.Pages {
		r.Pages[i].Status = upgradeStatus(r.Pages[i].Status)
	}
	r.Version = FormatVersion
	return nil
}

// upgradeStatus maps a status of format version 1 to its current name.
func upgradeStatus(s Status) Status {
	if s == legacyStatusCaptured {
		return StatusDownloadedOnce
	}
	return s
}

// CSVHeader is the CSV column order; it only ever grows at the end.
var CSVHeader = []string{
	"url", "status", "reason",
	"visit_time", "visit_http_status", "visit_record_type", "visit_payload_digest", "visit_warc_file", "visit_offset", "visit_record_length",
	"revisit_time", "revisit_http_status", "revisit_record_type", "revisit_payload_digest", "revisit_warc_file", "revisit_offset", "revisit_record_length",
	"interval_seconds", "rate", "rate_source", "change_probability", "similarity", "spans_reference_time",
	"visit_payload_sha256", "revisit_payload_sha256",
}

// WriteCSV writes one row per page under the CSVHeader row. Times are
// RFC 3339 UTC with nanoseconds; missing values are empty cells.
func WriteCSV(w io.Writer, r *Report) error {
	return writeCSV(context.Background(), w, memPages{r})
}

func writeCSV(ctx context.Context, w io.Writer, src pageSource) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return fmt.Errorf("report: csv: %w", err)
	}
	err := src.eachPage(ctx, func(p *Page) error {
		row := []string{p.URL, string(p.Status), p.Reason}
		row = append(row, downloadCells(p.Visit)...)
		row = append(row, downloadCells(p.Revisit)...)
		sim := ""
		if p.Similarity != nil {
			sim = formatFloat(*p.Similarity)
		}
		row = append(row, formatFloat(p.IntervalSeconds), formatFloat(p.Rate), p.RateSource, formatFloat(p.ChangeProbability), sim, strconv.FormatBool(p.SpansReferenceTime),
			p.Visit.sha256(), p.Revisit.sha256())
		return cw.Write(row)
	})
	if err != nil {
		return fmt.Errorf("report: csv: %w", err)
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("report: csv: %w", err)
	}
	return nil
}

func downloadCells(d *Download) []string {
	if d == nil {
		return make([]string, 7)
	}
	return []string{formatTime(d.Time), strconv.Itoa(d.HTTPStatus), string(d.RecordType), d.PayloadDigest, d.WARCFile,
		strconv.FormatInt(d.Offset, 10), strconv.FormatInt(d.RecordLength, 10)}
}

func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', 6, 64) }

//go:embed report.html.tmpl
var templates embed.FS

var htmlTemplate = template.Must(template.New("report.html.tmpl").Funcs(template.FuncMap{
	"when": func(t time.Time) string {
		if t.IsZero() {
			return "—"
		}
		return t.UTC().Format("2006-01-02 15:04:05.000 UTC")
	},
	"seconds": func(s float64) string { return humanSeconds(s) },
	"num":     func(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) },
	"pct": func(n, of int) string {
		if of == 0 {
			return "0%"
		}
		return strconv.FormatFloat(100*float64(n)/float64(of), 'f', 1, 64) + "%"
	},
	"strategy":     strategyWords,
	"completeness": CompletenessWords,
	"slug":         func(c store.Completeness) string { return strings.ReplaceAll(string(c), " ", "-") },
	"add":          func(a, b int) int { return a + b },
	"join":         strings.Join,
	"thousands":    thousands,
	"phrase":       StatusPhrase,
	"timelineSVG":  func(r *Report, vr bool) template.HTML { return TimelineSVG(r.Timeline, vr) },
	"breakdownSVG": func(r *Report) template.HTML { return BreakdownSVG(r.Breakdown) },
	"connVia":      connVia,
}).ParseFS(templates, "report.html.tmpl"))

// HTMLTableRows is the most rows each of the HTML report's two page
// tables shows (pages with a problem; the other pages): the HTML stays a
// readable, bounded document whatever the size of the capture, and the
// CSV, complete, is the tool for more (docs/report.md, Formats).
const HTMLTableRows = 1000

// WriteHTML writes the report as one self-contained HTML page (no scripts,
// no external assets) addressed to readers who are not engineers: what was
// captured, what is guaranteed and what is not, charts, fixity, the pages.
func WriteHTML(w io.Writer, r *Report) error {
	return writeHTML(context.Background(), w, r, memPages{r})
}

// htmlView is what the "head" and "tail" templates show.
type htmlView struct {
	R       *Report
	VR      bool // visit-revisit capture
	Grouped bool // the timeline's rows are groups of pages
	Limit   int
}

// tableView is what a page table's start and end show.
type tableView struct {
	VR           bool
	Total, Shown int
	Limit        int
	More         bool // pages beyond Limit were left out
}

// pageRow is what the "page" template shows.
type pageRow struct {
	*Page
	VR bool // visit-revisit capture: show the second download
}

// problem reports whether a page goes to the table of pages with a
// problem: anything but "did not change" and "downloaded once".
func problem(p *Page) bool { return p.Status != StatusCoherent && p.Status != StatusDownloadedOnce }

// errTableFull stops a pass over the pages once a table is full.
var errTableFull = errors.New("table full")

// writeHTML writes the parts of report.html.tmpl in turn: two passes over
// src's pages, one per table, each writing a page as it is read and
// stopping after HTMLTableRows.
func writeHTML(ctx context.Context, w io.Writer, r *Report, src pageSource) error {
	bw := bufio.NewWriter(w)
	run := func(name string, data any) error { return htmlTemplate.ExecuteTemplate(bw, name, data) }
	v := htmlView{R: r, VR: r.Mode == job.ModeVisitRevisit, Limit: HTMLTableRows}
	for _, row := range r.Timeline.Rows {
		v.Grouped = v.Grouped || row.Pages.Total() > 1
	}
	problems, others := r.Totals.Pages-r.Totals.Coherent-r.Totals.Captured, r.Totals.Coherent+r.Totals.Captured
	err := run("head", v)
	if err == nil {
		err = pageTable(ctx, run, src, tableView{VR: v.VR, Total: problems, Limit: HTMLTableRows}, "problems", problem)
	}
	if err == nil {
		err = pageTable(ctx, run, src, tableView{VR: v.VR, Total: others, Limit: HTMLTableRows}, "others",
			func(p *Page) bool { return !problem(p) })
	}
	if err == nil {
		err = blockedList(ctx, run, src)
	}
	if err == nil {
		err = run("tail", v)
	}
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		return fmt.Errorf("report: html: %w", err)
	}
	return nil
}

// pageTable writes the table of the pages keep selects, at most tv.Limit.
func pageTable(ctx context.Context, run func(string, any) error, src pageSource, tv tableView, name string, keep func(*Page) bool) error {
	if err := run(name+"-start", tv); err != nil {
		return err
	}
	err := src.eachPage(ctx, func(p *Page) error {
		if !keep(p) {
			return nil
		}
		if tv.Shown == tv.Limit {
			tv.More = true
			return errTableFull
		}
		tv.Shown++
		return run("page", pageRow{p, tv.VR})
	})
	if err != nil && !errors.Is(err, errTableFull) {
		return err
	}
	return run(name+"-end", tv)
}

// blockedList writes the blocked addresses, if any.
func blockedList(ctx context.Context, run func(string, any) error, src pageSource) error {
	blocked := false
	err := src.eachBlocked(ctx, func(u string) error {
		if !blocked {
			blocked = true
			if err := run("blocked-start", nil); err != nil {
				return err
			}
		}
		return run("blocked", u)
	})
	if err == nil && blocked {
		err = run("blocked-end", nil)
	}
	return err
}

// humanSeconds renders a duration in seconds as e.g. "2 h 3 min 4.5 s".
func humanSeconds(s float64) string {
	d := time.Duration(s * float64(time.Second)).Round(time.Millisecond)
	if d < time.Minute {
		return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
	}
	h := int(d / time.Hour)
	m := int(d % time.Hour / time.Minute)
	sec := (d % time.Minute).Seconds()
	var parts []string
	if h > 0 {
		parts = append(parts, strconv.Itoa(h)+" h")
	}
	if m > 0 || h > 0 {
		parts = append(parts, strconv.Itoa(m)+" min")
	}
	parts = append(parts, strconv.FormatFloat(sec, 'f', -1, 64)+" s")
	return strings.Join(parts, " ")
}

// strategyWords explains a scheduler strategy name in plain words.
func strategyWords(name string) string {
	base := name
	order := ""
	switch {
	case strings.HasSuffix(name, "-fifo"):
		base, order = strings.TrimSuffix(name, "-fifo"), "; revisits in the same order as the visits"
	case strings.HasSuffix(name, "-lifo"):
		base, order = strings.TrimSuffix(name, "-lifo"), "; revisits in the reverse order of the visits"
	}
	var w string
	switch base {
	case "bfs":
		w = "breadth-first: pages in the order they were discovered"
	case "dfs":
		w = "depth-first: the most recently discovered page first"
	case "hf", "hottest-first":
		w = "pages most likely to change first"
	case "hl", "hottest-last":
		w = "pages most likely to change last"
	case "sharc-offline", "sharc-online":
		w = "SHARC: pages ordered to minimise blur (Denev 2012, chapter 4)"
	case "sharc-revisits", "sharc-threshold", "sharc-intervals", "sharc-intervals-online", "sharc-selective", "sharc-selective-online":
		w = "SHARC, two downloads per page: each page's two downloads scheduled so that as many pages as possible stay unchanged between them (Denev 2012, chapter 5)"
	default:
		w = "strategy " + name
	}
	return w + order
}

// stopWords says a stop reason in an archivist's words.
func stopWords(reason string) string {
	switch reason {
	case "max_pages":
		return "it reached its page limit (scope.max_pages)"
	case "max_bytes":
		return "it reached its size limit (scope.max_bytes)"
	case "max_duration":
		return "it reached its time limit (scope.max_duration)"
	case "finished":
		return "the crawl went through every page in scope"
	}
	return "it stopped (" + reason + ")"
}

// CompletenessWords is the report's first statement: whether the capture
// is complete, and if not, why it stopped.
func CompletenessWords(r *Report) string {
	switch r.Completeness {
	case store.Complete:
		w := "This capture is complete: " + stopWords(r.StopReason) + "."
		if d := r.Totals.Downloads; d.Twice+d.Once == 0 {
			w += " Nothing was archived: every page failed (the report lists why, and crawl.log)."
		} else if d.Never > 0 {
			w += fmt.Sprintf(" %d of its pages could not be downloaded (listed below).", d.Never)
		}
		return w
	case store.InProgress:
		return "This capture is still in progress (" + string(r.CaptureStatus) + "): this report is provisional."
	case store.Unrecorded:
		return "Whether this capture is complete was not recorded (it ended before SHARC recorded why a capture stopped)."
	}
	if r.CaptureStatus != store.CaptureStatusFinished {
		return "This capture is incomplete: it was " + string(r.CaptureStatus) + " before every page in scope was crawled."
	}
	return "This capture is incomplete: " + stopWords(r.StopReason) + " before every page in scope was crawled."
}
