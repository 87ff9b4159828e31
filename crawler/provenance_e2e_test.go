package crawler_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// testCA makes certificates for the TLS provenance test.
type testCA struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
}

func newTestCA(t *testing.T) testCA {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "SHARC test CA"},
		NotBefore: time.Now().Add(-72 * time.Hour), NotAfter: time.Now().Add(24 * time.Hour), IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	return testCA{cert: cert, key: key}
}

// leaf makes a certificate for names valid from notBefore to notAfter,
// signed by ca, or self-signed when ca is nil.
func leaf(t *testing.T, ca *testCA, cn string, names []string, notBefore, notAfter time.Time) tls.Certificate {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(time.Now().UnixNano()), Subject: pkix.Name{CommonName: cn}, DNSNames: names,
		NotBefore: notBefore, NotAfter: notAfter, KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	parent, signer := tmpl, any(key)
	if ca != nil {
		parent, signer = ca.cert, ca.key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, signer)
	if err != nil {
		t.Fatal(err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

// tlsSite is a loopback HTTPS server with cert, at most TLS maxVersion
// (0: Go's default).
func tlsSite(t *testing.T, cert tls.Certificate, maxVersion uint16) *httptest.Server {
	t.Helper()
	m := http.NewServeMux()
	// Each host's own page: the same payload would be archived as a revisit.
	m.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) { html(w, "a page over TLS at "+r.Host) })
	m.HandleFunc("/", http.NotFound)
	srv := httptest.NewUnstartedServer(m)
	srv.TLS = &tls.Config{Certificates: []tls.Certificate{cert}, MaxVersion: maxVersion}
	if maxVersion != 0 && maxVersion < tls.VersionTLS12 {
		srv.TLS.MinVersion = tls.VersionTLS10
	}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv
}

// provRecord is a connection record read back from the WARC.
type provRecordRead struct {
	typ, id, contentType, ip string
	fields                   map[string][]string
	body                     string
}

// readProvenance reads the dns: and tls: records of the capture's WARC
// files, and the TLS fields of each response, by target URI.
func readProvenance(t *testing.T, dir string) (prov map[string][]provRecordRead, resp map[string]map[string][]string) {
	t.Helper()
	dir = latestWARCDir(t, dir)
	files, _ := filepath.Glob(filepath.Join(dir, "*.warc.gz"))
	prov, resp = map[string][]provRecordRead{}, map[string]map[string][]string{}
	for _, f := range files {
		r, err := warc.OpenFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			uri := rec.TargetURI()
			switch {
			case strings.HasPrefix(uri, "dns:") || strings.HasPrefix(uri, "tls:"):
				p := provRecordRead{typ: string(rec.Type()), id: rec.ID(), contentType: rec.Header.Get("Content-Type"),
					ip: rec.Header.Get("WARC-IP-Address"), body: string(rec.Block), fields: map[string][]string{}}
				for _, line := range strings.Split(p.body, "\r\n") {
					if k, v, ok := strings.Cut(line, ": "); ok {
						p.fields[k] = append(p.fields[k], v)
					}
				}
				prov[uri] = append(prov[uri], p)
			case rec.Type() == "response":
				resp[uri] = map[string][]string{
					warc.FieldProtocol:    rec.Header.GetAll(warc.FieldProtocol),
					warc.FieldCipherSuite: rec.Header.GetAll(warc.FieldCipherSuite),
					warc.FieldTLSRecordID: rec.Header.GetAll(warc.FieldTLSRecordID),
				}
			}
		}
		r.Close()
	}
	return prov, resp
}

// TestConnectionProvenance crawls loopback HTTPS servers with a
// self-signed, an expired, a wrong-name and a valid certificate and a TLS
// 1.1-only one, and a plain site through the system resolver (localhost):
// each TLS host gets one record with the chain it sent and the verdict,
// which its responses name; the resolver's answer is a dns: record; the
// resolve: hosts get override records; the index has a row for each.
func TestConnectionProvenance(t *testing.T) {
	stores := map[string]func(t *testing.T, dir string) string{
		"sqlite": func(t *testing.T, dir string) string { return "sqlite:" + filepath.Join(dir, "index.db") },
	}
	if os.Getenv(pgtest.Env) != "" {
		stores["postgres"] = func(t *testing.T, dir string) string { return pgtest.SchemaDSN(t, "sharc_provenance") }
	} else {
		t.Log(pgtest.Env + " unset: PostgreSQL case skipped")
	}
	for name, dsn := range stores {
		t.Run(name, func(t *testing.T) { testConnectionProvenance(t, dsn) })
	}
}

