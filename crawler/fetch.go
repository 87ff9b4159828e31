package crawler

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/netguard"
	"github.com/sharc-archive/sharc/internal/spool"
)

// framingSlack is what the raw body may take beyond max_body_bytes:
// chunk-size lines and trailers.
const framingSlack = 1 << 20

// fetcher is a minimal HTTP/1.1 client that keeps the exact bytes sent and
// received: WARC request and response records must hold what went over the
// wire (including chunked transfer coding and content encoding), which
// net/http's client hides. Connections are kept alive between requests to
// one address when the server frames its responses (connpool.go); each
// exchange is recorded alone, from the bytes it sent and received.
//
// The bytes received go to a spool (internal/spool): up to spool.Threshold
// in memory, the rest in an unlinked file in the WARC directory, so a large body
// costs a bounded amount of memory. The entity body is never kept apart:
// it is hashed while it streams in and re-read from the spool on demand.
type fetcher struct {
	userAgent      string
	connectTimeout time.Duration
	timeout        time.Duration
	maxBody        int64
	maxHeader      int64
	resolve        map[string]string
	// spools makes the response spools (in the WARC directory) and keeps
	// the memory of closed ones: a fresh buffer per page was the
	// largest of the crawl's allocations.
	spools  *spool.Pool
	newHash func() hash.Hash // the payload digest's hash
	// digestIsSHA256: the payload digest is SHA-256 already, so the
	// report's SHA-256 fingerprint needs no second hash.
	digestIsSHA256 bool
	formatDigest   func([]byte) string
	// guard vets every address connected to, once resolved; dialCheck
	// (Options.DialCheck, tests only) runs after it.
	guard     *netguard.Guard
	dialCheck func(network, address string) error
	pool      *connPool // idle kept-alive connections; nil: one per request
	// resolver looks names up (nil: the dialer does, unrecorded);
	// tlsRoots are the roots certificates are verified against (nil:
	// the system's); now is the clock of TLS verification.
	resolver *resolver
	tlsRoots *x509.CertPool
	now      func() time.Time
	// bufs holds idle copy buffers for hashing bodies: one 32 KB buffer
	// per fetch was a tenth of the crawl's allocations.
	bufs chan []byte
	// proxy is the forward proxy (fetch.proxy) every connection goes
	// through; nil: direct (proxy.go).
	proxy *url.URL
}

// copyBuffer takes an idle copy buffer, or makes one.
func (f *fetcher) copyBuffer() []byte {
	select {
	case b := <-f.bufs:
		return b
	default:
		return make([]byte, 32<<10)
	}
}

// putCopyBuffer keeps b for the next fetch if there is room.
func (f *fetcher) putCopyBuffer(b []byte) {
	select {
	case f.bufs <- b:
	default:
	}
}

// annAddressDenied annotates crawl.log lines of URLs the guard refused.
const annAddressDenied = "address-denied"

// control runs before each connect, on the resolved address.
func (f *fetcher) control(ctx context.Context, network, address string, c syscall.RawConn) error {
	if err := f.guard.Control(ctx, network, address, c); err != nil {
		return err
	}
	if f.dialCheck != nil {
		return f.dialCheck(network, address)
	}
	return nil
}

// addressDenied reports whether a fetch failed because the network guard
// refused the address: such a URL fails at once, without retries.
func addressDenied(err error) bool {
	fe, ok := refused(err)
	return ok && fe.Note == annAddressDenied
}

// refused returns the failure of a fetch that retrying cannot cure (the
// network guard, an oversized header): its URL fails at once, logged with
// the failure's code and note.
func refused(err error) (*fetchError, bool) {
	var fe *fetchError
	if errors.As(err, &fe) && fe.Note != "" {
		return fe, true
	}
	return nil, false
}

// fetched is the outcome of one HTTP exchange. Close releases its spool;
// the crawler closes it once the exchange is archived (or dropped).
type fetched struct {
	Request  []byte       // raw request bytes
	Response *spool.Spool // raw response bytes as received
	Status   int
	Header   http.Header
	// BodyLen and Digest describe the entity body with transfer coding
	// removed and content coding kept: what the WARC payload digest covers.
	BodyLen int64
	Digest  string
	// SHA256 is "sha256:HEX" of the same body, whatever Digest's
	// algorithm: the fingerprint the quality report shows.
	SHA256    string
	IP        string
	Start     time.Time
	Duration  time.Duration
	Truncated bool
	// Conn is how the connection reached the server (shared by the
	// exchanges over it); nil in exchanges not made by dial.
	Conn *connInfo
	req  *http.Request // to parse Response again
}

