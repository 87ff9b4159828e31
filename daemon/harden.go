package daemon

import (
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// HTTP hardening of the daemon's two listeners (the API with the console,
// and the replay origin); docs/operations.md, "HTTP hardening":
//
//   - limitListener closes a connection at once when its client (an IPv6
//     client's /64) or all clients together hold too many;
//   - the server's ReadHeaderTimeout, ReadTimeout (the whole request;
//     Go lifts it once the body is read, so it never cuts an answer) and
//     IdleTimeout;
//   - hardener sets a moving write deadline on each answer (per request,
//     with http.ResponseController, where the server's WriteTimeout
//     would cut downloads of any length), closes the connection of any
//     answer that leaves the body unread (a 401 never waits for a
//     trickled body), answers 421 to a Host the daemon does not serve
//     (DNS rebinding) and adds HSTS under TLS.

// hstsValue is the Strict-Transport-Security header under TLS: a year,
// this host only (sibling names may not serve HTTPS).
const hstsValue = "max-age=31536000"

// ipv6ClientBits groups IPv6 clients by /64: one subscriber usually holds
// a whole /64, so counting single addresses would not bound them.
const ipv6ClientBits = 64

// connLimiter counts the open connections of each client and of all
// clients, over every listener it wraps.
type connLimiter struct {
	perClient, total int

	mu   sync.Mutex
	open map[netip.Prefix]int
	n    int

	refused atomic.Int64 // connections closed at once, over a cap
}

func newConnLimiter(perClient, total int) *connLimiter {
	return &connLimiter{perClient: perClient, total: total, open: map[netip.Prefix]int{}}
}

// clientKey is the address group a connection counts against.
func clientKey(a net.Addr) netip.Prefix {
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		return netip.Prefix{} // not TCP: one shared group
	}
	ip := ap.Addr().Unmap().WithZone("")
	if ip.Is4() {
		return netip.PrefixFrom(ip, 32)
	}
	p, _ := ip.Prefix(ipv6ClientBits)
	return p
}

// acquire counts a new connection from key; false: over a cap.
func (l *connLimiter) acquire(key netip.Prefix) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.n >= l.total || l.open[key] >= l.perClient {
		l.refused.Add(1)
		return false
	}
	l.n++
	l.open[key]++
	return true
}

func (l *connLimiter) release(key netip.Prefix) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n--
	if l.open[key]--; l.open[key] <= 0 {
		delete(l.open, key)
	}
}

// counts returns the open connections in all and the refused ones so far.
func (l *connLimiter) counts() (open int, refused int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.n, l.refused.Load()
}

// collectors export the limiter's counts (docs/api.md, "Metrics").
func (l *connLimiter) collectors() []prometheus.Collector {
	return []prometheus.Collector{
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "sharc_http_connections_open",
			Help: "Connections open to the API and the replay origin."},
			func() float64 { n, _ := l.counts(); return float64(n) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "sharc_http_connections_refused_total",
			Help: "Connections closed at once, over max_conns_per_client or max_conns."},
			func() float64 { return float64(l.refused.Load()) }),
	}
}

// limitListener closes accepted connections over its limiter's caps
// before the HTTP server sees them.
type limitListener struct {
	net.Listener
	lim *connLimiter
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := clientKey(c.RemoteAddr())
		if !l.lim.acquire(key) {
			if tc, ok := c.(*net.TCPConn); ok {
				_ = tc.SetLinger(0) // a reset: no TIME_WAIT kept for a flood
			}
			_ = c.Close()
			continue
		}
		return &limitConn{Conn: c, release: func() { l.lim.release(key) }}, nil
	}
}

// limitConn gives its slot back once, on the first Close.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// hostPolicy is the set of Host names the daemon answers to.
type hostPolicy struct {
	names map[string]bool
}

