package tsatest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/digitorus/timestamp"
)

// TSA is a running loopback time-stamping authority.
type TSA struct {
	URL    string
	Root   *x509.Certificate // the test CA that issued the TSA's certificate
	Cert   *x509.Certificate // the TSA's time-stamping certificate
	Served func() int        // how many tokens it has issued
}

// RootPEM is the test CA's certificate in PEM, for a --trust file.
func (t *TSA) RootPEM() []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: t.Root.Raw})
}

// Start runs a TSA until the test ends. now is its clock (nil: time.Now).
func Start(t testing.TB, now func() time.Time) *TSA {
	t.Helper()
	if now == nil {
		now = time.Now
	}
	// The certificates cover both the TSA's clock and the real time: the
	// CMS library stamps its signing-time attribute with the real clock.
	from, to := now(), time.Now()
	if to.Before(from) {
		from, to = to, from
	}
	root, rootKey := cert(t, nil, nil, "SHARC test TSA root", true, from, to)
	tsaCert, tsaKey := cert(t, root, rootKey, "SHARC test TSA", false, from, to)
	served := make(chan struct{}, 1<<16)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
		if err != nil || r.Method != http.MethodPost {
			http.Error(w, "want a POSTed time-stamp query", http.StatusBadRequest)
			return
		}
		req, err := timestamp.ParseRequest(body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		ts := timestamp.Timestamp{
			HashAlgorithm: req.HashAlgorithm, HashedMessage: req.HashedMessage, Nonce: req.Nonce,
			Time: now().UTC(), Policy: []int{1, 3, 6, 1, 4, 1, 99999, 1}, AddTSACertificate: req.Certificates,
			Certificates: []*x509.Certificate{root},
		}
		resp, err := ts.CreateResponseWithOpts(tsaCert, tsaKey, crypto.SHA256)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		served <- struct{}{}
		w.Header().Set("Content-Type", "application/timestamp-reply")
		_, _ = w.Write(resp)
	})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &TSA{URL: srv.URL + "/tsr", Root: root, Cert: tsaCert, Served: func() int { return len(served) }}
}

// cert makes a root CA (parent nil) or a TSA certificate issued by parent.
func cert(t testing.TB, parent *x509.Certificate, parentKey crypto.Signer, cn string, ca bool, from, to time.Time) (*x509.Certificate, crypto.Signer) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	serial, err := rand.Int(rand.Reader, big.NewInt(1<<62))
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: serial, Subject: pkix.Name{CommonName: cn, Organization: []string{"SHARC tests"}},
		NotBefore: from.Add(-time.Hour), NotAfter: to.Add(24 * time.Hour),
		BasicConstraintsValid: true, IsCA: ca,
	}
	if ca {
		tmpl.KeyUsage = x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature
	} else {
		tmpl.KeyUsage = x509.KeyUsageDigitalSignature
		tmpl.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageTimeStamping}
	}
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, key.Public(), parentKey)
	if err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return c, key
}