// Close releases the spooled response. Safe on nil.
func (f *fetched) Close() error {
	if f == nil {
		return nil
	}
	return f.Response.Close()
}

// body re-reads the entity body (transfer coding removed) from the spool,
// parsed as during the fetch.
func (f *fetched) body() (io.Reader, error) {
	resp, err := http.ReadResponse(bufio.NewReader(f.Response.Reader()), f.req)
	if err != nil {
		return nil, err
	}
	return io.LimitReader(resp.Body, f.BodyLen), nil
}

// maxCodings bounds the stacked content codings decoded: more is no
// server's honest answer.
const maxCodings = 4

// decoded returns the entity body with its gzip and deflate content
// codings removed, for link extraction, as a stream of at most limit
// bytes. Stacked codings ("gzip, gzip", "deflate, gzip") are removed
// last-applied first (RFC 9110 §8.4), each layer read under limit, so the
// decompression-bomb bound holds for every layer. Unknown or broken
// codings yield the body as it is.
func (f *fetched) decoded(limit int64) io.Reader {
	codings := contentCodings(f.Header)
	if len(codings) == 0 || len(codings) > maxCodings {
		return f.plain(limit)
	}
	body, err := f.body()
	if err != nil {
		return strings.NewReader("")
	}
	r := body
	for i := len(codings) - 1; i >= 0; i-- {
		switch codings[i] {
		case "gzip", "x-gzip":
			zr, err := gzip.NewReader(bufio.NewReader(r))
			if err != nil {
				return f.plain(limit)
			}
			r = zr
		case "deflate":
			r = flate.NewReader(bufio.NewReader(r))
		default:
			return f.plain(limit)
		}
		r = io.LimitReader(r, limit)
	}
	br := bufio.NewReader(r)
	if _, err := br.Peek(1); err != nil && err != io.EOF {
		return f.plain(limit) // nothing decodes: keep the bytes as they are
	}
	return endAtError{br}
}

// contentCodings lists h's content codings in the order applied, "identity"
// left out.
func contentCodings(h http.Header) []string {
	var out []string
	for _, v := range h.Values("Content-Encoding") {
		for _, c := range strings.Split(v, ",") {
			if c = strings.ToLower(strings.TrimSpace(c)); c != "" && c != "identity" {
				out = append(out, c)
			}
		}
	}
	return out
}

// endAtError ends a stream at its first error: what a broken coding
// decoded before breaking is the document.
type endAtError struct{ r io.Reader }

func (e endAtError) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil {
		err = io.EOF
	}
	return n, err
}

func (f *fetched) plain(limit int64) io.Reader {
	body, err := f.body()
	if err != nil {
		return strings.NewReader("")
	}
	return io.LimitReader(body, limit)
}

// decodedBytes reads at most limit bytes of the decoded body into memory,
// for small documents (robots.txt).
func (f *fetched) decodedBytes(limit int64) []byte {
	b, _ := io.ReadAll(f.decoded(limit))
	return b
}

// fetchError classifies failures the way crawl.log reports them.
type fetchError struct {
	Code crawllog.Code // Heritrix fetch code: connect failed, broken, timeout, unfetchable
	// Note, if set, is the crawl.log annotation of a failure that retrying
	// cannot cure (header-too-large): the URL fails at once.
	Note string
	Err  error
}

func (e *fetchError) Error() string { return fmt.Sprintf("fetch status %d: %v", e.Code, e.Err) }
func (e *fetchError) Unwrap() error { return e.Err }

// recordingConn tees everything read from a connection into a spool and
// everything written into a buffer, failing reads once limit bytes were
// received.
type recordingConn struct {
	net.Conn
	in      *spool.Spool
	out     bytes.Buffer
	limit   int64
	hitCap  bool  // a read was refused at limit
	spoolEr error // the spool could not take the bytes (disk full)
	interim bool  // an interim response was received (and dropped)
}

