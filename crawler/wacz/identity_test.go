package wacz

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit/tsatest"
)

// namedSigner makes a P-384 key with a self-signed certificate for domain,
// valid from now for validity.
func namedSigner(t testing.TB, domain string, now time.Time, validity time.Duration) *Identity {
	t.Helper()
	s := signers(t)[KeyECDSAP384]
	certPEM, err := SelfSignedCertificate(s, domain, now, validity)
	if err != nil {
		t.Fatal(err)
	}
	chain, err := ParseChain(string(certPEM))
	if err != nil {
		t.Fatal(err)
	}
	id, err := NewIdentity(s, chain, domain)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// stampedPackage writes in signed by id and timestamped by a loopback TSA
// whose clock reads tsaNow.
func stampedPackage(t testing.TB, in Input, id *Identity, tsa *tsatest.TSA) []byte {
	t.Helper()
	in.Identity = id
	in.Timestamper = TSAClient{URL: tsa.URL, Client: http.DefaultClient}
	var buf bytes.Buffer
	if err := Write(context.Background(), &buf, in, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func trust(certs ...*x509.Certificate) VerifyOptions {
	p := x509.NewCertPool()
	for _, c := range certs {
		p.AddCert(c)
	}
	return VerifyOptions{Roots: p}
}

func verifyBytes(t testing.TB, z []byte, opts VerifyOptions) Report {
	t.Helper()
	rep, err := VerifyWith(bytes.NewReader(z), int64(len(z)), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestNamedSignerTimestamped: a package signed with a certificate and
// stamped by a loopback TSA verifies; the summary names the signer and
// the TSA's time; without the roots in the trust store it still verifies
// but says what is not verified.
func TestNamedSignerTimestamped(t *testing.T) {
	in := capture(t)
	now := time.Now()
	in.Created = now
	tsa := tsatest.Start(t, func() time.Time { return now.Add(2 * time.Second) })
	id := namedSigner(t, "archive.example.org", now, 24*time.Hour)
	z := stampedPackage(t, in, id, tsa)
	if tsa.Served() != 1 {
		t.Fatalf("TSA served %d tokens, want 1", tsa.Served())
	}
	var dg DigestFile
	if err := json.Unmarshal(entryContent(t, z, PathDigest), &dg); err != nil {
		t.Fatal(err)
	}
	sd := dg.SignedData
	if sd.PublicKey != "" || sd.Domain != "archive.example.org" || !strings.HasPrefix(sd.DomainCert, "-----BEGIN CERTIFICATE-----") ||
		sd.TimeSignature == "" || !strings.Contains(sd.TimestampCert, "-----BEGIN CERTIFICATE-----") {
		t.Fatalf("signedData = %+v", sd)
	}

	rep := verifyBytes(t, z, trust(id.Chain[0], tsa.Root))
	for _, p := range rep.Problems {
		t.Error(p)
	}
	if rep.Signer == nil || rep.Signer.Kind != SignerCertificate || !rep.Signer.Trusted || !rep.Signer.SelfSigned ||
		rep.Signer.Fingerprint != Fingerprint(id.Chain[0]) || rep.Signer.Domain != "archive.example.org" {
		t.Errorf("signer = %+v", rep.Signer)
	}
	if rep.Timestamp == nil || !rep.Timestamp.Trusted || !rep.Timestamp.Time.Equal(now.Add(2*time.Second).UTC().Truncate(time.Second)) &&
		!rep.Timestamp.Time.Equal(now.Add(2*time.Second).UTC()) || !strings.Contains(rep.Timestamp.TSA, "SHARC test TSA") {
		t.Errorf("timestamp = %+v", rep.Timestamp)
	}
	if len(rep.NotVerified) != 0 {
		t.Errorf("with both roots trusted, not verified: %q", rep.NotVerified)
	}
	if rep.Pages != len(in.Pages) {
		t.Errorf("pages = %d, want %d", rep.Pages, len(in.Pages))
	}

	rep = verifyBytes(t, z, VerifyOptions{})
	if !rep.OK() {
		t.Errorf("untrusted roots made problems: %v", rep.Problems)
	}
	nv := strings.Join(rep.NotVerified, "\n")
	if !strings.Contains(nv, "the signer's certificate chains only to") || !strings.Contains(nv, "the TSA's certificate chains only to") {
		t.Errorf("not verified = %q", rep.NotVerified)
	}
}

// rewriteDigest changes signedData with edit and writes
// datapackage-digest.json back in SHARC's layout, so only the edit itself
// can make Verify object.
func rewriteDigest(t testing.TB, z []byte, edit func(sd *SignedData)) []byte {
	t.Helper()
	var dg DigestFile
	if err := json.Unmarshal(entryContent(t, z, PathDigest), &dg); err != nil {
		t.Fatal(err)
	}
	edit(dg.SignedData)
	b, err := json.MarshalIndent(dg, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return replaceEntry(t, z, PathDigest, b)
}

// flipDER decodes the base64 DER, flips one bit at pos and encodes it again.
func flipDER(t testing.TB, b64 string, pos int) string {
	der, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	der[pos%len(der)] ^= 0x01
	return base64.StdEncoding.EncodeToString(der)
}

// flipPEM flips one bit of the DER of the certificate at index i of a PEM
// chain, keeping the PEM layout.
func flipPEM(t testing.TB, chain string, i, pos int) string {
	certs, err := ParseChain(chain)
	if err != nil {
		t.Fatal(err)
	}
	raw := append([]byte(nil), certs[i].Raw...)
	raw[pos%len(raw)] ^= 0x01
	parts := strings.Split(chain, "\n\n")
	var b64 strings.Builder
	b64.WriteString(base64.StdEncoding.EncodeToString(raw))
	lines := []string{"-----BEGIN CERTIFICATE-----"}
	s := b64.String()
	for len(s) > 64 {
		lines, s = append(lines, s[:64]), s[64:]
	}
	lines = append(lines, s, "-----END CERTIFICATE-----", "")
	parts[i] = strings.Join(lines, "\n")
	if i < len(parts)-1 {
		parts[i] = strings.TrimSuffix(parts[i], "\n")
	}
	return strings.Join(parts, "\n\n")
}

// TestNamedSignerRejectsChanges: after any byte of the package, of the
// timestamp token or of a certificate changes, the package is rejected.
func TestNamedSignerRejectsChanges(t *testing.T) {
	in := capture(t)
	now := time.Now()
	in.Created = now
	tsa := tsatest.Start(t, func() time.Time { return now })
	id := namedSigner(t, "archive.example.org", now, 24*time.Hour)
	z := stampedPackage(t, in, id, tsa)
	opts := trust(id.Chain[0], tsa.Root)
	if rep := verifyBytes(t, z, opts); !rep.OK() {
		t.Fatalf("untouched package: %v", rep.Problems)
	}
	var dg DigestFile
	if err := json.Unmarshal(entryContent(t, z, PathDigest), &dg); err != nil {
		t.Fatal(err)
	}
	tokenLen := base64.StdEncoding.DecodedLen(len(dg.SignedData.TimeSignature))
	certLen := len(id.Chain[0].Raw)
	tsaCerts, _ := ParseChain(dg.SignedData.TimestampCert)
	type tamper struct {
		name string
		z    []byte
	}
	var cases []tamper
	for _, pos := range []int{0, 100, 1000, 3000} {
		cases = append(cases, tamper{"WARC byte", rezip(t, z, archiveDir+filepath.Base(in.WARCs[0]), pos)})
	}
	for pos := 0; pos < tokenLen; pos++ {
		cases = append(cases, tamper{"token byte", rewriteDigest(t, z, func(sd *SignedData) { sd.TimeSignature = flipDER(t, sd.TimeSignature, pos) })})
	}
	for pos := 0; pos < certLen; pos += 5 {
		cases = append(cases, tamper{"signer certificate byte", rewriteDigest(t, z, func(sd *SignedData) { sd.DomainCert = flipPEM(t, sd.DomainCert, 0, pos) })})
	}
	for i, c := range tsaCerts {
		for pos := 0; pos < len(c.Raw); pos += 11 {
			cases = append(cases, tamper{"TSA certificate byte", rewriteDigest(t, z, func(sd *SignedData) { sd.TimestampCert = flipPEM(t, sd.TimestampCert, i, pos) })})
		}
	}
	cases = append(cases,
		tamper{"domain", rewriteDigest(t, z, func(sd *SignedData) { sd.Domain = "archive.example.com" })},
		tamper{"signature", rewriteDigest(t, z, func(sd *SignedData) { sd.Signature = flipDER(t, sd.Signature, 3) })},
		tamper{"token dropped cert", rewriteDigest(t, z, func(sd *SignedData) { sd.TimestampCert = ChainPEM(tsaCerts[1:]) })},
	)
	for i, c := range cases {
		if rep := verifyBytes(t, c.z, opts); rep.OK() {
			t.Errorf("case %d (%s): changed package verified", i, c.name)
		}
	}
	t.Logf("%d changed packages rejected", len(cases))
}

// TestNamedSignerCertificateChecks: a certificate that expired before the
// TSA saw the signature, a key that is not the certificate's, and a TSA
// whose clock is far from created are all refused.
func TestNamedSignerCertificateChecks(t *testing.T) {
	in := capture(t)
	now := time.Now()
	id := namedSigner(t, "archive.example.org", now, time.Hour)

	later := now.Add(48 * time.Hour)
	in.Created = later
	tsa := tsatest.Start(t, func() time.Time { return later })
	z := stampedPackage(t, in, id, tsa)
	rep := verifyBytes(t, z, trust(id.Chain[0], tsa.Root))
	if rep.OK() || !strings.Contains(rep.Problems[0].Msg, "not valid at the signing time") {
		t.Errorf("expired signer certificate: problems %v", rep.Problems)
	}

	other := signers(t)[KeyECDSAP384]
	if _, err := NewIdentity(other, id.Chain, ""); !errors.Is(err, ErrIdentity) {
		t.Errorf("a key the certificate does not certify: %v", err)
	}
	if _, err := NewIdentity(id.Signer, id.Chain, "other.example.org"); !errors.Is(err, ErrIdentity) {
		t.Errorf("a domain the certificate does not name: %v", err)
	}

	in.Created = now
	skewed := tsatest.Start(t, func() time.Time { return now.Add(CreatedSkew + time.Minute) })
	in.Identity, in.Timestamper = id, TSAClient{URL: skewed.URL, Client: http.DefaultClient}
	if err := Write(context.Background(), &bytes.Buffer{}, in, nil); !errors.Is(err, ErrTimestamp) {
		t.Errorf("TSA 11 minutes off: Write error %v, want ErrTimestamp", err)
	}
}

// replaceEntry copies the zip z with name's content replaced by b.
func replaceEntry(t testing.TB, z []byte, name string, b []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		data := b
		if f.Name != name {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			data, err = io.ReadAll(rc)
			rc.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: f.Method})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fw.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}
