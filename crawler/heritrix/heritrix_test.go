package heritrix

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/crawllog"
)

var update = flag.Bool("update", false, "rewrite golden files")

// fixtureSeeds are the fixture capture's seeds: a crawled one, a
// redirecting one, one precluded by robots.txt and one never reached.
var fixtureSeeds = []string{"http://a.example/", "http://b.example:8080/", "http://c.example/", "http://d.example/"}

var fixtureCrawl = Crawl{Name: "fixture", Status: StatusFor("finished"), Elapsed: 65*time.Second + 500*time.Millisecond,
	Now: time.Date(2026, 11, 24, 10, 1, 6, 0, time.UTC)}

func fixtureTally(t *testing.T) *Tally {
	t.Helper()
	f, err := os.Open("testdata/fixture.crawl.log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tl := NewTally(fixtureSeeds)
	if err := tl.ReadLog(f); err != nil {
		t.Fatal(err)
	}
	return tl
}

// TestGolden: each report of the fixture capture (testdata/fixture.crawl.log)
// matches its golden file, written by hand from Heritrix 3's report
// classes (see docs/job-folder.md) and checked line by line below.
func TestGolden(t *testing.T) {
	tl := fixtureTally(t)
	if tl.Skipped != 1 {
		t.Errorf("skipped %d lines, want the 1 damaged one", tl.Skipped)
	}
	for _, name := range Reports {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tl.Write(&b, name, fixtureCrawl); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != string(want) {
				t.Fatalf("%s differs from golden:\n got:\n%s\nwant:\n%s", name, b.String(), want)
			}
		})
	}
}

// TestHeritrixLayout pins, independently of the goldens, the format rules
// taken from Heritrix's report classes, so regenerating a golden cannot
// silently change them.
func TestHeritrixLayout(t *testing.T) {
	tl := fixtureTally(t)
	report := func(name string) []string {
		var b bytes.Buffer
		if err := tl.Write(&b, name, fixtureCrawl); err != nil {
			t.Fatal(err)
		}
		return strings.Split(b.String(), "\n")
	}
	checks := []struct {
		report string
		line   int
		want   string
	}{
		{SeedsReport, 0, "[code] [status] [seed] [redirect]"},
		// Unattempted and failed seeds first, highest status first.
		{SeedsReport, 1, "0 NOTCRAWLED http://d.example/"},
		{SeedsReport, 2, "-9998 NOTCRAWLED http://c.example/"},
		{SeedsReport, 3, "301 CRAWLED http://b.example:8080/ http://b.example:8080/new"},
		{SeedsReport, 4, "200 CRAWLED http://a.example/"},
		{HostsReport, 0, "[#urls] [#bytes] [host] [#robots] [#remaining] [#novel-urls] [#novel-bytes] [#dup-by-hash-urls] [#dup-by-hash-bytes] [#not-modified-urls] [#not-modified-bytes]"},
		// a.example: 7 responses (robots.txt, /, one, two, img, 404, 304);
		// two is a duplicate, old is not modified. Every field ends with a space.
		{HostsReport, 1, "7 78451 a.example 1 0 5 76951 1 1500 1 0 "},
		{HostsReport, 2, "5 2409 b.example 0 0 5 2409 0 0 0 0 "}, // port folded into the host
		{MimetypeReport, 0, "[#urls] [#bytes] [mime-types]"},
		{MimetypeReport, 1, "8 10798 text/html"}, // charset cut off
		{MimetypeReport, 2, "2 31 no-type"},      // ties by type
		{MimetypeReport, 3, "2 32 text/plain"},
		{ResponseCodeReport, 0, "[#urls] [rescode]"},
		{ResponseCodeReport, 1, "9 200"},
		{ResponseCodeReport, 2, "1 301"}, // ties sorted as text
		{CrawlReport, 0, "crawl name: fixture"},
		{CrawlReport, 1, "crawl status: Finished"},
		{CrawlReport, 2, "duration: 1m5s500ms"},
		{CrawlReport, 4, "seeds crawled: 2"},
		{CrawlReport, 5, "seeds uncrawled: 2"},
		{CrawlReport, 7, "hosts visited: 3"},
		{CrawlReport, 9, "URIs processed: 20"},
		{CrawlReport, 10, "URI successes: 13"},
		{CrawlReport, 11, "URI failures: 3"},
		{CrawlReport, 12, "URI disregards: 4"},
		{CrawlReport, 14, "novel URIs: 11"},
		{CrawlReport, 15, "duplicate-by-hash URIs: 1"},
		{CrawlReport, 16, "not-modified URIs: 1"},
		{CrawlReport, 18, "total crawled bytes: 80861 (79 KiB) "}, // Heritrix's trailing space
		{CrawlReport, 19, "novel crawled bytes: 79361 (78 KiB)"},
		{CrawlReport, 23, "URIs/sec: 0.2"},
		{CrawlReport, 24, "KB/sec: 1"},
		{ProcessorsReport, 0, "CandidateChain - Processors report - 202611241001"},
		{ProcessorsReport, 1, "  Number of Processors: 6"},
	}
	for _, c := range checks {
		lines := report(c.report)
		if c.line >= len(lines) || lines[c.line] != c.want {
			t.Errorf("%s line %d: got %q, want %q", c.report, c.line, at(lines, c.line), c.want)
		}
	}
}

