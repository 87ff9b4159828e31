package main

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit/tsatest"
)

// TestExportWACZNamedSignerTSA: keygen makes a key and a self-signed
// certificate; export signs with them and timestamps the signature at a
// TSA on loopback (reached only because the flag opens 127.0.0.1 in the
// network guard); verify accepts the package and says who signed it and
// when the TSA saw it, and rejects it after one byte of a WARC, of the
// timestamp token or of the certificate changes.
func TestExportWACZNamedSignerTSA(t *testing.T) {
	dir, dsn, warcDir, captID := exportFixture(t)
	var stdout, stderr bytes.Buffer
	key, cert := filepath.Join(dir, "key.pem"), filepath.Join(dir, "cert.pem")
	if code := run([]string{"keygen", "-o", key, "--cert", cert, "--domain", "archive.example.org"}, &stdout, &stderr); code != 0 {
		t.Fatalf("keygen: %s", stderr.String())
	}
	tsa := tsatest.Start(t, nil)
	out := filepath.Join(dir, "c.wacz")
	export := []string{"export", "wacz", fmt.Sprint(captID), "-o", out, "--store", dsn, "--warc-dir", warcDir,
		"--sign-key", key, "--sign-cert", cert, "--tsa-url", tsa.URL}
	if code := run(export, io.Discard, &stderr); code == 0 || !strings.Contains(stderr.String(), "127.0.0.1") {
		t.Fatalf("export reached a loopback TSA without the opt-in: exit %d, %s", code, stderr.String())
	}
	stderr.Reset()
	if code := run(append(export, "--tsa-allow-addresses", "127.0.0.1/32"), &stdout, &stderr); code != 0 {
		t.Fatalf("export wacz: %s", stderr.String())
	}
	trustFile := filepath.Join(dir, "trust.pem")
	certPEM, _ := os.ReadFile(cert)
	if err := os.WriteFile(trustFile, append(certPEM, tsa.RootPEM()...), 0o644); err != nil {
		t.Fatal(err)
	}

	stdout.Reset()
	if code := run([]string{"verify", "--trust", trustFile, out}, &stdout, &stderr); code != 0 {
		t.Fatalf("verify: exit %d, %s %s", code, stdout.String(), stderr.String())
	}
	got := stdout.String()
	t.Log(got)
	for _, want := range []string{"OK ", "signer: archive.example.org (certificate CN=archive.example.org", "trusted, self-signed",
		"timestamp: the TSA CN=SHARC test TSA", "covers: 3 pages"} {
		if !strings.Contains(got, want) {
			t.Errorf("verify --trust output lacks %q", want)
		}
	}
	if strings.Contains(got, "not verified") {
		t.Errorf("verify --trust: something not verified")
	}
	stdout.Reset()
	if code := run([]string{"verify", out}, &stdout, &stderr); code != 0 ||
		!strings.Contains(stdout.String(), "not verified: the signer's certificate chains only to") ||
		!strings.Contains(stdout.String(), "not verified: the TSA's certificate chains only to") {
		t.Errorf("verify without --trust: exit %d, %s", code, stdout.String())
	}

	z, _ := os.ReadFile(out)
	tampered := map[string][]byte{
		"WARC byte":        flipStored(t, z, "archive/", 200),
		"token byte":       editSignedData(t, z, func(sd *wacz.SignedData) { sd.TimeSignature = flipB64(t, sd.TimeSignature, 300) }),
		"certificate byte": editSignedData(t, z, func(sd *wacz.SignedData) { sd.DomainCert = strings.Replace(sd.DomainCert, "A", "B", 1) }),
	}
	for name, b := range tampered {
		bad := filepath.Join(dir, "bad.wacz")
		if err := os.WriteFile(bad, b, 0o644); err != nil {
			t.Fatal(err)
		}
		stdout.Reset()
		if code := run([]string{"verify", "--trust", trustFile, bad}, &stdout, io.Discard); code == 0 || !strings.Contains(stdout.String(), "FAIL") {
			t.Errorf("%s changed: verify exit %d, %s", name, code, stdout.String())
		}
	}
}

// flipStored flips a bit of the first zip entry under prefix, at pos of its
// stored bytes (WARCs are stored uncompressed, so this changes content).
func flipStored(t *testing.T, z []byte, prefix string, pos int64) []byte {
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, prefix) {
			off, err := f.DataOffset()
			if err != nil {
				t.Fatal(err)
			}
			b := append([]byte(nil), z...)
			b[off+pos] ^= 0x04
			return b
		}
	}
	t.Fatalf("no entry under %s", prefix)
	return nil
}

func flipB64(t *testing.T, s string, pos int) string {
	der, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	der[pos%len(der)] ^= 0x01
	return base64.StdEncoding.EncodeToString(der)
}

// editSignedData rewrites datapackage-digest.json with edit applied, in
// SHARC's layout, leaving every other entry as it was.
func editSignedData(t *testing.T, z []byte, edit func(*wacz.SignedData)) []byte {
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		if f.Name == wacz.PathDigest {
			var dg wacz.DigestFile
			if err := json.Unmarshal(b, &dg); err != nil {
				t.Fatal(err)
			}
			edit(dg.SignedData)
			b, _ = json.MarshalIndent(dg, "", "  ")
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: f.Method, Modified: time.Unix(0, 0)})
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(b)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}
