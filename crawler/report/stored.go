package report

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/sharc-archive/sharc/store"
)

// A report is stored in two parts (migration 0008): its summary, the
// report without pages, as JSON in the capture's row (store.Capture.Report,
// a few kB whatever the capture's size), and one row per page and per
// blocked URL, which refers to its visit and revisit records by id. Both
// are written when the capture ends, so the stored report stays as it was
// then even if the rules of this package change; rendering reads the rows
// in URL order and writes each as it comes. docs/report.md, "Storage".

// ErrNoReport is returned by Load for a capture without a stored report.
var ErrNoReport = errors.New("report: no stored report")

// pageFlush is how many page rows BuildAndStore hands the store at once:
// large enough that a row costs little, small enough to bound memory and
// to let other writers of an SQLite index in between.
const pageFlush = 1000

// BuildAndStore builds a finished capture's report and stores it with the
// capture, as `sharc crawl`, `sharc demo` and the daemon do when a capture
// finishes. Its memory does not depend on the capture's size. It returns
// the summary (the report without Pages and Blocked); Load reads it all.
func BuildAndStore(ctx context.Context, st store.Store, captureID int64, opts Options) (*Report, error) {
	unlock, err := st.LockReport(ctx, captureID)
	if err != nil {
		return nil, fmt.Errorf("report: store: %w", err)
	}
	defer unlock()
	if err := st.ClearReport(ctx, captureID); err != nil {
		return nil, fmt.Errorf("report: store: %w", err)
	}
	out := &storeSink{ctx: ctx, st: st, id: captureID, buf: make([]store.ReportPage, 0, pageFlush)}
	r, err := generate(ctx, st, captureID, opts, out)
	if err != nil {
		return nil, err
	}
	if err := out.flush(); err != nil {
		return nil, err
	}
	sum, err := summaryJSON(r)
	if err != nil {
		return nil, err
	}
	// The summary goes last: a report is complete once it is there.
	if err := st.SetReport(ctx, captureID, sum); err != nil {
		return nil, fmt.Errorf("report: store: %w", err)
	}
	return r, nil
}

