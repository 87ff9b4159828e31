package storetest

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// reportCapture commits three URLs: /a with a visit and a revisit (and a
// request record, which EachPage leaves out), /b with none, /c with a
// response of another URL of the same SURT (left out too), and a
// robots.txt outside the frontier.
func reportCapture(t *testing.T, s store.Store) (store.Capture, map[string][]store.Record) {
	t.Helper()
	ctx := context.Background()
	c := newCapture(t, s, "report")
	a, b, cc := furl(c.ID, "h.test", 1, "/a"), furl(c.ID, "h.test", 2, "/b"), furl(c.ID, "h.test", 3, "/c")
	a.State, b.State, cc.State = store.StateDone, store.StateFailed, store.StateBlocked
	visit := rec(c.ID, a.URL, a.SURT, t0, "f.warc.gz", 0)
	revisit := rec(c.ID, a.URL, a.SURT, t0.Add(time.Minute), "f.warc.gz", 100)
	revisit.RecordType, revisit.Phase, revisit.Status = warc.Revisit, "revisit", 304
	req := rec(c.ID, a.URL, a.SURT, t0.Add(time.Second), "f.warc.gz", 200)
	req.RecordType = warc.Request
	other := rec(c.ID, "http://h.test/c?alias", cc.SURT, t0, "f.warc.gz", 300)
	robots := rec(c.ID, "http://h.test/robots.txt", "surt:h.test/robots.txt", t0, "f.warc.gz", 400)
	// Revisit first: EachPage orders by time, not insertion.
	if err := s.Commit(ctx, store.Batch{CaptureID: c.ID, Discovered: []store.FrontierURL{cc, b, a},
		Records: []store.Record{revisit, req, visit, other, robots}}); err != nil {
		t.Fatal(err)
	}
	// Stores keep microseconds, in UTC.
	visit.Time, revisit.Time = visit.Time.Truncate(time.Microsecond), revisit.Time.Truncate(time.Microsecond)
	return c, map[string][]store.Record{a.URL: {visit, revisit}, b.URL: nil, cc.URL: nil}
}

func testReportStreams(t *testing.T, s store.Store) {
	ctx := context.Background()
	c, want := reportCapture(t, s)
	var urls []string
	err := s.EachPage(ctx, c.ID, func(u store.FrontierURL, recs []store.IndexedRecord) error {
		urls = append(urls, u.URL)
		var got []store.Record
		for _, r := range recs {
			if r.ID == 0 {
				t.Errorf("%s: record without id", u.URL)
			}
			got = append(got, r.Record)
		}
		if !reflect.DeepEqual(got, want[u.URL]) {
			t.Errorf("%s: records\n%+v\nwant\n%+v", u.URL, got, want[u.URL])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(urls, []string{"http://h.test/a", "http://h.test/b", "http://h.test/c"}) {
		t.Errorf("EachPage order %v, want SURT order", urls)
	}
	n := 0
	if err := s.EachRecord(ctx, c.ID, func(store.Record) error { n++; return nil }); err != nil || n != 5 {
		t.Errorf("EachRecord: %d records, %v; want 5", n, err)
	}
	stop := errors.New("stop")
	if err := s.EachPage(ctx, c.ID, func(store.FrontierURL, []store.IndexedRecord) error { return stop }); !errors.Is(err, stop) {
		t.Errorf("EachPage does not pass the callback's error on: %v", err)
	}
}

func testReportRows(t *testing.T, s store.Store) {
	ctx := context.Background()
	c, want := reportCapture(t, s)
	ids := map[string]int64{}
	if err := s.EachPage(ctx, c.ID, func(u store.FrontierURL, recs []store.IndexedRecord) error {
		for _, r := range recs {
			ids[r.Phase] = r.ID
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	sim := 0.5
	pages := []store.ReportPage{
		{URL: "http://h.test/b", Status: "failed", Reason: "never", State: "failed", Rate: 0.25, RateSource: "default"},
		{URL: "http://h.test/a", Status: "coherent", Reason: "304", VisitID: ids["visit"], RevisitID: ids["revisit"],
			IntervalSeconds: 60, Rate: 0.25, RateSource: "default", ChangeProbability: 0.1, Similarity: &sim, SpansReferenceTime: true, State: "done"},
		{URL: "http://h.test/c", Blocked: true, State: "blocked"},
	}
	for round := range 2 { // ClearReport empties what the first round wrote
		if err := s.ClearReport(ctx, c.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.AddReportPages(ctx, c.ID, pages[:2]); err != nil {
			t.Fatal(err)
		}
		if err := s.AddReportPages(ctx, c.ID, pages[2:]); err != nil {
			t.Fatal(err)
		}
		if err := s.SetReport(ctx, c.ID, []byte(`{"version":1}`)); err != nil {
			t.Fatal(err)
		}
		var got []store.StoredReportPage
		if err := s.EachReportPage(ctx, c.ID, false, func(p store.StoredReportPage) error { got = append(got, p); return nil }); err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].URL != "http://h.test/a" || got[1].URL != "http://h.test/b" {
			t.Fatalf("round %d: pages %+v, want /a then /b", round, got)
		}
		a, b := got[0], got[1]
		if a.Similarity == nil || *a.Similarity != sim || !a.SpansReferenceTime || a.VisitID != ids["visit"] || b.Similarity != nil || b.Visit != nil || b.Revisit != nil {
			t.Errorf("round %d: rows %+v %+v", round, a.ReportPage, b.ReportPage)
		}
		w := want["http://h.test/a"]
		if a.Visit == nil || a.Revisit == nil || !a.Visit.Time.Equal(w[0].Time) || a.Revisit.Status != 304 || a.Revisit.Offset != 100 ||
			a.Visit.PayloadDigest != w[0].PayloadDigest || a.Visit.RecordID != w[0].RecordID || a.Visit.WARCFile != "f.warc.gz" {
			t.Errorf("round %d: records of /a: %+v %+v", round, a.Visit, a.Revisit)
		}
		var blocked []string
		if err := s.EachReportPage(ctx, c.ID, true, func(p store.StoredReportPage) error { blocked = append(blocked, p.URL); return nil }); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(blocked, []string{"http://h.test/c"}) {
			t.Errorf("round %d: blocked %v", round, blocked)
		}
	}
	if err := s.ClearReport(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Capture(ctx, c.ID); err != nil || len(got.Report) != 0 {
		t.Errorf("ClearReport left summary %q (%v)", got.Report, err)
	}
	n := 0
	if err := s.EachReportPage(ctx, c.ID, false, func(store.StoredReportPage) error { n++; return nil }); err != nil || n != 0 {
		t.Errorf("ClearReport left %d rows (%v)", n, err)
	}
	if err := s.ClearReport(ctx, 999999); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ClearReport of an unknown capture: %v", err)
	}
}
