package report

import (
	"bytes"
	"context"
	"embed"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// WriteJSON writes r as indented JSON (the form stored in the index).
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("report: json: %w", err)
	}
	return nil
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
	return &r, nil
}

// CSVHeader is the CSV column order; it only ever grows at the end.
var CSVHeader = []string{
	"url", "status", "reason",
	"visit_time", "visit_http_status", "visit_record_type", "visit_payload_digest", "visit_warc_file", "visit_offset", "visit_record_length",
	"revisit_time", "revisit_http_status", "revisit_record_type", "revisit_payload_digest", "revisit_warc_file", "revisit_offset", "revisit_record_length",
	"interval_seconds", "rate", "rate_source", "change_probability", "similarity", "spans_reference_time",
}

// WriteCSV writes one row per page under the CSVHeader row. Times are
// RFC 3339 UTC with nanoseconds; missing values are empty cells.
func WriteCSV(w io.Writer, r *Report) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return fmt.Errorf("report: csv: %w", err)
	}
	for _, p := range r.Pages {
		row := []string{p.URL, string(p.Status), p.Reason}
		row = append(row, downloadCells(p.Visit)...)
		row = append(row, downloadCells(p.Revisit)...)
		sim := ""
		if p.Similarity != nil {
			sim = formatFloat(*p.Similarity)
		}
		row = append(row, formatFloat(p.IntervalSeconds), formatFloat(p.Rate), p.RateSource, formatFloat(p.ChangeProbability), sim, strconv.FormatBool(p.SpansReferenceTime))
		if err := cw.Write(row); err != nil {
			return fmt.Errorf("report: csv: %w", err)
		}
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
	return []string{formatTime(d.Time), strconv.Itoa(d.HTTPStatus), d.RecordType, d.PayloadDigest, d.WARCFile,
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
	"strategy": strategyWords,
	"join":     strings.Join,
	"add":      func(a, b int) int { return a + b },
	"visitRevisit": func(r *Report) bool {
		return r.Mode == "visit-revisit"
	},
}).ParseFS(templates, "report.html.tmpl"))

// WriteHTML writes the report as one self-contained HTML page (no scripts,
// no external assets) addressed to readers who are not engineers: what was
// captured, what is guaranteed and what is not, fixity, and every page.
func WriteHTML(w io.Writer, r *Report) error {
	if err := htmlTemplate.Execute(w, r); err != nil {
		return fmt.Errorf("report: html: %w", err)
	}
	return nil
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
		w = "SHARC visit-revisit: each page's two downloads scheduled so that as many pages as possible stay unchanged between them (Denev 2012, chapter 5)"
	default:
		w = "strategy " + name
	}
	return w + order
}

// BuildAndStore builds a finished capture's report and stores it (JSON) with
// the capture, as `sharc crawl`, `sharc demo` and the daemon do when a
// capture finishes.
func BuildAndStore(ctx context.Context, st store.Store, captureID int64, opts Options) (*Report, error) {
	rep, err := Build(ctx, st, captureID, opts)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, rep); err != nil {
		return nil, err
	}
	if err := st.SetReport(ctx, captureID, buf.Bytes()); err != nil {
		return nil, fmt.Errorf("report: store: %w", err)
	}
	return rep, nil
}

// Render writes r in the named format: "json", "csv" or "html".
func Render(w io.Writer, r *Report, format string) error {
	switch format {
	case "", "json":
		return WriteJSON(w, r)
	case "csv":
		return WriteCSV(w, r)
	case "html":
		return WriteHTML(w, r)
	}
	return fmt.Errorf("report: unknown format %q (valid: json, csv, html)", format)
}
