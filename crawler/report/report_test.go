package report_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/sharc-archive/sharc/crawler/report"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func build(t *testing.T, fixture func(testing.TB) (storeT, int64, jobT)) *report.Report {
	t.Helper()
	st, id, j := fixture(t)
	r, err := report.Build(context.Background(), st, id, report.Options{Job: j, Now: fixedNow, Tool: "SHARC test"})
	if err != nil {
		t.Fatal(err)
	}
	normalise(r)
	return r
}

func TestVisitRevisitStatuses(t *testing.T) {
	r := build(t, visitRevisitFixture)
	want := map[string]report.Status{
		"/":          report.StatusCoherent,
		"/same":      report.StatusCoherent,
		"/pivot":     report.StatusCoherent,
		"/changed":   report.StatusChanged,
		"/gone":      report.StatusDeleted,
		"/late":      report.StatusNew,
		"/broken":    report.StatusFailed,
		"/flaky":     report.StatusFailed,
		"/unreached": report.StatusFailed,
		"/undone":    report.StatusFailed,
	}
	if len(r.Pages) != len(want) {
		t.Fatalf("%d pages, want %d", len(r.Pages), len(want))
	}
	for _, p := range r.Pages {
		path := strings.TrimPrefix(p.URL, "http://example.test")
		if p.Status != want[path] {
			t.Errorf("%s: status %s (%s), want %s", path, p.Status, p.Reason, want[path])
		}
	}
	if len(r.Blocked) != 1 || r.Blocked[0] != "http://example.test/private/x" {
		t.Errorf("blocked %v", r.Blocked)
	}
	// Downloads: the coherent, changed and deleted pages and one that
	// failed at its revisit have two; the new page and two failed at their
	// revisit have one; one page has none.
	wantTotals := report.Totals{Pages: 10, Coherent: 3, CoherentAtReference: 2, Incoherent: 2, Changed: 1, Deleted: 1, New: 1, Failed: 4, Blocked: 1,
		Downloads: report.DownloadCounts{Twice: 6, Once: 3, Never: 1}}
	if r.Totals != wantTotals {
		t.Errorf("totals %+v\nwant   %+v", r.Totals, wantTotals)
	}
	// The interval spans page downloads only (robots.txt at -1 s is not a
	// page); the reference time is its middle.
	if !r.Interval.Start.Equal(t0) || !r.Interval.End.Equal(t0.Add(30*time.Second)) || r.Interval.Seconds != 30 {
		t.Errorf("interval %+v", r.Interval)
	}
	if !r.ReferenceTime.Equal(t0.Add(15 * time.Second)) {
		t.Errorf("reference time %v, want t0+15s", r.ReferenceTime)
	}
	// The first revisit-phase download (16 s) opens the revisit phase; the
	// visit+revisit pivot at 14 s precedes it (Def. 5.5).
	if !r.RevisitPhaseStart.Equal(t0.Add(16 * time.Second)) {
		t.Errorf("revisit phase start %v", r.RevisitPhaseStart)
	}
	// The window runs from the pivot (the last visit, 14 s) to the first
	// revisit (16 s); the undone collapse at 1 s is not the pivot.
	if w := r.CoherenceWindow; !w.Start.Equal(t0.Add(14*time.Second)) || !w.End.Equal(t0.Add(16*time.Second)) || w.Seconds != 2 {
		t.Errorf("coherence window %+v", w)
	}
	for _, p := range r.Pages {
		path := strings.TrimPrefix(p.URL, "http://example.test")
		if want := path == "/" || path == "/same" || path == "/changed" || path == "/gone" || path == "/flaky"; p.SpansReferenceTime != want {
			t.Errorf("%s: spans reference time %v, want %v", path, p.SpansReferenceTime, want)
		}
	}
	if r.DeltaSeconds != 2 || r.JobName != "evidence" || r.Mode != "visit-revisit" {
		t.Errorf("delta %v job %q mode %q", r.DeltaSeconds, r.JobName, r.Mode)
	}
}

func TestExpectedIncoherence(t *testing.T) {
	r := build(t, visitRevisitFixture)
	// Rates per Δ and interval lengths in Δ = 2 s, from the fixture.
	want := map[string]float64{
		"/":        1 - math.Exp(-0.01*15),
		"/same":    1 - math.Exp(-0.02*11),
		"/changed": 1 - math.Exp(-0.5*9),
		"/gone":    1 - math.Exp(-0.1*6),
		"/pivot":   0,
	}
	var sum float64
	for _, w := range want {
		sum += w
	}
	if math.Abs(r.Quality.ExpectedIncoherence-sum) > 1e-12 {
		t.Errorf("expected incoherence %v, want %v", r.Quality.ExpectedIncoherence, sum)
	}
	if r.Quality.PagesMeasured != 5 || math.Abs(r.Quality.ExpectedCoherence-(5-sum)) > 1e-12 || r.Quality.ActualIncoherence != 2 {
		t.Errorf("quality %+v", r.Quality)
	}
	for _, p := range r.Pages {
		path := strings.TrimPrefix(p.URL, "http://example.test")
		if w, ok := want[path]; ok && math.Abs(p.ChangeProbability-w) > 1e-12 {
			t.Errorf("%s: change probability %v, want %v", path, p.ChangeProbability, w)
		}
	}
	if r.Quality.ExpectedBlur != 0 {
		t.Errorf("visit-revisit capture has expected blur %v", r.Quality.ExpectedBlur)
	}
}

