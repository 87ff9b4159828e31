package warc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/nlnwa/gowarc"
	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/internal/spool"
	"github.com/sharc-archive/sharc/internal/version"
)

// WARC 1.1 revisit profiles (WARC 1.1 §6.7.2 and §6.7.3).
const (
	ProfileIdenticalPayload   = gowarc.ProfileIdenticalPayloadDigestV1_1
	ProfileServerNotModified  = gowarc.ProfileServerNotModifiedV1_1
	warc11ConformsTo          = "https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/"
	defaultMaxSize            = 1 << 30
	openSuffix                = ".open"
	fileExt                   = ".warc.gz"
	contentTypeHTTPResponse   = "application/http;msgtype=response"
	contentTypeHTTPRequest    = "application/http;msgtype=request"
	contentTypeWarcFields     = "application/warc-fields"
	warcDateLayout            = "2006-01-02T15:04:05.000000Z"
	fileStampLayout           = "20060102150405.000"
	defaultRobotsPolicy       = "obey"
	defaultFormat             = "WARC File Format 1.1"
	maxOutlinkContextRuneSize = 256
	defaultGzipLevel          = 6
)

// Config configures a Writer.
type Config struct {
	Dir, Prefix string
	// MaxSize rotates to a new file when the next exchange would make the
	// current one exceed this many bytes (default 1 GB). A single exchange
	// larger than MaxSize gets a file of its own.
	MaxSize int64
	// Digest is "sha1" (base32, the default) or "sha256" (lower-case hex).
	Digest string
	// SpoolDir holds compressed records larger than spool.Threshold while
	// they wait for the file lock (default Dir: same disk as the archive,
	// and not a RAM-backed tmpfs). The files are unlinked at creation.
	SpoolDir string
	// GzipLevel is the DEFLATE level of the record members, 1 (fastest)
	// to 9 (smallest); 0 is the default (6). Members are compressed with
	// github.com/klauspost/compress, whose level 6 is about 2.7 times as
	// fast as compress/gzip's on HTML for 3% more bytes
	// (docs/benchmarks.md); any gzip reader reads them.
	GzipLevel int
	// FirstSerial is the serial number of the first file; a resumed
	// capture passes one past its highest (FileSerial), so its file names
	// never restart at 00000.
	FirstSerial int
	// OnClose, if set, is called with the final path of each file once it
	// is closed and renamed (for upload, package upload). The writer's
	// lock is held: it must return at once and not call the Writer.
	OnClose func(path string)
	// warcinfo fields
	Software, Operator, JobName, RobotsPolicy, UserAgent, Hostname string
	Description                                                    string
}

// Exchange is one HTTP fetch to archive.
type Exchange struct {
	TargetURI string
	IP        string    // WARC-IP-Address
	Date      time.Time // fetch start
	Request   []byte    // raw HTTP request bytes as sent; empty: no request record
	// Response holds the raw HTTP response bytes exactly as received on the
	// wire (status line, headers, body; the body may be chunked and/or
	// content-encoded).
	Response []byte
	// ResponseBlob, if set, holds the raw response instead of Response: a
	// large body is streamed from it and never held whole in memory.
	ResponseBlob Blob
	// Truncated, if set, is written as WARC-Truncated ("length", "time",
	// "disconnect", "unspecified"): the crawler stopped reading early. When
	// empty and the body is shorter than announced, "disconnect" is written.
	Truncated string
	Revisit   *RevisitOf // non-nil: write a revisit record instead of a response
	Outlinks  []Outlink  // non-empty: also write a metadata record listing them
	// Payload, if set, is the payload's digest and length as the caller
	// computed them while the body streamed in. The writer then hashes
	// the bytes once, for the block digest, instead of twice — when the
	// hint can only be right: the same algorithm, no chunking, and exactly
	// Len bytes after the header. Otherwise it is ignored.
	Payload *PayloadHint
	// Resources are written last, as resource records WARC-Concurrent-To
	// the response (or revisit): what a browser rendered of the page, its
	// screenshot and DOM (see docs/browser-capture.md).
	Resources []ResourceRecord
	// TLS, if set, describes the TLS connection the exchange went over:
	// written on its request, response or revisit record (provenance.go).
	TLS *TLSFields
}

