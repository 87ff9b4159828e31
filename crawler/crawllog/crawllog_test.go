package crawllog

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
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
	{Time: t0, Status: 200, Size: 0, URI: "http://example.com/empty", HopPath: "E", Via: "http://example.com/", Worker: 2,
		FetchStart: t0, Duration: 5 * time.Millisecond, Digest: "sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ"},
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

// TestHeritrixFields checks the columns Heritrix 3's UriProcessingFormatter
// writes differently from a plain dump of the fields: the MIME column is
// the Content-Type cut at the first space, ';' or ',' and "no-type" when
// absent, and an empty annotation list is "-".
func TestHeritrixFields(t *testing.T) {
	for _, c := range []struct{ ct, want string }{
		{"", "no-type"},
		{"text/html; charset=UTF-8", "text/html"},
		{"Text/HTML", "Text/HTML"},
		{"text/html,text/plain", "text/html"},
		{" text/html", "no-type"},
		{";charset=x", "no-type"},
		{"application/x-foo bar", "application/x-foo"},
	} {
		if got := MIMEField(c.ct); got != c.want {
			t.Errorf("MIMEField(%q) = %q, want %q", c.ct, got, c.want)
		}
	}
	f := strings.Split(Format(entries[2]), " ")
	f = slices.DeleteFunc(f, func(s string) bool { return s == "" })
	if len(f) != fieldCount || f[6] != "no-type" || f[11] != "-" {
		t.Fatalf("robots-precluded line %q: want 12 fields, MIME no-type, annotations -", Format(entries[2]))
	}
	e, err := Parse(Format(entries[4]))
	if err != nil || e.MIME != "" || e.Size != 0 {
		t.Fatalf("Parse(no-type line) = %+v, %v; want MIME empty, size 0", e, err)
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

// readLines returns the file's lines, failing on a line that does not parse
// or a last line without its newline.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		t.Fatalf("file ends in a torn line: %q", data[max(0, len(data)-40):])
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(data) == 0 {
		lines = nil
	}
	for _, l := range lines {
		if _, err := Parse(l); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
	}
	return lines
}

// TestLoggedLinesAreInTheFile: what Log returned from is in the file (a
// kill right after loses nothing), all lines of one call together.
func TestLoggedLinesAreInTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "crawl.log")
	w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := w.Log(entries[0]); err != nil {
		t.Fatal(err)
	}
	if err := w.Log(entries[1:]...); err != nil {
		t.Fatal(err)
	}
	if n := len(readLines(t, path)); n != len(entries) {
		t.Fatalf("%d lines in the file before Close, want %d", n, len(entries))
	}
}

// TestTornLastLineCutOnOpen: a crawl.log whose last line lost its end (a
// crash or a full disk mid-write) is cut back to its last whole line, so
// the resumed crawl's first line does not join it.
func TestTornLastLineCutOnOpen(t *testing.T) {
	whole := Format(entries[0]) + "\n"
	long := strings.Repeat("x", 10_000) // longer than one backward read
	for name, before := range map[string]string{
		"torn after a line": whole + Format(entries[1])[:30],
		"only a torn line":  Format(entries[1])[:30],
		"long torn line":    whole + long,
		"whole lines":       whole,
		"empty":             "",
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "crawl.log")
			if err := os.WriteFile(path, []byte(before), 0o644); err != nil {
				t.Fatal(err)
			}
			w, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Log(entries[2]); err != nil {
				t.Fatal(err)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			want := strings.Count(before, "\n") + 1
			if got := readLines(t, path); len(got) != want || got[len(got)-1] != Format(entries[2]) {
				t.Fatalf("lines %q, want %d ending with the new entry", got, want)
			}
		})
	}
}

// TestFullDiskWriteCutBack: a write that the file-size limit (our stand-in
// for a full disk) cuts short is taken back whole, and the next Log, once
// there is room, starts on a fresh line.
func TestFullDiskWriteCutBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "crawl.log")
	w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := w.Log(entries[0]); err != nil {
		t.Fatal(err)
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		t.Skip(err)
	}
	st, _ := os.Stat(path)
	lim := old
	lim.Cur = uint64(st.Size()) + 40 // room for part of one more line
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		t.Skip(err)
	}
	err = w.Log(entries[1], entries[2])
	if rerr := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); rerr != nil {
		t.Fatal(rerr)
	}
	if err == nil {
		t.Fatal("Log past the file-size limit succeeded")
	}
	if got := readLines(t, path); len(got) != 1 {
		t.Fatalf("after the failed write: %q, want the first line only", got)
	}
	if err := w.Log(entries[3]); err != nil {
		t.Fatal(err)
	}
	if got := readLines(t, path); len(got) != 2 || got[1] != Format(entries[3]) {
		t.Fatalf("after room came back: %q", got)
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

// TestHopDepth: the route through robots.txt and sitemaps counts as one
// hop toward max_hops, whatever its length; every other letter counts.
func TestHopDepth(t *testing.T) {
	for _, tc := range []struct {
		path string
		want int
	}{
		{"", 0},
		{"L", 1},
		{"LLRE", 4},
		{"P", 1},
		{"M", 1},
		{"PM", 1},
		{"PMM", 1},
		{"PMMM", 1},
		{"PMML", 2},
		{"LM", 2},
	} {
		if got := HopDepth(tc.path); got != tc.want {
			t.Errorf("HopDepth(%q) = %d, want %d", tc.path, got, tc.want)
		}
	}
}
