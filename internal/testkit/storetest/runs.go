package storetest

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// runStore is what the daemon uses of a store for run history and job
// archiving: store.DB, which both implementations are (store/catalog.go).
type runStore = store.DB

func asRunStore(t *testing.T, s store.Store) runStore {
	t.Helper()
	rs, ok := s.(runStore)
	if !ok {
		t.Fatalf("%T has no run history methods", s)
	}
	return rs
}

// testRuns: runs round-trip (NULL scheduled/ended while unknown), come
// newest first, limit cuts, and another job's runs stay apart.
func testRuns(t *testing.T, s store.Store) {
	ctx := context.Background()
	rs := asRunStore(t, s)
	c := newCapture(t, s, "runs")
	other := newCapture(t, s, "other")
	first := store.Run{JobID: c.JobID, Node: "n1", Started: t0, Scheduled: t0.Add(-time.Second)}
	id1, err := rs.StartRun(ctx, first)
	if err != nil {
		t.Fatal(err)
	}
	first.ID, first.Scheduled, first.Started = id1, first.Scheduled.Truncate(time.Microsecond), t0.Truncate(time.Microsecond)
	first.CaptureID, first.Ended, first.Outcome, first.Error = c.ID, t0.Add(time.Minute).Truncate(time.Microsecond), "paused", ""
	first.Totals = store.CaptureTotals{Fetched: 10, Failed: 2, Records: 25, Bytes: 12345}
	if err := rs.EndRun(ctx, first); err != nil {
		t.Fatal(err)
	}
	id2, err := rs.StartRun(ctx, store.Run{JobID: c.JobID, CaptureID: c.ID, Started: t0.Add(2 * time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rs.StartRun(ctx, store.Run{JobID: other.JobID, Started: t0}); err != nil {
		t.Fatal(err)
	}
	got, err := rs.Runs(ctx, c.JobID, 0)
	if err != nil {
		t.Fatal(err)
	}
	open := store.Run{ID: id2, JobID: c.JobID, CaptureID: c.ID, Started: t0.Add(2 * time.Minute).Truncate(time.Microsecond)}
	if want := []store.Run{open, first}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Runs =\n%+v\nwant\n%+v", got, want)
	}
	if got, err := rs.Runs(ctx, c.JobID, 1); err != nil || len(got) != 1 || got[0].ID != id2 {
		t.Fatalf("Runs limit 1 = %+v, %v", got, err)
	}
	if err := rs.EndRun(ctx, store.Run{ID: id2 + 1000}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("EndRun of an unknown run: %v, want ErrNotFound", err)
	}
}

// testArchiveJob: an archived job keeps its row (listed with Archived
// set); submitting it again brings it back.
func testArchiveJob(t *testing.T, s store.Store) {
	ctx := context.Background()
	rs := asRunStore(t, s)
	c := newCapture(t, s, "old")
	if err := rs.ArchiveJob(ctx, c.JobID, t0); err != nil {
		t.Fatal(err)
	}
	j, err := rs.JobByName(ctx, "old")
	if err != nil || !j.Archived.Equal(t0.Truncate(time.Microsecond)) {
		t.Fatalf("archived job = %+v, %v", j, err)
	}
	jobs, err := rs.Jobs(ctx)
	if err != nil || len(jobs) != 1 || jobs[0].Archived.IsZero() {
		t.Fatalf("Jobs = %+v, %v: want the archived job listed with Archived", jobs, err)
	}
	if _, err := s.Capture(ctx, c.ID); err != nil {
		t.Errorf("capture of an archived job: %v", err)
	}
	if j, err := s.UpsertJob(ctx, "old", "again"); err != nil || j.ID != c.JobID {
		t.Fatalf("resubmit = %+v, %v", j, err)
	}
	if j, err := rs.JobByName(ctx, "old"); err != nil || !j.Archived.IsZero() {
		t.Fatalf("resubmitted job = %+v, %v: want it active", j, err)
	}
	if err := rs.ArchiveJob(ctx, c.JobID+1000, t0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ArchiveJob of an unknown job: %v, want ErrNotFound", err)
	}
}

// testCaptureTotals: fetched counts response and revisit records,
// records every record, bytes the responses' payloads, failed and
// blocked the URLs in those states; another capture's rows do not count.
func testCaptureTotals(t *testing.T, s store.Store) {
	ctx := context.Background()
	c, _ := reportCapture(t, s) // 4 responses, a revisit, a request; /b failed, /c blocked
	other := newCapture(t, s, "other")
	if err := s.Commit(ctx, store.Batch{CaptureID: other.ID, Records: []store.Record{rec(other.ID, "http://x.test/", "surt:x.test/", t0, "g.warc.gz", 0)}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.CaptureTotals(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := store.CaptureTotals{Fetched: 4, Records: 5, Bytes: 3 * 1234, Failed: 1, Blocked: 1}
	if got != want {
		t.Errorf("CaptureTotals = %+v, want %+v", got, want)
	}
	if got, err := s.CaptureTotals(ctx, c.ID+1000); err != nil || got != (store.CaptureTotals{}) {
		t.Errorf("totals of an unknown capture = %+v, %v; want zeros", got, err)
	}
}
