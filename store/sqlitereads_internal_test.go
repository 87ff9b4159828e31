package store

import (
	"context"
	"testing"
	"time"
)

// TestSQLiteReadsPreparedOnce: the per-page reads are prepared on first
// use and then reused, a read before Migrate (no tables yet) fails
// without leaving a broken statement behind, and the same read works
// once the schema exists, including after a later commit.
func TestSQLiteReadsPreparedOnce(t *testing.T) {
	ctx := context.Background()
	s := openSQLiteT(t, false)
	if _, err := s.History(ctx, "http://r.test/"); err == nil {
		t.Fatal("History before Migrate: no error without a records table")
	}
	if n := len(s.reads.stmts); n != 0 {
		t.Fatalf("%d statements kept after a failed prepare", n)
	}
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	c := newCaptureT(t, s, "reads")
	for i := range 3 {
		rec := Record{URL: "http://r.test/", SURT: "test,r)/", Time: time.Date(2026, 11, 29, 8, i, 0, 0, time.UTC), RecordType: "response",
			RecordID: "<urn:uuid:r" + string(rune('0'+i)) + ">", Status: 200, PayloadDigest: "sha1:X", WARCFile: "r.warc.gz", Offset: int64(i), RecordLength: 1}
		if err := s.Commit(ctx, Batch{CaptureID: c.ID, Records: []Record{rec}}); err != nil {
			t.Fatal(err)
		}
		h, err := s.History(ctx, rec.URL)
		if err != nil || len(h) != i+1 {
			t.Fatalf("History after %d commits: %d records, %v", i+1, len(h), err)
		}
		last, err := s.LastCapture(ctx, rec.URL)
		if err != nil || last.RecordID != rec.RecordID {
			t.Fatalf("LastCapture after %d commits: %q, %v; want %q", i+1, last.RecordID, err, rec.RecordID)
		}
		first, ok, err := s.FirstByDigest(ctx, c.ID, "sha1:X")
		if err != nil || !ok || first.RecordID != "<urn:uuid:r0>" {
			t.Fatalf("FirstByDigest: %q, %v, %v", first.RecordID, ok, err)
		}
	}
	if n := len(s.reads.stmts); n != 3 {
		t.Errorf("%d statements prepared, want 3 (History, LastCapture, FirstByDigest), each once", n)
	}
}
