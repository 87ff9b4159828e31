package warc

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"regexp"
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

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]`)

// fileStampRE matches the time stamp in a file name (fileStamp).
var fileStampRE = regexp.MustCompile(`^[0-9]{17}$`)

// FileSerial returns the serial number in the name of a file a Writer
// with this prefix wrote (PREFIX-STAMP-SERIAL-HOST.warc.gz, with or
// without ".open"); ok is false for any other name, another prefix's
// included.
func FileSerial(name, prefix string) (serial int, ok bool) {
	rest := strings.TrimSuffix(name, openSuffix)
	rest, ok = strings.CutSuffix(rest, fileExt)
	if !ok {
		return 0, false
	}
	if prefix != "" {
		if rest, ok = strings.CutPrefix(rest, prefix+"-"); !ok {
			return 0, false
		}
	}
	stamp, rest, ok := strings.Cut(rest, "-")
	if !ok || !fileStampRE.MatchString(stamp) {
		return 0, false
	}
	num, _, ok := strings.Cut(rest, "-")
	if !ok || len(num) < 5 || len(num) > 9 || strings.Trim(num, "0123456789") != "" {
		return 0, false
	}
	n := 0
	for _, c := range num {
		n = n*10 + int(c-'0')
	}
	return n, true
}

func fileNameSafe(s string) string { return unsafeName.ReplaceAllString(s, "_") }

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

// openNext creates the next .open file and writes its warcinfo record.
// Caller holds w.mu.
func (w *Writer) openNext() error {
	for attempt := 0; ; attempt++ {
		name := fmt.Sprintf("%s-%s-%05d-%s%s", w.cfg.Prefix, fileStamp(w.now()), w.serial, w.host, fileExt)
		if w.cfg.Prefix == "" {
			name = strings.TrimPrefix(name, "-")
		}
		w.serial++
		path := filepath.Join(w.cfg.Dir, name+openSuffix)
		if _, err := os.Stat(filepath.Join(w.cfg.Dir, name)); err == nil {
			continue // a closed file of that name exists; take the next serial
		}
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_RDWR, 0o644)
		if errors.Is(err, os.ErrExist) && attempt < 100000 {
			continue
		}
		if err != nil {
			return fmt.Errorf("warc: create: %w", err)
		}
		of := &openFile{f: f, path: path, name: name}
		info, err := w.warcinfo(name)
		if err == nil {
			_, err = f.WriteAt(info, 0)
		}
		if err == nil {
			err = f.Sync()
		}
		if err == nil {
			err = syncDir(w.cfg.Dir)
		}
		if err != nil {
			_ = f.Close()
			_ = os.Remove(path)
			return fmt.Errorf("warc: start %s: %w", path, err)
		}
		of.size.Store(int64(len(info)))
		of.synced = int64(len(info))
		w.cur = of
		w.log.Info("warc: opened file", zap.String("file", path))
		return nil
	}
}

func fileStamp(t time.Time) string {
	return strings.Replace(t.UTC().Format(fileStampLayout), ".", "", 1)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}

// retire takes the current file out of service, still .open: its last
// records may not be indexed yet (see Settle). Caller holds w.mu.
func (w *Writer) retire() {
	if w.cur != nil {
		w.cur.rotation = w.rotations
		w.rotations++
		w.retired = append(w.retired, w.cur)
		w.cur = nil
	}
}

// finish syncs, closes and renames the retired files. Caller holds w.mu.
func (w *Writer) finish() error {
	var errs []error
	for _, f := range w.retired {
		if err := w.closeFile(f); err != nil {
			errs = append(errs, err)
		}
	}
	w.retired = nil
	return errors.Join(errs...)
}

// closeFile syncs, closes and renames one file. Caller holds w.mu.
func (w *Writer) closeFile(cur *openFile) error {
	cur.syncMu.Lock()
	err := cur.f.Sync()
	if cerr := cur.f.Close(); err == nil {
		err = cerr
	}
	cur.isShut = true
	cur.syncMu.Unlock()
	if err != nil {
		return fmt.Errorf("warc: close %s: %w", cur.path, err)
	}
	final := strings.TrimSuffix(cur.path, openSuffix)
	if err := os.Rename(cur.path, final); err != nil {
		return fmt.Errorf("warc: rename %s: %w", cur.path, err)
	}
	if err := syncDir(w.cfg.Dir); err != nil {
		return fmt.Errorf("warc: sync dir: %w", err)
	}
	w.files = append(w.files, final)
	w.log.Info("warc: closed file", zap.String("file", final), zap.Int64("bytes", cur.size.Load()), zap.Int("records", cur.records))
	if w.cfg.OnClose != nil {
		w.cfg.OnClose(final)
	}
	return nil
}

// Rotate ends the current file now; the next write opens a new one. Like
// a rotation by size, the file stays .open until Settle.
func (w *Writer) Rotate() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.retire()
	return nil
}

// Settle closes and renames the files rotated out so far: the caller has
// indexed every record written before it called Settle. Without it a
// rotated file would lose its .open mark (and so its repair) while its
// last records were still unindexed.
func (w *Writer) Settle() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.finish()
}

// SettleMark names the files rotated out up to some moment (Mark).
type SettleMark uint64

// Mark returns the mark of the files rotated out so far. A caller that
// writes a group of records, takes Mark, and goes on writing the next
// group while the first is being indexed calls SettleTo(mark) once the
// first is indexed: every file rotated out before the mark holds records
// of indexed groups only, while a file rotated out after it may hold
// records of the next group, still unindexed, and must stay .open.
func (w *Writer) Mark() SettleMark {
	w.mu.Lock()
	defer w.mu.Unlock()
	return SettleMark(w.rotations)
}

// SettleTo is Settle for the files rotated out before m (see Mark); the
// ones rotated out since stay .open.
func (w *Writer) SettleTo(m SettleMark) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	var errs []error
	keep := w.retired[:0]
	for _, f := range w.retired {
		if f.rotation >= uint64(m) {
			keep = append(keep, f)
			continue
		}
		if err := w.closeFile(f); err != nil {
			errs = append(errs, err)
		}
	}
	clear(w.retired[len(keep):])
	w.retired = keep
	return errors.Join(errs...)
}

// Close closes and renames every file, declaring every record written
// indexed (see Settle). Further writes fail.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = true
	w.retire()
	return w.finish()
}

// Abandon closes every file without renaming it, for when the records
// written last could not be indexed: the files stay .open so the next run's
// Repair cuts each back to its last indexed record. Further writes fail.
func (w *Writer) Abandon() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.closed = true
	w.retire()
	var errs []error
	for _, f := range w.retired {
		f.syncMu.Lock()
		errs = append(errs, f.f.Close())
		f.isShut = true
		f.syncMu.Unlock()
		w.log.Warn("warc: left open for repair", zap.String("file", f.path), zap.Int64("bytes", f.size.Load()))
	}
	w.retired = nil
	return errors.Join(errs...)
}

// Files returns the paths of the files closed so far, oldest first.
func (w *Writer) Files() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.files...)
}

// CurrentFile returns the path of the .open file being written, or "".
func (w *Writer) CurrentFile() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cur == nil {
		return ""
	}
	return w.cur.path
}

// usableHint returns h when its digest is of the writer's algorithm.
func (w *Writer) usableHint(h *PayloadHint) *PayloadHint {
	if h == nil || !strings.HasPrefix(h.Digest, w.cfg.Digest+":") || h.Len < 0 {
		return nil
	}
	return h
}

// Payload digest algorithms (Config.Digest; a job's warc.digest).
const (
	DigestSHA1   = "sha1"
	DigestSHA256 = "sha256"
)

// NewDigestHash returns the hash of algorithm alg: SHA-256 for
// DigestSHA256, SHA-1 otherwise (the WARC default).
func NewDigestHash(alg string) hash.Hash {
	if alg == DigestSHA256 {
		return sha256.New()
	}
	return sha1.New()
}

// FormatDigest writes sum in alg's notation: "sha256:" and lowercase hex,
// or "sha1:" and base32 as Heritrix and pywb write SHA-1.
func FormatDigest(alg string, sum []byte) string {
	if alg == DigestSHA256 {
		return DigestSHA256 + ":" + hex.EncodeToString(sum)
	}
	return DigestSHA1 + ":" + base32.StdEncoding.EncodeToString(sum)
}

// newHash and formatDigest are the configured algorithm's.
func (w *Writer) newHash() hash.Hash { return NewDigestHash(w.cfg.Digest) }

func (w *Writer) formatDigest(sum []byte) string { return FormatDigest(w.cfg.Digest, sum) }

func (w *Writer) digestOf(b []byte) string {
	h := w.newHash()
	h.Write(b)
	return w.formatDigest(h.Sum(nil))
}

func (w *Writer) recordOptions() []gowarc.WarcRecordOption {
	opts := []gowarc.WarcRecordOption{
		gowarc.WithVersion(gowarc.V1_1),
		// We set WARC-Payload-Digest ourselves (transfer-decoded, see
		// httpmsg.go); gowarc must not "fix" it to its raw-body digest.
		gowarc.WithSpecViolationPolicy(gowarc.ErrIgnore),
		gowarc.WithSyntaxErrorPolicy(gowarc.ErrFail),
		gowarc.WithFixSyntaxErrors(false),
		gowarc.WithRecordIdFunc(func() (string, error) { return w.newID(), nil }),
	}
	if w.cfg.Digest == DigestSHA256 {
		opts = append(opts, gowarc.WithDefaultDigestAlgorithm(DigestSHA256), gowarc.WithDefaultDigestEncoding(gowarc.Base16))
	}
	return opts
}

// marshal serialises rec and compresses it into one gzip member.
func (w *Writer) marshal(rec gowarc.WarcRecord) ([]byte, error) {
	defer rec.Close()
	var buf bytes.Buffer
	zc := w.gz.get()
	defer w.gz.put(zc)
	z := zc.z
	z.Reset(&buf)
	if _, _, err := gowarc.NewMarshaler().Marshal(z, rec, 0); err != nil {
		return nil, err
	}
	if err := z.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func warcDate(t time.Time) string { return t.UTC().Format(warcDateLayout) }

// warcinfo builds the gzipped warcinfo record that starts every file.
func (w *Writer) warcinfo(name string) ([]byte, error) {
	var body bytes.Buffer
	field := func(k, v string) {
		if v = cleanField(v); v != "" {
			fmt.Fprintf(&body, "%s: %s\r\n", k, v)
		}
	}
	field("software", w.cfg.Software)
	field("hostname", w.cfg.Hostname)
	field("operator", w.cfg.Operator)
	field("isPartOf", w.cfg.JobName)
	field("description", w.cfg.Description)
	field("robots", w.cfg.RobotsPolicy)
	field("http-header-user-agent", w.cfg.UserAgent)
	field("format", defaultFormat)
	field("conformsTo", warc11ConformsTo)
	rb := newRecordBuilder(gowarc.Warcinfo, w.recordOptions()...)
	rb.AddWarcHeader(gowarc.WarcDate, warcDate(w.now()))
	rb.AddWarcHeader(gowarc.WarcFilename, name)
	rb.AddWarcHeader(gowarc.ContentType, contentTypeWarcFields)
	rb.AddWarcHeader(gowarc.WarcBlockDigest, w.digestOf(body.Bytes()))
	if _, err := rb.Write(body.Bytes()); err != nil {
		return nil, err
	}
	rec, _, err := rb.Build()
	if err != nil {
		return nil, fmt.Errorf("warcinfo: %w", err)
	}
	return w.marshal(rec)
}

// cleanField makes s safe as a single-line WARC field value.
func cleanField(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, strings.TrimSpace(s))
}

// checkURI refuses values that would break the WARC header line.
func checkURI(what, s string) error {
	if s == "" {
		return fmt.Errorf("warc: empty %s", what)
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c == 0x7f {
			return fmt.Errorf("warc: %s %q contains whitespace or control bytes", what, s)
		}
	}
	return nil
}

// block is a record's content: size bytes readable at any offset, with
// its digest already computed (the WARC header comes before the block).
type block struct {
	r      io.ReaderAt
	bytes  []byte // the block itself when it is in memory whole (then r reads it)
	size   int64
	digest string
}

func bytesBlock(w *Writer, b []byte) block {
	return block{r: bytes.NewReader(b), bytes: b, size: int64(len(b)), digest: w.digestOf(b)}
}

// build turns an exchange into marshalled records. On error, the records
// built so far are returned too, for the caller to release.
func (w *Writer) build(ex Exchange) ([]record, error) {
	if err := checkURI("target URI", ex.TargetURI); err != nil {
		return nil, err
	}
	if ex.IP != "" {
		if err := checkURI("IP", ex.IP); err != nil {
			return nil, err
		}
	}
	if ex.Date.IsZero() {
		ex.Date = w.now()
	}
	raw := ex.ResponseBlob
	if raw == nil {
		raw = bytes.NewReader(ex.Response)
	}
	buf := w.gz.copyBuffer()
	msg, err := parseResponse(raw, raw.Size(), w.newHash, w.formatDigest, w.usableHint(ex.Payload), buf)
	w.gz.putCopyBuffer(buf)
	if err != nil {
		return nil, err
	}
	if len(ex.Request) > 0 {
		if err := checkRequest(ex.Request); err != nil {
			return nil, err
		}
	}
	b := &exchangeBuilder{w: w, ex: ex, msg: msg, date: warcDate(ex.Date), respID: w.newID()}
	for _, r := range ex.Resources {
		if err := checkURI("resource URI", r.TargetURI); err != nil {
			return nil, err
		}
	}
	steps := []func() error{b.request, b.response, b.metadata, b.resources}
	if ex.Revisit != nil {
		steps[1] = b.revisit
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return b.recs, err
		}
	}
	return b.recs, nil
}

// exchangeBuilder builds the records of one exchange in order.
type exchangeBuilder struct {
	w      *Writer
	ex     Exchange
	msg    *httpMessage
	date   string
	respID string
	recs   []record
}

func (b *exchangeBuilder) common(rb gowarc.WarcRecordBuilder, id string) {
	rb.AddWarcHeader(gowarc.WarcRecordID, "<"+id+">")
	rb.AddWarcHeader(gowarc.WarcDate, b.date)
	rb.AddWarcHeader(gowarc.WarcTargetURI, b.ex.TargetURI)
}

// finish builds the record's header with gowarc and serialises header and
// block into one gzip member, spooled past spool.Threshold. gowarc only
// computes digests while validating, which we turn off (see
// recordOptions), so the block digest is ours too; and the block is
// streamed from blk rather than copied into gowarc's builder.
func (b *exchangeBuilder) finish(typ RecordType, rb gowarc.WarcRecordBuilder, blk block, payloadDigest string, payloadLen int64) error {
	rb.AddWarcHeader(gowarc.WarcBlockDigest, blk.digest)
	// What the builder's validation would add last, from the block size.
	rb.AddWarcHeaderInt64(gowarc.ContentLength, blk.size)
	rec, _, err := rb.Build()
	if rec != nil {
		defer rec.Close()
	}
	if err != nil {
		return fmt.Errorf("warc: build %s record: %w", typ, err)
	}
	spellFields(rec.WarcHeader())
	wr := Written{
		Type:          typ,
		RecordID:      rec.RecordId(),
		BlockDigest:   rec.WarcHeader().Get(gowarc.WarcBlockDigest),
		PayloadDigest: payloadDigest,
		PayloadLength: payloadLen,
	}
	if HTTPExchange(typ) && b.msg != nil { // nil: a provenance record (dns:)
		// For an empty server-not-modified revisit too: the status the
		// server answered (304), which its metadata record keeps.
		wr.Status, wr.MIME = b.msg.status, b.msg.mime
	}
	gz, err := b.w.marshalStream(rec, blk)
	if err != nil {
		return fmt.Errorf("warc: marshal %s record: %w", typ, err)
	}
	b.recs = append(b.recs, record{w: wr, gz: gz})
	return nil
}

func (b *exchangeBuilder) request() error {
	ex := b.ex
	if len(ex.Request) == 0 {
		return nil
	}
	rb := b.w.streamBuilder(gowarc.Request)
	b.common(rb, b.w.newID())
	rb.AddWarcHeader(gowarc.ContentType, contentTypeHTTPRequest)
	rb.AddWarcHeader(gowarc.WarcConcurrentTo, "<"+b.respID+">")
	if ex.IP != "" {
		rb.AddWarcHeader(gowarc.WarcIPAddress, ex.IP)
	}
	b.tlsFields(rb)
	n, _ := splitHeader(ex.Request)
	reqPayload := ex.Request[n:]
	rb.AddWarcHeader(gowarc.WarcPayloadDigest, b.w.digestOf(reqPayload))
	return b.finish(Request, rb, bytesBlock(b.w, ex.Request), b.w.digestOf(reqPayload), int64(len(reqPayload)))
}

func (b *exchangeBuilder) truncated() string {
	if b.ex.Truncated == "" && b.msg.truncated {
		return "disconnect"
	}
	return b.ex.Truncated
}

func (b *exchangeBuilder) response() error {
	ex, msg := b.ex, b.msg
	rb := b.w.streamBuilder(gowarc.Response)
	b.common(rb, b.respID)
	rb.AddWarcHeader(gowarc.ContentType, contentTypeHTTPResponse)
	if ex.IP != "" {
		rb.AddWarcHeader(gowarc.WarcIPAddress, ex.IP)
	}
	b.tlsFields(rb)
	rb.AddWarcHeader(gowarc.WarcPayloadDigest, msg.payloadDigest)
	if t := b.truncated(); t != "" {
		rb.AddWarcHeader(gowarc.WarcTruncated, cleanField(t))
	}
	blk := block{r: ex.ResponseBlob, size: msg.size, digest: msg.blockDigest}
	if ex.ResponseBlob == nil {
		blk.r, blk.bytes = bytes.NewReader(ex.Response), ex.Response
	}
	return b.finish(Response, rb, blk, msg.payloadDigest, msg.payloadLen)
}

func (b *exchangeBuilder) revisit() error {
	ex, msg, rv := b.ex, b.msg, b.ex.Revisit
	if rv.Profile != ProfileIdenticalPayload && rv.Profile != ProfileServerNotModified {
		return fmt.Errorf("warc: unknown revisit profile %q", rv.Profile)
	}
	if err := checkURI("refers-to record ID", rv.RefersTo); err != nil {
		return err
	}
	rb := b.w.streamBuilder(gowarc.Revisit)
	b.common(rb, b.respID)
	rb.AddWarcHeader(gowarc.ContentType, contentTypeHTTPResponse)
	if ex.IP != "" {
		rb.AddWarcHeader(gowarc.WarcIPAddress, ex.IP)
	}
	b.tlsFields(rb)
	rb.AddWarcHeader(gowarc.WarcProfile, rv.Profile)
	rb.AddWarcHeader(gowarc.WarcRefersTo, angle(rv.RefersTo))
	if rv.RefersToURI != "" {
		if err := checkURI("refers-to URI", rv.RefersToURI); err != nil {
			return err
		}
		rb.AddWarcHeader(gowarc.WarcRefersToTargetURI, rv.RefersToURI)
	}
	if !rv.RefersToDate.IsZero() {
		rb.AddWarcHeader(gowarc.WarcRefersToDate, warcDate(rv.RefersToDate))
	}
	if rv.Profile == ProfileServerNotModified {
		// An empty block (WARC 1.1 §6.7.3: "may have no content body"):
		// replay tools then answer with the original's status and headers.
		// A 304 status line in the block makes pywb replay an empty 304
		// whatever the index says, and indexers copy it into the CDXJ line,
		// where ReplayWeb.page serves it as a null-body 304 (docs/interop.md).
		// The server's 304 is kept verbatim in the metadata record that
		// notModified writes next.
		if err := b.finish(Revisit, rb, bytesBlock(b.w, nil), "", 0); err != nil {
			return err
		}
		return b.notModified()
	}
	// The payload equals the original's; WARC 1.1 §6.7.2 wants its digest
	// and the block holds only the headers.
	pd := msg.payloadDigest
	rb.AddWarcHeader(gowarc.WarcPayloadDigest, pd)
	rb.AddWarcHeader(gowarc.WarcTruncated, "length")
	return b.finish(Revisit, rb, bytesBlock(b.w, msg.header), pd, msg.payloadLen)
}

// notModified writes the metadata record that keeps, WARC-Concurrent-To
// the empty server-not-modified revisit, the server's answer as received:
// its status line and header lines as application/warc-fields (see
// EncodeHTTPHeader). warc-fields because indexers (pywb's, cdxj-indexer)
// skip such metadata records, where an application/http one would get an
// index line of its own at the revisit's URL and time.
func (b *exchangeBuilder) notModified() error {
	rb := b.w.streamBuilder(gowarc.Metadata)
	b.common(rb, b.w.newID())
	rb.AddWarcHeader(gowarc.ContentType, contentTypeWarcFields)
	rb.AddWarcHeader(gowarc.WarcConcurrentTo, "<"+b.respID+">")
	return b.finish(Metadata, rb, bytesBlock(b.w, EncodeHTTPHeader(b.msg.header)), "", 0)
}

func (b *exchangeBuilder) metadata() error {
	if len(b.ex.Outlinks) == 0 {
		return nil
	}
	body := outlinkLines(b.ex.Outlinks)
	if len(body) == 0 {
		return nil
	}
	rb := b.w.streamBuilder(gowarc.Metadata)
	b.common(rb, b.w.newID())
	rb.AddWarcHeader(gowarc.ContentType, contentTypeWarcFields)
	rb.AddWarcHeader(gowarc.WarcConcurrentTo, "<"+b.respID+">")
	return b.finish(Metadata, rb, bytesBlock(b.w, body), "", 0)
}

// outlinkLines is the metadata record's block: "outlink: URL HOP CONTEXT"
// lines, Heritrix's layout, for the links with a URL. Appended, not
// printed: a page lists hundreds of links, and fmt's per-line work showed
// in the crawler's profile.
func outlinkLines(links []Outlink) []byte {
	n := 0
	for _, l := range links {
		n += len("outlink:  L \r\n") + len(l.URL) + len(l.Context)
	}
	body := make([]byte, 0, n) // exact unless escapes or cleaning lengthen a line
	for _, l := range links {
		if l.URL == "" {
			continue
		}
		hop := l.Hop
		if hop <= ' ' || hop >= 0x7f {
			hop = 'L'
		}
		body = append(body, "outlink: "...)
		body = appendEscapedURL(body, l.URL)
		body = append(body, ' ', hop, ' ')
		body = append(body, outlinkContext(l.Context)...)
		body = append(body, "\r\n"...)
	}
	return body
}

// resources writes the exchange's resource records, each
// WARC-Concurrent-To the response: the urn: target URI and the link are
// the convention Browsertrix uses for its screenshots.
func (b *exchangeBuilder) resources() error {
	for _, r := range b.ex.Resources {
		rb := b.w.streamBuilder(gowarc.Resource)
		rb.AddWarcHeader(gowarc.WarcRecordID, "<"+b.w.newID()+">")
		rb.AddWarcHeader(gowarc.WarcDate, b.date)
		rb.AddWarcHeader(gowarc.WarcTargetURI, r.TargetURI)
		rb.AddWarcHeader(gowarc.ContentType, cleanField(r.ContentType))
		rb.AddWarcHeader(gowarc.WarcConcurrentTo, "<"+b.respID+">")
		digest := b.w.digestOf(r.Body)
		rb.AddWarcHeader(gowarc.WarcPayloadDigest, digest)
		if err := b.finish(Resource, rb, bytesBlock(b.w, r.Body), digest, int64(len(r.Body))); err != nil {
			return err
		}
		b.recs[len(b.recs)-1].w.TargetURI = r.TargetURI
	}
	return nil
}

// streamBuilder returns a builder for a record whose block finish streams
// in itself: gowarc must not look for one in its (empty) content buffer.
//
// Its content buffer is capped at one byte: by default gowarc allocates
// (and zeroes) 16 KB for it with every builder, never used here.
//
// Builders come from w's free list, made builderBatch at a time under one
// take of gowarcInit: made one by one, that lock was taken three or four
// times per exchange and was the writer's contended lock (issue 33).
func (w *Writer) streamBuilder(t gowarc.RecordType) gowarc.WarcRecordBuilder {
	var rb gowarc.WarcRecordBuilder
	select {
	case rb = <-w.builders:
	default:
		rb = w.makeBuilders()
	}
	// What NewRecordBuilder(t) does to the builder's empty header.
	rb.SetRecordType(t)
	return rb
}

// builderBatch is how many stream builders one take of gowarcInit makes.
// Each is a few hundred bytes until used.
const builderBatch = 32

// makeBuilders makes builderBatch stream builders (of no record type yet)
// under one take of gowarcInit, keeps what w's free list has room for and
// returns one; or, when the goroutine that held gowarcInit before it
// filled the list, takes one from there instead of making more.
func (w *Writer) makeBuilders() gowarc.WarcRecordBuilder {
	opts := append(w.recordOptions(), gowarc.WithSkipParseBlock(), gowarc.WithBufferMaxMemBytes(1))
	var made [builderBatch]gowarc.WarcRecordBuilder
	gowarcInit.Lock()
	select {
	case rb := <-w.builders:
		gowarcInit.Unlock()
		return rb
	default:
	}
	for i := range made {
		made[i] = gowarc.NewRecordBuilder(0, opts...)
	}
	gowarcInit.Unlock()
	for _, rb := range made[1:] {
		select {
		case w.builders <- rb:
		default:
			_ = rb.Close() // an empty in-memory buffer: nothing to fail
		}
	}
	return made[0]
}

// marshalStream writes rec's header and blk as gowarc's marshaler lays a
// record out (version line, header fields, CRLF, block, CRLF CRLF), into
// one gzip member held in a spool.
func (w *Writer) marshalStream(rec gowarc.WarcRecord, blk block) (*spool.Spool, error) {
	out := w.spools.New()
	out.Grow(int(min(blk.size/4, spool.Threshold)) + 1024) // HTML deflates to 15–20%
	zc := w.gz.get()
	defer w.gz.put(zc)
	z := zc.z
	z.Reset(out)
	err := func() error {
		// The header is laid out in a buffer and compressed in one Write:
		// written field by field, each of its dozen lines paid the gzip
		// writer's per-call work.
		hdr := &zc.hdr
		hdr.Reset()
		fmt.Fprintf(hdr, "%v\r\n", rec.Version())
		if _, err := rec.WarcHeader().Write(hdr); err != nil {
			return err
		}
		hdr.WriteString("\r\n")
		if _, err := z.Write(hdr.Bytes()); err != nil {
			return err
		}
		if err := copyBlock(z, blk, zc.buf); err != nil {
			return err
		}
		if _, err := io.WriteString(z, "\r\n\r\n"); err != nil {
			return err
		}
		return z.Close()
	}()
	if err != nil {
		_ = out.Close()
		return nil, err
	}
	return out, nil
}

// copyBlock writes blk to w: in one call when its bytes are at hand (a
// byte slice, or a spool it is the whole of), sparing a copy of the body
// through buf; else through buf.
func copyBlock(w io.Writer, blk block, buf []byte) error {
	if blk.bytes != nil {
		_, err := w.Write(blk.bytes)
		return err
	}
	if sp, ok := blk.r.(*spool.Spool); ok && sp.Size() == blk.size {
		_, err := sp.WriteTo(w)
		return err
	}
	_, err := io.CopyBuffer(w, io.NewSectionReader(blk.r, 0, blk.size), buf)
	return err
}

// maxFreeCompressors bounds the idle gzip writers a Writer keeps (one per
// concurrent record build is enough on small machines).
const maxFreeCompressors = 16

// maxFreeRecordBuffers bounds the idle record buffers a Writer keeps
// (at most this many times spool.Threshold bytes). Three times as many
// (one per record of 16 workers' exchanges) saved nothing more on the
// docs crawl.
const maxFreeRecordBuffers = maxFreeCompressors

// copyBufferSize is the size of the buffers blocks are copied through.
const copyBufferSize = 32 << 10

// maxKeptHeader bounds the header buffer a free compressor keeps.
const maxKeptHeader = 64 << 10

// compressor is a gzip writer with its copy buffer. A klauspost writer
// holds a few hundred KB of tables: made anew for every record (as a
// sync.Pool emptied by each GC did), they were a tenth of the crawler's
// allocations.
type compressor struct {
	z   *gzip.Writer
	buf []byte
	hdr bytes.Buffer // a record's WARC header, laid out before compression
}

// compressors is a bounded free list of compressors, and of copy
// buffers for hashing blocks (one 32 KB buffer per response was a tenth
// of the bytes the writer allocated).
type compressors struct {
	level int
	free  chan *compressor
	bufs  chan []byte
}

// copyBuffer takes an idle copy buffer, or makes one.
func (c *compressors) copyBuffer() []byte {
	select {
	case b := <-c.bufs:
		return b
	default:
		return make([]byte, copyBufferSize)
	}
}

// putCopyBuffer keeps b for the next record if there is room.
func (c *compressors) putCopyBuffer(b []byte) {
	select {
	case c.bufs <- b:
	default:
	}
}

func (c *compressors) get() *compressor {
	select {
	case z := <-c.free:
		return z
	default:
		z, _ := gzip.NewWriterLevel(nil, c.level) // level checked by NewWriter
		return &compressor{z: z, buf: make([]byte, copyBufferSize)}
	}
}

func (c *compressors) put(z *compressor) {
	z.z.Reset(io.Discard) // drop the reference to the output
	if z.hdr.Cap() > maxKeptHeader {
		z.hdr = bytes.Buffer{} // a huge header is not kept for every record
	}
	select {
	case c.free <- z:
	default:
	}
}

// newRecordBuilder wraps gowarc.NewRecordBuilder; see gowarcInit.
func newRecordBuilder(t gowarc.RecordType, opts ...gowarc.WarcRecordOption) gowarc.WarcRecordBuilder {
	gowarcInit.Lock()
	defer gowarcInit.Unlock()
	return gowarc.NewRecordBuilder(t, opts...)
}

// newUUID returns a random (version 4) UUID URN for WARC-Record-ID.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("urn:uuid:%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

func angle(id string) string {
	if strings.HasPrefix(id, "<") {
		return id
	}
	return "<" + id + ">"
}

// appendEscapedURL appends s to b, percent-encoding the bytes that would
// split an outlink line.
func appendEscapedURL(b []byte, s string) []byte {
	const hexDigits = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c == 0x7f {
			b = append(b, '%', hexDigits[c>>4], hexDigits[c&0xf])
			continue
		}
		b = append(b, c)
	}
	return b
}

// outlinkContext keeps the Heritrix context token (e.g. "a/@href") on one
// word: whitespace would make the line ambiguous.
func outlinkContext(s string) string {
	if plainToken(s) {
		return s // what the rest would make of it, without its allocations
	}
	s = strings.Join(strings.Fields(cleanField(s)), "_")
	if s == "" {
		return "-"
	}
	if len(s) > maxOutlinkContextRuneSize {
		s = strings.ToValidUTF8(s[:maxOutlinkContextRuneSize], "")
	}
	return s
}

// plainToken reports whether s is a non-empty word of printable ASCII
// (no space) no longer than maxOutlinkContextRuneSize: a context that
// outlinkContext keeps as it is.
func plainToken(s string) bool {
	if s == "" || len(s) > maxOutlinkContextRuneSize {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7f {
			return false
		}
	}
	return true
}
