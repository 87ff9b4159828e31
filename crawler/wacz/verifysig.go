package wacz

import (
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"time"
)

// VerifyOptions are what Verify trusts beyond the package itself.
type VerifyOptions struct {
	// Roots are the trust anchors for the signer's and the TSA's
	// certificates; nil: the system's roots. A certificate that chains
	// only to a root outside them (its own, self-signed) still verifies
	// cryptographically and is reported in NotVerified, not as a Problem.
	Roots *x509.CertPool
}

// Signer kinds, as the summary names them.
const (
	SignerAnonymous   = "anonymous key"
	SignerCertificate = "certificate"
)

// SignerInfo says who signed a package, as far as it can be read from it.
type SignerInfo struct {
	Kind        string // SignerAnonymous or SignerCertificate
	Domain      string // the domain signedData claims (certificate only)
	Subject     string // the leaf certificate's subject
	Issuer      string
	Fingerprint string // SHA-256 of the leaf certificate, hex
	NotBefore   time.Time
	NotAfter    time.Time
	SelfSigned  bool
	Trusted     bool // chains to Roots (or the system's roots)
}

// StampInfo is what an RFC 3161 timestamp says.
type StampInfo struct {
	Time        time.Time // when the TSA saw the signature
	TSA         string    // the subject of the TSA's certificate
	Fingerprint string    // SHA-256 of the TSA's certificate, hex
	Serial      string
	Trusted     bool // the TSA's chain ends in Roots (or the system's roots)
}

// checkSigned verifies signedData: the signature with the anonymous key or
// the certificate's key, the certificate (chain, validity at the stamped
// or claimed time, domain) and the timestamp (TSA signature, imprint,
// time, chain). What cannot be established offline goes to NotVerified.
func checkSigned(rep *Report, sd *SignedData, opts VerifyOptions) {
	var stampTime time.Time
	if sd.TimeSignature != "" {
		stampTime = checkStamp(rep, sd, opts)
	} else {
		rep.NotVerified = append(rep.NotVerified, "no trusted timestamp: the signing time ("+sd.Created+") is the signer's own claim")
	}
	if sd.DomainCert == "" && sd.Domain == "" {
		rep.Signer = &SignerInfo{Kind: SignerAnonymous}
		rep.NotVerified = append(rep.NotVerified, "an anonymous key: who holds it must be established out of band (compare the public key)")
		if err := VerifySignature(sd); err != nil {
			rep.add(PathDigest, "signature invalid: "+err.Error(), "", "")
		}
		return
	}
	checkCertSigner(rep, sd, opts, stampTime)
}

// checkCertSigner verifies a named signer's signature and certificate.
func checkCertSigner(rep *Report, sd *SignedData, opts VerifyOptions, stampTime time.Time) {
	chain, err := ParseChain(sd.DomainCert)
	if err != nil {
		rep.add(PathDigest, "domainCert: "+err.Error(), "", "")
		return
	}
	if ChainPEM(chain) != sd.DomainCert {
		rep.add(PathDigest, "domainCert is not in the layout SHARC writes", "", "")
	}
	leaf := chain[0]
	info := &SignerInfo{Kind: SignerCertificate, Domain: sd.Domain, Subject: leaf.Subject.String(), Issuer: leaf.Issuer.String(),
		Fingerprint: Fingerprint(leaf), NotBefore: leaf.NotBefore, NotAfter: leaf.NotAfter}
	rep.Signer = info
	if der, err := x509.MarshalPKIXPublicKey(leaf.PublicKey); err == nil {
		rep.PublicKey = base64.StdEncoding.EncodeToString(der)
		rep.KeyType, rep.ReplayVerifiable = KeyType(leaf.PublicKey), ReplayVerifiable(leaf.PublicKey)
	}
	if sd.PublicKey != "" && sd.PublicKey != rep.PublicKey {
		rep.add(PathDigest, "publicKey is not the certificate's key", rep.PublicKey, sd.PublicKey)
	}
	if err := verifyHashSignature(leaf.PublicKey, sd.Hash, sd.Signature); err != nil {
		rep.add(PathDigest, "signature invalid: "+err.Error(), "", "")
	}
	if err := leaf.VerifyHostname(sd.Domain); err != nil && leaf.Subject.CommonName != sd.Domain {
		rep.add(PathDigest, "the certificate does not name the domain "+sd.Domain, sd.Domain, leaf.Subject.String())
	}
	at := stampTime
	if at.IsZero() {
		at, _ = time.Parse(time.RFC3339, sd.Created)
	}
	if at.Before(leaf.NotBefore) || at.After(leaf.NotAfter) {
		rep.add(PathDigest, "the signer's certificate was not valid at the signing time "+at.UTC().Format(time.RFC3339),
			leaf.NotBefore.UTC().Format(time.RFC3339)+" to "+leaf.NotAfter.UTC().Format(time.RFC3339), "")
	}
	info.SelfSigned = leaf.CheckSignatureFrom(leaf) == nil
	info.Trusted = verifyChain(rep, "domainCert", chain, opts, at, x509.ExtKeyUsageAny, "the signer's certificate")
}

