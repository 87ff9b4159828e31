package daemon

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/x509"
	"encoding/json"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/heritrix"
	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit/tsatest"
	"github.com/sharc-archive/sharc/internal/version"
)

// TestEvidencePackage: with wacz_signing naming a key, a certificate and a
// TSA on loopback, a finished capture's WACZ is signed by the named signer
// and timestamped, and it carries the whole story: the SHARC report (HTML
// and JSON), crawl.log, Heritrix's reports, the job file, the audit
// entries and the software's identity, each listed and hashed. At
// f1d4fba the package held quality.json and nothing else of the kind, and
// was signed, if at all, by a bare key.
func TestEvidencePackage(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(6, 0, &hits))
	defer srv.Close()
	dir := t.TempDir()
	keyPEM, err := wacz.GenerateKey(wacz.KeyECDSAP384)
	if err != nil {
		t.Fatal(err)
	}
	signer, _ := wacz.ParseSigner(keyPEM)
	certPEM, err := wacz.SelfSignedCertificate(signer, "archive.example.org", time.Now(), 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	keyFile, certFile := filepath.Join(dir, "key.pem"), filepath.Join(dir, "cert.pem")
	_ = os.WriteFile(keyFile, keyPEM, 0o600)
	_ = os.WriteFile(certFile, certPEM, 0o644)
	tsa := tsatest.Start(t, nil)
	td := startDaemonOpts(t, storeDSN(t), Options{}, func(c *Config) {
		c.WACZSigning = WACZSigning{Key: keyFile, Cert: certFile, TSAURL: tsa.URL}
	})
	if _, err := td.client.Submit(context.Background(), jobYAML("evidence", strings.TrimPrefix(srv.URL, "http://"), ""), ""); err != nil {
		t.Fatal(err)
	}
	waitState(t, td.client, "evidence", stateIdle, 30*time.Second)
	caps, err := td.client.Captures(context.Background(), "evidence")
	if err != nil || len(caps) != 1 {
		t.Fatalf("captures %+v %v", caps, err)
	}
	var pkg bytes.Buffer
	if err := td.client.Get(context.Background(), "/api/v1/captures/"+itoa(caps[0].ID)+"/wacz", &pkg); err != nil {
		t.Fatal(err)
	}
	if tsa.Served() != 1 {
		t.Errorf("the TSA stamped %d signatures, want 1", tsa.Served())
	}
	roots := x509.NewCertPool()
	chain, _ := wacz.ParseChain(string(certPEM))
	roots.AddCert(chain[0])
	roots.AddCert(tsa.Root)
	rep, err := wacz.VerifyWith(bytes.NewReader(pkg.Bytes()), int64(pkg.Len()), wacz.VerifyOptions{Roots: roots})
	if err != nil || !rep.OK() {
		t.Fatalf("the package does not verify: %+v %v", rep.Problems, err)
	}
	if rep.Signer == nil || rep.Signer.Kind != wacz.SignerCertificate || rep.Signer.Domain != "archive.example.org" || !rep.Signer.Trusted ||
		rep.Timestamp == nil || !rep.Timestamp.Trusted || len(rep.NotVerified) != 0 {
		t.Errorf("signer %+v, timestamp %+v, not verified %q", rep.Signer, rep.Timestamp, rep.NotVerified)
	}

	files := map[string][]byte{}
	zr, err := zip.NewReader(bytes.NewReader(pkg.Bytes()), int64(pkg.Len()))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		rc, _ := f.Open()
		files[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	want := []string{wacz.PathReportHTML, wacz.PathReportJSON, "reports/crawl.log", wacz.PathJobYAML, wacz.PathAudit, wacz.PathVersion}
	for _, r := range heritrix.Reports {
		want = append(want, "reports/"+r)
	}
	for _, name := range want {
		if len(files[name]) == 0 {
			t.Errorf("the package has no %s (or it is empty)", name)
		}
	}
	if !bytes.Contains(files["reports/crawl.log"], []byte("/p/0")) || !bytes.Contains(files[wacz.PathJobYAML], []byte("name: evidence")) ||
		!bytes.Contains(files[wacz.PathReportHTML], []byte("<html")) {
		t.Errorf("crawl.log, job.yaml or the HTML report does not hold the capture's content")
	}
	var sw version.BuildInfo
	if err := json.Unmarshal(files[wacz.PathVersion], &sw); err != nil || sw.Software != version.Software() {
		t.Errorf("software.json = %s (%v)", files[wacz.PathVersion], err)
	}
}
