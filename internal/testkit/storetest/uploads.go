package storetest

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// testWARCUploads: rows are per capture and file, listed in file order,
// pending rows are found per job, and an uploaded row is never set back
// to pending.
func testWARCUploads(t *testing.T, s store.Store) {
	ctx := context.Background()
	c := newCapture(t, s, "job")
	other := newCapture(t, s, "other")
	at := time.Date(2026, 5, 1, 10, 0, 0, 123456000, time.UTC)
	pending := func(cid int64, file string) store.WARCUpload {
		return store.WARCUpload{CaptureID: cid, File: file, LocalPath: "/data/" + file, State: store.UploadPending, Updated: at}
	}
	for _, u := range []store.WARCUpload{pending(c.ID, "b.warc.gz"), pending(c.ID, "a.warc.gz"), pending(other.ID, "o.warc.gz")} {
		if err := s.SetWARCUpload(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	done := store.WARCUpload{CaptureID: c.ID, File: "a.warc.gz", LocalPath: "/data/a.warc.gz", State: store.UploadDone,
		ObjectURL: "s3://bucket/job/a.warc.gz", Size: 1234, SHA256: "ab12", Updated: at.Add(time.Second)}
	if err := s.SetWARCUpload(ctx, done); err != nil {
		t.Fatal(err)
	}
	// A late retry's pending write loses against the verified upload.
	late := pending(c.ID, "a.warc.gz")
	late.LastError = "timeout"
	if err := s.SetWARCUpload(ctx, late); err != nil {
		t.Fatal(err)
	}
	got, err := s.WARCUploads(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := []store.WARCUpload{done, pending(c.ID, "b.warc.gz")}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("WARCUploads =\n%+v\nwant\n%+v", got, want)
	}
	p, err := s.PendingWARCUploads(ctx, c.JobID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p, []store.WARCUpload{pending(c.ID, "b.warc.gz")}) {
		t.Fatalf("PendingWARCUploads(job) = %+v, want only b.warc.gz", p)
	}
	if u, err := s.WARCUploads(ctx, 1<<40); err != nil || len(u) != 0 {
		t.Fatalf("WARCUploads of unknown capture = %v, %v", u, err)
	}
	if err := s.SetWARCUpload(ctx, store.WARCUpload{CaptureID: c.ID, File: "x", State: "lost"}); err == nil {
		t.Fatal("SetWARCUpload accepted an unknown state")
	}
	if err := s.SetWARCUpload(ctx, pending(1<<40, "x.warc.gz")); err == nil {
		t.Fatal("SetWARCUpload accepted an unknown capture")
	}
}
