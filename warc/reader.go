package warc

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/nlnwa/gowarc"
)

// maxMemberSize bounds how much one decompressed record may take in memory
// when reading, so a hostile file cannot exhaust memory.
const maxMemberSize = 4 << 30

// Record is one record read back from a file, with its place in the file.
type Record struct {
	Offset int64 // of its gzip member
	Length int64 // compressed bytes of the member
	Header *gowarc.WarcFields
	Block  []byte // content block, exactly as stored
	// Warnings lists gowarc's validation findings for the record.
	Warnings []string
}

// Type returns WARC-Type.
func (r *Record) Type() RecordType { return RecordType(r.Header.Get(gowarc.WarcType)) }

// ID returns WARC-Record-ID without angle brackets.
func (r *Record) ID() string { return r.Header.GetId(gowarc.WarcRecordID) }

// TargetURI returns WARC-Target-URI.
func (r *Record) TargetURI() string { return r.Header.Get(gowarc.WarcTargetURI) }

// byteCounter counts what a gzip reader consumes. Because it implements
// io.ByteReader, compress/gzip reads exactly one member and no further, so
// the count is the member boundary.
type byteCounter struct {
	r *bufio.Reader
	n int64
}

func (c *byteCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *byteCounter) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

var _ flate.Reader = (*byteCounter)(nil)

// members iterates the gzip members of a stream.
type members struct {
	c  *byteCounter
	gz *gzip.Reader
}

func newMembers(r io.Reader) *members {
	return &members{c: &byteCounter{r: bufio.NewReaderSize(r, 256<<10)}}
}

// next returns the next member's offset, compressed length and content.
// At a clean end of stream it returns io.EOF; a damaged or incomplete
// member yields another error with off set to where it starts.
func (m *members) next() (off, length int64, data []byte, err error) {
	off = m.c.n
	if _, err := m.c.r.Peek(1); err == io.EOF {
		return off, 0, nil, io.EOF
	}
	if m.gz == nil {
		m.gz, err = gzip.NewReader(m.c)
	} else {
		err = m.gz.Reset(m.c)
	}
	if err != nil {
		return off, 0, nil, fmt.Errorf("gzip header at %d: %w", off, noEOF(err))
	}
	m.gz.Multistream(false)
	var buf bytes.Buffer
	n, err := io.Copy(&buf, io.LimitReader(m.gz, maxMemberSize+1))
	if err != nil {
		return off, 0, nil, fmt.Errorf("gzip member at %d: %w", off, noEOF(err))
	}
	if n > maxMemberSize {
		return off, 0, nil, fmt.Errorf("gzip member at %d: larger than %d bytes", off, int64(maxMemberSize))
	}
	return off, m.c.n - off, buf.Bytes(), nil
}

// noEOF turns a premature io.EOF into io.ErrUnexpectedEOF so callers can
// tell truncation from a clean end.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// checkRecordShape verifies data is one whole WARC record: version line,
// header, a block of exactly Content-Length bytes and the CRLFCRLF trailer.
// It returns the header length (through the blank line).
func checkRecordShape(data []byte) (int, error) {
	if !bytes.HasPrefix(data, []byte("WARC/")) {
		return 0, errors.New("no WARC version line")
	}
	end := bytes.Index(data, []byte("\r\n\r\n"))
	if end < 0 {
		return 0, errors.New("WARC header not terminated")
	}
	hdrLen := end + 4
	cl := int64(-1)
	for _, line := range strings.Split(string(data[:end]), "\r\n")[1:] {
		name, value, ok := strings.Cut(line, ":")
		if ok && strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || v < 0 {
				return 0, fmt.Errorf("bad Content-Length %q", value)
			}
			cl = v
		}
	}
	if cl < 0 {
		return 0, errors.New("no Content-Length")
	}
	if int64(len(data)) != int64(hdrLen)+cl+4 {
		return 0, fmt.Errorf("record is %d bytes, header says %d", len(data), int64(hdrLen)+cl+4)
	}
	if !bytes.HasSuffix(data, []byte("\r\n\r\n")) {
		return 0, errors.New("missing end-of-record CRLFCRLF")
	}
	return hdrLen, nil
}