var errTooLarge = errors.New("response exceeds the size limit")

func (c *recordingConn) Read(p []byte) (int, error) {
	if room := c.limit - c.in.Size(); room <= 0 {
		c.hitCap = true
		return 0, errTooLarge
	} else if int64(len(p)) > room {
		p = p[:room]
	}
	n, err := c.Conn.Read(p)
	if _, werr := c.in.Write(p[:n]); werr != nil {
		c.spoolEr = werr
		return 0, werr
	}
	return n, err
}

func (c *recordingConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	c.out.Write(p[:n])
	return n, err
}

// dialAddr returns where to connect for u, applying resolve overrides
// (keyed by host:port or host); override is the resolve: target used, ""
// if none.
func (f *fetcher) dialAddr(u *url.URL) (addr, override string) {
	hostport := urlHostPort(u)
	for _, k := range []string{u.Host, hostport, u.Hostname()} {
		if a, ok := f.resolve[strings.ToLower(k)]; ok {
			return a, a
		}
	}
	return hostport, ""
}

// urlHostPort is u's host:port, with the scheme's default port.
func urlHostPort(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = "80"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	return net.JoinHostPort(u.Hostname(), port)
}

// requestURL splits a canonical URL into what the request needs, keeping
// the path and query exactly as the page wrote them: WHATWG parsing (and
// browsers) keep malformed escapes such as "/a%zz" and send them as they
// are, where net/url refuses them. Only the authority goes through net/url.
func requestURL(raw string) (*url.URL, error) {
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok || (scheme != "http" && scheme != "https") {
		return nil, fmt.Errorf("not an http(s) URL: %q", raw)
	}
	authority, target := rest, "/"
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		authority, target = rest[:i], rest[i:]
	}
	u, err := url.Parse(scheme + "://" + authority)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("bad authority in %q: %w", raw, err)
	}
	if strings.ContainsFunc(target, func(r rune) bool { return r <= ' ' || r == 0x7f || r == '#' }) {
		return nil, fmt.Errorf("request target %q has characters HTTP cannot carry", target)
	}
	path, query, _ := strings.Cut(target, "?")
	if path == "" {
		path = "/"
	}
	u.Opaque, u.RawQuery = path, query
	u.ForceQuery = strings.Contains(target, "?") && query == ""
	return u, nil
}

// fetch GETs rawURL with extra request headers, over an idle kept-alive
// connection to the same address if there is one. On success the caller
// owns the result and must Close it.
func (f *fetcher) fetch(ctx context.Context, rawURL string, extra http.Header) (*fetched, error) {
	return f.send(ctx, http.MethodGet, rawURL, extra, nil)
}

// send is fetch with another method and a body: a login form's POST
// (login.go). The request record then holds the body as sent.
func (f *fetcher) send(ctx context.Context, method, rawURL string, extra http.Header, body []byte) (*fetched, error) {
	u, err := requestURL(rawURL)
	if err != nil {
		return nil, &fetchError{Code: crawllog.CodeUnfetchable, Err: err}
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, f.timeout)
	defer cancel()
	req, err := f.request(ctx, method, u, extra, body)
	if err != nil {
		return nil, err
	}
	addr, _ := f.dialAddr(u)
	key := poolKey(u.Scheme, addr, u.Hostname())
	if lc, ok := f.idle(key, body); ok {
		out, stale, err := f.over(ctx, lc, true, req, key, start)
		if !stale {
			return out, err
		}
		// The server closed the idle connection before reading the
		// request: nothing was received, so asking again is safe.
	}
	lc, err := f.dial(ctx, u)
	if err != nil {
		return nil, err
	}
	out, _, err := f.over(ctx, lc, false, req, key, start)
	return out, err
}

// idle returns a kept-alive connection for key, if there is one and the
// request has no body: a body is read once, so a request with one could
// not be sent again over a new connection when the idle one was stale.
func (f *fetcher) idle(key string, body []byte) (liveConn, bool) {
	if body != nil {
		return liveConn{}, false
	}
	return f.pool.get(key)
}

