package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// digestFixture commits two captures of records whose payload digests
// repeat a few times each, as a crawl's would, so a planner with
// statistics prefers an index to a scan when one serves FirstByDigest.
// It returns the first capture's ID.
func digestFixture(t *testing.T, s store.Store) int64 {
	t.Helper()
	ctx := context.Background()
	var first int64
	for k := range 2 {
		id := newCapture(t, s, fmt.Sprintf("plan-%d", k), "")
		if k == 0 {
			first = id
		}
		b := store.Batch{CaptureID: id}
		t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := range 3000 {
			u := fmt.Sprintf("http://h/%d", i)
			typ := []warc.RecordType{warc.Request, warc.Response, warc.Revisit}[i%3]
			b.Records = append(b.Records, store.Record{URL: u, SURT: "h)/" + u, Time: t0.Add(time.Duration(i) * time.Second),
				RecordType: typ, RecordID: fmt.Sprintf("<urn:uuid:%d-%d>", k, i), PayloadDigest: fmt.Sprintf("sha1:D%d", i%700),
				WARCFile: "f.warc.gz", Offset: int64(i) * 100, RecordLength: 100})
		}
		if err := s.Commit(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	return first
}

// TestFirstByDigestUsesIndex checks both planners answer FirstByDigest from
// records_capture_digest, in its order (no sort), rather than scanning the
// capture: the crawler asks once per deduplication cache miss, so a scan
// would make every miss cost the size of the capture.
func TestFirstByDigestUsesIndex(t *testing.T) {
	checkIndexPlan(t, "records_capture_digest", func(t *testing.T, s store.Store) []any {
		return []any{digestFixture(t, s), "sha1:D7"}
	}, store.SQLiteFirstByDigestSQL, store.PGFirstByDigestSQL, "Seq Scan", "Sort")
}
