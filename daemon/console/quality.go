package console

import (
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/sharc-archive/sharc/crawler/report"
)

// qualityRows is how many pages the quality page's table shows at once.
const qualityRows = 100

// maxQuery bounds the URL filter's text.
const maxQuery = 500

// qualityView is the capture quality page: the report's summary, its
// timeline, and one window of its pages as filtered.
type qualityView struct {
	Report       report.Report // the summary: Pages and Blocked left empty
	VisitRevisit bool
	Timeline     template.HTML
	Statuses     []report.Status
	Counts       []statusCount
	// The filter and its window of matching pages.
	Status     string
	Query      string
	Offset     int
	Matches    int
	Rows       []report.Page
	Prev, Next string // links to the neighbouring windows; "" at an end
	Blocked    int
}

type statusCount struct {
	Status report.Status
	Fill   string
	N      int
}

// qualityPage shows how good the capture is (thesis chapters 4–5): blur
// of a single-visit capture or coherence of a visit–revisit one, around
// the reference time; the visit–revisit timeline (the pyramid of Fig.
// 5.2); and the report's pages, filtered by status and URL on the server
// (a GET form: no script, and a report of a million pages is read as a
// stream, keeping only the window shown).
func (c *Console) qualityPage(w http.ResponseWriter, r *http.Request) error {
	id, err := captureID(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	qv := &qualityView{Status: q.Get("status"), Query: q.Get("q")}
	if len(qv.Query) > maxQuery {
		return &APIError{Status: http.StatusBadRequest, Message: fmt.Sprintf("q: at most %d bytes", maxQuery)}
	}
	if v := q.Get("offset"); v != "" {
		if qv.Offset, err = strconv.Atoi(v); err != nil || qv.Offset < 0 {
			return &APIError{Status: http.StatusBadRequest, Message: "offset: want a count"}
		}
	}
	if qv.Status != "" && !slices.Contains(report.ChartStatuses, report.Status(qv.Status)) {
		return &APIError{Status: http.StatusBadRequest, Message: fmt.Sprintf("status: unknown %q", qv.Status)}
	}
	n, _ := strconv.ParseInt(id, 10, 64)
	if err := c.api.Report(r.Context(), n, qv.summary, qv.page); err != nil {
		return err
	}
	qv.finish(id)
	c.render(w, "quality", page{Title: "Quality of capture " + id, CaptureID: id, Quality: qv, Who: whoOf(r)})
	return nil
}

// matches says whether p passes the filter.
func (qv *qualityView) matches(p *report.Page) bool {
	return (qv.Status == "" || string(p.Status) == qv.Status) && (qv.Query == "" || strings.Contains(p.URL, qv.Query))
}

// summary keeps the report's summary; its blocked URLs are only counted.
func (qv *qualityView) summary(rep *report.Report) error {
	qv.Report = *rep
	qv.Blocked = max(rep.Totals.Blocked, len(rep.Blocked))
	qv.Report.Pages, qv.Report.Blocked = nil, nil
	return nil
}

// page counts one page, kept only inside the window.
func (qv *qualityView) page(p *report.Page) error {
	if qv.matches(p) {
		if qv.Matches >= qv.Offset && len(qv.Rows) < qualityRows {
			qv.Rows = append(qv.Rows, *p)
		}
		qv.Matches++
	}
	return nil
}

// read decodes the report's JSON (GET /api/v1/captures/{id}/report) key
// by key into the same window as the daemon's stream (summary, page):
// the pages one at a time, the blocked URLs only counted.
func (qv *qualityView) read(body io.Reader) error {
	dec := json.NewDecoder(body)
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("quality report: not a JSON object (%v)", err)
	}
	rest := map[string]json.RawMessage{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return fmt.Errorf("quality report: %w", err)
		}
		key, _ := t.(string)
		switch key {
		case "pages":
			err = eachElement(dec, func() error {
				var p report.Page
				if err := dec.Decode(&p); err != nil {
					return err
				}
				return qv.page(&p)
			})
		case "blocked":
			err = eachElement(dec, func() error {
				qv.Blocked++
				var s string
				return dec.Decode(&s)
			})
		default:
			var v json.RawMessage
			err = dec.Decode(&v)
			rest[key] = v
		}
		if err != nil {
			return fmt.Errorf("quality report: %s: %w", key, err)
		}
	}
	b, err := json.Marshal(rest)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, &qv.Report)
}

// eachElement calls each for every element of the JSON array the decoder
// is at (null is an empty array).
func eachElement(dec *json.Decoder, each func() error) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if t == nil {
		return nil
	}
	if t != json.Delim('[') {
		return errors.New("not an array")
	}
	for dec.More() {
		if err := each(); err != nil {
			return err
		}
	}
	_, err = dec.Token()
	return err
}

// finish derives what the template shows from the report read.
func (qv *qualityView) finish(id string) {
	rep := &qv.Report
	qv.VisitRevisit = rep.Mode == "visit-revisit"
	qv.Timeline = report.TimelineSVG(rep.Timeline, qv.VisitRevisit)
	qv.Statuses = report.ChartStatuses
	t := rep.Totals
	for s, n := range map[report.Status]int{
		report.StatusCoherent: t.Coherent, report.StatusChangedInsignificantly: t.ChangedInsignificantly, report.StatusChanged: t.Changed,
		report.StatusDeleted: t.Deleted, report.StatusNew: t.New, report.StatusFailed: t.Failed, report.StatusDownloadedOnce: t.Captured,
	} {
		qv.Counts = append(qv.Counts, statusCount{Status: s, Fill: report.StatusColor(s), N: n})
	}
	slices.SortFunc(qv.Counts, func(a, b statusCount) int {
		return slices.Index(report.ChartStatuses, a.Status) - slices.Index(report.ChartStatuses, b.Status)
	})
	link := func(off int) string {
		v := url.Values{"offset": {strconv.Itoa(off)}}
		if qv.Status != "" {
			v.Set("status", qv.Status)
		}
		if qv.Query != "" {
			v.Set("q", qv.Query)
		}
		return "/ui/captures/" + id + "/quality?" + v.Encode() + "#pages"
	}
	if qv.Offset > 0 {
		qv.Prev = link(max(0, qv.Offset-qualityRows))
	}
	if qv.Offset+qualityRows < qv.Matches {
		qv.Next = link(qv.Offset + qualityRows)
	}
}
