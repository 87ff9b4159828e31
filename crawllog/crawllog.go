// Package crawllog writes a capture's crawl.log in Heritrix's field layout,
// one line per URI with its final outcome, so operators' existing
// crawl.log tools parse it:
//
//	TIMESTAMP STATUS SIZE URI HOPPATH VIA MIME #WORKER FETCHSTART+MS DIGEST SOURCE ANNOTATIONS
//
// Empty fields are "-". Status is right-aligned in 5 columns and size in 10,
// as Heritrix writes them.
package crawllog

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Entry is one crawl.log line.
type Entry struct {
	Time        time.Time // when the line is logged
	Status      int       // HTTP status, or a negative Heritrix fetch code
	Size        int64     // bytes of the response (headers and body), -1 if none
	URI         string
	HopPath     string
	Via         string
	MIME        string
	Worker      int
	FetchStart  time.Time
	Duration    time.Duration
	Digest      string // e.g. "sha1:..."
	Source      string
	Annotations []string
}

// Format renders e as one line without the trailing newline.
func Format(e Entry) string {
	dash := func(s string) string {
		if s == "" {
			return "-"
		}
		return escapeField(s)
	}
	size := "-"
	if e.Size >= 0 {
		size = strconv.FormatInt(e.Size, 10)
	}
	fetch := "-"
	if !e.FetchStart.IsZero() {
		fetch = e.FetchStart.UTC().Format("20060102150405.000")
		fetch = strings.Replace(fetch, ".", "", 1) + "+" + strconv.FormatInt(e.Duration.Milliseconds(), 10)
	}
	ann := "-"
	if len(e.Annotations) > 0 {
		ann = strings.Join(e.Annotations, ",")
	}
	return fmt.Sprintf("%s %5d %10s %s %s %s %s #%03d %s %s %s %s",
		e.Time.UTC().Format("2006-01-02T15:04:05.000Z"), e.Status, size, dash(e.URI), dash(e.HopPath),
		dash(e.Via), dash(e.MIME), e.Worker, fetch, dash(e.Digest), dash(e.Source), ann)
}

// escapeField percent-escapes what would split or break a line: spaces,
// control characters and DEL (a malformed link, logged as written, may
// hold any of them).
func escapeField(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c == 0x7f {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Entry fields as Parse splits them.
const fieldCount = 12

// Parse reads one crawl.log line back; it is the inverse of Format for the
// fields Format writes (times to the millisecond).
func Parse(line string) (Entry, error) {
	f := strings.Fields(line)
	if len(f) != fieldCount {
		return Entry{}, fmt.Errorf("crawl.log: %d fields, want %d", len(f), fieldCount)
	}
	var e Entry
	var err error
	if e.Time, err = time.Parse("2006-01-02T15:04:05.000Z", f[0]); err != nil {
		return Entry{}, fmt.Errorf("crawl.log: timestamp: %w", err)
	}
	if e.Status, err = strconv.Atoi(f[1]); err != nil {
		return Entry{}, fmt.Errorf("crawl.log: status: %w", err)
	}
	e.Size = -1
	if f[2] != "-" {
		if e.Size, err = strconv.ParseInt(f[2], 10, 64); err != nil {
			return Entry{}, fmt.Errorf("crawl.log: size: %w", err)
		}
	}
	undash := func(s string) string {
		if s == "-" {
			return ""
		}
		return s
	}
	e.URI, e.HopPath, e.Via, e.MIME = undash(f[3]), undash(f[4]), undash(f[5]), undash(f[6])
	if !strings.HasPrefix(f[7], "#") {
		return Entry{}, fmt.Errorf("crawl.log: worker %q lacks '#'", f[7])
	}
	if e.Worker, err = strconv.Atoi(f[7][1:]); err != nil {
		return Entry{}, fmt.Errorf("crawl.log: worker: %w", err)
	}
	if f[8] != "-" {
		ts, ms, ok := strings.Cut(f[8], "+")
		if !ok || len(ts) != 17 {
			return Entry{}, fmt.Errorf("crawl.log: fetch time %q", f[8])
		}
		if e.FetchStart, err = time.Parse("20060102150405.000", ts[:14]+"."+ts[14:]); err != nil {
			return Entry{}, fmt.Errorf("crawl.log: fetch time: %w", err)
		}
		d, err := strconv.ParseInt(ms, 10, 64)
		if err != nil {
			return Entry{}, fmt.Errorf("crawl.log: fetch duration: %w", err)
		}
		e.Duration = time.Duration(d) * time.Millisecond
	}
	e.Digest, e.Source = undash(f[9]), undash(f[10])
	if f[11] != "-" {
		e.Annotations = strings.Split(f[11], ",")
	}
	return e, nil
}

// Writer appends lines to a crawl.log file; safe for concurrent use.
type Writer struct {
	mu sync.Mutex
	f  *os.File
	w  *bufio.Writer
}

// Open opens (appending to) the crawl.log at path, so a resumed capture
// continues its log.
func Open(path string) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, fmt.Errorf("crawl.log: %w", err)
	}
	return &Writer{f: f, w: bufio.NewWriter(f)}, nil
}

// Log writes one entry.
func (w *Writer) Log(e Entry) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, err := io.WriteString(w.w, Format(e)+"\n"); err != nil {
		return fmt.Errorf("crawl.log: %w", err)
	}
	return nil
}

// Flush writes buffered lines to the file.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Flush()
}

// Close flushes and closes the file.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.w.Flush(); err != nil {
		_ = w.f.Close()
		return fmt.Errorf("crawl.log: %w", err)
	}
	return w.f.Close()
}