func testConnectionProvenance(t *testing.T, storeDSN func(t *testing.T, dir string) string) {
	ca := newTestCA(t)
	now := time.Now()
	certs := map[string]tls.Certificate{
		"self.test":    leaf(t, nil, "self.test", []string{"self.test"}, now.Add(-time.Hour), now.Add(time.Hour)),
		"expired.test": leaf(t, &ca, "expired.test", []string{"expired.test"}, now.Add(-48*time.Hour), now.Add(-24*time.Hour)),
		"wrong.test":   leaf(t, &ca, "other.test", []string{"other.test"}, now.Add(-time.Hour), now.Add(time.Hour)),
		"good.test":    leaf(t, &ca, "good.test", []string{"good.test"}, now.Add(-time.Hour), now.Add(time.Hour)),
		"old.test":     leaf(t, &ca, "old.test", []string{"old.test"}, now.Add(-time.Hour), now.Add(time.Hour)),
	}
	want := []struct {
		host, verdict, version string
	}{
		{"self.test", "unknown-authority", ""},
		{"expired.test", "expired", ""},
		{"wrong.test", "name-mismatch", ""},
		{"good.test", "valid", ""},
		{"old.test", "valid", "TLS 1.1"},
	}
	var seeds, resolve []string
	for _, w := range want {
		maxV := uint16(0)
		if w.version == "TLS 1.1" {
			maxV = tls.VersionTLS11
		}
		srv := tlsSite(t, certs[w.host], maxV)
		if w.host == "self.test" {
			// A connection per request: still one TLS record for the host.
			srv.Config.SetKeepAlivesEnabled(false)
		}
		seeds = append(seeds, "https://"+w.host+"/")
		resolve = append(resolve, fmt.Sprintf("%s: %q", w.host, srv.Listener.Addr().String()))
	}
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		html(w, "plain")
	}))
	defer plain.Close()
	_, port, _ := net.SplitHostPort(plain.Listener.Addr().String())
	seeds = append(seeds, "http://localhost:"+port+"/")

	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: provenance
