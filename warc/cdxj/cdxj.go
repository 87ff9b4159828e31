package cdxj

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// TimestampLayout is the 14-digit UTC timestamp of CDX lines.
const TimestampLayout = "20060102150405"

// RevisitMIME is the MIME type pywb indexes revisit records under.
const RevisitMIME = "warc/revisit"

// Entry is one CDXJ line.
type Entry struct {
	SURT      string // search key
	Timestamp string // digits, normally 14 (TimestampLayout)
	URL       string
	MIME      string // "" when absent
	Status    int    // HTTP status, 0 when absent
	Digest    string // payload digest, "" when absent
	Length    int64  // bytes of the record in the WARC file
	Offset    int64  // offset of the record in the WARC file
	Filename  string // WARC file name
}

// Time parses the timestamp; shorter timestamps are completed to the
// earliest instant they denote, as in the Wayback convention.
func (e Entry) Time() (time.Time, error) {
	ts := e.Timestamp
	if len(ts) > 14 {
		ts = ts[:14]
	}
	ts += "00000101000000"[len(ts):]
	return time.Parse(TimestampLayout, ts)
}

// FromRecord returns the CDXJ entry of an index record, or ok == false for
// records a CDXJ index leaves out: types other than response, revisit and
// resource, records not (yet) in a named file, and SURTs that would break
// the line (a canonical SURT never holds spaces or line breaks). Resource
// records are a browser page's screenshots, text and DOM, indexed under
// their urn: target as cdxj-indexer and Browsertrix-crawler index them,
// so a replay tool can reach them (ReplayWeb.page's page thumbnail is
// urn:thumbnail:<page URL>).
func FromRecord(r store.Record) (e Entry, ok bool) {
	if !(warc.HTTPExchange(r.RecordType) || r.RecordType == warc.Resource) || r.WARCFile == "" ||
		r.SURT == "" || strings.ContainsAny(r.SURT, " \r\n") {
		return Entry{}, false
	}
	e = Entry{
		SURT:      r.SURT,
		Timestamp: r.Time.UTC().Format(TimestampLayout),
		URL:       r.URL,
		MIME:      mediaType(r.MIME),
		Status:    r.Status,
		Digest:    strings.TrimPrefix(r.PayloadDigest, "sha1:"),
		Length:    r.RecordLength,
		Offset:    r.Offset,
		Filename:  r.WARCFile,
	}
	if r.RecordType == warc.Revisit {
		e.MIME = RevisitMIME
		if r.Status == http.StatusNotModified {
			// SHARC writes a server-not-modified revisit with an empty
			// block (the 304 is in a metadata record, see package warc),
			// so indexers read no status from it: neither does this line.
			// A "304" here makes ReplayWeb.page answer with an empty 304
			// instead of the original (docs/interop.md).
			e.Status = 0
		}
	}
	return e, true
}

// mediaType drops parameters: "text/html; charset=utf-8" -> "text/html".
func mediaType(ct string) string {
	mt, _, _ := strings.Cut(ct, ";")
	return strings.ToLower(strings.TrimSpace(mt))
}

// Entries converts records to CDXJ entries in index order, leaving out the
// records FromRecord rejects.
func Entries(recs []store.Record) []Entry {
	es := make([]Entry, 0, len(recs))
	for _, r := range recs {
		if e, ok := FromRecord(r); ok {
			es = append(es, e)
		}
	}
	Sort(es)
	return es
}

// Sort orders entries by the byte order of their lines, the order readers
// binary-search in.
func Sort(es []Entry) {
	lines := make([][]byte, len(es))
	for i, e := range es {
		lines[i] = e.AppendLine(nil)
	}
	idx := make([]int, len(es))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return bytes.Compare(lines[idx[a]], lines[idx[b]]) < 0 })
	sorted := make([]Entry, len(es))
	for i, j := range idx {
		sorted[i] = es[j]
	}
	copy(es, sorted)
}

// fields is the JSON block; field order is the output order.
type fields struct {
	URL      string `json:"url"`
	MIME     string `json:"mime,omitempty"`
	Status   string `json:"status,omitempty"`
	Digest   string `json:"digest,omitempty"`
	Length   string `json:"length"`
	Offset   string `json:"offset"`
	Filename string `json:"filename"`
}

