package crawler

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/sharc-archive/sharc/crawllog"
	"github.com/sharc-archive/sharc/netguard"
)

// maxHeaderBytes bounds the status line and headers of a response; a server
// sending more is treated as hostile and the fetch fails.
const maxHeaderBytes = 1 << 20

// fetcher is a minimal HTTP/1.1 client that keeps the exact bytes sent and
// received: WARC request and response records must hold what went over the
// wire (including chunked transfer coding and content encoding), which
// net/http's client hides. One connection per request (Connection: close):
// politeness gaps make keep-alive worth little, and it keeps each
// connection's byte stream one exchange.
type fetcher struct {
	userAgent      string
	connectTimeout time.Duration
	timeout        time.Duration
	maxBody        int64
	resolve        map[string]string
	// guard vets every address connected to, once resolved; dialCheck
	// (Options.DialCheck, tests only) runs after it.
	guard     *netguard.Guard
	dialCheck func(network, address string) error
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
	var fe *fetchError
	return errors.As(err, &fe) && fe.Code == crawllog.CodeBlockedGuard
}

// fetched is the outcome of one HTTP exchange.
type fetched struct {
	Request  []byte // raw request bytes
	Response []byte // raw response bytes as received
	Status   int
	Header   http.Header
	// Body is the entity body with transfer coding removed and content
	// coding kept: what the WARC payload digest covers.
	Body []byte
	// Decoded is Body with content coding removed, for link extraction.
	Decoded   []byte
	IP        string
	Start     time.Time
	Duration  time.Duration
	Truncated bool
}

// fetchError classifies failures the way crawl.log reports them.
type fetchError struct {
	Code crawllog.Code // Heritrix fetch code: connect failed, broken, timeout, unfetchable
	Err  error
}

func (e *fetchError) Error() string { return fmt.Sprintf("fetch status %d: %v", e.Code, e.Err) }
func (e *fetchError) Unwrap() error { return e.Err }

// recordingConn tees everything read from and written to a connection,
// failing reads once limit bytes were received.
type recordingConn struct {
	net.Conn
	in, out bytes.Buffer
	limit   int64
}

var errTooLarge = errors.New("response exceeds the size limit")

func (c *recordingConn) Read(p []byte) (int, error) {
	if room := c.limit - int64(c.in.Len()); room <= 0 {
		return 0, errTooLarge
	} else if int64(len(p)) > room {
		p = p[:room]
	}
	n, err := c.Conn.Read(p)
	c.in.Write(p[:n])
	return n, err
}

func (c *recordingConn) Write(p []byte) (int, error) {
	n, err := c.Conn.Write(p)
	c.out.Write(p[:n])
	return n, err
}

// dialAddr returns where to connect for u, applying resolve overrides
// (keyed by host:port or host).
func (f *fetcher) dialAddr(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = "80"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	hostport := net.JoinHostPort(u.Hostname(), port)
	if a, ok := f.resolve[strings.ToLower(u.Host)]; ok {
		return a
	}
	if a, ok := f.resolve[strings.ToLower(hostport)]; ok {
		return a
	}
	if a, ok := f.resolve[strings.ToLower(u.Hostname())]; ok {
		return a
	}
	return hostport
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

// fetch GETs rawURL with extra request headers.
func (f *fetcher) fetch(ctx context.Context, rawURL string, extra http.Header) (*fetched, error) {
	u, err := requestURL(rawURL)
	if err != nil {
		return nil, &fetchError{Code: crawllog.CodeUnfetchable, Err: err}
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, f.timeout)
	defer cancel()
	d := net.Dialer{Timeout: f.connectTimeout, ControlContext: f.control}
	raw, err := d.DialContext(ctx, "tcp", f.dialAddr(u))
	if err != nil {
		code := crawllog.CodeConnectFailed
		switch {
		case errors.Is(err, netguard.ErrDenied):
			code = crawllog.CodeBlockedGuard
		case ctx.Err() != nil:
			code = crawllog.CodeTimeout
		}
		return nil, &fetchError{Code: code, Err: err}
	}
	defer raw.Close()
	// Closing the connection when ctx ends unblocks reads and writes.
	stop := context.AfterFunc(ctx, func() { _ = raw.Close() })
	defer stop()
	conn := raw
	if u.Scheme == "https" {
		// Archival capture records what the site serves even when its
		// certificate is wrong; the certificate problem is not ours to fix.
		tc := tls.Client(raw, &tls.Config{ServerName: u.Hostname(), InsecureSkipVerify: true}) //nolint:gosec
		if err := tc.HandshakeContext(ctx); err != nil {
			return nil, &fetchError{Code: crawllog.CodeConnectFailed, Err: err}
		}
		conn = tc
	}
	rc := &recordingConn{Conn: conn, limit: f.maxBody + maxHeaderBytes}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "/", nil)
	if err != nil {
		return nil, &fetchError{Code: crawllog.CodeUnfetchable, Err: err}
	}
	req.URL, req.Host = u, u.Host
	req.Header.Set("User-Agent", f.userAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
	req.Header.Set("Accept-Encoding", "gzip, deflate")
	req.Header.Set("Connection", "close")
	for k, vs := range extra {
		for _, v := range vs {
			req.Header.Add(k, v)
		}
	}
	var reqBuf bytes.Buffer
	if err := req.Write(&reqBuf); err != nil {
		return nil, &fetchError{Code: crawllog.CodeUnfetchable, Err: err}
	}
	if _, err := rc.Write(reqBuf.Bytes()); err != nil {
		return nil, classify(ctx, err, crawllog.CodeConnectLost)
	}
	resp, err := http.ReadResponse(bufio.NewReader(rc), req)
	if err != nil {
		return nil, classify(ctx, err, crawllog.CodeConnectLost)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, f.maxBody+1))
	truncated := int64(len(body)) > f.maxBody
	if truncated {
		body = body[:f.maxBody]
	} else if err != nil {
		return nil, classify(ctx, err, crawllog.CodeConnectLost)
	}
	out := &fetched{
		Request:   rc.out.Bytes(),
		Response:  rc.in.Bytes(),
		Status:    resp.StatusCode,
		Header:    resp.Header,
		Body:      body,
		IP:        hostOf(raw.RemoteAddr()),
		Start:     start,
		Duration:  time.Since(start),
		Truncated: truncated,
	}
	out.Decoded = decodeContent(resp.Header.Get("Content-Encoding"), body, f.maxBody)
	return out, nil
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

// decodeContent removes gzip or deflate content coding for link extraction,
// bounded by limit so a compression bomb cannot exhaust memory. Unknown or
// broken codings yield the bytes as they are.
func decodeContent(enc string, body []byte, limit int64) []byte {
	var r io.Reader
	switch strings.ToLower(strings.TrimSpace(enc)) {
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return body
		}
		r = zr
	case "deflate":
		r = flate.NewReader(bytes.NewReader(body))
	default:
		return body
	}
	out, err := io.ReadAll(io.LimitReader(r, limit))
	if err != nil && len(out) == 0 {
		return body
	}
	return out
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