// Reader iterates the records of a per-record-gzipped WARC file.
type Reader struct {
	m      *members
	closer io.Closer
	um     gowarc.Unmarshaler
}

// gowarcInit serialises the creation of gowarc builders and unmarshalers:
// gowarc v1.6.0 calls uuid.EnableRandPool (a write to a package variable
// of github.com/google/uuid) every time it creates options, which is a
// data race when writers run concurrently. This mutex guards that
// third-party global; it holds no state of ours.
var gowarcInit sync.Mutex

// NewReader reads records from r (a .warc.gz stream starting at a record).
func NewReader(r io.Reader) *Reader {
	gowarcInit.Lock()
	defer gowarcInit.Unlock()
	return &Reader{
		m: newMembers(r),
		um: gowarc.NewUnmarshaler(
			gowarc.WithSyntaxErrorPolicy(gowarc.ErrWarn),
			gowarc.WithSpecViolationPolicy(gowarc.ErrWarn),
			gowarc.WithUnknownRecordTypePolicy(gowarc.ErrWarn),
			gowarc.WithBlockErrorPolicy(gowarc.ErrWarn),
			gowarc.WithFixDigest(false),
			gowarc.WithFixContentLength(false),
			gowarc.WithFixSyntaxErrors(false),
			gowarc.WithAddMissingDigest(false),
			gowarc.WithAddMissingRecordId(false),
			gowarc.WithAddMissingContentLength(false),
		),
	}
}

// OpenFile opens a WARC file for reading; Close the Reader when done.
func OpenFile(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("warc: %w", err)
	}
	r := NewReader(f)
	r.closer = f
	return r, nil
}

// Close closes the underlying file, if the Reader opened it.
func (r *Reader) Close() error {
	if r.closer != nil {
		return r.closer.Close()
	}
	return nil
}

// Next returns the next record, or io.EOF after the last one. A damaged
// member or a member that is not one whole WARC record is an error.
func (r *Reader) Next() (*Record, error) {
	off, length, data, err := r.m.next()
	if err != nil {
		if err == io.EOF {
			return nil, io.EOF
		}
		return nil, fmt.Errorf("warc: %w", err)
	}
	hdrLen, err := checkRecordShape(data)
	if err != nil {
		return nil, fmt.Errorf("warc: record at %d: %w", off, err)
	}
	rec, _, val, err := r.um.Unmarshal(bufio.NewReader(bytes.NewReader(data)))
	if err != nil {
		if rec != nil {
			_ = rec.Close()
		}
		return nil, fmt.Errorf("warc: record at %d: %w", off, err)
	}
	if cerr := rec.Close(); cerr != nil {
		val = appendVal(val, cerr)
	}
	out := &Record{
		Offset: off,
		Length: length,
		Header: rec.WarcHeader(),
		Block:  data[hdrLen : len(data)-4],
	}
	if val != nil {
		for _, e := range *val {
			out.Warnings = append(out.Warnings, e.Error())
		}
	}
	return out, nil
}

func appendVal(v *gowarc.Validation, err error) *gowarc.Validation {
	if v == nil {
		v = &gowarc.Validation{}
	}
	*v = append(*v, err)
	return v
}

// Problem is one verification failure.
type Problem struct {
	Offset   int64
	RecordID string
	Msg      string
}

func (p Problem) String() string {
	return fmt.Sprintf("offset %d record %s: %s", p.Offset, p.RecordID, p.Msg)
}

// VerifyFile reads every record of a file and checks the gzip framing,
// record shape, Content-Length and the block and payload digests. Block
// digests cover the stored block. Payload digests are recomputed on the
// entity body with chunked transfer-coding removed (WARC 1.1 §6.3.2); for
// unchunked bodies that equals gowarc's computation. gowarc v1.6.0 digests
// the raw (still chunked) body, so its "payload: wrong digest" warning on a
// chunked record is not reported when our transfer-decoded digest matches.
// A record without a block digest and a file without records are
// problems: neither could be checked. It returns the records read and the
// problems found; err is only for I/O.
func VerifyFile(path string) (records int, problems []Problem, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, nil, fmt.Errorf("warc: %w", err)
	}
	defer f.Close()
	return VerifyStream(f, nil)
}

