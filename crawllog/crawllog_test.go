package crawllog

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite golden files")

var t0 = time.Date(2026, 11, 22, 16, 30, 5, 123_000_000, time.UTC)

var entries = []Entry{
	{Time: t0, Status: 200, Size: 12380, URI: "http://example.com/", MIME: "text/html", Worker: 1,
		FetchStart: t0.Add(-42 * time.Millisecond), Duration: 40 * time.Millisecond, Digest: "sha1:ZQ3QSSTRG5YKDKFJ3CJ7HMDDFN3I5IZW"},
	{Time: t0, Status: 404, Size: 310, URI: "http://example.com/missing", HopPath: "LL", Via: "http://example.com/a", MIME: "text/html", Worker: 12,
		FetchStart: t0, Duration: 3 * time.Millisecond, Digest: "sha1:AAAA", Annotations: []string{"3t", "duplicate:digest"}},
	{Time: t0, Status: -9998, Size: -1, URI: "http://example.com/private/x", HopPath: "L", Via: "http://example.com/", Worker: 3},
	{Time: t0, Status: 301, Size: 200, URI: "http://example.com/old", HopPath: "LR", Via: "http://example.com/x y", MIME: "text/html", Worker: 100,
		FetchStart: t0, Duration: time.Second, Digest: "sha1:BBBB", Source: "seed"},
}

func TestGolden(t *testing.T) {
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(Format(e) + "\n")
	}
	golden := filepath.Join("testdata", "crawl.log.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Fatalf("crawl.log differs from golden:\n got:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, e := range entries {
		got, err := Parse(Format(e))
		if err != nil {
			t.Fatalf("Parse(%q): %v", Format(e), err)
		}
		e.Via = strings.ReplaceAll(e.Via, " ", "%20")
		e.Time, got.Time = e.Time.UTC(), got.Time.UTC()
		if !e.FetchStart.IsZero() {
			e.FetchStart = e.FetchStart.UTC()
		}
		if !reflect.DeepEqual(e, got) {
			t.Errorf("round trip:\n got %+v\nwant %+v", got, e)
		}
	}
}

func TestColumns(t *testing.T) {
	// Heritrix pads status to 5 and size to 10 columns.
	line := Format(entries[0])
	if !strings.HasPrefix(line, "2026-11-22T16:30:05.123Z   200      12380 http://example.com/ - - text/html #001 20261122163005081+40 ") {
		t.Fatalf("layout: %q", line)
	}
}

func TestWriterAppends(t *testing.T) {
	path := filepath.Join(t.TempDir(), "crawl.log")
	for i := 0; i < 2; i++ {
		w, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Log(entries[i]); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	data, _ := os.ReadFile(path)
	if n := strings.Count(string(data), "\n"); n != 2 {
		t.Fatalf("%d lines after two sessions, want 2", n)
	}
}

func FuzzParse(f *testing.F) {
	for _, e := range entries {
		f.Add(Format(e))
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := Parse(line)
		if err != nil {
			return
		}
		// Whatever parses must format and parse to the same entry.
		again, err := Parse(Format(e))
		if err != nil {
			t.Fatalf("reparse of %q: %v", Format(e), err)
		}
		if Format(again) != Format(e) {
			t.Fatalf("unstable: %q vs %q", Format(again), Format(e))
		}
	})
}

// FuzzFormat: whatever a hostile page puts in a logged URI or via (a
// malformed link is logged as written), Format writes one line of twelve
// fields that Parse reads back.
func FuzzFormat(f *testing.F) {
	f.Add("http://a.test/x y", "http://a.test/\n", "LL")
	f.Add("\x00\t\r", "", "")
	f.Fuzz(func(t *testing.T, uri, via, hops string) {
		line := Format(Entry{Time: time.Unix(0, 0), Status: int(CodeUnfetchable), Size: -1, URI: uri, Via: via, HopPath: hops,
			Annotations: []string{"malformed-url"}})
		if strings.ContainsAny(line, "\n\r") {
			t.Fatalf("Format wrote a line break: %q", line)
		}
		if _, err := Parse(line); err != nil {
			t.Fatalf("Parse(Format(%q, %q, %q)) = %v", uri, via, hops, err)
		}
	})
}
