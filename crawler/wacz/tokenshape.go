package wacz

import (
	"bytes"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"fmt"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
)

// The CMS library that checks a token's signature (digitorus/pkcs7)
// reads the SignedData leniently, and CMS leaves some of its bytes outside
// the signature (the digestAlgorithms set, versions, algorithm
// parameters, tags it re-encodes). checkTokenShape closes that gap: it
// reads the TimeStampResp strictly as DER in the one shape RFC 3161 and
// RFC 5652 give a token, so no changed byte can pass unnoticed.

var (
	oidSignedData = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 7, 2}
	oidTSTInfo    = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 16, 1, 4}
	// Signed attributes a token may carry: content type, message digest,
	// signing time, signing certificate (v1, v2).
	oidAttrContentType  = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 3}
	oidAttrDigest       = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 4}
	oidAttrSigningTime  = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 5}
	oidAttrSigningCert  = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 16, 2, 12}
	oidAttrSigningCert2 = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 16, 2, 47}
)

var errShape = errors.New("token is not strict DER in RFC 3161's shape")

func shapeErr(what string) error { return fmt.Errorf("%w: %s", errShape, what) }

// checkTokenShape checks a DER TimeStampResp's structure (see above).
func checkTokenShape(resp []byte) error {
	in := cryptobyte.String(resp)
	var r, status, token cryptobyte.String
	var st int64
	if !in.ReadASN1(&r, cbasn1.SEQUENCE) || !in.Empty() ||
		!r.ReadASN1(&status, cbasn1.SEQUENCE) || !status.ReadASN1Integer(&st) || !status.Empty() || (st != 0 && st != 1) ||
		!r.ReadASN1(&token, cbasn1.SEQUENCE) || !r.Empty() {
		return shapeErr("TimeStampResp")
	}
	var oid asn1.ObjectIdentifier
	var explicit, sd cryptobyte.String
	if !token.ReadASN1ObjectIdentifier(&oid) || !oid.Equal(oidSignedData) ||
		!token.ReadASN1(&explicit, cbasn1.Tag(0).ContextSpecific().Constructed()) || !token.Empty() ||
		!explicit.ReadASN1(&sd, cbasn1.SEQUENCE) || !explicit.Empty() {
		return shapeErr("ContentInfo")
	}
	return checkSignedDataShape(sd)
}

func checkSignedDataShape(sd cryptobyte.String) error {
	var version int64
	var digestAlgs, digestAlg, encap, eExplicit, eContent, signerInfos, si cryptobyte.String
	var oid asn1.ObjectIdentifier
	if !sd.ReadASN1Integer(&version) || version != 3 ||
		!sd.ReadASN1(&digestAlgs, cbasn1.SET) || !digestAlgs.ReadASN1Element(&digestAlg, cbasn1.SEQUENCE) || !digestAlgs.Empty() ||
		!sd.ReadASN1(&encap, cbasn1.SEQUENCE) || !encap.ReadASN1ObjectIdentifier(&oid) || !oid.Equal(oidTSTInfo) ||
		!encap.ReadASN1(&eExplicit, cbasn1.Tag(0).ContextSpecific().Constructed()) || !encap.Empty() ||
		!eExplicit.ReadASN1(&eContent, cbasn1.OCTET_STRING) || !eExplicit.Empty() {
		return shapeErr("SignedData header")
	}
	if err := checkAlgorithm(digestAlg); err != nil {
		return err
	}
	var certs cryptobyte.String
	var haveCerts bool
	if !sd.ReadOptionalASN1(&certs, &haveCerts, cbasn1.Tag(0).ContextSpecific().Constructed()) {
		return shapeErr("certificates")
	}
	for !certs.Empty() {
		var c cryptobyte.String
		if !certs.ReadASN1Element(&c, cbasn1.SEQUENCE) {
			return shapeErr("certificate")
		}
		if _, err := x509.ParseCertificate(c); err != nil {
			return shapeErr("certificate: " + err.Error())
		}
	}
	if !sd.ReadASN1(&signerInfos, cbasn1.SET) || !sd.Empty() ||
		!signerInfos.ReadASN1(&si, cbasn1.SEQUENCE) || !signerInfos.Empty() {
		return shapeErr("signerInfos (one signer, no CRLs)")
	}
	return checkSignerInfoShape(si, digestAlg)
}