// dial connects to u's address through the network guard, with TLS for
// https, and notes how it got there (connInfo).
func (f *fetcher) dial(ctx context.Context, u *url.URL) (liveConn, error) {
	if f.proxy != nil {
		return f.dialProxy(ctx, u)
	}
	info, addrs, err := f.route(ctx, u)
	if err != nil {
		return liveConn{}, dialError(ctx, err)
	}
	raw, err := f.connect(ctx, addrs)
	if err != nil {
		return liveConn{}, dialError(ctx, err)
	}
	info.Address = raw.RemoteAddr().String()
	if u.Scheme != "https" {
		return liveConn{conn: raw, raw: raw, info: info}, nil
	}
	return f.handshake(ctx, u, raw, info)
}

// handshake runs TLS with u's server over raw.
func (f *fetcher) handshake(ctx context.Context, u *url.URL, raw net.Conn, info *connInfo) (liveConn, error) {
	// Archival capture records what the site serves even when its
	// certificate is wrong; the certificate problem is not ours to fix,
	// but it is checked and recorded (newTLSInfo).
	tc := tls.Client(raw, crawlerTLSConfig(u.Hostname()))
	stop := context.AfterFunc(ctx, func() { _ = raw.Close() })
	err := tc.HandshakeContext(ctx)
	stop()
	if err != nil {
		_ = raw.Close()
		return liveConn{}, &fetchError{Code: crawllog.CodeConnectFailed, Err: err}
	}
	info.TLS = newTLSInfo(tc.ConnectionState(), u.Hostname(), f.clock(), f.tlsRoots)
	return liveConn{conn: tc, raw: raw, info: info}, nil
}

// dialError classifies a failure to connect as crawl.log reports it.
func dialError(ctx context.Context, err error) error {
	switch {
	case errors.Is(err, netguard.ErrDenied):
		return &fetchError{Code: crawllog.CodeBlockedGuard, Note: annAddressDenied, Err: err}
	case ctx.Err() != nil:
		return &fetchError{Code: crawllog.CodeTimeout, Err: err}
	}
	return &fetchError{Code: crawllog.CodeConnectFailed, Err: err}
}

// route returns the addresses to try for u, in order: the resolve:
// override, the address the URL names, or the system resolver's answer
// (kept for its dns: record).
func (f *fetcher) route(ctx context.Context, u *url.URL) (*connInfo, []string, error) {
	hostport := urlHostPort(u)
	info := &connInfo{Host: strings.ToLower(hostport)}
	addr, override := f.dialAddr(u)
	if override != "" || f.resolver == nil || net.ParseIP(u.Hostname()) != nil {
		info.Override = override
		return info, []string{addr}, nil
	}
	l, err := f.resolver.lookup(ctx, u.Hostname())
	if err != nil {
		return nil, nil, err
	}
	info.Lookup = l
	_, port, _ := net.SplitHostPort(hostport)
	addrs := make([]string, len(l.Addrs))
	for i, a := range l.Addrs {
		addrs[i] = net.JoinHostPort(a, port)
	}
	return info, addrs, nil
}

// connect dials addrs in order until one answers, as Go's dialer does
// with a name's addresses; the error is the first address's.
func (f *fetcher) connect(ctx context.Context, addrs []string) (net.Conn, error) {
	d := net.Dialer{Timeout: f.connectTimeout, ControlContext: f.control}
	var first error
	for _, a := range addrs {
		c, err := d.DialContext(ctx, "tcp", a)
		if err == nil {
			return c, nil
		}
		if first == nil {
			first = err
		}
		if ctx.Err() != nil {
			break
		}
	}
	if first == nil {
		first = errors.New("no address to connect to")
	}
	return nil, first
}

// clock is the fetcher's time source.
func (f *fetcher) clock() time.Time {
	if f.now != nil {
		return f.now()
	}
	return time.Now()
}

