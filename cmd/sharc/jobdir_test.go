package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/heritrix"
	"github.com/sharc-archive/sharc/crawler/jobdir"
)

// captureFolder is the folder of the job's only capture under the job
// folder root (package jobdir), or "" while there is none (or several).
func captureFolder(root string) jobdir.Folder {
	m, _ := filepath.Glob(filepath.Join(root, "*-*", jobdir.WARCsDir))
	if len(m) != 1 {
		return ""
	}
	return jobdir.Folder(filepath.Dir(m[0]))
}

// captureWARCs is the WARC directory of the job's only capture under the
// job folder root, or root itself while the capture has no folder.
func captureWARCs(root string) string {
	if f := captureFolder(root); f != "" {
		return f.WARCs()
	}
	return root
}

// checkCaptureFolder checks the folder of a finished `sharc crawl`: one
// folder for the capture however often it was resumed, holding the job,
// crawl.log, Heritrix's reports and the quality report, and reports whose
// figures are crawl.log's (responsecode-report.txt counts every line with
// a response).
func checkCaptureFolder(t *testing.T, root string) {
	t.Helper()
	if m, _ := filepath.Glob(filepath.Join(root, "*-*", jobdir.WARCsDir)); len(m) != 1 {
		t.Fatalf("capture folders under %s: %v, want exactly one", root, m)
	}
	f := captureFolder(root)
	want := []string{filepath.Join(string(f), jobdir.JobFile), f.CrawlLog(""),
		filepath.Join(f.Reports(), jobdir.QualityHTML), filepath.Join(f.Reports(), jobdir.QualityJSON)}
	for _, r := range heritrix.Reports {
		want = append(want, filepath.Join(f.Reports(), r))
	}
	for _, p := range want {
		if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
			t.Errorf("capture folder: %s missing or empty (%v)", p, err)
		}
	}
	data, err := os.ReadFile(f.CrawlLog(""))
	if err != nil {
		t.Fatal(err)
	}
	responses := 0
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if e, err := crawllog.Parse(l); err == nil && e.Status > 0 {
			responses++
		}
	}
	codes, err := os.ReadFile(filepath.Join(f.Reports(), heritrix.ResponseCodeReport))
	if err != nil {
		t.Fatal(err)
	}
	counted := 0
	for _, l := range strings.Split(strings.TrimSpace(string(codes)), "\n")[1:] {
		n, _, _ := strings.Cut(l, " ")
		k, err := strconv.Atoi(n)
		if err != nil {
			t.Fatalf("responsecode-report.txt line %q", l)
		}
		counted += k
	}
	if responses == 0 || counted != responses {
		t.Errorf("responsecode-report.txt counts %d responses, crawl.log has %d", counted, responses)
	}
	crawlReport, _ := os.ReadFile(filepath.Join(f.Reports(), heritrix.CrawlReport))
	if !strings.Contains(string(crawlReport), "\ncrawl status: Finished\n") || !strings.Contains(string(crawlReport), "\nseeds crawled: 1\n") {
		t.Errorf("crawl-report.txt:\n%s", crawlReport)
	}
}
