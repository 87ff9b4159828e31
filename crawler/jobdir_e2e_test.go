package crawler_test

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// TestCaptureFolders: each capture of a job gets its own folder under the
// job folder (warc.dir) holding the job, its WARC files and crawl.log; an
// interrupted capture resumes into its folder, not a new one.
func TestCaptureFolders(t *testing.T) {
	st, j, reg, warcs, first := interruptedCapture(t, "folders")
	resumed, err := crawler.New(j, st, reg, zaptest.NewLogger(t), ownerOptions("a.yaml", nil)).Run(context.Background())
	if err != nil || !resumed.Resumed || resumed.StopReason != "finished" || resumed.Folder != first.Folder {
		t.Fatalf("resumed run: folder %q (first %q), %+v, %v", resumed.Folder, first.Folder, resumed, err)
	}
	second, err := crawler.New(j, st, reg, zaptest.NewLogger(t), ownerOptions("a.yaml", nil)).Run(context.Background())
	if err != nil || second.Resumed || second.CaptureID == first.CaptureID || second.Folder == first.Folder {
		t.Fatalf("second capture: %+v, %v; want a new capture in a new folder", second, err)
	}
	for _, s := range []crawler.Stats{resumed, second} {
		c, err := st.Capture(context.Background(), s.CaptureID)
		if err != nil {
			t.Fatal(err)
		}
		f := jobdir.Path(warcs, c.ID, c.Started)
		if string(f) != s.Folder || s.CrawlLog != f.CrawlLog("") {
			t.Errorf("capture %d: folder %q, crawl.log %q; want %q", s.CaptureID, s.Folder, s.CrawlLog, f)
		}
		yaml, err := os.ReadFile(filepath.Join(string(f), jobdir.JobFile))
		if err != nil || !strings.Contains(string(yaml), "name: folders") {
			t.Errorf("capture %d: job.yaml %.60q, %v", s.CaptureID, yaml, err)
		}
		for _, w := range s.WARCFiles {
			if filepath.Dir(w) != f.WARCs() {
				t.Errorf("capture %d: WARC file %s outside %s", s.CaptureID, w, f.WARCs())
			}
		}
		if got := archivedResponses(t, f.WARCs()); got["http://a.test/p29"] != 1 {
			t.Errorf("capture %d: /p29 archived %d times in its folder, want once", s.CaptureID, got["http://a.test/p29"])
		}
		checkIndex(t, st, s.CaptureID, warcs)
		// The resumed capture fetches robots.txt again: count URIs, not lines.
		uris := map[string]bool{}
		for _, e := range crawlLogEntries(t, s.CrawlLog) {
			uris[e.URI] = true
		}
		if len(uris) != 32 { // /, /p0 … /p29 and robots.txt
			t.Errorf("capture %d: crawl.log has %d URIs, want the site's 31 and robots.txt", s.CaptureID, len(uris))
		}
	}
}

// TestCaptureBegunBeforeFolders: a capture interrupted before capture
// folders existed (its WARC files and crawl-ID.log directly in warc.dir)
// is moved into its folder when it resumes (jobdir.Migrate), so it is not
// split over two places and every capture has a folder.
func TestCaptureBegunBeforeFolders(t *testing.T) {
	st, j, reg, warcs, first := interruptedCapture(t, "legacy")
	if first.Folder == "" {
		t.Fatalf("first run has no folder: %+v", first)
	}
	// Lay the interrupted capture out as the flat layout left it.
	f := jobdir.Folder(first.Folder)
	files, _ := filepath.Glob(filepath.Join(f.WARCs(), "*"))
	for _, p := range files {
		if err := os.Rename(p, filepath.Join(warcs, filepath.Base(p))); err != nil {
			t.Fatal(err)
		}
	}
	legacyLog := filepath.Join(warcs, "crawl-1.log")
	if err := os.Rename(first.CrawlLog, legacyLog); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(first.Folder); err != nil {
		t.Fatal(err)
	}
	done, err := crawler.New(j, st, reg, zaptest.NewLogger(t), ownerOptions("a.yaml", nil)).Run(context.Background())
	if err != nil || !done.Resumed || done.StopReason != "finished" {
		t.Fatalf("resumed run: %+v, %v", done, err)
	}
	if done.Folder != first.Folder || done.CrawlLog != f.CrawlLog("") || done.WARCDir() != f.WARCs() {
		t.Errorf("resumed flat capture: folder %q, crawl.log %q; want %s and its logs/crawl.log", done.Folder, done.CrawlLog, f)
	}
	if left, _ := filepath.Glob(filepath.Join(warcs, "*.warc.gz*")); len(left) > 0 || fileExists(legacyLog) {
		t.Errorf("left in warc.dir after the move: %v (crawl-1.log there: %v)", left, fileExists(legacyLog))
	}
	if got := archivedResponses(t, f.WARCs()); got["http://a.test/p29"] != 1 {
		t.Errorf("/p29 archived %d times, want once", got["http://a.test/p29"])
	}
	uris := map[string]bool{}
	for _, e := range crawlLogEntries(t, done.CrawlLog) {
		uris[e.URI] = true
	}
	if len(uris) != 32 { // the first run's lines moved with the file
		t.Errorf("crawl.log has %d URIs, want the site's 31 and robots.txt", len(uris))
	}
	checkIndex(t, st, done.CaptureID, warcs)
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// interruptedCapture runs job name on a 30-page chain site into a fresh
// SQLite store and stops it after 5 fetches, as Ctrl-C would.
func interruptedCapture(t *testing.T, name string) (store.Store, *job.Job, *scheduler.Registry, string, crawler.Stats) {
	t.Helper()
	a := httptest.NewServer(chainSite(30))
	t.Cleanup(a.Close)
	dir := t.TempDir()
	warcs := filepath.Join(dir, "warcs")
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	reg := scheduler.NewRegistry()
	j := testJob(t, dir, ownerJob(t, name, "a.test", addr(a), warcs))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first, err := crawler.New(j, st, reg, zaptest.NewLogger(t), ownerOptions("a.yaml", &stopAfter{n: 5, cancel: cancel})).Run(ctx)
	if err != nil || first.StopReason != crawler.StopInterrupted {
		t.Fatalf("first run: %+v, %v", first, err)
	}
	return st, j, reg, warcs, first
}