func TestSingleVisitBlur(t *testing.T) {
	r := build(t, singleVisitFixture)
	// Observation interval [0, 2Δ]; Eq. 4.1 by hand: ω(t) = t² − 2t + 2,
	// page blur = λ·ω(t)/2. Page / (λ=1, t=0): 1; /a (λ=2, t=1): 1;
	// /b (λ=0): 0.
	if math.Abs(r.Quality.ExpectedBlur-2) > 1e-12 || math.Abs(r.Quality.AvgExpectedBlur-2.0/3) > 1e-12 || r.Quality.PagesMeasured != 3 {
		t.Errorf("quality %+v, want blur 2 over 3 pages", r.Quality)
	}
	want := report.Totals{Pages: 4, Captured: 3, Failed: 1, Downloads: report.DownloadCounts{Once: 3, Never: 1}}
	if r.Totals != want {
		t.Errorf("totals %+v, want %+v", r.Totals, want)
	}
	if r.Quality.ExpectedIncoherence != 0 || r.Quality.ActualIncoherence != 0 {
		t.Errorf("single-visit capture has incoherence figures %+v", r.Quality)
	}
}

func TestSummary(t *testing.T) {
	r := build(t, visitRevisitFixture)
	s := r.Summary
	// 16 downloads: 15 page downloads and robots.txt.
	wantCodes := map[string]int{"200": 12, "503": 2, "404": 1, "304": 1}
	for k, v := range wantCodes {
		if s.StatusCodes[k] != v {
			t.Errorf("status %s: %d, want %d", k, s.StatusCodes[k], v)
		}
	}
	if s.Records["request"] != 16 || s.Records["response"] != 13 || s.Records["revisit"] != 3 {
		t.Errorf("records %v", s.Records)
	}
	if len(s.Hosts) != 1 {
		t.Fatalf("hosts %+v", s.Hosts)
	}
	h := s.Hosts[0]
	if h.Host != "example.test" || h.URLs != 11 || h.Novel != 13 || h.Duplicate != 2 || h.NotModified != 1 {
		t.Errorf("host %+v", h)
	}
	if strings.Join(s.WARCFiles, ",") != "fixture-00000.warc.gz,fixture-00001.warc.gz" {
		t.Errorf("WARC files %v", s.WARCFiles)
	}
}

func TestNoJob(t *testing.T) {
	st, id, _ := visitRevisitFixture(t)
	r, err := report.Build(context.Background(), st, id, report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.DeltaSeconds != 1 || len(r.Notes) == 0 || !strings.Contains(r.Notes[0], "job file was not available") {
		t.Errorf("without a job: delta %v, notes %q", r.DeltaSeconds, r.Notes)
	}
	if r.Totals.Coherent != 3 {
		t.Errorf("statuses do not depend on the job: coherent %d", r.Totals.Coherent)
	}
}

func TestUnknownCapture(t *testing.T) {
	st := openStore(t)
	if _, err := report.Build(context.Background(), st, 42, report.Options{}); err == nil || !strings.Contains(err.Error(), "capture 42") {
		t.Errorf("unknown capture: %v", err)
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./crawler/report -run Golden -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s", name, got)
	}
}

func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name    string
		fixture func(testing.TB) (storeT, int64, jobT)
	}{
		{"visit_revisit", visitRevisitFixture},
		{"single_visit", singleVisitFixture},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := build(t, tc.fixture)
			var js, cs bytes.Buffer
			if err := report.WriteJSON(&js, r); err != nil {
				t.Fatal(err)
			}
			if err := report.WriteCSV(&cs, r); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name+".json", js.Bytes())
			golden(t, tc.name+".csv", cs.Bytes())

			// JSON round trip: the stored report renders the same.
			back, err := report.ReadJSON(js.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			var js2 bytes.Buffer
			if err := report.WriteJSON(&js2, back); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(js.Bytes(), js2.Bytes()) {
				t.Error("JSON does not round-trip")
			}
			// CSV: header then one row per page, every row the header's width.
			rows, err := csv.NewReader(&cs).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) != len(r.Pages)+1 || strings.Join(rows[0], ",") != strings.Join(report.CSVHeader, ",") {
				t.Errorf("CSV: %d rows, header %v", len(rows), rows[0])
			}
		})
	}
}

