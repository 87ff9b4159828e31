package crawler

import (
	"bufio"
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"net"
	"os"
	"strings"
	"sync"
	"time"
)

// connInfo is how one connection reached its server, shared by every
// exchange over it: the dns: lookup or resolve: override that gave the
// address, and the TLS session. The crawler writes each lookup, override
// and (host, certificate) once, with the first exchange archived through
// it (provenance.go).
type connInfo struct {
	Host     string  // host:port of the URL
	Address  string  // ip:port connected to
	Lookup   *lookup // nil: the URL named an address, or resolve: did
	Override string  // the resolve: target used, "" if none
	TLS      *tlsInfo
}

// TLS verification verdicts, as written in the TLS record and the report.
const (
	verdictValid            = "valid"
	verdictExpired          = "expired"
	verdictNotYetValid      = "not-yet-valid"
	verdictNameMismatch     = "name-mismatch"
	verdictUnknownAuthority = "unknown-authority"
	verdictInvalid          = "invalid"
	verdictNoCertificate    = "no-certificate"
)

// tlsInfo is what a TLS handshake showed: the chain the server sent, the
// session's parameters, and SHARC's own verification of the chain (the
// connection itself skips verification: archivists crawl broken sites).
type tlsInfo struct {
	At          time.Time
	SNI         string // server name sent, "" for an IP address (TLS sends none)
	Version     string // "TLS 1.3"
	Protocol    string // WARC-Protocol form: "tls/1.3"
	Cipher      string // IANA name
	ALPN        string // negotiated, "" if none
	Chain       [][]byte
	LeafSHA256  string // hex
	Subject     string
	Issuer      string
	NotBefore   time.Time
	NotAfter    time.Time
	Verdicts    []string // verdictValid alone, or each problem found
	VerifyError string   // the verifier's words for a chain problem
}

// Verdict is the verdicts joined by commas.
func (t *tlsInfo) Verdict() string { return strings.Join(t.Verdicts, ",") }

// crawlerTLSConfig is the client configuration of every HTTPS connection:
// no verification (the crawler checks the chain itself, verifyChain), TLS
// 1.0 and up with every cipher suite Go has, so that old servers are
// crawled as Heritrix crawls them, and ALPN http/1.1, the protocol the
// fetcher speaks.
func crawlerTLSConfig(serverName string) *tls.Config {
	suites := make([]uint16, 0, 32)
	for _, s := range append(tls.CipherSuites(), tls.InsecureCipherSuites()...) {
		suites = append(suites, s.ID)
	}
	return &tls.Config{ServerName: serverName, InsecureSkipVerify: true, //nolint:gosec // verified apart, see verifyChain
		MinVersion: tls.VersionTLS10, CipherSuites: suites, NextProtos: []string{"http/1.1"}}
}

// newTLSInfo describes a finished handshake with host (no port), checked
// against roots (nil: the system's) at now.
func newTLSInfo(cs tls.ConnectionState, host string, now time.Time, roots *x509.CertPool) *tlsInfo {
	t := &tlsInfo{At: now, Version: tls.VersionName(cs.Version), Cipher: tls.CipherSuiteName(cs.CipherSuite), ALPN: cs.NegotiatedProtocol}
	t.Protocol = "tls/" + strings.TrimPrefix(t.Version, "TLS ")
	if net.ParseIP(host) == nil {
		t.SNI = host
	}
	for _, c := range cs.PeerCertificates {
		t.Chain = append(t.Chain, c.Raw)
	}
	if len(cs.PeerCertificates) == 0 {
		t.Verdicts = []string{verdictNoCertificate}
		return t
	}
	leaf := cs.PeerCertificates[0]
	sum := sha256.Sum256(leaf.Raw)
	t.LeafSHA256 = hex.EncodeToString(sum[:])
	t.Subject, t.Issuer = leaf.Subject.String(), leaf.Issuer.String()
	t.NotBefore, t.NotAfter = leaf.NotBefore, leaf.NotAfter
	t.Verdicts, t.VerifyError = verifyChain(cs.PeerCertificates, host, now, roots)
	return t
}

// verifyChain checks a server's chain as a browser would, but reports
// every problem rather than the first: the leaf's validity period at now,
// its names against host, and the chain to roots (judged at a time inside
// the leaf's validity, so an expired certificate from an unknown
// authority says both). errText is the chain verifier's message.
func verifyChain(chain []*x509.Certificate, host string, now time.Time, roots *x509.CertPool) (verdicts []string, errText string) {
	leaf := chain[0]
	at := now
	switch {
	case now.After(leaf.NotAfter):
		verdicts, at = append(verdicts, verdictExpired), leaf.NotAfter
	case now.Before(leaf.NotBefore):
		verdicts, at = append(verdicts, verdictNotYetValid), leaf.NotBefore
	}
	if err := leaf.VerifyHostname(host); err != nil {
		verdicts = append(verdicts, verdictNameMismatch)
		errText = err.Error()
	}
	inter := x509.NewCertPool()
	for _, c := range chain[1:] {
		inter.AddCert(c)
	}
	_, err := leaf.Verify(x509.VerifyOptions{Roots: roots, Intermediates: inter, CurrentTime: at})
	var ua x509.UnknownAuthorityError
	switch {
	case err == nil:
	case errors.As(err, &ua):
		verdicts = append(verdicts, verdictUnknownAuthority)
	default:
		verdicts = append(verdicts, verdictInvalid)
	}
	if err != nil {
		errText = joinText(errText, err.Error())
	}
	if len(verdicts) == 0 {
		verdicts = []string{verdictValid}
	}
	return verdicts, errText
}

func joinText(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// dnsValidity is how long a host's lookup serves its connections before
// the next connection looks the host up again (Go's resolver does not
// report TTLs, so SHARC cannot honour them).
const dnsValidity = time.Hour

// lookup is one name resolution by the system resolver.
type lookup struct {
	Host     string // the name looked up
	At       time.Time
	Addrs    []string // as the resolver ordered them
	Resolver string   // the first nameserver of /etc/resolv.conf, "" if none
}

// resolver looks host names up through the system resolver (which reads
// /etc/hosts first, then asks what /etc/resolv.conf names) and keeps each
// answer for dnsValidity. Safe for concurrent use.
type resolver struct {
	r          *net.Resolver
	now        func() time.Time
	nameserver string
	mu         sync.Mutex
	cache      map[string]*lookup
}

func newResolver(now func() time.Time) *resolver {
	return &resolver{r: net.DefaultResolver, now: now, nameserver: firstNameserver("/etc/resolv.conf"), cache: map[string]*lookup{}}
}

// lookup returns host's addresses, from the cache while they are fresh.
func (r *resolver) lookup(ctx context.Context, host string) (*lookup, error) {
	key := strings.ToLower(host)
	r.mu.Lock()
	l, ok := r.cache[key]
	r.mu.Unlock()
	if ok && r.now().Sub(l.At) < dnsValidity {
		return l, nil
	}
	at := r.now()
	addrs, err := r.r.LookupIPAddr(ctx, host)
	if err != nil {
		return nil, err
	}
	l = &lookup{Host: key, At: at, Resolver: r.nameserver}
	for _, a := range addrs {
		l.Addrs = append(l.Addrs, a.IP.String())
	}
	r.mu.Lock()
	r.cache[key] = l
	r.mu.Unlock()
	return l, nil
}

// firstNameserver is the first nameserver line of a resolv.conf file.
func firstNameserver(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "nameserver" {
			return fields[1]
		}
	}
	return ""
}