// newHostPolicy allows names (public_hosts) and the host names of the
// listen addresses; IP literals and localhost are always allowed (see
// allows).
func newHostPolicy(names []string, listens ...string) hostPolicy {
	p := hostPolicy{names: map[string]bool{}}
	for _, n := range names {
		p.names[normalHost(n)] = true
	}
	for _, l := range listens {
		if h, _, err := net.SplitHostPort(l); err == nil && h != "" {
			p.names[normalHost(h)] = true
		}
	}
	return p
}

// normalHost is a Host header's host, without port, brackets or a final
// dot, in lower case.
func normalHost(hostport string) string {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return strings.TrimSuffix(strings.ToLower(host), ".")
}

// allows reports whether a request's Host is one the daemon serves. A
// DNS-rebinding page's origin is a DNS name it controls, so an IP literal
// and localhost (which browsers resolve to loopback themselves) are safe;
// any other name must be listed.
func (p hostPolicy) allows(hostport string) bool {
	host := normalHost(hostport)
	if host == "" {
		return false
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return true
	}
	return host == "localhost" || p.names[host]
}

// isProbe: /healthz and /readyz answer whatever the Host, since
// container and load-balancer probes often name the daemon by an address
// or a name of their own (and they reveal nothing).
func isProbe(path string) bool { return path == "/healthz" || path == "/readyz" }

// hardener is the middleware in front of both listeners' handlers.
type hardener struct {
	write time.Duration
	hosts hostPolicy
}

func (h *hardener) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		hw := &hardWriter{ResponseWriter: w, rc: rc, timeout: h.write}
		hw.extend(time.Now())
		hw.body = trackBody(r)
		if r.TLS != nil {
			w.Header().Set("Strict-Transport-Security", hstsValue)
		}
		if !isProbe(r.URL.Path) && !h.hosts.allows(r.Host) {
			writeJSON(hw, http.StatusMisdirectedRequest, &APIError{Message: fmt.Sprintf(
				"misdirected request: this daemon does not serve host %q (add it to public_hosts in its config)", r.Host)})
			return
		}
		next.ServeHTTP(hw, r)
	})
}

// trackedBody notes when a request's body has been read whole.
type trackedBody struct {
	io.ReadCloser
	left int64 // bytes still to come; -1: unknown (chunked)
	done atomic.Bool
}

// trackBody wraps r's body so the answer knows whether it was read.
func trackBody(r *http.Request) *trackedBody {
	b := &trackedBody{ReadCloser: r.Body, left: r.ContentLength}
	if r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0 {
		b.done.Store(true)
		return b
	}
	r.Body = b
	return b
}

func (b *trackedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if b.left > 0 {
		b.left -= int64(n)
	}
	if err == io.EOF || b.left == 0 {
		b.done.Store(true)
	}
	return n, err
}

// hardWriter moves the write deadline on as the answer is written, and
// closes the connection of an answer sent before its request's body was
// read.
type hardWriter struct {
	http.ResponseWriter
	rc          *http.ResponseController
	body        *trackedBody
	timeout     time.Duration
	extended    time.Time // when the write deadline was last moved
	wroteHeader bool
}

// extend moves the write deadline to now+timeout, at most every quarter
// timeout (each write then has at least three quarters of it).
func (w *hardWriter) extend(now time.Time) {
	if now.Sub(w.extended) < w.timeout/4 {
		return
	}
	w.extended = now
	_ = w.rc.SetWriteDeadline(now.Add(w.timeout))
}

// header runs once, before the status line goes out. Go's server would
// otherwise read (discard) up to 256 KiB of an unread body after the
// handler, as slowly as the client sends it, for up to read_timeout:
// "Connection: close" and an expired read deadline make it close the
// connection at once instead.
func (w *hardWriter) header() {
	if w.wroteHeader {
		return
	}
	w.wroteHeader = true
	if w.body != nil && !w.body.done.Load() {
		w.Header().Set("Connection", "close")
		_ = w.rc.SetReadDeadline(time.Now())
	}
}

func (w *hardWriter) WriteHeader(code int) {
	if code >= 200 {
		w.header()
	}
	w.extend(time.Now())
	w.ResponseWriter.WriteHeader(code)
}

