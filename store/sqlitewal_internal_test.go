package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/warc"
)

// TestSQLiteWALCheckpointsLate: commits that together write several
// thousand WAL pages (more than SQLite's default threshold of 1,000) are
// not checkpointed one by one: the WAL still holds them all, because the
// writer checkpoints only past sqliteWALCap pages. With the default, the
// commit crossing 1,000 pages checkpoints and the next one starts the WAL
// over, so it would hold a single commit's pages. The background
// checkpoint is kept from running (its threshold out of reach), so what is
// seen is the writer's own. Closing the store moves everything into the
// database file and removes the WAL (docs/store.md tells operators a
// closed database is safe to copy).
func TestSQLiteWALCheckpointsLate(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "wal.db")
	s, c := openWALStore(ctx, t, path, sqliteWALLimits{writerCap: sqliteWALCap, checkpointRows: 1 << 40})
	var got int
	if err := s.w.QueryRowContext(ctx, "PRAGMA wal_autocheckpoint").Scan(&got); err != nil {
		t.Fatal(err)
	}
	if got != sqliteWALCap {
		t.Fatalf("writer wal_autocheckpoint = %d, want %d", got, sqliteWALCap)
	}
	const commits, perCommit = 6, 2000
	for k := range commits {
		commitPages(ctx, t, s, c, k*perCommit, perCommit)
	}
	frames := walFrames(ctx, t, s)
	// Each commit writes a few hundred pages; all six together well over
	// 1,000.
	if frames <= 1000 {
		t.Fatalf("the WAL holds %d frames after %d commits: the writer checkpointed before %d pages", frames, commits, sqliteWALCap)
	}
	if frames >= sqliteWALCap {
		t.Fatalf("the WAL holds %d frames, past the %d-page threshold", frames, sqliteWALCap)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("after Close, stat %s-wal: %v; want it removed", path, err)
	}
	// The database file alone has every row.
	db, err := sql.Open("sqlite", path+"?_pragma=query_only(1)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM records WHERE capture_id = ?", c).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != commits*perCommit {
		t.Fatalf("the closed database has %d records, want %d", n, commits*perCommit)
	}
}

// openWALStore opens a migrated SQLite store at path with the given WAL
// limits and a capture in it.
func openWALStore(ctx context.Context, t *testing.T, path string, wal sqliteWALLimits) (*sqliteStore, int64) {
	t.Helper()
	s, err := openSQLiteWAL(ctx, path, zap.NewNop(), wal)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	j, err := s.UpsertJob(ctx, "wal", "")
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := s.OpenCapture(ctx, j.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	return s, c.ID
}

// commitPages commits n crawled pages, numbered from first: each a new
// URL and its response record.
func commitPages(ctx context.Context, t *testing.T, s *sqliteStore, captureID int64, first, n int) {
	t.Helper()
	b := Batch{CaptureID: captureID}
	for i := first; i < first+n; i++ {
		host := fmt.Sprintf("h%03d.example.com", i%100)
		path := fmt.Sprintf("/section/%d/page-%d.html", i/97, i)
		surt := fmt.Sprintf("com,example,h%03d)%s", i%100, path)
		b.Fresh = append(b.Fresh, FrontierURL{URL: "http://" + host + path, SURT: surt, Host: host,
			Seq: i / 100, ParentSeq: -1, HopPath: "LL", Via: "http://example.com/", Rate: 0.1, RateSource: "default"})
		b.Records = append(b.Records, Record{URL: "http://" + host + path, SURT: surt, Time: time.Unix(int64(i), 0),
			RecordType: warc.Response, RecordID: fmt.Sprintf("<urn:uuid:%d>", i), Status: 200, MIME: "text/html",
			PayloadDigest: fmt.Sprintf("sha1:%032d", i), Length: 20000, WARCFile: "wal.warc.gz", Offset: int64(i) * 5000,
			RecordLength: 5000, Phase: "visit"})
	}
	if err := s.Commit(ctx, b); err != nil {
		t.Fatal(err)
	}
}

// walFrames is how many frames the WAL holds, as a PASSIVE checkpoint on
// the writer reports them (it also copies them, as the writer's own
// checkpoint would).
func walFrames(ctx context.Context, t *testing.T, s *sqliteStore) int {
	t.Helper()
	var busy, frames, copied int
	if err := s.w.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied); err != nil {
		t.Fatal(err)
	}
	return frames
}

// TestSQLiteBackgroundCheckpoint: with the writer's own checkpoint out of
// reach, the background connection checkpoints the WAL once the commits
// have written its threshold of rows, and the commit after it starts the
// WAL over: the WAL holds that commit's frames, not everything written
// since the store opened. Without the background checkpoint it would hold
// all of them (TestSQLiteWALCheckpointsLate).
func TestSQLiteBackgroundCheckpoint(t *testing.T) {
	ctx := context.Background()
	s, c := openWALStore(ctx, t, filepath.Join(t.TempDir(), "bg.db"), sqliteWALLimits{writerCap: 1 << 30, checkpointRows: 4000})
	defer s.Close()
	const perCommit = 2000 // 4,000 rows: one commit wakes the checkpoint
	commitPages(ctx, t, s, c, 0, perCommit)
	testkit.WaitFor(t, time.Minute, "the background checkpoint", func() bool { return s.ck.passes.Load() >= 1 })
	if got := s.ck.copied.Load(); got <= 0 {
		t.Fatalf("the background checkpoint copied %d frames, want the commit's", got)
	}
	full := s.ck.copied.Load()
	// A small commit: it begins with every frame copied, so it writes
	// its frames from the start of the WAL.
	commitPages(ctx, t, s, c, perCommit, 10)
	if frames := walFrames(ctx, t, s); int64(frames) >= full {
		t.Fatalf("after a background checkpoint of %d frames, a 10-page commit left the WAL at %d frames: it did not start over", full, frames)
	}
}

// TestSQLiteWALBoundedWithoutBackground: if the background checkpoint
// never runs (here its threshold is out of reach; in a crawl, a goroutine
// starved of CPU), the writer's own checkpoint at its cap still keeps the
// WAL file to the cap and about one commit's pages, however much is
// committed.
func TestSQLiteWALBoundedWithoutBackground(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "cap.db")
	const capPages = 500
	s, c := openWALStore(ctx, t, path, sqliteWALLimits{writerCap: capPages, checkpointRows: 1 << 40})
	defer s.Close()
	const commits, perCommit = 30, 500
	for k := range commits {
		commitPages(ctx, t, s, c, k*perCommit, perCommit)
	}
	if n := s.ck.passes.Load(); n != 0 {
		t.Fatalf("the background checkpoint ran %d times; this test is of the writer's", n)
	}
	st, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	var pageSize int64
	if err := s.w.QueryRowContext(ctx, "PRAGMA page_size").Scan(&pageSize); err != nil {
		t.Fatal(err)
	}
	// A 500-page commit dirties well under 1,000 pages; the file never
	// shrinks, so its size is the most the WAL ever held.
	const perCommitPages = 1000
	if limit := 32 + (capPages+perCommitPages)*(pageSize+24); st.Size() > limit {
		t.Fatalf("the WAL file is %d bytes after %d commits, past the cap of %d pages and one commit's (%d bytes)", st.Size(), commits, capPages, limit)
	}
}