// summaryJSON is the JSON of r without its pages: what the capture's row
// keeps.
func summaryJSON(r *Report) ([]byte, error) {
	var b bytes.Buffer
	if err := writeJSON(context.Background(), &b, r, noPages{}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// storeSink writes page rows in batches of pageFlush.
type storeSink struct {
	ctx context.Context
	st  store.Store
	id  int64
	buf []store.ReportPage
}

func (s *storeSink) page(p *Page, visitID, revisitID int64) error {
	s.buf = append(s.buf, store.ReportPage{
		URL: p.URL, Status: string(p.Status), Reason: p.Reason, VisitID: visitID, RevisitID: revisitID,
		IntervalSeconds: p.IntervalSeconds, Rate: p.Rate, RateSource: p.RateSource, ChangeProbability: p.ChangeProbability,
		Similarity: p.Similarity, SpansReferenceTime: p.SpansReferenceTime, State: p.State,
	})
	return s.flushIfFull()
}

func (s *storeSink) blocked(url string) error {
	s.buf = append(s.buf, store.ReportPage{URL: url, Blocked: true, State: string(store.StateBlocked)})
	return s.flushIfFull()
}

func (s *storeSink) flushIfFull() error {
	if len(s.buf) < pageFlush {
		return nil
	}
	return s.flush()
}

func (s *storeSink) flush() error {
	if len(s.buf) == 0 {
		return nil
	}
	if err := s.st.AddReportPages(s.ctx, s.id, s.buf); err != nil {
		return fmt.Errorf("report: store: %w", err)
	}
	s.buf = s.buf[:0]
	return nil
}

// Stored is a capture's stored report: its summary, and its pages read
// from the index as it is rendered.
type Stored struct {
	// Report is the summary; Pages and Blocked are empty except for a
	// report stored whole before migration 0008.
	Report *Report
	src    pageSource
}

// Load returns the stored report of capture c (read from st), or
// ErrNoReport. A report stored whole (before report rows) is read whole.
func Load(st store.Reports, c store.Capture) (*Stored, error) {
	if len(c.Report) == 0 {
		return nil, fmt.Errorf("%w for capture %d", ErrNoReport, c.ID)
	}
	r, err := ReadJSON(c.Report)
	if err != nil {
		return nil, err
	}
	if len(r.Pages) > 0 || len(r.Blocked) > 0 {
		// A legacy report: its pages are in the JSON (and it has no rows;
		// one without pages renders the same from its zero rows).
		return &Stored{Report: r, src: memPages{r}}, nil
	}
	return &Stored{Report: r, src: storedPages{st: st, id: c.ID}}, nil
}

// Render writes the stored report in the named format ("json", "csv" or
// "html"), each page as it is read.
func (s *Stored) Render(ctx context.Context, w io.Writer, format string) error {
	return render(ctx, w, s.Report, s.src, format)
}

// EachPage calls fn for every page of the stored report, in URL order.
func (s *Stored) EachPage(ctx context.Context, fn func(*Page) error) error {
	return s.src.eachPage(ctx, fn)
}

// Render writes r in the named format: "json", "csv" or "html".
func Render(w io.Writer, r *Report, format string) error {
	return render(context.Background(), w, r, memPages{r}, format)
}

func render(ctx context.Context, w io.Writer, r *Report, src pageSource, format string) error {
	switch format {
	case "", "json":
		return writeJSON(ctx, w, r, src)
	case "csv":
		return writeCSV(ctx, w, src)
	case "html":
		return writeHTML(ctx, w, r, src)
	}
	return fmt.Errorf("report: unknown format %q (valid: json, csv, html)", format)
}

// pageSource yields a report's pages and blocked URLs, each in URL order.
type pageSource interface {
	eachPage(ctx context.Context, fn func(*Page) error) error
	eachBlocked(ctx context.Context, fn func(string) error) error
}

var (
	_ pageSource = memPages{}
	_ pageSource = storedPages{}
	_ pageSource = noPages{}
)

// memPages are the pages of a report in memory.
type memPages struct{ r *Report }

func (m memPages) eachPage(ctx context.Context, fn func(*Page) error) error {
	for i := range m.r.Pages {
		if err := fn(&m.r.Pages[i]); err != nil {
			return err
		}
	}
	return nil
}

func (m memPages) eachBlocked(ctx context.Context, fn func(string) error) error {
	for _, u := range m.r.Blocked {
		if err := fn(u); err != nil {
			return err
		}
	}
	return nil
}

// noPages is the summary's: none.
type noPages struct{}

func (noPages) eachPage(context.Context, func(*Page) error) error     { return nil }
func (noPages) eachBlocked(context.Context, func(string) error) error { return nil }

// storedPages reads the page rows of a stored report.
type storedPages struct {
	st store.Reports
	id int64
}

func (s storedPages) eachPage(ctx context.Context, fn func(*Page) error) error {
	return s.st.EachReportPage(ctx, s.id, false, func(sp store.StoredReportPage) error {
		p := Page{
			URL: sp.URL, Status: upgradeStatus(Status(sp.Status)), Reason: sp.Reason, IntervalSeconds: sp.IntervalSeconds,
			SpansReferenceTime: sp.SpansReferenceTime, Rate: sp.Rate, RateSource: sp.RateSource,
			ChangeProbability: sp.ChangeProbability, Similarity: sp.Similarity, State: sp.State,
		}
		if sp.Visit != nil {
			p.Visit = download(*sp.Visit)
		}
		if sp.Revisit != nil {
			p.Revisit = download(*sp.Revisit)
		}
		return fn(&p)
	})
}

func (s storedPages) eachBlocked(ctx context.Context, fn func(string) error) error {
	return s.st.EachReportPage(ctx, s.id, true, func(sp store.StoredReportPage) error { return fn(sp.URL) })
}

// StoredJSON renders a capture's stored report as one JSON document, for a
// WACZ package (which holds its files in memory anyway); nil if the
// capture has none.
func StoredJSON(ctx context.Context, st store.Reports, c store.Capture) ([]byte, error) {
	stored, err := Load(st, c)
	if errors.Is(err, ErrNoReport) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := stored.Render(ctx, &b, "json"); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