func checkSignerInfoShape(si cryptobyte.String, digestAlg cryptobyte.String) error {
	var version int64
	var ias, name, alg, attrs, sigAlg, sig cryptobyte.String
	var serial []byte
	if !si.ReadASN1Integer(&version) || version != 1 ||
		!si.ReadASN1(&ias, cbasn1.SEQUENCE) || !ias.ReadASN1Element(&name, cbasn1.SEQUENCE) ||
		!ias.ReadASN1Integer(&serial) || !ias.Empty() ||
		!si.ReadASN1Element(&alg, cbasn1.SEQUENCE) || !bytes.Equal(alg, digestAlg) ||
		!si.ReadASN1(&attrs, cbasn1.Tag(0).ContextSpecific().Constructed()) ||
		!si.ReadASN1Element(&sigAlg, cbasn1.SEQUENCE) ||
		!si.ReadASN1(&sig, cbasn1.OCTET_STRING) || !si.Empty() {
		return shapeErr("SignerInfo (issuer and serial, signed attributes, no unsigned ones)")
	}
	if err := checkAlgorithm(sigAlg); err != nil {
		return err
	}
	seen := map[string]bool{}
	for !attrs.Empty() {
		var a, values, v cryptobyte.String
		var oid asn1.ObjectIdentifier
		if !attrs.ReadASN1(&a, cbasn1.SEQUENCE) || !a.ReadASN1ObjectIdentifier(&oid) ||
			!a.ReadASN1(&values, cbasn1.SET) || !a.Empty() || seen[oid.String()] {
			return shapeErr("signed attribute")
		}
		seen[oid.String()] = true
		var tag cbasn1.Tag
		if !values.ReadAnyASN1Element(&v, &tag) || !values.Empty() {
			return shapeErr("signed attribute " + oid.String() + ": want one value")
		}
		var ok bool
		switch {
		case oid.Equal(oidAttrContentType):
			var ct asn1.ObjectIdentifier
			ok = v.ReadASN1ObjectIdentifier(&ct) && ct.Equal(oidTSTInfo)
		case oid.Equal(oidAttrDigest):
			ok = tag == cbasn1.OCTET_STRING
		case oid.Equal(oidAttrSigningTime):
			ok = tag == cbasn1.UTCTime || tag == cbasn1.GeneralizedTime
		case oid.Equal(oidAttrSigningCert), oid.Equal(oidAttrSigningCert2):
			ok = tag == cbasn1.SEQUENCE
		}
		if !ok {
			return shapeErr("signed attribute " + oid.String())
		}
	}
	if !seen[oidAttrContentType.String()] || !seen[oidAttrDigest.String()] {
		return shapeErr("no content-type or message-digest attribute")
	}
	return nil
}

// checkAlgorithm checks an AlgorithmIdentifier element: an OID and no
// parameters or NULL (ECDSA has none, RSA and SHA-2 NULL).
func checkAlgorithm(el cryptobyte.String) error {
	var alg cryptobyte.String
	var oid asn1.ObjectIdentifier
	if !el.ReadASN1(&alg, cbasn1.SEQUENCE) || !alg.ReadASN1ObjectIdentifier(&oid) {
		return shapeErr("algorithm")
	}
	if alg.Empty() {
		return nil
	}
	var null cryptobyte.String
	if !alg.ReadASN1(&null, cbasn1.NULL) || !null.Empty() || !alg.Empty() {
		return shapeErr("algorithm " + oid.String() + " parameters")
	}
	return nil
}
