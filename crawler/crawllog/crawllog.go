package crawllog

import (
	"bytes"
	"errors"
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
	Size        int64     // bytes of the response body (no headers), -1 if no response
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
		dash(e.Via), mimeField(e.MIME), e.Worker, fetch, dash(e.Digest), dash(e.Source), ann)
}

// NoType is what Heritrix writes for a missing or unusable Content-Type
// (MimetypeUtils.NO_TYPE_MIMETYPE, from the ARC format).
const NoType = "no-type"

// MIMEField is the MIME column Heritrix writes for a Content-Type value:
// the value up to its first whitespace, ';' or ',' (parameters and
// repeated headers dropped), or NoType when that leaves nothing. Case is
// kept, as Heritrix keeps it.
func MIMEField(ct string) string {
	end := strings.IndexFunc(ct, func(r rune) bool { return r == ';' || r == ',' || r <= ' ' || r == 0x7f })
	if end >= 0 {
		ct = ct[:end]
	}
	if ct == "" {
		return NoType
	}
	return ct
}

func mimeField(ct string) string { return escapeField(MIMEField(ct)) }

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
	// Fields are separated by ASCII spaces only, as Format writes them:
	// strings.Fields would also split at U+00A0 and U+0085, which a URI
	// may hold unescaped (found by FuzzFormat).
	f := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' })
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
	e.URI, e.HopPath, e.Via, e.MIME = undash(f[3]), undash(f[4]), undash(f[5]), f[6]
	if e.MIME == NoType || e.MIME == "-" { // "-": logs written before no-type
		e.MIME = ""
	}
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

// Writer appends lines to a crawl.log file; safe for concurrent use. It
// does not buffer: each Log call is one write(2) to a file opened with
// O_APPEND, so the lines it was given are in the file (whole, and after
// every line of earlier calls) once it returns, and a kill loses nothing
// already logged. A write that fails part-way is cut back, so the file
// always ends with a whole line.
type Writer struct {
	mu   sync.Mutex
	f    *os.File
	size int64 // bytes in the file: every byte up to here is a whole line
	// synced is size as of the last Sync (-1 before the first): a commit
	// with nothing new to log does not sync again.
	synced int64
}

// Open opens (appending to) the crawl.log at path, so a resumed capture
// continues its log. A last line without its newline (left by a crash or
// a full disk) is cut off first, so the next line does not join it.
func Open(path string) (*Writer, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("crawl.log: %w", err)
	}
	size, err := wholeLines(f)
	if err == nil {
		err = f.Truncate(size)
	}
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("crawl.log: repair %s: %w", path, err)
	}
	return &Writer{f: f, size: size, synced: -1}, nil
}

// wholeLines returns the length of f up to and including its last '\n'.
func wholeLines(f *os.File) (int64, error) {
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	buf := make([]byte, 4096)
	for end := st.Size(); end > 0; {
		n := int64(len(buf))
		if end < n {
			n = end
		}
		chunk := buf[:n]
		if _, err := f.ReadAt(chunk, end-n); err != nil && err != io.EOF {
			return 0, err
		}
		if i := bytes.LastIndexByte(chunk, '\n'); i >= 0 {
			return end - n + int64(i) + 1, nil
		}
		end -= n
	}
	return 0, nil
}

// Lines is entries formatted as crawl.log lines, each with its newline,
// for WriteLines. Formatting apart from writing lets a caller format on
// one goroutine and write on another: the crawler's committer formats a
// group's lines in its writer stage, off the serial indexer that writes
// them (issue 33).
type Lines string

// FormatLines formats the entries, in order.
func FormatLines(es ...Entry) Lines {
	var b strings.Builder
	for _, e := range es {
		b.WriteString(Format(e))
		b.WriteByte('\n')
	}
	return Lines(b.String())
}

// Log writes the entries, in order, in one write.
func (w *Writer) Log(es ...Entry) error {
	return w.WriteLines(FormatLines(es...))
}

// WriteLines writes formatted lines in one write, as Log does.
func (w *Writer) WriteLines(l Lines) error {
	if l == "" {
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.f.WriteString(string(l))
	if err != nil {
		// A short write (a full disk) would leave half a line for the
		// next one to join.
		if terr := w.f.Truncate(w.size); terr != nil {
			err = errors.Join(err, terr)
		}
		return fmt.Errorf("crawl.log: %w", err)
	}
	w.size += int64(n)
	return nil
}

// Size returns the file's length after the last whole write: the mark
// an index commit records (see RepairTail).
func (w *Writer) Size() int64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.size
}

// Sync makes every line written so far durable. A commit that records
// the log's length (a mark) syncs first: after a power loss the log then
// holds every line before a landed mark, so no archived exchange loses its
// line.
//
// Lines may be written while it syncs (the lock is not held meanwhile);
// those are left to the next Sync.
func (w *Writer) Sync() error {
	w.mu.Lock()
	size := w.size
	done := w.synced >= size
	w.mu.Unlock()
	if done {
		return nil
	}
	if err := w.f.Sync(); err != nil {
		return fmt.Errorf("crawl.log: sync: %w", err)
	}
	w.mu.Lock()
	w.synced = max(w.synced, size)
	w.mu.Unlock()
	return nil
}

// Close syncs and closes the file.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	err := w.f.Sync()
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("crawl.log: %w", err)
	}
	return nil
}
