package store

import (
	"context"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"
)

// TestStateChangesStayOnTheirPage: a commit's state changes put each
// URL's new row version on the page of the old one (a HOT update, which
// adds no index entry; migration 0014), even when the URLs were all
// discovered in one commit and all change state in one commit, the shape
// of BenchmarkCommitScale. With full pages the versions moved to new
// pages and each state change cost two B-tree inserts.
func TestStateChangesStayOnTheirPage(t *testing.T) {
	ctx := context.Background()
	s, dsn, c := pgCapture(ctx, t, "sharc_hot", "hot")
	const n = 2000 // some 50 pages of URLs like a crawl's
	discover, settle := Batch{CaptureID: c.ID}, Batch{CaptureID: c.ID}
	for i := range n {
		host := fmt.Sprintf("h%03d.example.com", i%100)
		path := fmt.Sprintf("/section/%d/page-%d.html", i/97, i)
		surt := fmt.Sprintf("com,example,h%03d)%s", i%100, path)
		discover.Discovered = append(discover.Discovered, FrontierURL{URL: "http://" + host + path, SURT: surt, Host: host,
			Seq: i / 100, ParentSeq: -1, HopPath: "LL", Via: "http://example.com/", Rate: 0.1, RateSource: "default"})
		settle.States = append(settle.States, StateChange{SURT: surt, State: StateDone, Attempts: 1})
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	pages := func() map[string]string {
		t.Helper()
		rows, err := conn.Query(ctx, `SELECT surt, split_part(ctid::text, ',', 1) FROM urls WHERE capture_id = $1`, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		m := make(map[string]string)
		for rows.Next() {
			var surt, page string
			if err := rows.Scan(&surt, &page); err != nil {
				t.Fatal(err)
			}
			m[surt] = page
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return m
	}
	if err := s.Commit(ctx, discover); err != nil {
		t.Fatal(err)
	}
	before := pages()
	if err := s.Commit(ctx, settle); err != nil {
		t.Fatal(err)
	}
	after := pages()
	if len(before) != n || len(after) != n {
		t.Fatalf("%d URLs before the state changes, %d after, want %d", len(before), len(after), n)
	}
	moved := 0
	for surt, page := range before {
		if after[surt] != page {
			moved++
		}
	}
	if moved > 0 {
		t.Errorf("%d of %d state changes moved their URL to another page (not HOT updates)", moved, n)
	}
}
