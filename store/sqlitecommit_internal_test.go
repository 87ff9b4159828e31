package store

import (
	"context"
	"testing"
	"time"
)

// TestSQLiteCommitNewConnection: Commit's statements belong to the
// writer's driver connection they were prepared on. When database/sql
// replaces that connection (here: every connection expires at once, so
// each use opens a new one), the next Commit prepares them on the new
// one instead of running a statement of a closed connection, every row
// lands, and Close does not finalize the dropped statements (their
// connection is gone).
func TestSQLiteCommitNewConnection(t *testing.T) {
	ctx := context.Background()
	s := openSQLiteT(t, true)
	c := newCaptureT(t, s, "conn")
	commit := func(i int) {
		t.Helper()
		surt := "com,example)/p/" + string(rune('a'+i))
		b := Batch{CaptureID: c.ID, Fresh: []FrontierURL{{URL: "http://example.com/p/" + string(rune('a'+i)), SURT: surt,
			Host: "example.com", Seq: i, ParentSeq: -1}}, Log: &LogMark{Bytes: int64(100 * (i + 1))}}
		if err := s.Commit(ctx, b); err != nil {
			t.Fatalf("commit %d: %v", i, err)
		}
	}
	commit(0)
	first := s.commit.conn
	s.w.SetConnMaxLifetime(time.Nanosecond) // a duration no connection outlives
	for i := 1; i < 4; i++ {
		commit(i)
	}
	if s.commit.conn == first {
		t.Fatal("the writer kept its first connection: the test did not replace it")
	}
	us, err := s.Frontier(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(us) != 4 {
		t.Fatalf("frontier has %d URLs, want 4", len(us))
	}
	mark, err := s.CrawlLogMark(ctx, c.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if mark != 400 {
		t.Fatalf("crawl.log mark %d, want 400", mark)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}
