package jobdir

import (
	"os"
	"path/filepath"
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