func TestReadJSONRejects(t *testing.T) {
	for _, in := range []string{`{`, `{"version":0}`, `{"version":99}`, `[]`} {
		if _, err := report.ReadJSON([]byte(in)); err == nil {
			t.Errorf("ReadJSON(%s) accepted", in)
		}
	}
}

// htmlTotals reads the key figures from a rendered HTML report.
func htmlTotals(t *testing.T, doc *goquery.Document) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, id := range []string{"capture-id", "total-pages", "total-coherent", "total-changed", "total-deleted", "total-incoherent",
		"total-new", "total-failed", "total-blocked", "reference-time", "actual-incoherence", "expected-incoherence",
		"total-downloaded-once", "expected-blur"} {
		if s := doc.Find("#" + id); s.Length() == 1 {
			got[id] = strings.TrimSpace(s.Text())
		}
	}
	return got
}

func TestHTML(t *testing.T) {
	r := build(t, visitRevisitFixture)
	var b bytes.Buffer
	if err := report.WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	checkHTML(t, r, b.Bytes())
	// Self-contained: no scripts, no external references.
	low := strings.ToLower(b.String())
	for _, bad := range []string{"<script", "src=", "<link", "@import", "url("} {
		if strings.Contains(low, bad) {
			t.Errorf("HTML contains %q", bad)
		}
	}
}

func checkHTML(t *testing.T, r *report.Report, page []byte) {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	got := htmlTotals(t, doc)
	want := map[string]string{
		"capture-id": itoa(r.CaptureID), "total-pages": "10", "total-coherent": "3", "total-changed": "1", "total-deleted": "1",
		"total-incoherent": "2", "total-new": "1", "total-failed": "4", "total-blocked": "1",
		"actual-incoherence": "2", "expected-incoherence": fmt.Sprintf("%.1f", r.Quality.ExpectedIncoherence),
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("#%s = %q, want %q", k, got[k], v)
		}
	}
	if !strings.Contains(got["reference-time"], "2026-03-14 09:00:15.000 UTC") {
		t.Errorf("reference time shown as %q", got["reference-time"])
	}
	// The page table has one row per page, with each page's status and the
	// WARC position of its records.
	// Two tables (pages with a problem, the others), each with a header.
	if n := doc.Find("table.pages").Length(); n != 2 {
		t.Errorf("%d page tables, want 2", n)
	}
	rows := doc.Find("table.pages tr").Length() - doc.Find("table.pages").Length()
	if rows != len(r.Pages) {
		t.Errorf("page tables have %d rows, want %d", rows, len(r.Pages))
	}
	if got := doc.Find("#problem-pages tr.coherent").Length(); got != 0 {
		t.Errorf("%d pages that did not change in the table of problems", got)
	}
	if got := doc.Find("#other-pages table.pages tr").Length() - 1; got != r.Totals.Coherent {
		t.Errorf("%d rows in the table of unchanged pages, want %d", got, r.Totals.Coherent)
	}
	text := doc.Text()
	for _, p := range r.Pages {
		if p.Visit != nil && !strings.Contains(text, p.Visit.WARCFile+" @ "+itoa(p.Visit.Offset)) {
			t.Errorf("%s: visit position %s @ %d not shown", p.URL, p.Visit.WARCFile, p.Visit.Offset)
		}
	}
	for _, phrase := range []string{"What is guaranteed", "What is not guaranteed", "sharc verify", "not a continuous observation",
		"did not change while the site was being captured", "Appendix: terms"} {
		if !strings.Contains(text, phrase) {
			t.Errorf("HTML lacks %q", phrase)
		}
	}
}

func TestHTMLSingleVisit(t *testing.T) {
	r := build(t, singleVisitFixture)
	var b bytes.Buffer
	if err := report.WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	got := htmlTotals(t, doc)
	if got["total-downloaded-once"] != "3" || got["total-failed"] != "1" || got["expected-blur"] != "2.000" {
		t.Errorf("single-visit figures %v", got)
	}
	if _, ok := got["reference-time"]; ok {
		t.Error("single-visit report claims a reference time")
	}
}

// TestHTMLVersion1Fixity: a report stored before fixity was recorded
// lists its WARC files and says why they have no fingerprint.
func TestHTMLVersion1Fixity(t *testing.T) {
	r, err := report.ReadJSON([]byte(`{"version":1,"capture_id":1,"mode":"visit-revisit","summary":{"warc_files":["a.warc.gz"]},"pages":[],"blocked":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := report.WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	row := doc.Find("table.fixity tr").Eq(1)
	if row.Find("td").First().Text() != "a.warc.gz" || !strings.Contains(row.Text(), "did not record them") {
		t.Errorf("fixity row of a version 1 report: %q", row.Text())
	}
}
