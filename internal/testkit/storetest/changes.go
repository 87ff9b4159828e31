package storetest

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// testChanges compares two captures of a job URL by URL: a page kept,
// one changed, one gone, one new, an image changed and a 304 revisit
// (unchanged); revisit-phase records and request records do not count.
func testChanges(t *testing.T, s store.Store) {
	ctx := context.Background()
	first := newCapture(t, s, "changes")
	page := func(c int64, path, mime, digest string, off int64) store.Record {
		r := rec(c, "http://h.test"+path, "surt:h.test"+path, t0, "f.warc.gz", off)
		r.MIME, r.PayloadDigest = mime, digest
		return r
	}
	old := []store.Record{
		page(first.ID, "/kept", "text/html", "sha1:K", 0), page(first.ID, "/edited", "text/html", "sha1:E1", 100),
		page(first.ID, "/gone", "text/html", "sha1:G", 200), page(first.ID, "/logo.png", "image/png", "sha1:L1", 300),
		page(first.ID, "/same304", "text/css", "sha1:C", 400),
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: first.ID, Records: old}); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishCapture(ctx, first.ID, store.CaptureStatusFinished); err != nil {
		t.Fatal(err)
	}
	second, _, err := s.OpenCapture(ctx, first.JobID, "bfs", "visit-revisit")
	if err != nil || second.ID == first.ID {
		t.Fatalf("second capture %d: %v", second.ID, err)
	}
	revisit304 := page(second.ID, "/same304", "text/css", "", 400)
	revisit304.RecordType, revisit304.Status = warc.Revisit, 304
	laterRevisit := page(second.ID, "/kept", "text/html", "sha1:OTHER", 700)
	laterRevisit.Phase, laterRevisit.Time = "revisit", t0.Add(time.Minute)
	request := page(second.ID, "/gone", "text/html", "", 800)
	request.RecordType = warc.Request
	cur := []store.Record{
		page(second.ID, "/kept", "text/html", "sha1:K", 0), page(second.ID, "/edited", "text/html", "sha1:E2", 100),
		page(second.ID, "/new", "text/html", "sha1:N", 200), page(second.ID, "/logo.png", "image/png", "sha1:L2", 300),
		revisit304, laterRevisit, request,
	}
	if err := s.Commit(ctx, store.Batch{CaptureID: second.ID, Records: cur}); err != nil {
		t.Fatal(err)
	}
	var got []store.PageChange
	if err := s.EachPageChange(ctx, second.ID, first.ID, func(p store.PageChange) error { got = append(got, p); return nil }); err != nil {
		t.Fatal(err)
	}
	want := []store.PageChange{
		{URL: "http://h.test/edited", MIME: "text/html", Change: store.ChangeChanged},
		{URL: "http://h.test/gone", MIME: "text/html", Change: store.ChangeDeleted},
		{URL: "http://h.test/kept", MIME: "text/html", Change: store.ChangeUnchanged},
		{URL: "http://h.test/logo.png", MIME: "image/png", Change: store.ChangeChanged},
		{URL: "http://h.test/new", MIME: "text/html", Change: store.ChangeNew},
		{URL: "http://h.test/same304", MIME: "text/css", Change: store.ChangeUnchanged},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changes:\n got %+v\nwant %+v", got, want)
	}
	counts, err := s.ChangeCounts(ctx, second.ID, first.ID)
	if err != nil {
		t.Fatal(err)
	}
	wantCounts := []store.ChangeCount{
		{Class: store.ClassHTML, Kind: store.ChangeChanged, URLs: 1}, {Class: store.ClassHTML, Kind: store.ChangeDeleted, URLs: 1},
		{Class: store.ClassHTML, Kind: store.ChangeNew, URLs: 1}, {Class: store.ClassHTML, Kind: store.ChangeUnchanged, URLs: 1},
		{Class: store.ClassImage, Kind: store.ChangeChanged, URLs: 1}, {Class: store.ClassOther, Kind: store.ChangeUnchanged, URLs: 1},
	}
	if !reflect.DeepEqual(counts, wantCounts) {
		t.Errorf("counts:\n got %+v\nwant %+v", counts, wantCounts)
	}
	// No previous capture: every URL is new.
	counts, err = s.ChangeCounts(ctx, first.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := []store.ChangeCount{{Class: store.ClassHTML, Kind: store.ChangeNew, URLs: 3}, {Class: store.ClassImage, Kind: store.ChangeNew, URLs: 1}, {Class: store.ClassOther, Kind: store.ChangeNew, URLs: 1}}; !reflect.DeepEqual(counts, want) {
		t.Errorf("first capture's counts %+v, want %+v", counts, want)
	}
}