// verifyChain checks chain (leaf first) against the trust roots at time
// at. A chain that is sound but ends in a root outside them is reported
// in NotVerified; a broken one (a changed byte, a wrong issuer) is a
// Problem. It returns whether the chain is trusted.
func verifyChain(rep *Report, field string, chain []*x509.Certificate, opts VerifyOptions, at time.Time, usage x509.ExtKeyUsage, what string) bool {
	leaf := chain[0]
	inter := x509.NewCertPool()
	for _, c := range chain[1:] {
		inter.AddCert(c)
	}
	vo := x509.VerifyOptions{Roots: opts.Roots, Intermediates: inter, CurrentTime: at, KeyUsages: []x509.ExtKeyUsage{usage}}
	if _, err := leaf.Verify(vo); err == nil {
		return true
	}
	// Not trusted: is the chain at least sound up to its own last
	// certificate (a self-signed root the package carries)?
	root := chain[len(chain)-1]
	own := x509.NewCertPool()
	own.AddCert(root)
	vo.Roots = own
	_, err := leaf.Verify(vo)
	if err == nil && root.CheckSignatureFrom(root) == nil {
		rep.NotVerified = append(rep.NotVerified, fmt.Sprintf("%s chains only to %q (SHA-256 %s), which is not in your trust store (--trust)",
			what, root.Subject.String(), Fingerprint(root)))
		return false
	}
	if err == nil {
		err = errors.New("the last certificate of the chain is not self-signed")
	}
	rep.add(PathDigest, field+": "+what+" does not verify: "+err.Error(), "", "")
	return false
}

// checkStamp verifies timeSignature and returns the stamped time (zero
// when the token is unusable).
func checkStamp(rep *Report, sd *SignedData, opts VerifyOptions) time.Time {
	resp, err := base64.StdEncoding.DecodeString(sd.TimeSignature)
	if err == nil && base64.StdEncoding.EncodeToString(resp) != sd.TimeSignature {
		err = errors.New("not canonical base64")
	}
	if err != nil {
		rep.add(PathDigest, "timeSignature: "+err.Error(), "", "")
		return time.Time{}
	}
	st, err := stampOf(resp, []byte(sd.Signature))
	if err != nil {
		rep.add(PathDigest, "timeSignature: "+err.Error(), "", "")
		return time.Time{}
	}
	info := &StampInfo{Time: st.Time}
	if st.SerialNumber != nil {
		info.Serial = st.SerialNumber.String()
	}
	rep.Timestamp = info
	if len(st.Certificates) == 0 {
		rep.NotVerified = append(rep.NotVerified, "the timestamp token carries no TSA certificate: its signature was not checked")
		return st.Time
	}
	chain := tsaChainOrder(st.Certificates)
	if sd.TimestampCert != "" {
		given, err := ParseChain(sd.TimestampCert)
		switch {
		case err != nil:
			rep.add(PathDigest, "timestampCert: "+err.Error(), "", "")
		case ChainPEM(given) != sd.TimestampCert:
			rep.add(PathDigest, "timestampCert is not in the layout SHARC writes", "", "")
		case ChainPEM(chain) != sd.TimestampCert:
			// SHARC copies the token's certificates: anything else in
			// the field would be unchecked text beside the token.
			rep.add(PathDigest, "timestampCert differs from the certificates in the timestamp token", chain[0].Subject.String(), given[0].Subject.String())
		}
	}
	if created, err := time.Parse(time.RFC3339, sd.Created); err == nil {
		if d := st.Time.Sub(created); d > CreatedSkew || d < -CreatedSkew {
			rep.add(PathDigest, "created is more than 10 minutes from the TSA's time", sd.Created, st.Time.UTC().Format(time.RFC3339))
		}
	}
	info.TSA, info.Fingerprint = chain[0].Subject.String(), Fingerprint(chain[0])
	info.Trusted = verifyChain(rep, "timeSignature", chain, opts, st.Time, x509.ExtKeyUsageTimeStamping, "the TSA's certificate")
	return st.Time
}