seeds: [%s]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 3
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
resolve: {%s}
fetch: {allow_addresses: [127.0.0.0/8, "::1"], retries: 0}
`, strings.Join(seeds, ", "), filepath.Join(dir, "warcs"), strings.Join(resolve, ", ")))
	st := openStore(t, storeDSN(t, dir))
	roots := x509.NewCertPool()
	roots.AddCert(ca.cert)
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{TLSRoots: roots}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v, %+v", err, stats)
	}
	checkIndex(t, st, stats.CaptureID, filepath.Join(dir, "warcs"))
	prov, resp := readProvenance(t, filepath.Join(dir, "warcs"))

	for _, w := range want {
		recs := prov["tls:"+w.host+":443"]
		if len(recs) != 1 {
			t.Errorf("%s: %d TLS records, want 1", w.host, len(recs))
			continue
		}
		r := recs[0]
		if r.typ != "metadata" || r.contentType != "application/warc-fields" {
			t.Errorf("%s: TLS record is %s %s", w.host, r.typ, r.contentType)
		}
		if got := strings.Join(r.fields["verification"], ""); !strings.Contains(","+got+",", ","+w.verdict+",") {
			t.Errorf("%s: verification %q, want it to say %s", w.host, got, w.verdict)
		}
		if w.verdict != "valid" && strings.Contains(strings.Join(r.fields["verification"], ""), "valid,") {
			t.Errorf("%s: verification %q says valid", w.host, r.fields["verification"])
		}
		if der := r.fields["certificate"]; len(der) != 1 || der[0] != base64.StdEncoding.EncodeToString(certs[w.host].Certificate[0]) {
			t.Errorf("%s: chain in the record is not the certificate the server sent", w.host)
		}
		if w.version != "" && strings.Join(r.fields["protocol"], "") != w.version {
			t.Errorf("%s: protocol %q, want %s", w.host, r.fields["protocol"], w.version)
		}
		if r.fields["cipher-suite"] == nil || r.fields["sni"][0] != w.host || r.fields["alpn"] == nil {
			t.Errorf("%s: TLS record lacks cipher, SNI or ALPN:\n%s", w.host, r.body)
		}
		page := resp["https://"+w.host+"/"]
		if page == nil {
			t.Errorf("%s: no response archived", w.host)
			continue
		}
		robots := resp["https://"+w.host+"/robots.txt"]
		for _, ids := range [][]string{page[warc.FieldTLSRecordID], robots[warc.FieldTLSRecordID]} {
			if len(ids) != 1 || ids[0] != "<"+r.id+">" {
				t.Errorf("%s: page or robots.txt names TLS record %v, want <%s>", w.host, ids, r.id)
			}
		}
		if p := page[warc.FieldProtocol]; len(p) != 2 || p[0] != "http/1.1" || !strings.HasPrefix(p[1], "tls/1.") || len(page[warc.FieldCipherSuite]) != 1 {
			t.Errorf("%s: response's protocol fields %v %v", w.host, p, page[warc.FieldCipherSuite])
		}
		if o := prov["dns:"+w.host]; len(o) != 1 || o[0].typ != "metadata" || o[0].fields["resolve-override"] == nil {
			t.Errorf("%s: resolve: override record %+v", w.host, o)
		}
	}
	// Each problem alone: the expired and wrong-name certificates chain to
	// the roots, the self-signed one is otherwise fine.
	for host, v := range map[string]string{"self.test": "unknown-authority", "expired.test": "expired", "wrong.test": "name-mismatch"} {
		if r := prov["tls:"+host+":443"]; len(r) == 1 && strings.Join(r[0].fields["verification"], "") != v {
			t.Errorf("%s: verification %q, want exactly %s", host, r[0].fields["verification"], v)
		}
	}

	dns := prov["dns:localhost"]
	if len(dns) != 1 {
		t.Fatalf("%d dns:localhost records, want 1: %+v", len(dns), prov)
	}
	d := dns[0]
	lines := strings.Split(d.body, "\n")
	if d.typ != "response" || d.contentType != "text/dns" || !regexp.MustCompile(`^\d{14}$`).MatchString(lines[0]) ||
		!strings.Contains(d.body, "localhost.\tIN\tA\t127.0.0.1\n") {
		t.Errorf("dns:localhost record %s %s:\n%s", d.typ, d.contentType, d.body)
	}
	if resp["http://localhost:"+port+"/"] == nil {
		t.Errorf("the localhost page was not archived")
	}

	ps, ok := st.(interface {
		HostProvenance(context.Context, int64) ([]store.HostProvenance, error)
	})
	if !ok {
		t.Fatal("the store does not list host provenance")
	}
	rows, err := ps.HostProvenance(context.Background(), stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, r := range rows {
		kinds[r.Kind]++
		if r.WARCFile == "" || r.Address == "" {
			t.Errorf("row without WARC file or address: %+v", r)
		}
	}
	if kinds[store.ProvenanceTLS] != len(want) || kinds[store.ProvenanceResolve] != len(want) || kinds[store.ProvenanceDNS] != 1 {
		t.Errorf("host provenance rows by kind %v", kinds)
	}
	checkConnectionsReport(t, st, stats.CaptureID, prov["tls:self.test:443"][0].id, "localhost:"+port)
	checkWarcioReads(t, filepath.Join(dir, "warcs"), prov["tls:self.test:443"][0].id, base64.StdEncoding.EncodeToString(certs["self.test"].Certificate[0]))
}

// checkWarcioReads reads the capture's WARC files with webrecorder's
// warcio (tests/js/read-warc.mjs): it must parse every record, find the
// block digests right, and see the self-signed host's TLS record (its
// certificate and verdict), the response naming it and the dns:localhost
// answer. Skipped without Node.js and tests/js's packages (make js).
func checkWarcioReads(t *testing.T, dir, selfRecord, selfCert string) {
	t.Helper()
	node, err := exec.LookPath("node")
	script, _ := filepath.Abs(filepath.Join("..", "tests", "js", "read-warc.mjs"))
	if _, serr := os.Stat(filepath.Join(filepath.Dir(script), "node_modules", "warcio")); err != nil || serr != nil {
		t.Log("node or tests/js/node_modules missing (make js): the warcio cross-check is skipped")
		return
	}
	files, _ := filepath.Glob(filepath.Join(latestWARCDir(t, dir), "*.warc.gz"))
	out, err := exec.Command(node, append([]string{script}, files...)...).Output()
	if os.Getenv("SHARC_DEBUG_WARCIO") != "" {
		t.Logf("%s", out)
	}
	if err != nil {
		t.Fatalf("warcio: %v\n%s", err, out)
	}
	var res struct {
		Records []struct {
			Type, RecordID, TargetURI, ContentType, CipherSuite, TLSRecordID string
			Protocols                                                        []string
			BlockDigestOK                                                    *bool
			Block                                                            *string
		}
		ParsedWithHTTP int
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	var sawTLS, sawLink, sawDNS bool
	for _, r := range res.Records {
		if r.BlockDigestOK != nil && !*r.BlockDigestOK {
			t.Errorf("warcio: block digest of %s %s does not match", r.Type, r.TargetURI)
		}
		switch {
		case r.TargetURI == "tls:self.test:443":
			sawTLS = r.Type == "metadata" && r.Block != nil && strings.Contains(*r.Block, "certificate: "+selfCert+"\r\n") &&
				strings.Contains(*r.Block, "verification: unknown-authority\r\n") && r.RecordID == "<"+selfRecord+">"
		case r.TargetURI == "https://self.test/" && r.Type == "response":
			sawLink = r.TLSRecordID == "<"+selfRecord+">" && r.CipherSuite != "" && len(r.Protocols) > 0
		case r.TargetURI == "dns:localhost":
			sawDNS = r.Type == "response" && r.ContentType == "text/dns" && r.Block != nil && strings.Contains(*r.Block, "127.0.0.1")
		}
	}
	if !sawTLS || !sawLink || !sawDNS || res.ParsedWithHTTP != len(res.Records) {
		t.Errorf("warcio saw TLS record %v, response linking it %v, dns: record %v; parsed %d of %d records with HTTP",
			sawTLS, sawLink, sawDNS, res.ParsedWithHTTP, len(res.Records))
	}
}

// checkConnectionsReport finds the self-signed host's verdict and record,
// the TLS 1.1 flag and the localhost lookup in the report's JSON and HTML.
func checkConnectionsReport(t *testing.T, st store.Store, captureID int64, selfRecord, localhost string) {
	t.Helper()
	r, err := report.Build(context.Background(), st, captureID, report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var js, page bytes.Buffer
	if err := report.WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteHTML(&page, r); err != nil {
		t.Fatal(err)
	}
	back, err := report.ReadJSON(js.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]report.HostConnection{}
	for _, h := range back.Connections {
		got[h.Host] = h
	}
	self := got["self.test:443"]
	if len(self.TLS) != 1 || self.TLS[0].Verdict != "unknown-authority" || self.TLS[0].RecordID != selfRecord || self.Via != "resolve" {
		t.Errorf("report JSON on self.test: %+v", self)
	}
	if old := got["old.test:443"]; len(old.TLS) != 1 || !old.TLS[0].Legacy {
		t.Errorf("report JSON on old.test: %+v", old)
	}
	if lh := got[localhost]; lh.Via != "dns" || !strings.Contains(strings.Join(lh.DNSAnswers, ","), "127.0.0.1") || !strings.HasPrefix(lh.Address, "127.0.0.1:") {
		t.Errorf("report JSON on %s: %+v", localhost, lh)
	}
	html := page.String()
	for _, s := range []string{`id="connections"`, "unknown-authority", selfRecord, "outdated: browsers refuse it", "DNS: "} {
		if !strings.Contains(html, s) {
			t.Errorf("report HTML lacks %q", s)
		}
	}
}