// over runs one exchange over lc and then keeps lc for the next request
// or closes it. stale reports that a reused connection failed before any
// byte of a response arrived (the server had closed it while idle).
func (f *fetcher) over(ctx context.Context, lc liveConn, reused bool, req *http.Request, key string, start time.Time) (out *fetched, stale bool, err error) {
	// Closing the connection when ctx ends unblocks reads and writes.
	stop := context.AfterFunc(ctx, func() { _ = lc.conn.Close() })
	rc := &recordingConn{Conn: lc.conn, in: f.spools.New()}
	out, keep, err := f.exchange(ctx, rc, req, lc.absolute)
	if err != nil {
		stop()
		_ = lc.conn.Close()
		stale = reused && rc.in.Size() == 0 && !rc.interim && ctx.Err() == nil
		_ = rc.in.Close()
		return nil, stale, err
	}
	out.IP, out.Start, out.Duration = hostOf(lc.raw.RemoteAddr()), start, time.Since(start)
	if f.proxy != nil {
		out.IP = "" // the proxy's address, not the origin's: WARC-IP-Address is left out
	}
	out.Conn = lc.info
	if stop() && keep {
		f.pool.put(key, lc)
	} else {
		_ = lc.conn.Close()
	}
	return out, false, nil
}

// request builds the request for u (from requestURL): a GET, or
// method with body.
func (f *fetcher) request(ctx context.Context, method string, u *url.URL, extra http.Header, body []byte) (*http.Request, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, "/", rd)
	if err != nil {
		return nil, &fetchError{Code: crawllog.CodeUnfetchable, Err: err}
	}
	req.URL, req.Host = u, u.Host
	req.Header.Set("User-Agent", f.userAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
	req.Header.Set("Accept-Encoding", "gzip, deflate")
	for k, vs := range extra {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	return req, nil
}

// errHeaderTooLarge fails a response whose header passes max_header_bytes.
var errHeaderTooLarge = errors.New("response header exceeds fetch.max_header_bytes")

// exchange sends req over rc and streams the response into rc's spool: the
// header under its own cap, then the body under max_body_bytes, hashed as
// it arrives.
//
// keep reports whether the connection may carry another request: the
// response was read exactly to its end and nobody asked to close.
//
// absolute sends the request line in absolute form (to a forward proxy)
// while the request record keeps the origin form the origin receives.
func (f *fetcher) exchange(ctx context.Context, rc *recordingConn, req *http.Request, absolute bool) (out *fetched, keep bool, err error) {
	var reqBuf bytes.Buffer
	if err := req.Write(&reqBuf); err != nil {
		return nil, false, &fetchError{Code: crawllog.CodeUnfetchable, Err: err}
	}
	wire := reqBuf.Bytes()
	if absolute {
		wire = absoluteForm(wire, req.URL, f.proxyAuth())
	}
	if _, err := rc.Write(wire); err != nil {
		return nil, false, classify(ctx, err, crawllog.CodeConnectLost)
	}
	if absolute {
		rc.out.Reset()
		rc.out.Write(reqBuf.Bytes())
	}
	br := bufio.NewReader(rc)
	resp, hdrLen, err := f.finalHead(ctx, rc, br, req)
	if err != nil {
		return nil, false, err
	}
	rc.limit = hdrLen + f.maxBody + framingSlack
	rc.in.Grow(int(min(resp.ContentLength, f.maxBody)) + br.Size())
	h := f.newHash()
	var s256 hash.Hash
	var sink io.Writer = h
	if !f.digestIsSHA256 {
		s256 = sha256.New()
		sink = io.MultiWriter(h, s256)
	}
	buf := f.copyBuffer()
	n, err := io.CopyBuffer(sink, io.LimitReader(resp.Body, f.maxBody), buf)
	f.putCopyBuffer(buf)
	truncated := false
	if err == nil && n == f.maxBody {
		var one [1]byte
		k, rerr := io.ReadFull(resp.Body, one[:])
		truncated = k > 0
		if !truncated && rerr != io.EOF {
			err = rerr
		}
	}
	if err != nil && !truncated {
		return nil, false, f.readError(ctx, rc, err)
	}
	keep = !resp.Close && !truncated && br.Buffered() == 0
	return &fetched{
		Request:   rc.out.Bytes(),
		Response:  rc.in,
		Status:    resp.StatusCode,
		Header:    resp.Header,
		BodyLen:   n,
		Digest:    f.formatDigest(h.Sum(nil)),
		SHA256:    sha256Of(h, s256),
		Truncated: truncated,
		req:       req,
	}, keep, nil
}

// maxInterim bounds the interim (1xx) responses read before a final one:
// a server sending them forever must not hold a worker.
const maxInterim = 8

// finalHead reads response heads until a final (non-1xx) one, under the
// header cap each. Interim responses (100 Continue, 103 Early Hints; RFC
// 9110 §15.2) are skipped as browsers and Heritrix skip them: their bytes
// are dropped from rc's spool, so the WARC response record, crawl.log and
// the CDXJ all speak of the final response (docs/interop.md). 101 is
// final: the fetcher never asks to switch protocols. hdrLen is the final
// head's length in the spool.
func (f *fetcher) finalHead(ctx context.Context, rc *recordingConn, br *bufio.Reader, req *http.Request) (resp *http.Response, hdrLen int64, err error) {
	for i := 0; ; i++ {
		rc.limit = f.maxHeader + int64(br.Size()) // room for the reader's look-ahead
		resp, err = http.ReadResponse(br, req)
		hdrLen = rc.in.Size() - int64(br.Buffered())
		if rc.hitCap || err == nil && hdrLen > f.maxHeader {
			return nil, 0, &fetchError{Code: crawllog.CodeBlockedGuard, Note: "header-too-large", Err: errHeaderTooLarge}
		}
		if err != nil {
			return nil, 0, f.readError(ctx, rc, err)
		}
		if resp.StatusCode >= 200 || resp.StatusCode == http.StatusSwitchingProtocols {
			return resp, hdrLen, nil
		}
		if i == maxInterim {
			return nil, 0, &fetchError{Code: crawllog.CodeConnectLost, Err: fmt.Errorf("more than %d interim responses", maxInterim)}
		}
		if err := rc.dropHead(f.spools, hdrLen); err != nil {
			return nil, 0, f.readError(ctx, rc, err)
		}
	}
}

// dropHead replaces rc's spool with one holding only what followed its
// first n bytes (an interim response's head): the read-ahead of the next
// response.
func (rc *recordingConn) dropHead(spools *spool.Pool, n int64) error {
	old := rc.in
	rc.in, rc.interim = spools.New(), true
	if _, err := io.Copy(rc.in, io.NewSectionReader(old, n, old.Size()-n)); err != nil {
		rc.spoolEr = err
		return err
	}
	return old.Close()
}

// readError classifies a failed read; a spool that cannot take the bytes
// (disk full) is the crawler's failure, not the server's.
func (f *fetcher) readError(ctx context.Context, rc *recordingConn, err error) error {
	if rc.spoolEr != nil {
		return &fetchError{Code: crawllog.CodeRuntimeError, Note: "spool-failed", Err: rc.spoolEr}
	}
	return classify(ctx, err, crawllog.CodeConnectLost)
}

func classify(ctx context.Context, err error, code crawllog.Code) error {
	if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) {
		code = crawllog.CodeTimeout
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		code = crawllog.CodeTimeout
	}
	return &fetchError{Code: code, Err: err}
}

func hostOf(a net.Addr) string {
	if a == nil {
		return ""
	}
	h, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return h
}

// maxRetryAfter caps a server's Retry-After: a hostile or broken server
// asking for years (or a number that overflows a Duration) must not stall
// the capture.
const maxRetryAfter = time.Hour

// retryAfter parses a Retry-After header (delay-seconds or an HTTP date,
// RFC 9110 §10.2.3), capped at maxRetryAfter. Anything else is 0.
func retryAfter(h http.Header, now time.Time) time.Duration {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if strings.Trim(v, "0123456789") == "" {
		secs, err := strconv.ParseInt(v, 10, 64)
		if err != nil || secs > int64(maxRetryAfter/time.Second) {
			return maxRetryAfter // all digits: only too large can fail
		}
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return min(t.Sub(now), maxRetryAfter)
	}
	return 0
}

// sha256Of is the body's "sha256:HEX": from s256, or from h when the
// payload digest is SHA-256 itself (s256 nil).
func sha256Of(h, s256 hash.Hash) string {
	if s256 == nil {
		s256 = h
	}
	return "sha256:" + hex.EncodeToString(s256.Sum(nil))
}