// AppendLine appends the entry's line, without the newline, to b.
func (e Entry) AppendLine(b []byte) []byte {
	f := fields{
		URL: e.URL, MIME: e.MIME, Digest: e.Digest, Filename: e.Filename,
		Length: strconv.FormatInt(e.Length, 10), Offset: strconv.FormatInt(e.Offset, 10),
	}
	if e.Status != 0 {
		f.Status = strconv.Itoa(e.Status)
	}
	b = append(b, e.SURT...)
	b = append(b, ' ')
	b = append(b, e.Timestamp...)
	b = append(b, ' ')
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // keep '&' in URLs readable; still valid JSON
	if err := enc.Encode(f); err != nil {
		// Only strings and no maps: Encode cannot fail.
		panic(err)
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})...)
}

// Write writes entries, one line each, in the order given (see Sort).
func Write(w io.Writer, es []Entry) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var line []byte
	for _, e := range es {
		line = append(e.AppendLine(line[:0]), '\n')
		if _, err := bw.Write(line); err != nil {
			return fmt.Errorf("cdxj: write: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("cdxj: write: %w", err)
	}
	return nil
}

// WriteRecords writes the CDXJ index of recs and returns the number of
// lines written.
func WriteRecords(w io.Writer, recs []store.Record) (int, error) {
	es := Entries(recs)
	return len(es), Write(w, es)
}

// MaxLine bounds the length of a line Reader accepts.
const MaxLine = 1 << 20

// Reader reads entries from a CDXJ stream. Blank lines and header lines
// starting with '!' (as in "!OpenWayback-CDXJ 1.0") are skipped; JSON keys
// other than those of Entry are ignored.
type Reader struct {
	sc   *bufio.Scanner
	line int
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader) *Reader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxLine)
	return &Reader{sc: sc}
}

// Next returns the next entry, or io.EOF after the last. Errors name the
// line number.
func (r *Reader) Next() (Entry, error) {
	for r.sc.Scan() {
		r.line++
		line := r.sc.Bytes()
		if len(line) == 0 || line[0] == '!' {
			continue
		}
		e, err := ParseLine(line)
		if err != nil {
			return Entry{}, fmt.Errorf("cdxj: line %d: %w", r.line, err)
		}
		return e, nil
	}
	if err := r.sc.Err(); err != nil {
		return Entry{}, fmt.Errorf("cdxj: line %d: %w", r.line+1, err)
	}
	return Entry{}, io.EOF
}

// Parse reads every entry of r.
func Parse(r io.Reader) ([]Entry, error) {
	rd := NewReader(r)
	var es []Entry
	for {
		e, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return es, nil
		}
		if err != nil {
			return es, err
		}
		es = append(es, e)
	}
}

// ParseLine parses one line (without its newline).
func ParseLine(line []byte) (Entry, error) {
	if !utf8.Valid(line) {
		return Entry{}, errors.New("not UTF-8")
	}
	surt, rest, ok1 := bytes.Cut(line, []byte{' '})
	ts, js, ok2 := bytes.Cut(rest, []byte{' '})
	if !ok1 || !ok2 {
		return Entry{}, errors.New(`want "SURT TIMESTAMP {JSON}"`)
	}
	if len(surt) == 0 {
		return Entry{}, errors.New("empty SURT")
	}
	if len(ts) < 4 || len(ts) > 17 || !allDigits(ts) {
		return Entry{}, fmt.Errorf("bad timestamp %q", ts)
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return Entry{}, fmt.Errorf("JSON: %w", err)
	}
	if m == nil {
		return Entry{}, errors.New("JSON: not an object")
	}
	if dec.More() {
		return Entry{}, errors.New("JSON: trailing data")
	}
	e := Entry{SURT: string(surt), Timestamp: string(ts)}
	var err error
	str := func(key string) string {
		v, ok := m[key]
		if !ok || err != nil {
			return ""
		}
		switch v := v.(type) {
		case string:
			return v
		case json.Number:
			return v.String()
		}
		err = fmt.Errorf("%q is not a string or number", key)
		return ""
	}
	num := func(key string) int64 {
		s := str(key)
		if s == "" || s == "-" || err != nil {
			return 0
		}
		n, perr := strconv.ParseInt(s, 10, 64)
		if perr != nil || n < 0 {
			err = fmt.Errorf("%q: bad count %q", key, s)
		}
		return n
	}
	e.URL, e.MIME, e.Digest, e.Filename = str("url"), str("mime"), str("digest"), str("filename")
	e.Status = int(num("status"))
	e.Length, e.Offset = num("length"), num("offset")
	if err == nil && (e.Status < 0 || e.Status > 999) {
		err = fmt.Errorf("bad status %d", e.Status)
	}
	if err != nil {
		return Entry{}, err
	}
	return e, nil
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
