package daemon

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/internal/testkit"
)

// safetyBound only keeps a broken server from hanging a test: the
// deadlines under test are configured far shorter, or the server is
// expected to close at once. No assertion is made on elapsed time.
const safetyBound = 20 * time.Second

// hardDaemon runs a daemon with edit's config on 127.0.0.1 until the test
// ends; hc must speak the daemon's scheme.
func hardDaemon(t *testing.T, edit func(*Config), scheme string, hc *http.Client) *testDaemon {
	t.Helper()
	cfg := Config{Listen: "127.0.0.1:0", Token: testToken, Store: storeDSN(t), DataDir: t.TempDir(), DrainTimeout: 20 * time.Second}
	if edit != nil {
		edit(&cfg)
	}
	d, err := New(context.Background(), cfg, zaptest.NewLogger(t), Options{Tick: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	td := &testDaemon{d: d, base: scheme + "://" + ln.Addr().String(), cancel: cancel, done: make(chan error, 1)}
	td.client = &Client{Base: td.base, Token: cfg.Token, HTTP: hc}
	go func() { td.done <- d.Run(ctx, ln) }()
	t.Cleanup(td.stop)
	testkit.WaitFor(t, 10*time.Second, "daemon ready", func() bool {
		resp, err := hc.Get(td.base + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
	return td
}

// noKeepAlive is a client whose every request opens its own connection,
// so held connections of a test are the test's own.
func noKeepAlive() *http.Client {
	return &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: safetyBound,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// dialFrom opens a TCP connection to addr from the loopback source
// address src.
func dialFrom(src, addr string) (net.Conn, error) {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}, Timeout: safetyBound}
	return d.Dial("tcp", addr)
}

// readToClose reads conn until the server closes it (EOF or a reset) and
// returns what came; err is set only when the server kept the
// connection open past the safety bound.
func readToClose(conn net.Conn) (string, error) {
	_ = conn.SetReadDeadline(time.Now().Add(safetyBound))
	b, err := io.ReadAll(conn)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return string(b), fmt.Errorf("server kept the connection open: %w", err)
	}
	return string(b), nil
}

// mustGet asserts that GET path answers want.
func mustGet(t *testing.T, hc *http.Client, base, path, token string, want int) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, base+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	resp.Body.Close()
	if resp.StatusCode != want {
		t.Fatalf("GET %s: %s, want %d", path, resp.Status, want)
	}
}

// TestHardeningSlowBodyClients is the attack of issue 26 (4) on
// loopback: 300 connections from 127.0.0.2 each send POST /api/v1/jobs
// with Content-Length: 200000 and no body byte. The per-client cap
// closes every connection past max_conns_per_client at once (no answer);
// each one within the cap gets its 401 and then EOF: the server closed it
// instead of waiting for the body. Meanwhile /healthz and an authorised
// GET /api/v1/jobs from 127.0.0.1 answer.
func TestHardeningSlowBodyClients(t *testing.T) {
	const conns, perClient = 300, 64
	hc := noKeepAlive()
	td := hardDaemon(t, func(c *Config) {
		c.MaxConnsPerClient = perClient
		// Long enough that only the server's answer can end a
		// connection within the test.
		c.ReadHeaderTimeout, c.ReadTimeout = time.Hour, time.Hour
	}, "http", hc)
	addr := strings.TrimPrefix(td.base, "http://")
	attacker := clientKey(&net.TCPAddr{IP: net.ParseIP("127.0.0.2"), Port: 1})

	cs := make([]net.Conn, 0, conns)
	t.Cleanup(func() {
		for _, c := range cs {
			if c != nil {
				c.Close()
			}
		}
	})
	for range conns {
		c, err := dialFrom("127.0.0.2", addr)
		if err != nil && !errors.Is(err, syscall.ECONNRESET) {
			t.Fatal(err)
		}
		cs = append(cs, c) // nil: the cap's reset came before connect returned
	}
	testkit.WaitFor(t, safetyBound, "every connection accepted or refused", func() bool {
		td.d.conns.mu.Lock()
		held := td.d.conns.open[attacker]
		td.d.conns.mu.Unlock()
		return held == perClient && td.d.conns.refused.Load() == conns-perClient
	})
	mustGet(t, hc, td.base, "/healthz", "", http.StatusOK)
	mustGet(t, hc, td.base, "/api/v1/jobs", testToken, http.StatusOK)

	req := fmt.Sprintf("POST /api/v1/jobs HTTP/1.1\r\nHost: %s\r\nContent-Type: application/yaml\r\nContent-Length: 200000\r\n\r\n", addr)
	answers := make([]string, conns)
	errs := make([]error, conns)
	var wg sync.WaitGroup
	for i, c := range cs {
		if c == nil {
			continue
		}
		wg.Go(func() {
			if _, err := io.WriteString(c, req); err != nil {
				return // refused: reset already
			}
			answers[i], errs[i] = readToClose(c)
		})
	}
	wg.Wait()
	served := 0
	for i, a := range answers {
		if errs[i] != nil {
			t.Fatalf("connection %d after %q: %v", i, firstLine(a), errs[i])
		}
		if a == "" {
			continue // closed by the cap, unanswered
		}
		served++
		if !strings.HasPrefix(a, "HTTP/1.1 401 ") || !strings.Contains(a, "\r\nConnection: close\r\n") {
			t.Fatalf("connection %d: want a 401 with Connection: close, got:\n%s", i, a)
		}
	}
	if served != perClient {
		t.Errorf("%d connections answered, want max_conns_per_client = %d (the other %d closed unanswered)", served, perClient, conns-perClient)
	}
	mustGet(t, hc, td.base, "/healthz", "", http.StatusOK)
	mustGet(t, hc, td.base, "/api/v1/jobs", testToken, http.StatusOK)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\r\n")
	return line
}

// TestHardeningHostCheck: a token-less daemon on 127.0.0.1 answers 421 to
// a request naming another host (DNS rebinding: a web page's script
// reaching the daemon by the page's own name) on the API, the console and
// the replay origin, before doing anything; the listen host, localhost,
// an IP literal and a public_hosts name are served; /healthz answers any
// Host (container probes).
func TestHardeningHostCheck(t *testing.T) {
	hc := noKeepAlive()
	td := hardDaemon(t, func(c *Config) {
		c.Token = ""
		c.PublicHosts = []string{"Archive.Example.org"}
	}, "http", hc)
	port := td.base[strings.LastIndex(td.base, ":")+1:]
	replay := "http://" + td.d.ReplayAddr()
	for _, tc := range []struct {
		name, method, url, host string
		want                    int
	}{
		{"rebinding POST job", "POST", td.base + "/api/v1/jobs", "attacker.example:" + port, http.StatusMisdirectedRequest},
		{"rebinding console", "GET", td.base + "/ui/", "attacker.example", http.StatusMisdirectedRequest},
		{"rebinding replay origin", "GET", replay + "/", "attacker.example", http.StatusMisdirectedRequest},
		{"localhost with a trailing label", "GET", td.base + "/ui/", "localhost.attacker.example", http.StatusMisdirectedRequest},
		{"health probe by any name", "GET", td.base + "/healthz", "sharc-container", http.StatusOK},
		{"listen host", "GET", td.base + "/api/v1/jobs", "127.0.0.1:" + port, http.StatusOK},
		{"localhost", "GET", td.base + "/ui/", "localhost:" + port, http.StatusOK},
		{"IPv6 literal", "GET", td.base + "/api/v1/jobs", "[::1]:" + port, http.StatusOK},
		{"public_hosts name", "GET", td.base + "/api/v1/jobs", "archive.example.ORG.", http.StatusOK},
		{"replay origin by IP", "GET", replay + "/", "127.0.0.1", http.StatusNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := io.Reader(nil)
			if tc.method == "POST" {
				body = strings.NewReader(string(jobYAML("rebound", "127.0.0.1:1", "")))
			}
			req, _ := http.NewRequest(tc.method, tc.url, body)
			req.Host = tc.host
			req.Header.Set("Content-Type", "application/yaml")
			resp, err := hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.want {
				t.Errorf("Host %s: %s, want %d", tc.host, resp.Status, tc.want)
			}
		})
	}
	if jobs, err := td.client.Jobs(context.Background()); err != nil || len(jobs) != 0 {
		t.Errorf("jobs after the rebinding POST: %v, %v; want none", jobs, err)
	}
}

// TestHardeningHostPolicy: which Host values a daemon serves, for its
// listen addresses and public_hosts.
func TestHardeningHostPolicy(t *testing.T) {
	for _, tc := range []struct {
		name, listen, host string
		public             []string
		want               bool
	}{
		{"named listen host", "sharc.internal:8180", "sharc.internal:8180", nil, true},
		{"named listen host, other name", "sharc.internal:8180", "evil.internal:8180", nil, false},
		{"every address: names must be listed", "0.0.0.0:8180", "crawler.example.org", nil, false},
		{"every address, listed", "0.0.0.0:8180", "crawler.example.org:8180", []string{"crawler.example.org"}, true},
		{"IPv4 literal", "0.0.0.0:8180", "192.0.2.7:8180", nil, true},
		{"IPv6 literal without port", "[::]:8180", "[2001:db8::1]", nil, true},
		{"localhost, any case, final dot", "127.0.0.1:8180", "LocalHost.:8180", nil, true},
		{"a subdomain of localhost", "127.0.0.1:8180", "x.localhost", nil, false},
		{"empty Host", "127.0.0.1:8180", "", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := newHostPolicy(tc.public, tc.listen).allows(tc.host); got != tc.want {
				t.Errorf("listen %s, public_hosts %v: Host %q allowed = %v, want %v", tc.listen, tc.public, tc.host, got, tc.want)
			}
		})
	}
}

