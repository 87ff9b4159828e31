package jobdir

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/heritrix"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/store"
)

func TestName(t *testing.T) {
	started := time.Date(2026, 11, 24, 19, 50, 28, 900_000_000, time.FixedZone("CET", 3600))
	if got := Name(7, started); got != "20261124185028-7" {
		t.Fatalf("Name = %q, want the UTC start to the second and the capture ID", got)
	}
}

// TestCreate: Create is idempotent, replaces a changed job.yaml whole and
// leaves no temporary file; WARCDir finds the folder once it exists and
// falls back to the job folder before.
func TestCreate(t *testing.T) {
	root := t.TempDir()
	started := time.Date(2026, 11, 24, 19, 50, 28, 0, time.UTC)
	if got := WARCDir(root, 3, started); got != root {
		t.Fatalf("WARCDir without a folder = %q, want the job folder %q", got, root)
	}
	f := Path(root, 3, started)
	for _, text := range []string{"name: a\n", "name: a\n", "name: a\nworkers: 3\n"} {
		if err := Create(f, []byte(text)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(string(f), JobFile))
		if err != nil || string(got) != text {
			t.Fatalf("job.yaml = %q, %v; want %q", got, err, text)
		}
	}
	for _, d := range []string{f.WARCs(), f.Logs(), f.Reports()} {
		if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
			t.Errorf("%s: %v", d, err)
		}
	}
	ents, _ := os.ReadDir(string(f))
	if len(ents) != 4 {
		t.Errorf("folder holds %d entries, want job.yaml, warcs, logs, reports (no temporary file)", len(ents))
	}
	if got := WARCDir(root, 3, started); got != f.WARCs() {
		t.Errorf("WARCDir = %q, want %q", got, f.WARCs())
	}
	if got := f.CrawlLog("n2"); got != filepath.Join(string(f), "logs", "crawl-n2.log") {
		t.Errorf("a node's crawl.log: %q", got)
	}
}

// TestWriteReports: the reports count every node's crawl.log of the
// folder (here the same fixture twice: every figure doubles).
func TestWriteReports(t *testing.T) {
	fixture, err := os.ReadFile("../heritrix/testdata/fixture.crawl.log")
	if err != nil {
		t.Fatal(err)
	}
	started := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	f := Path(t.TempDir(), 1, started)
	if err := Create(f, []byte("name: fixture\n")); err != nil {
		t.Fatal(err)
	}
	for _, node := range []string{"", "n2"} {
		if err := os.WriteFile(f.CrawlLog(node), fixture, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	j := &job.Job{Name: "fixture", Seeds: []string{"http://a.example", "http://b.example:8080/", "http://c.example/", "http://d.example/"}}
	row := store.Capture{ID: 1, Started: started, Finished: started.Add(65 * time.Second)}
	if err := WriteReports(context.Background(), f, Capture{Row: row, Job: j, StopReason: "max_pages", Now: started}, nil); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(f.Reports(), name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	for _, name := range heritrix.Reports {
		if read(name) == "" {
			t.Errorf("%s is empty", name)
		}
	}
	crawl := read(heritrix.CrawlReport)
	for _, want := range []string{"crawl status: Finished - Maximum number of documents limit hit\nduration: 1m5s\n",
		"seeds crawled: 2\n", "URIs processed: 40\nURI successes: 26\n"} {
		if !strings.Contains(crawl, want) {
			t.Errorf("crawl-report.txt lacks %q:\n%s", want, crawl)
		}
	}
	// "http://a.example" is canonicalized as the crawler logs it.
	if seeds := read(heritrix.SeedsReport); !strings.Contains(seeds, "\n200 CRAWLED http://a.example/\n") {
		t.Errorf("seeds-report.txt:\n%s", seeds)
	}
	if _, err := os.Stat(filepath.Join(f.Reports(), QualityHTML)); !os.IsNotExist(err) {
		t.Errorf("quality report written without one: %v", err)
	}
}