func (w *hardWriter) Write(p []byte) (int, error) {
	w.header()
	w.extend(time.Now())
	return w.ResponseWriter.Write(p)
}

// Flush lets streaming handlers flush through the wrapper.
func (w *hardWriter) Flush() {
	w.header()
	w.extend(time.Now())
	_ = w.rc.Flush()
}

// Unwrap lets http.ResponseController reach the server's writer.
func (w *hardWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// loadTLS reads the certificate and key of tls_cert and tls_key; nil
// without them. The files are read again at a handshake after either
// changed (a renewed certificate needs no restart). HTTP/1.1 only: the
// deadlines, the connection caps and the close after an unread body are
// per HTTP/1.1 connection.
func loadTLS(cfg Config) (*tls.Config, error) {
	if cfg.TLSCert == "" && cfg.TLSKey == "" {
		return nil, nil
	}
	cf := &certFiles{cert: cfg.TLSCert, key: cfg.TLSKey}
	if _, err := cf.get(nil); err != nil {
		return nil, err
	}
	return &tls.Config{GetCertificate: cf.get, MinVersion: tls.VersionTLS12, NextProtos: []string{"http/1.1"}}, nil
}

// certFiles is a certificate and its key, loaded again when the files'
// size or modification time changes.
type certFiles struct {
	cert, key string

	mu     sync.Mutex
	stamp  string
	loaded *tls.Certificate
}

func (c *certFiles) get(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	stamp := fileStamp(c.cert) + "|" + fileStamp(c.key)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.loaded != nil && stamp == c.stamp {
		return c.loaded, nil
	}
	cert, err := tls.LoadX509KeyPair(c.cert, c.key)
	if err != nil {
		if c.loaded != nil {
			return c.loaded, nil // half-written renewal: keep the old pair
		}
		return nil, fmt.Errorf("tls_cert, tls_key: %w", err)
	}
	c.loaded, c.stamp = &cert, stamp
	return c.loaded, nil
}

// fileStamp is a file's size and modification time ("" if unreadable).
func fileStamp(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%d@%d", fi.Size(), fi.ModTime().UnixNano())
}

// validateHTTP checks the hardening fields: no negative bounds, TLS files
// in pairs, public_hosts as bare host names.
func (c Config) validateHTTP() error {
	if c.ReadHeaderTimeout < 0 || c.ReadTimeout < 0 || c.WriteTimeout < 0 || c.IdleTimeout < 0 {
		return errors.New("read_header_timeout, read_timeout, write_timeout and idle_timeout must not be negative")
	}
	if c.MaxConnsPerClient < 0 || c.MaxConns < 0 {
		return errors.New("max_conns_per_client and max_conns must not be negative")
	}
	if (c.TLSCert == "") != (c.TLSKey == "") {
		return errors.New("tls_cert and tls_key: set both (HTTPS) or neither")
	}
	for _, h := range c.PublicHosts {
		if h == "" || strings.ContainsAny(h, ":/ ") {
			return fmt.Errorf("public_hosts: %q: want a host name without scheme or port, e.g. sharc.example.org", h)
		}
	}
	return nil
}

// listenServer wraps ln with the connection caps (and TLS) and returns
// the server for handler h, with the config's deadlines.
func (d *Daemon) listenServer(ln net.Listener, h http.Handler) (net.Listener, *http.Server) {
	ln = &limitListener{Listener: ln, lim: d.conns}
	if d.tls != nil {
		ln = tls.NewListener(ln, d.tls)
	}
	srv := &http.Server{Handler: d.hard.wrap(h), ReadHeaderTimeout: d.cfg.ReadHeaderTimeout, ReadTimeout: d.cfg.ReadTimeout,
		IdleTimeout: d.cfg.IdleTimeout}
	return ln, srv
}

// scheme is the URL scheme both listeners serve.
func (d *Daemon) scheme() string {
	if d.tls != nil {
		return "https"
	}
	return "http"
}