// TestHardeningClientKey: IPv4 clients count by address, IPv6 clients by
// /64 (one subscriber's prefix), an IPv4-mapped IPv6 address as IPv4.
func TestHardeningClientKey(t *testing.T) {
	for _, tc := range []struct{ addr, want string }{
		{"127.0.0.2:4000", "127.0.0.2/32"},
		{"[2001:db8:1:2:aaaa::1]:4000", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:bbbb::9]:4001", "2001:db8:1:2::/64"},
		{"[::ffff:192.0.2.1]:4000", "192.0.2.1/32"},
	} {
		a, err := net.ResolveTCPAddr("tcp", tc.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := clientKey(a); got != netip.MustParsePrefix(tc.want) {
			t.Errorf("clientKey(%s) = %s, want %s", tc.addr, got, tc.want)
		}
	}
}

// TestHardeningTLS: with tls_cert and tls_key (a self-signed certificate
// made here) both listeners serve HTTPS; answers carry
// Strict-Transport-Security; the console's session cookie is Secure; the
// API client talks to the daemon with the certificate as its CA
// (HTTPClientWithCA, sharc job --ca).
func TestHardeningTLS(t *testing.T) {
	certFile, keyFile := selfSigned(t)
	hc, err := HTTPClientWithCA(certFile)
	if err != nil {
		t.Fatal(err)
	}
	hc.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	td := hardDaemon(t, func(c *Config) { c.TLSCert, c.TLSKey = certFile, keyFile }, "https", hc)

	resp, err := hc.Get(td.base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.TLS == nil || resp.Header.Get("Strict-Transport-Security") == "" {
		t.Errorf("healthz over TLS: TLS %v, Strict-Transport-Security %q", resp.TLS != nil, resp.Header.Get("Strict-Transport-Security"))
	}
	if _, err := td.client.Jobs(context.Background()); err != nil {
		t.Errorf("API client over https: %v", err)
	}
	resp, err = hc.PostForm(td.base+"/ui/login", url.Values{"token": {testToken}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var session *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == "sharc_session" {
			session = c
		}
	}
	if session == nil || !session.Secure {
		t.Errorf("login over TLS: session cookie %v, want one with Secure", session)
	}
	resp, err = hc.Get("https://" + td.d.ReplayAddr() + "/")
	if err != nil {
		t.Fatalf("replay origin over TLS: %v", err)
	}
	resp.Body.Close()
	if resp.Header.Get("Strict-Transport-Security") == "" {
		t.Error("replay origin over TLS: no Strict-Transport-Security")
	}
}

// selfSigned writes a self-signed certificate for 127.0.0.1 and localhost
// and its key as PEM files.
func selfSigned(t *testing.T) (certFile, keyFile string) {
	t.Helper()
	dir := t.TempDir()
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	writeSelfSigned(t, certFile, keyFile, 1)
	return certFile, keyFile
}

// writeSelfSigned writes a self-signed certificate with serial number
// serial, and its key, to certFile and keyFile.
func writeSelfSigned(t *testing.T, certFile, keyFile string, serial int64) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: "sharc test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA: true, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestHardeningTLSReload: a certificate renewed on disk (new files in
// place) is what the next connection gets, without a restart.
func TestHardeningTLSReload(t *testing.T) {
	certFile, keyFile := selfSigned(t)
	insecure := &tls.Config{InsecureSkipVerify: true} // the test reads the served certificate itself
	hc := &http.Client{Transport: &http.Transport{TLSClientConfig: insecure, DisableKeepAlives: true}, Timeout: safetyBound}
	td := hardDaemon(t, func(c *Config) { c.TLSCert, c.TLSKey = certFile, keyFile }, "https", hc)
	serial := func() int64 {
		resp, err := hc.Get(td.base + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.TLS.PeerCertificates[0].SerialNumber.Int64()
	}
	if got := serial(); got != 1 {
		t.Fatalf("serial %d, want 1", got)
	}
	writeSelfSigned(t, certFile, keyFile, 2)
	// A distinct modification time even where the file system's clock is coarse.
	later := time.Now().Add(time.Minute)
	for _, f := range []string{certFile, keyFile} {
		if err := os.Chtimes(f, later, later); err != nil {
			t.Fatal(err)
		}
	}
	if got := serial(); got != 2 {
		t.Errorf("after renewal: serial %d, want 2", got)
	}
}

// TestHardeningDeadlines: with short read_header_timeout, read_timeout
// and idle_timeout, a client that sends half a header, an authorised
// client that sends half a body, and a kept-alive client that sends
// nothing more are each closed by the server.
func TestHardeningDeadlines(t *testing.T) {
	const short = 200 * time.Millisecond
	hc := noKeepAlive()
	td := hardDaemon(t, func(c *Config) {
		c.ReadHeaderTimeout, c.ReadTimeout, c.IdleTimeout = short, short, short
	}, "http", hc)
	addr := strings.TrimPrefix(td.base, "http://")
	for _, tc := range []struct {
		name, send string
		// answered: the server answers before it closes.
		answered bool
	}{
		{"half a header", "GET /healthz HTTP/1.1\r\nHost: " + addr + "\r\nX-Slow:", false},
		{"half a body", "POST /api/v1/jobs HTTP/1.1\r\nHost: " + addr + "\r\nAuthorization: Bearer " + testToken +
			"\r\nContent-Type: application/yaml\r\nContent-Length: 1000\r\n\r\nname: half\n", true},
		{"idle after an answer", "GET /healthz HTTP/1.1\r\nHost: " + addr + "\r\n\r\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := dialFrom("127.0.0.1", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if _, err := io.WriteString(c, tc.send); err != nil {
				t.Fatal(err)
			}
			got, err := readToClose(c)
			if err != nil {
				t.Fatalf("%v (got %q)", err, firstLine(got))
			}
			if answered := got != ""; answered != tc.answered {
				t.Errorf("answered before closing: %v, want %v (%q)", answered, tc.answered, firstLine(got))
			}
			if tc.answered {
				if _, err := http.ReadResponse(bufio.NewReader(strings.NewReader(got)), nil); err != nil {
					t.Errorf("answer: %v", err)
				}
			}
		})
	}
}

// TestHardeningLongAnswer: the per-request deadlines do not cut what may
// legitimately take long (a WARC or WACZ download): an answer much
// larger than the socket buffers, read slowly but steadily, arrives
// whole although it outlasts write_timeout and read_timeout, and the
// request's context stays alive after its body was read (the server's
// own ReadTimeout would cancel it).
func TestHardeningLongAnswer(t *testing.T) {
	// The deadline is 1 s and the reader takes at least 128 × 20 ms =
	// 2.56 s, so the answer outlives any one deadline; 1 s leaves room
	// for a loaded machine's scheduling stalls between two reads.
	const short = time.Second
	const size, chunk = 32 << 20, 256 << 10
	ctxErr := make(chan error, 1)
	d := &Daemon{cfg: Config{ReadHeaderTimeout: short, ReadTimeout: short, WriteTimeout: short, IdleTimeout: short},
		conns: newConnLimiter(DefaultMaxConnsPerClient, DefaultMaxConns), hard: &hardener{write: short, hosts: newHostPolicy(nil)}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln, srv := d.listenServer(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		buf := make([]byte, chunk)
		for range size / chunk {
			if _, err := w.Write(buf); err != nil {
				break
			}
		}
		ctxErr <- r.Context().Err()
	}))
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	for _, method := range []string{"GET", "POST"} {
		t.Run(method, func(t *testing.T) {
			req, _ := http.NewRequest(method, "http://"+ln.Addr().String()+"/", strings.NewReader("a body"))
			resp, err := noKeepAlive().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var got int64
			buf := make([]byte, chunk)
			for {
				n, err := io.ReadFull(resp.Body, buf)
				got += int64(n)
				if err != nil {
					break
				}
				time.Sleep(short / 50) // slow but steady: each read within the deadline
			}
			if got != size {
				t.Errorf("answer cut at %d of %d bytes", got, size)
			}
			if err := <-ctxErr; err != nil {
				t.Errorf("request context ended during the answer: %v", err)
			}
		})
	}
}