// VerifyStream is VerifyFile on a stream. If each is non-nil it is called
// with every record read (e.g. to collect offsets); its Block must not be
// kept.
func VerifyStream(r io.Reader, each func(*Record)) (records int, problems []Problem, err error) {
	rd := NewReader(r)
	var lastEnd int64
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			if records == 0 {
				// Nothing was checked: an empty or emptied file must not
				// read as verified.
				problems = append(problems, Problem{Msg: "no WARC record found (an empty file, or not a gzipped WARC): nothing was checked"})
			}
			return records, problems, nil
		}
		if err != nil {
			problems = append(problems, Problem{Offset: lastEnd, Msg: err.Error()})
			return records, problems, nil
		}
		records++
		lastEnd = rec.Offset + rec.Length
		problems = append(problems, verifyRecord(rec)...)
		if each != nil {
			each(rec)
		}
	}
}

// verifyRecord recomputes a record's digests.
func verifyRecord(rec *Record) []Problem {
	var out []Problem
	add := func(format string, a ...any) {
		out = append(out, Problem{Offset: rec.Offset, RecordID: rec.ID(), Msg: fmt.Sprintf(format, a...)})
	}
	if v := rec.Header.Get(gowarc.WarcBlockDigest); v != "" {
		if err := checkDigest(v, rec.Block); err != nil {
			add("block digest: %v", err)
		}
	} else {
		// SHARC digests every record; one without a digest cannot be
		// verified, so it is not reported as verified.
		add("no WARC-Block-Digest: the record's content cannot be checked")
	}
	chunked := false
	if v := rec.Header.Get(gowarc.WarcPayloadDigest); v != "" && rec.Type() != Revisit &&
		strings.HasPrefix(strings.ToLower(rec.Header.Get(gowarc.ContentType)), "application/http") {
		payload, isChunked, err := httpPayload(rec.Block)
		chunked = isChunked
		if err != nil {
			add("payload: %v", err)
		} else if err := checkDigest(v, payload); err != nil {
			add("payload digest: %v", err)
		}
	}
	for _, w := range rec.Warnings {
		if strings.HasPrefix(w, "payload:") && chunked {
			continue // gowarc digests the raw chunked body; checked above
		}
		if strings.HasPrefix(w, "block:") {
			continue // recomputed above, reported once
		}
		add("gowarc: %s", w)
	}
	return out
}

// httpPayload returns the entity body of an application/http block.
func httpPayload(block []byte) ([]byte, bool, error) {
	n, err := splitHeader(block)
	if err != nil {
		return nil, false, err
	}
	p, chunked, _ := entityPayload(block, n)
	return p, chunked, nil
}

// checkDigest verifies a WARC digest field value ("alg:value") over b.
func checkDigest(field string, b []byte) error {
	alg, val, ok := strings.Cut(field, ":")
	if !ok {
		return fmt.Errorf("malformed digest %q", field)
	}
	var h hash.Hash
	switch strings.ToLower(strings.ReplaceAll(alg, "-", "")) {
	case "sha1":
		h = sha1.New()
	case "sha256":
		h = sha256.New()
	case "sha512":
		h = sha512.New()
	default:
		return fmt.Errorf("unsupported digest algorithm %q", alg)
	}
	h.Write(b)
	sum := h.Sum(nil)
	want, err := decodeDigest(val, h.Size())
	if err != nil {
		return err
	}
	if !bytes.Equal(want, sum) {
		return fmt.Errorf("expected %s, got %s:%s", field, alg, base32.StdEncoding.EncodeToString(sum))
	}
	return nil
}

// decodeDigest decodes hex, base32 or base64, told apart by length.
func decodeDigest(s string, size int) ([]byte, error) {
	switch len(s) {
	case hex.EncodedLen(size):
		return hex.DecodeString(s)
	case base32.StdEncoding.EncodedLen(size):
		return base32.StdEncoding.DecodeString(strings.ToUpper(s))
	case base64.StdEncoding.EncodedLen(size):
		return base64.StdEncoding.DecodeString(s)
	}
	return nil, fmt.Errorf("digest value %q has unexpected length", s)
}