func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "<none>"
}

// TestFormats checks the number formats against values Heritrix's
// ArchiveUtils gives (formatBytesForDisplay, doubleToString,
// formatMillisecondsToConventional).
func TestFormats(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{{0, "0 B"}, {-5, "0 B"}, {1, "1.0 B"}, {1023, "1,023 B"}, {1024, "1.0 KiB"}, {1536, "1.5 KiB"},
		{10 * 1024, "10 KiB"}, {5 << 20, "5.0 MiB"}, {3 << 40, "3.0 TiB"}, {5000 << 40, "5,000 TiB"}} {
		if got := formatBytes(c.n); got != c.want {
			t.Errorf("formatBytes(%d) = %q, want %q", c.n, got, c.want)
		}
	}
	for _, c := range []struct {
		v    float64
		want string
	}{{0, "0"}, {2, "2"}, {0.125, "0.12"}, {0.135, "0.14"}, {1234.5678, "1,234.57"}, {1.5, "1.5"}} {
		if got := doubleToString(c.v, 2); got != c.want {
			t.Errorf("doubleToString(%v, 2) = %q, want %q", c.v, got, c.want)
		}
	}
	for _, c := range []struct {
		d    time.Duration
		want string
	}{{0, "0ms"}, {1500 * time.Millisecond, "1s500ms"}, {time.Hour + 2*time.Second, "1h2s"},
		{25*time.Hour + time.Minute + time.Second + time.Millisecond, "1d1h1m1s1ms"}} {
		if got := formatDuration(c.d); got != c.want {
			t.Errorf("formatDuration(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

// TestStatusFor maps SHARC's stop reasons to Heritrix's crawl statuses.
func TestStatusFor(t *testing.T) {
	for reason, want := range map[string]string{"finished": "Finished", "max_pages": "Finished - Maximum number of documents limit hit",
		"max_bytes": "Finished - Maximum amount of data limit hit", "max_duration": "Finished - Timelimit hit",
		"interrupted": "Finished - Ended by operator", "failed": "Finished - Abnormal exit from crawling"} {
		if got := StatusFor(reason); got != want {
			t.Errorf("StatusFor(%q) = %q, want %q", reason, got, want)
		}
	}
}

// TestLongLineSkipped: a line past the bound is skipped whole, and the
// lines around it still count.
func TestLongLineSkipped(t *testing.T) {
	e := crawllog.Entry{Time: time.Unix(0, 0), Status: 200, Size: 10, URI: "http://a.example/", Worker: 1}
	log := crawllog.Format(e) + "\n" + strings.Repeat("x", 3*maxLine) + "\n" + crawllog.Format(e)
	tl := NewTally(nil)
	if err := tl.ReadLog(strings.NewReader(log)); err != nil {
		t.Fatal(err)
	}
	if tl.successes != 2 || tl.Skipped != 1 {
		t.Fatalf("successes %d, skipped %d; want 2 and 1", tl.successes, tl.Skipped)
	}
}

// TestMemoryBoundedByHosts: a million URLs over a hundred hosts grow the
// tally by its per-host rows only, not per URL (a slice of the URLs alone
// would take tens of MB).
func TestMemoryBoundedByHosts(t *testing.T) {
	if testing.Short() {
		t.Skip("a million lines")
	}
	tl := NewTally([]string{"http://h0.example/"})
	e := crawllog.Entry{Status: 200, Size: 1000, MIME: "text/html", HopPath: "L"}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := 0; i < 1_000_000; i++ {
		e.URI = fmt.Sprintf("http://h%d.example/page/%d", i%100, i)
		tl.Add(e)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	if tl.successes != 1_000_000 || len(tl.hosts) != 100 {
		t.Fatalf("counted %d URLs over %d hosts", tl.successes, len(tl.hosts))
	}
	if grown > 1<<20 {
		t.Fatalf("heap grew %d bytes for 10^6 URLs; want under 1 MiB", grown)
	}
	runtime.KeepAlive(tl)
}

// FuzzReadLog: any bytes as a crawl.log are counted or skipped line by
// line, never a panic, and every report renders; lines that parse are
// all counted.
func FuzzReadLog(f *testing.F) {
	fixture, err := os.ReadFile("testdata/fixture.crawl.log")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(fixture)
	f.Add([]byte("a damaged line\n\n\r\n"))
	// Lines past maxLine are TestLongLineSkipped's: large inputs slow the
	// fuzzer's mutator to a crawl.
	f.Fuzz(func(t *testing.T, data []byte) {
		tl := NewTally(fixtureSeeds)
		if err := tl.ReadLog(bytes.NewReader(data)); err != nil {
			t.Fatal(err)
		}
		parsed := int64(0)
		for _, l := range strings.Split(string(data), "\n") {
			if _, err := crawllog.Parse(strings.TrimRight(l, "\r")); err == nil && len(l) <= maxLine {
				parsed++
			}
		}
		if got := tl.successes + tl.failures + tl.disregards; got != parsed {
			t.Fatalf("counted %d lines, %d parse", got, parsed)
		}
		for _, name := range Reports {
			if err := tl.Write(io.Discard, name, fixtureCrawl); err != nil {
				t.Fatal(err)
			}
		}
	})
}