// ResourceRecord is a record of something the crawler made from the exchange
// rather than received: a screenshot, the page's text or a rendered DOM.
// TargetURI names it (urn:fullPage:<page URL>, urn:dom:<page URL>, …; see
// crawler/browser.go).
type ResourceRecord struct {
	TargetURI   string
	ContentType string
	Body        []byte
	// Truncated, if set, is written as WARC-Truncated: Body is the head
	// of what was made ("length": a DOM cut at the page's byte budget).
	Truncated string
}

// PayloadHint is a payload digest ("sha1:…" or "sha256:…", in the
// writer's encoding) and length computed by the caller.
type PayloadHint struct {
	Digest string
	Len    int64
}

// Blob is a byte string of known size readable at any offset, such as a
// spool file (internal/spool) or a bytes.Reader.
type Blob interface {
	io.ReaderAt
	Size() int64
}

// RevisitOf names the earlier capture a revisit record refers to.
type RevisitOf struct {
	Profile      string // ProfileIdenticalPayload or ProfileServerNotModified
	RefersTo     string // WARC-Record-ID of the original response
	RefersToURI  string
	RefersToDate time.Time
}

// Outlink is one link discovered on a page.
type Outlink struct {
	URL     string
	Hop     byte // Heritrix hop type: L E R P M ...
	Context string
}

// Written describes one record written.
type Written struct {
	Type     RecordType // Request, Response, Revisit, Metadata or Resource
	RecordID string
	// TargetURI is set for Resource records, whose target is their own
	// (the other records' is the exchange's).
	TargetURI     string
	File          string // final file name (without ".open"), no directory
	Offset        int64  // of the gzip member in the file
	Length        int64  // bytes the gzip member takes
	PayloadDigest string // e.g. "sha1:BASE32"
	BlockDigest   string
	PayloadLength int64
	// Status and MIME are the HTTP status and Content-Type of a response
	// or revisit record (0, "" otherwise), handy for indexing.
	Status int
	MIME   string
	// Provenance marks a record of BuildRecords (dns:, resolve:, TLS):
	// about the connection, not a capture of the exchange.
	Provenance bool
}

// Writer writes exchanges to rotating WARC files. It is safe for
// concurrent use.
type Writer struct {
	cfg   Config
	log   *zap.Logger
	host  string
	now   func() time.Time
	newID func() string
	gz    compressors
	// spools makes the compressed records' spools and keeps the memory
	// of written ones: a fresh buffer per record was the writer's
	// largest allocation.
	spools *spool.Pool
	// builders is a free list of unused stream builders (streamBuilder).
	builders chan gowarc.WarcRecordBuilder

	mu      sync.Mutex // guards everything below
	cur     *openFile
	retired []*openFile // rotated out, still .open until Settle
	// rotations counts the files ever rotated out (SettleMark).
	rotations uint64
	serial    int
	files     []string
	closed    bool
}

// openFile is the file being written.
type openFile struct {
	f    *os.File
	path string // with .open
	name string // final name, no directory
	size atomic.Int64

	syncMu  sync.Mutex // serialises Sync and close
	synced  int64
	isShut  bool
	records int // records other than warcinfo
	// rotation is the file's place among the files rotated out (0 for
	// the first), set when it is; SettleTo compares it with a mark.
	rotation uint64
}

