package crawler_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// pgSpellings names one PostgreSQL schema twice: as the test DSN has it
// (127.0.0.1, user postgres), and through localhost, as another login
// role (trust auth, dropped at the end) with extra connection parameters.
func pgSpellings(t *testing.T, _ string) (string, string) {
	a := pgtest.SchemaDSN(t, "sharc_ident")
	u, err := url.Parse(a)
	if err != nil {
		t.Fatal(err)
	}
	role := "sharc_node2_" + strings.TrimPrefix(u.Query().Get("search_path"), "sharc_ident_")
	return a, pgtest.AliasDSN(t, a, role, "sharc-node2")
}

// sqliteSpellings names one SQLite file by its path and through a
// symbolic link to its folder.
func sqliteSpellings(t *testing.T, dir string) (string, string) {
	if err := os.MkdirAll(filepath.Join(dir, "db"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "db"), filepath.Join(dir, "alias")); err != nil {
		t.Fatal(err)
	}
	return "sqlite:" + filepath.Join(dir, "db", "index.db"), "sqlite:" + filepath.Join(dir, "alias", ".", "index.db")
}

// TestResumeByStoreIdentity (issue 27, row 8): a node or run whose job
// names the capture's database another way (another host name, user,
// connection parameters; a path through a link) used to be refused,
// "differs in settings that define a capture: store". The store is now
// compared by what it is, so the second spelling resumes the capture and
// finishes it, every page archived once.
func TestResumeByStoreIdentity(t *testing.T) {
	for _, tc := range []struct {
		name     string
		spelling func(t *testing.T, dir string) (string, string)
	}{
		{"postgres", pgSpellings},
		{"sqlite", sqliteSpellings},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const pages = 30
			a := httptest.NewServer(chainSite(pages))
			defer a.Close()
			dir := t.TempDir()
			warcs := filepath.Join(dir, "warcs")
			dsnA, dsnB := tc.spelling(t, dir)
			reg := scheduler.NewRegistry()
			jobText := func(dsn string) string {
				return ownerJob(t, "site", "a.test", addr(a), warcs) + fmt.Sprintf("store: %q\n", dsn)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			stA := openStore(t, dsnA)
			first, err := crawler.New(testJob(t, dir, jobText(dsnA)), stA, reg, zaptest.NewLogger(t),
				ownerOptions("node1.yaml", &stopAfter{n: 5, cancel: cancel})).Run(ctx)
			if err != nil || first.StopReason != "interrupted" {
				t.Fatalf("first run: %+v, %v; want interrupted", first, err)
			}
			stB := openStore(t, dsnB)
			opts := ownerOptions("node2.yaml", nil)
			opts.Resume = true
			done, err := crawler.New(testJob(t, dir, jobText(dsnB)), stB, reg, zaptest.NewLogger(t), opts).Run(context.Background())
			if err != nil || !done.Resumed || done.CaptureID != first.CaptureID || done.StopReason != "finished" {
				t.Fatalf("the same store named %s: %+v, %v; want capture %d resumed and finished", store.Redact(dsnB), done, err, first.CaptureID)
			}
			got := archivedResponses(t, warcs)
			for i := 1; i < pages; i++ {
				if u := fmt.Sprintf("http://a.test/p%d", i); got[u] != 1 {
					t.Errorf("%s archived %d times, want 1", u, got[u])
				}
			}
		})
	}
}

// TestCheckOwnerStoreIdentity: the store setting counts by identity when
// the run knows its store's; a capture recorded in another database or
// schema is refused, naming both DSNs and identities.
func TestCheckOwnerStoreIdentity(t *testing.T) {
	dir := t.TempDir()
	jobOn := func(dsn string) string {
		return ownerJob(t, "site", "a.test", "127.0.0.1:1", filepath.Join(dir, "warcs")) + fmt.Sprintf("store: %q\n", dsn)
	}
	const (
		dsnA = "postgres://a@127.0.0.1:5432/test?search_path=s1"
		dsnB = "postgres://b:secret@localhost:6432/test?search_path=s1"
		idA  = "postgres:7713/test/s1"
		idB  = "postgres:7713/test/s2"
	)
	text, err := testJob(t, dir, jobOn(dsnA)).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name               string
		recorded, identity string
		dsn                string
		refuse             []string // what the refusal names; nil: accepted
	}{
		{"same database, other DSN", idA, idA, dsnB, nil},
		{"capture recorded no identity", "", idA, dsnB, nil},
		{"other schema, other DSN", idA, idB, dsnB, []string{"store " + dsnA + " (" + idA + ") → postgres://b:xxxxx@localhost:6432/test?search_path=s1 (" + idB + ")"}},
		{"other schema, same DSN", idA, idB, dsnA, []string{"store " + idA + " → " + idB}},
		{"identity unknown: DSN text", idA, "", dsnB, []string{"store " + dsnA + " → "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := store.Capture{ID: 7, Owner: store.CaptureOwner{JobFile: "a.yaml", JobYAML: string(text), StoreIdentity: tc.recorded}}
			_, err := crawler.CheckOwnerIn(c, testJob(t, dir, jobOn(tc.dsn)), "b.yaml", tc.identity)
			if tc.refuse == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("accepted; want refused")
			}
			for _, w := range tc.refuse {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
		})
	}
}
