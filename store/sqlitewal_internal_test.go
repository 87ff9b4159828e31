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

	"github.com/sharc-archive/sharc/warc"
)

// TestSQLiteWALCheckpointsLate: commits that together write several
// thousand WAL pages (more than SQLite's default threshold of 1,000) are
// not checkpointed one by one: the WAL still holds them all, because the
// writer checkpoints only past sqliteAutocheckpoint pages. With the
// default, the commit crossing 1,000 pages checkpoints and the next one
// starts the WAL over, so it would hold a single commit's pages. Closing
// the store moves everything into the database file and removes the WAL
// (docs/store.md tells operators a closed database is safe to copy).
func TestSQLiteWALCheckpointsLate(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "wal.db")
	s, err := openSQLite(ctx, path, zap.NewNop())
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
	var got int
	if err := s.w.QueryRowContext(ctx, "PRAGMA wal_autocheckpoint").Scan(&got); err != nil {
		t.Fatal(err)
	}
	if got != sqliteAutocheckpoint {
		t.Fatalf("writer wal_autocheckpoint = %d, want %d", got, sqliteAutocheckpoint)
	}
	const commits, perCommit = 6, 2000
	for k := range commits {
		b := Batch{CaptureID: c.ID}
		for i := k * perCommit; i < (k+1)*perCommit; i++ {
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
	var busy, frames, copied int
	if err := s.w.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied); err != nil {
		t.Fatal(err)
	}
	// Each commit writes a few hundred pages; all six together well over
	// 1,000.
	if frames <= 1000 {
		t.Fatalf("the WAL holds %d frames after %d commits: the writer checkpointed before %d pages", frames, commits, sqliteAutocheckpoint)
	}
	if frames >= sqliteAutocheckpoint {
		t.Fatalf("the WAL holds %d frames, past the %d-page threshold", frames, sqliteAutocheckpoint)
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
	if err := db.QueryRowContext(ctx, "SELECT COUNT(*) FROM records WHERE capture_id = ?", c.ID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != commits*perCommit {
		t.Fatalf("the closed database has %d records, want %d", n, commits*perCommit)
	}
}