// NewWriter validates cfg and returns a Writer; the first file is created
// on the first write.
func NewWriter(cfg Config, log *zap.Logger) (*Writer, error) {
	if log == nil {
		log = zap.NewNop()
	}
	if cfg.Dir == "" {
		cfg.Dir = "."
	}
	if cfg.SpoolDir == "" {
		cfg.SpoolDir = cfg.Dir
	}
	if cfg.MaxSize <= 0 {
		cfg.MaxSize = defaultMaxSize
	}
	switch cfg.Digest {
	case "":
		cfg.Digest = "sha1"
	case "sha1", "sha256":
	default:
		return nil, fmt.Errorf("warc: unsupported digest %q (want sha1 or sha256)", cfg.Digest)
	}
	if cfg.Software == "" {
		cfg.Software = version.Software()
	}
	if cfg.RobotsPolicy == "" {
		cfg.RobotsPolicy = defaultRobotsPolicy
	}
	if cfg.Hostname == "" {
		h, err := os.Hostname()
		if err != nil {
			h = "localhost"
		}
		cfg.Hostname = h
	}
	if strings.ContainsAny(cfg.Prefix, "/\\") {
		return nil, fmt.Errorf("warc: prefix %q contains a path separator", cfg.Prefix)
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("warc: %w", err)
	}
	w := &Writer{
		cfg:    cfg,
		log:    log,
		host:   fileNameSafe(cfg.Hostname),
		now:    time.Now,
		newID:  newUUID,
		serial: max(cfg.FirstSerial, 0),
	}
	// Not gzip.DefaultCompression: klauspost's default is level 5, where
	// GzipLevel promises 6 (the crawler always passes its job's level, but
	// sharc-bench's ceiling writer took the cheaper default).
	level := defaultGzipLevel
	if cfg.GzipLevel != 0 {
		if cfg.GzipLevel < gzip.BestSpeed || cfg.GzipLevel > gzip.BestCompression {
			return nil, fmt.Errorf("warc: gzip level %d: want 1 to 9, or 0 for the default", cfg.GzipLevel)
		}
		level = cfg.GzipLevel
	}
	w.gz = compressors{level: level, free: make(chan *compressor, maxFreeCompressors), bufs: make(chan []byte, maxFreeCompressors)}
	w.spools = spool.NewPool(cfg.SpoolDir, 0, maxFreeRecordBuffers)
	w.builders = make(chan gowarc.WarcRecordBuilder, builderBatch)
	return w, nil
}

// record is one marshalled, gzipped record awaiting its file position;
// a large one is spooled to disk.
type record struct {
	w  Written
	gz *spool.Spool
}

// WriteExchange archives one exchange: request (if any), then response or
// revisit, then for a server-not-modified revisit the metadata record
// holding the server's 304, then metadata (if outlinks), all contiguous in
// one file. Records
// are built and compressed before the file lock is taken; nothing is
// written unless every record built. On a write error the file is cut back
// to where the exchange started, so a failed call never leaves a partial
// record. It is Build then WriteBuilt.
func (w *Writer) WriteExchange(ctx context.Context, ex Exchange) ([]Written, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b, err := w.Build(ex)
	if err != nil {
		return nil, err
	}
	return w.WriteBuilt(ctx, b)
}

// Built is an exchange's records, built and compressed by Build, waiting
// for WriteBuilt to append them to a file. Its records are not yet
// placed: file, offset and length come with WriteBuilt. One goroutine
// uses it at a time.
type Built struct{ recs []record }

// Build does WriteExchange's CPU work, building and compressing the
// exchange's records, without taking the file lock or touching a file, so
// that a caller can do it outside whatever orders its writes (the
// crawler's group commit builds in its workers, in parallel, and only
// appends in the group). Release the result if it is never written.
func (w *Writer) Build(ex Exchange) (*Built, error) {
	recs, err := w.build(ex)
	if err != nil {
		(&Built{recs: recs}).Release()
		return nil, err
	}
	return &Built{recs: recs}, nil
}

// Release frees the compressed records of a Built that will not be
// written (WriteBuilt releases what it is given). Safe on nil and twice.
func (b *Built) Release() {
	if b == nil {
		return
	}
	for _, r := range b.recs {
		_ = r.gz.Close()
	}
	b.recs = nil
}

// WriteBuilt appends the records of b, contiguous, to the current file
// and makes them durable, as WriteExchange does after building; b is
// released either way.
func (w *Writer) WriteBuilt(ctx context.Context, b *Built) ([]Written, error) {
	out, errs := w.WriteBuiltAll(ctx, []*Built{b})
	return out[0], errs[0]
}

