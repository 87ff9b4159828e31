package wacz

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"os"
	"strings"
	"time"
)

// Identity is a named signer (WACZ Signing 0.1.0, "domain-name identity"):
// a private key and the X.509 certificate chain that binds its public key
// to a domain. A package signed with it carries domain and domainCert
// instead of a bare publicKey, so a reader learns who signed it from the
// certificate, not from a key handed over out of band.
type Identity struct {
	Signer crypto.Signer
	Chain  []*x509.Certificate // leaf first, as domainCert lists it
	Domain string
}

// ErrIdentity is wrapped by the errors of an identity whose key,
// certificate and domain do not fit together.
var ErrIdentity = errors.New("wacz: signing identity")

// NewIdentity checks that the leaf of chain certifies signer's public key
// and names domain (a DNS name of the certificate, or its common name);
// domain "" is the leaf's first DNS name, else its common name.
func NewIdentity(signer crypto.Signer, chain []*x509.Certificate, domain string) (*Identity, error) {
	if len(chain) == 0 {
		return nil, fmt.Errorf("%w: no certificate", ErrIdentity)
	}
	leaf := chain[0]
	pub, ok := signer.Public().(interface{ Equal(crypto.PublicKey) bool })
	if !ok || !pub.Equal(leaf.PublicKey) {
		return nil, fmt.Errorf("%w: the key is not the one the certificate (%s) certifies", ErrIdentity, leaf.Subject)
	}
	if domain == "" {
		domain = leaf.Subject.CommonName
		if len(leaf.DNSNames) > 0 {
			domain = leaf.DNSNames[0]
		}
	}
	if domain == "" {
		return nil, fmt.Errorf("%w: the certificate names no domain", ErrIdentity)
	}
	if err := leaf.VerifyHostname(domain); err != nil && leaf.Subject.CommonName != domain {
		return nil, fmt.Errorf("%w: the certificate does not name %s: %w", ErrIdentity, domain, err)
	}
	return &Identity{Signer: signer, Chain: chain, Domain: domain}, nil
}

// LoadIdentity reads a PEM PKCS#8 key and a PEM certificate chain (leaf
// first) and checks them with NewIdentity.
func LoadIdentity(keyPath, certPath, domain string) (*Identity, error) {
	s, err := LoadSigner(keyPath)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(certPath)
	if err != nil {
		return nil, fmt.Errorf("wacz: %w", err)
	}
	chain, err := ParseChain(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", certPath, err)
	}
	return NewIdentity(s, chain, domain)
}

// ParseChain reads PEM CERTIFICATE blocks; anything else in the text is
// an error, so nothing unparsed can hide in a signed field.
func ParseChain(text string) ([]*x509.Certificate, error) {
	rest := []byte(text)
	var out []*x509.Certificate
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type != "CERTIFICATE" {
			return nil, fmt.Errorf("wacz: PEM block %q, want CERTIFICATE", block.Type)
		}
		c, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("wacz: certificate: %w", err)
		}
		out = append(out, c)
	}
	if len(bytes.TrimSpace(rest)) > 0 {
		return nil, errors.New("wacz: text after the last PEM certificate")
	}
	if len(out) == 0 {
		return nil, errors.New("wacz: no PEM certificate")
	}
	return out, nil
}

// ChainPEM is domainCert's text: the PEM certificates separated by a
// blank line, which is how wabac.js (ReplayWeb.page) splits the chain to
// find the leaf.
func ChainPEM(chain []*x509.Certificate) string {
	parts := make([]string, len(chain))
	for i, c := range chain {
		parts[i] = string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.Raw}))
	}
	return strings.Join(parts, "\n")
}

// Fingerprint is a certificate's SHA-256 fingerprint in hex, as browsers
// and ReplayWeb.page (certFingerprint) show it.
func Fingerprint(c *x509.Certificate) string {
	sum := sha256.Sum256(c.Raw)
	return hex.EncodeToString(sum[:])
}

// SelfSignedCertificate makes a PEM certificate for signer's key naming
// domain, signed by that key itself, valid from now for validity: a named
// signer for tests and for archives whose readers are given the
// certificate's fingerprint out of band. The subject is only CN=domain
// because ReplayWeb.page reads the domain as the subject after "CN=".
func SelfSignedCertificate(signer crypto.Signer, domain string, now time.Time, validity time.Duration) ([]byte, error) {
	if domain == "" {
		return nil, fmt.Errorf("%w: no domain", ErrIdentity)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, fmt.Errorf("wacz: serial: %w", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: domain},
		DNSNames:              []string{domain},
		NotBefore:             now.Add(-time.Minute).UTC(),
		NotAfter:              now.Add(validity).UTC(),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, signer.Public(), signer)
	if err != nil {
		return nil, fmt.Errorf("wacz: certificate: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), nil
}
