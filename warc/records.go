package warc

import (
	"bytes"
	"crypto/rand"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"strings"
	"time"

	gowarc "github.com/nlnwa/gowarc"
)

// Record building: digests and the request, response, revisit, metadata
// and resource records of an exchange, with gowarc's builders.

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
		if r.Truncated != "" {
			rb.AddWarcHeader(gowarc.WarcTruncated, cleanField(r.Truncated))
		}
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