// WriteBuiltAll appends each of bs as WriteBuilt does, in order, then
// makes them all durable with one sync per file touched: a commit group
// of many exchanges costs one fsync, not one each. Each exchange
// succeeds or fails alone (out[i], errs[i]); a failed sync fails every
// exchange in that file. Every b is released.
func (w *Writer) WriteBuiltAll(ctx context.Context, bs []*Built) (out [][]Written, errs []error) {
	return w.AppendBuiltAll(ctx, bs).Sync()
}

// Appended is a group of exchanges appended but not yet durable
// (AppendBuiltAll); Sync makes them so.
type Appended struct {
	out   [][]Written
	errs  []error
	files []*openFile
}

// AppendBuiltAll is WriteBuiltAll's first half: it appends each of bs in
// order without syncing. Its caller times the append and the sync apart
// (crawler's serial-path figures) and must call Sync before it uses the
// records' places.
func (w *Writer) AppendBuiltAll(ctx context.Context, bs []*Built) *Appended {
	a := &Appended{out: make([][]Written, len(bs)), errs: make([]error, len(bs)), files: make([]*openFile, len(bs))}
	for i, b := range bs {
		a.out[i], a.files[i], a.errs[i] = w.appendBuilt(ctx, b)
	}
	return a
}

// Sync makes the appended exchanges durable with one sync per file
// touched and returns them as WriteBuiltAll does.
func (a *Appended) Sync() (out [][]Written, errs []error) {
	out, errs = a.out, a.errs
	synced := map[*openFile]error{}
	for i, f := range a.files {
		if errs[i] != nil || f == nil {
			continue
		}
		err, done := synced[f]
		if !done {
			err = f.syncTo(f.size.Load())
			if err != nil {
				err = fmt.Errorf("warc: sync %s: %w", f.path, err)
			}
			synced[f] = err
		}
		if err != nil {
			out[i], errs[i] = nil, err
		}
	}
	return out, errs
}

// appendBuilt appends b's records, contiguous, to the current file
// without syncing, and returns them with the file they went to.
func (w *Writer) appendBuilt(ctx context.Context, b *Built) ([]Written, *openFile, error) {
	defer b.Release()
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if b == nil || len(b.recs) == 0 {
		return nil, nil, errors.New("warc: nothing built to write")
	}
	recs := b.recs
	total := int64(0)
	for _, r := range recs {
		total += r.gz.Size()
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return nil, nil, errors.New("warc: writer closed")
	}
	if w.cur != nil && w.cur.records > 0 && w.cur.size.Load()+total > w.cfg.MaxSize {
		w.retire()
	}
	if w.cur == nil {
		if err := w.openNext(); err != nil {
			return nil, nil, err
		}
	}
	cur := w.cur
	start := cur.size.Load()
	off := start
	out := make([]Written, len(recs))
	for i, r := range recs {
		if _, err := r.gz.WriteTo(io.NewOffsetWriter(cur.f, off)); err != nil {
			// Cut back so the file ends on a whole record.
			if terr := cur.f.Truncate(start); terr != nil {
				w.log.Error("warc: cannot cut back partial exchange", zap.String("file", cur.path), zap.Error(terr))
			}
			return nil, nil, fmt.Errorf("warc: write %s: %w", cur.path, err)
		}
		out[i] = r.w
		out[i].File = cur.name
		out[i].Offset = off
		out[i].Length = r.gz.Size()
		off += r.gz.Size()
	}
	cur.size.Store(off)
	cur.records += len(recs)
	return out, cur, nil
}

// syncTo makes the file durable up to at least end (group commit).
func (f *openFile) syncTo(end int64) error {
	f.syncMu.Lock()
	defer f.syncMu.Unlock()
	if f.isShut || f.synced >= end {
		return nil // close syncs, or another caller's Sync covered us
	}
	target := f.size.Load() // bytes written before this Sync starts
	if err := f.f.Sync(); err != nil {
		return err
	}
	f.synced = target
	return nil
}
