package crawler

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"golang.org/x/net/proxy"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/store"
)

// A forward proxy (fetch.proxy) carries every request of the capture:
// plain HTTP in absolute form over a connection to the proxy, HTTPS
// through a CONNECT tunnel with TLS to the origin inside it; a SOCKS5
// proxy gives a tunnel for both. The network
// guard checks the proxy's address when connecting to it, and targets
// named by an IP address before asking the proxy for them; host names
// are resolved by the proxy, out of the guard's sight (docs/robustness.md).

// OperatorProxyProblem says what is wrong with an operator's proxy URL
// (Options.Proxy), or "" if nothing is: fetch.proxy's rules, except that
// credentials are allowed.
func OperatorProxyProblem(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "not a URL"
	}
	u.User = nil
	return job.ProxyProblem(u.String())
}

// redactProxy is a proxy URL fit for logs and errors: its password
// masked.
func redactProxy(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(unparsable proxy URL)"
	}
	store.MaskURLSecrets(u, "xxxxx")
	return u.String()
}

// proxyAuth is the Proxy-Authorization field for the proxy's
// credentials (Basic, RFC 9110 §11.7.1), or "" without them.
func (f *fetcher) proxyAuth() string {
	if f.proxy == nil || f.proxy.User == nil || f.proxy.Scheme != "http" {
		return ""
	}
	pw, _ := f.proxy.User.Password()
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(f.proxy.User.Username()+":"+pw))
}

// errProxyRefused is a CONNECT the proxy answered with a non-2xx status.
var errProxyRefused = errors.New("the proxy refused the tunnel")

// dialProxy connects to the proxy for u: for https, a tunnel to u's
// host:port, with TLS to the origin over it.
func (f *fetcher) dialProxy(ctx context.Context, u *url.URL) (liveConn, error) {
	target := urlHostPort(u)
	if a, err := netip.ParseAddr(strings.Trim(u.Hostname(), "[]")); err == nil {
		if err := f.guard.Check(a); err != nil {
			return liveConn{}, dialError(ctx, err)
		}
	}
	addr, _ := f.dialAddr(f.proxy) // resolve: maps the proxy's own host
	if f.proxy.Scheme == "socks5" {
		return f.dialSOCKS5(ctx, u, addr, target)
	}
	raw, err := f.connect(ctx, []string{addr})
	if err != nil {
		return liveConn{}, dialError(ctx, err)
	}
	info := &connInfo{Host: strings.ToLower(target), Address: raw.RemoteAddr().String()}
	if u.Scheme != "https" {
		return liveConn{conn: raw, raw: raw, info: info, absolute: true}, nil
	}
	stop := context.AfterFunc(ctx, func() { _ = raw.Close() })
	err = connectTunnel(raw, target, f.userAgent, f.proxyAuth(), f.maxHeader)
	stop()
	if err != nil {
		_ = raw.Close()
		return liveConn{}, classify(ctx, err, crawllog.CodeConnectFailed)
	}
	return f.handshake(ctx, u, raw, info)
}

// dialSOCKS5 connects to target (u's host:port) through the SOCKS5 proxy
// at addr, which resolves the name (RFC 1928, domain-name address type),
// authenticating with the proxy URL's credentials (RFC 1929) if any. The
// guard checks the proxy's address as the dialer connects to it.
func (f *fetcher) dialSOCKS5(ctx context.Context, u *url.URL, addr, target string) (liveConn, error) {
	var auth *proxy.Auth
	if f.proxy.User != nil {
		pw, _ := f.proxy.User.Password()
		auth = &proxy.Auth{User: f.proxy.User.Username(), Password: pw}
	}
	fwd := &net.Dialer{Timeout: f.connectTimeout, ControlContext: f.control}
	d, err := proxy.SOCKS5("tcp", addr, auth, fwd)
	if err != nil {
		return liveConn{}, dialError(ctx, err)
	}
	raw, err := d.(proxy.ContextDialer).DialContext(ctx, "tcp", target)
	if err != nil {
		return liveConn{}, dialError(ctx, err)
	}
	info := &connInfo{Host: strings.ToLower(target), Address: raw.RemoteAddr().String()}
	if u.Scheme != "https" {
		return liveConn{conn: raw, raw: raw, info: info}, nil
	}
	return f.handshake(ctx, u, raw, info)
}

// connectTunnel asks the proxy on c for a tunnel to target (host:port)
// and reads its answer, whose head must fit in maxHeader bytes. Nothing
// may follow the answer's head before TLS starts.
func connectTunnel(c net.Conn, target, userAgent, auth string, maxHeader int64) error {
	req := fmt.Sprintf("CONNECT %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: %s\r\n", target, target, userAgent)
	if auth != "" {
		req += "Proxy-Authorization: " + auth + "\r\n"
	}
	req += "\r\n"
	if _, err := c.Write([]byte(req)); err != nil {
		return fmt.Errorf("proxy CONNECT %s: %w", target, err)
	}
	br := bufio.NewReader(&limitedConn{Conn: c, left: maxHeader})
	resp, err := http.ReadResponse(br, &http.Request{Method: http.MethodConnect})
	if err != nil {
		return fmt.Errorf("proxy CONNECT %s: %w", target, err)
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("proxy CONNECT %s: %s: %w", target, resp.Status, errProxyRefused)
	}
	if br.Buffered() > 0 {
		return fmt.Errorf("proxy CONNECT %s: bytes before the tunnel opened: %w", target, errProxyRefused)
	}
	return nil
}

// limitedConn fails reads past left bytes: a proxy's endless answer must
// not hold a worker.
type limitedConn struct {
	net.Conn
	left int64
}

func (l *limitedConn) Read(p []byte) (int, error) {
	if l.left <= 0 {
		return 0, errHeaderTooLarge
	}
	p = p[:min(int64(len(p)), l.left)]
	n, err := l.Conn.Read(p)
	l.left -= int64(n)
	return n, err
}

// absoluteForm rewrites the request line of wire (origin form, "GET
// /path HTTP/1.1") into the absolute form a forward proxy takes ("GET
// http://host/path HTTP/1.1"), RFC 9112 §3.2.2, and adds auth (the
// Proxy-Authorization value, "" for none) after it: only the wire
// carries them, the request record keeps wire's origin form.
func absoluteForm(wire []byte, u *url.URL, auth string) []byte {
	sp := bytes.IndexByte(wire, ' ')
	eol := bytes.Index(wire, []byte("\r\n"))
	if sp < 0 || eol < sp {
		return wire
	}
	out := make([]byte, 0, len(wire)+len(u.Scheme)+3+len(u.Host)+len(auth)+24)
	out = append(out, wire[:sp+1]...)
	out = append(out, u.Scheme+"://"+u.Host...)
	out = append(out, wire[sp+1:eol+2]...)
	if auth != "" {
		out = append(out, "Proxy-Authorization: "+auth+"\r\n"...)
	}
	return append(out, wire[eol+2:]...)
}
