package jobdir

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMigrate: a capture written flat in the job folder moves into its
// folder: its indexed WARC files (and an interrupted .open one), its
// crawl-ID.log and a node's crawl-ID-NODE.log; another capture's files
// stay; a second call, or one on a capture that has its folder, changes
// nothing; a migration cut short is taken up again.
func TestMigrate(t *testing.T) {
	root := t.TempDir()
	started := time.Date(2026, 11, 24, 19, 50, 28, 0, time.UTC)
	write := func(name string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(root, name), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []string{"a-00000.warc.gz", "a-00001.warc.gz.open", "a-00002.warc.gz", "crawl-3.log", "crawl-3-n2.log", "crawl-4.log", "crawl-33.log"} {
		write(n)
	}
	// a-00002 is capture 4's; a-00009 was uploaded and removed.
	mine := []string{"a-00000.warc.gz", "a-00001.warc.gz", "a-00009.warc.gz"}
	// A migration cut short: a-00000 already moved.
	tmp := Folder(string(Path(root, 3, started)) + migrating)
	if err := os.MkdirAll(tmp.WARCs(), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(root, "a-00000.warc.gz"), filepath.Join(tmp.WARCs(), "a-00000.warc.gz")); err != nil {
		t.Fatal(err)
	}
	f, err := Migrate(root, 3, started, mine)
	if err != nil {
		t.Fatal(err)
	}
	if f != Path(root, 3, started) || !f.Exists() {
		t.Fatalf("Migrate = %q (exists %v), want %q", f, f.Exists(), Path(root, 3, started))
	}
	for _, p := range []string{filepath.Join(f.WARCs(), "a-00000.warc.gz"), filepath.Join(f.WARCs(), "a-00001.warc.gz.open"),
		f.CrawlLog(""), f.CrawlLog("n2"), filepath.Join(root, "a-00002.warc.gz"), filepath.Join(root, "crawl-4.log"), filepath.Join(root, "crawl-33.log")} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	if got, _ := os.ReadFile(f.CrawlLog("")); string(got) != "crawl-3.log" {
		t.Errorf("logs/crawl.log holds %q, want crawl-3.log's lines", got)
	}
	if _, err := os.Stat(string(tmp)); !os.IsNotExist(err) {
		t.Errorf("the migration's working folder is left: %v", err)
	}
	if fi, err := os.Stat(f.Reports()); err != nil || !fi.IsDir() {
		t.Errorf("reports/: %v", err)
	}
	write("a-00001.warc.gz") // a file of that name appearing later is not the capture's any more
	if g, err := Migrate(root, 3, started, mine); err != nil || g != f {
		t.Fatalf("second Migrate = %q, %v", g, err)
	}
	if _, err := os.Stat(filepath.Join(root, "a-00001.warc.gz")); err != nil {
		t.Errorf("a capture with a folder was migrated again: %v", err)
	}
	if got := WARCDir(root, 3, started); got != f.WARCs() {
		t.Errorf("WARCDir after Migrate = %q, want %q", got, f.WARCs())
	}
}

// TestMigrateNewCapture: a capture with nothing of its own in the job
// folder's root (one begun with capture folders, as a cluster node joining
// it sees it before its creator has made the folder) is left to Create:
// Migrate makes no folder, working or final.
func TestMigrateNewCapture(t *testing.T) {
	root := t.TempDir()
	started := time.Date(2026, 11, 29, 8, 26, 58, 0, time.UTC)
	f, err := Migrate(root, 1, started, []string{"job-n2-00000.warc.gz"})
	if err != nil || f != Path(root, 1, started) {
		t.Fatalf("Migrate = %q, %v; want %q", f, err, Path(root, 1, started))
	}
	des, err := os.ReadDir(root)
	if err != nil || len(des) != 0 {
		t.Fatalf("the job folder holds %d entries after migrating nothing (%v)", len(des), err)
	}
}

// TestMigrateConcurrent: cluster nodes that resume a capture written
// before capture folders each call Migrate, at once. Every call
// succeeds; every file of the capture ends in its folder, none is left in
// the root, and no working folder stays (the job folder keeps only the
// capture folder and the migration lock's file).
func TestMigrateConcurrent(t *testing.T) {
	started := time.Date(2026, 11, 29, 8, 26, 58, 0, time.UTC)
	for round := range 20 {
		root := t.TempDir()
		var mine []string
		for i := range 6 {
			name := fmt.Sprintf("a-%05d.warc.gz", i)
			mine = append(mine, name)
			if err := os.WriteFile(filepath.Join(root, name), []byte(name), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(root, "crawl-1-n1.log"), []byte("log"), 0o644); err != nil {
			t.Fatal(err)
		}
		migrateAtOnce(t, 8, root, started, mine, nil)
		f := Path(root, 1, started)
		for _, name := range mine {
			if _, err := os.Stat(filepath.Join(f.WARCs(), name)); err != nil {
				t.Fatalf("round %d: %s not in the capture folder: %v", round, name, err)
			}
		}
		if _, err := os.Stat(f.CrawlLog("n1")); err != nil {
			t.Fatalf("round %d: the node's crawl.log not in the capture folder: %v", round, err)
		}
		onlyFolderAndLock(t, root, f)
	}
}

// TestMigrateJoiningNewCapture: the nodes that join a capture begun with
// capture folders (nothing of it in the root) call Migrate while its
// creator makes the folder (Create). No call fails, as one did with
// "file exists" when its rename met the folder made meanwhile (the node
// then never joined: TestClusterPostgresDownBeyondTTL's "three nodes
// crawling" timed out), and no working folder is left.
func TestMigrateJoiningNewCapture(t *testing.T) {
	started := time.Date(2026, 11, 29, 8, 26, 58, 0, time.UTC)
	for range 20 {
		root := t.TempDir()
		f := Path(root, 1, started)
		migrateAtOnce(t, 3, root, started, []string{"job-n2-00000.warc.gz"}, func() error { return Create(f, []byte("name: a\n")) })
		if !f.Exists() {
			t.Fatal("no capture folder")
		}
		des, _ := os.ReadDir(root)
		for _, de := range des {
			if strings.Contains(de.Name(), migrating) {
				t.Fatalf("working folder %s left", de.Name())
			}
		}
	}
}

// TestSettleJoinsFolderMadeMeanwhile: when the capture's folder appears
// before a migration's working folder gets its name (Create, for a node
// joining the capture), the working folder's files move into it and the
// working folder goes.
func TestSettleJoinsFolderMadeMeanwhile(t *testing.T) {
	root := t.TempDir()
	f := Path(root, 1, time.Date(2026, 11, 29, 8, 26, 58, 0, time.UTC))
	tmp := Folder(string(f) + migrating)
	for _, d := range []string{tmp.WARCs(), tmp.Logs(), tmp.Reports()} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(tmp.WARCs(), "a.warc.gz"), []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tmp.CrawlLog(""), []byte("log"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Create(f, []byte("name: a\n")); err != nil {
		t.Fatal(err)
	}
	if err := settle(tmp, f); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(f.WARCs(), "a.warc.gz"), f.CrawlLog(""), filepath.Join(string(f), JobFile)} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	if _, err := os.Stat(string(tmp)); !os.IsNotExist(err) {
		t.Errorf("working folder left: %v", err)
	}
}

// migrateAtOnce runs n Migrate calls (and also, if set, other) at once
// and fails on any error.
func migrateAtOnce(t *testing.T, n int, root string, started time.Time, warcs []string, other func() error) {
	t.Helper()
	errs := make(chan error, n+1)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			_, err := Migrate(root, 1, started, warcs)
			errs <- err
		})
	}
	if other != nil {
		wg.Go(func() { errs <- other() })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// onlyFolderAndLock fails unless root holds only f and the lock's file.
func onlyFolderAndLock(t *testing.T, root string, f Folder) {
	t.Helper()
	des, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, de := range des {
		if de.Name() != filepath.Base(string(f)) && de.Name() != migrateLock {
			t.Errorf("the job folder holds %s besides the capture folder", de.Name())
		}
	}
}
