package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestCrawlExplain checks `sharc crawl --explain` lists the job's chain in
// order (no robots stage when robots.txt is ignored) and crawls, opens and
// writes nothing: the directory holds only the job file afterwards.
func TestCrawlExplain(t *testing.T) {
	dir := t.TempDir()
	jobPath := filepath.Join(dir, "job.yaml")
	yaml := "name: explained\nseeds: [http://example.org/]\nuser_agent: \"SHARC-test (+https://example.org/contact)\"\n" +
		"robots: ignore\nstore: sqlite:" + filepath.Join(dir, "index.db") + "\nwarc: {dir: " + filepath.Join(dir, "warcs") + "}\n"
	if err := os.WriteFile(jobPath, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runCLI("crawl", "--explain", jobPath)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	j, err := loadJob(jobPath, scheduler.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	rest := r.stdout
	for _, s := range crawler.Explain(j) {
		i := strings.Index(rest, "  "+s.Name+" ")
		if i < 0 {
			t.Fatalf("stage %s missing or out of order in:\n%s", s.Name, r.stdout)
		}
		rest = rest[i:]
	}
	if strings.Contains(r.stdout, "  robots ") {
		t.Errorf("robots stage listed for a job that ignores robots.txt:\n%s", r.stdout)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("--explain left files behind: %v", entries)
	}
}
