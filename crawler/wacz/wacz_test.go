package wacz

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
	"github.com/sharc-archive/sharc/warc/cdxj"
	"go.uber.org/zap/zaptest"
)

// capture crawls a tiny real site on loopback into WARCs and returns the
// WACZ input for it.
func capture(t testing.TB) Input {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, "<html><title>page %s</title><a href=\"/a\">a</a> %s</html>", r.URL.Path, strings.Repeat("x", 500))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	dir := t.TempDir()
	w, err := warc.NewWriter(warc.Config{Dir: dir, Prefix: "WZ", MaxSize: 4000}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	var recs []store.Record
	var pages []Page
	for i := 0; i < 6; i++ {
		u := fmt.Sprintf("%s/p%d", srv.URL, i)
		req, resp := fetch(t, srv, fmt.Sprintf("/p%d", i))
		when := time.Date(2024, 3, 1, 12, 0, i, 0, time.UTC)
		ws, err := w.WriteExchange(context.Background(), warc.Exchange{TargetURI: u, IP: "127.0.0.1", Date: when, Request: req, Response: resp})
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range ws {
			recs = append(recs, store.Record{URL: u, SURT: urlcanon.SURT(u), Time: when, RecordType: x.Type, RecordID: x.RecordID,
				Status: x.Status, MIME: x.MIME, PayloadDigest: x.PayloadDigest, Length: x.PayloadLength,
				WARCFile: x.File, Offset: x.Offset, RecordLength: x.Length})
		}
		pages = append(pages, Page{URL: u, Title: fmt.Sprintf("page /p%d", i), TS: when})
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	es := cdxj.Entries(recs)
	cdxj.Sort(es)
	var idx bytes.Buffer
	if err := cdxj.Write(&idx, es); err != nil {
		t.Fatal(err)
	}
	return Input{WARCs: w.Files(), CDXJ: idx.Bytes(), Pages: pages, Report: []byte(`{"blur":0.1}`),
		Title: "test capture", Description: "six pages", Software: "SHARC test", Created: time.Date(2024, 3, 1, 13, 0, 0, 0, time.UTC)}
}

func fetch(t testing.TB, srv *httptest.Server, p string) (req, resp []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	req = []byte("GET " + p + " HTTP/1.1\r\nHost: " + srv.Listener.Addr().String() + "\r\nConnection: close\r\n\r\n")
	if _, err := conn.Write(req); err != nil {
		t.Fatal(err)
	}
	resp, err = io.ReadAll(conn)
	if err != nil {
		t.Fatal(err)
	}
	return req, resp
}

func signers(t testing.TB) map[string]crypto.Signer {
	out := map[string]crypto.Signer{"unsigned": nil}
	for _, k := range []string{KeyEd25519, KeyECDSAP256, KeyECDSAP384} {
		p, err := GenerateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ParseSigner(p)
		if err != nil {
			t.Fatal(err)
		}
		out[k] = s
	}
	return out
}

// build writes a WACZ of in signed by s, opting in to key types
// ReplayWeb.page cannot verify (TestSigningKeyTypes checks the refusal).
func build(t testing.TB, in Input, s crypto.Signer) []byte {
	t.Helper()
	in.AllowUnverifiableKey = true
	var buf bytes.Buffer
	if err := Write(context.Background(), &buf, in, s); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestWriteVerify(t *testing.T) {
	in := capture(t)
	if len(in.WARCs) < 2 {
		t.Fatalf("want several WARC files, got %v", in.WARCs)
	}
	for name, s := range signers(t) {
		t.Run(name, func(t *testing.T) {
			z := build(t, in, s)
			rep, err := Verify(bytes.NewReader(z), int64(len(z)))
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range rep.Problems {
				t.Error(p)
			}
			if rep.Signed != (s != nil) {
				t.Errorf("Signed = %v", rep.Signed)
			}
			if rep.Indexed != 6 || rep.Records == 0 {
				t.Errorf("indexed %d records %d", rep.Indexed, rep.Records)
			}
			independentCheck(t, z, in)
		})
	}
}

// independentCheck reads the WACZ with archive/zip and the spec's rules
// only, not with Verify.
func independentCheck(t *testing.T, z []byte, in Input) {
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "archive/") && f.Method != zip.Store {
			t.Errorf("%s compressed in zip", f.Name)
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		files[f.Name] = b
	}
	for _, p := range in.WARCs {
		orig, _ := os.ReadFile(p)
		if !bytes.Equal(files["archive/"+filepath.Base(p)], orig) {
			t.Errorf("archive/%s differs from the WARC file", filepath.Base(p))
		}
	}
	if !bytes.Equal(files["indexes/index.cdxj"], in.CDXJ) || !bytes.Equal(files["reports/quality.json"], in.Report) {
		t.Error("index or report not stored verbatim")
	}
	var dp struct {
		Profile     string `json:"profile"`
		WACZVersion string `json:"wacz_version"`
		Resources   []struct {
			Name, Path, Hash string
			Bytes            int64
		} `json:"resources"`
	}
	if err := json.Unmarshal(files["datapackage.json"], &dp); err != nil {
		t.Fatal(err)
	}
	if dp.Profile != "data-package" || dp.WACZVersion != "1.1.1" {
		t.Errorf("profile %q version %q", dp.Profile, dp.WACZVersion)
	}
	if len(dp.Resources) != len(files)-2 {
		t.Errorf("%d resources for %d files", len(dp.Resources), len(files))
	}
	for _, r := range dp.Resources {
		sum := sha256.Sum256(files[r.Path])
		if r.Hash != "sha256:"+hex.EncodeToString(sum[:]) || r.Bytes != int64(len(files[r.Path])) {
			t.Errorf("resource %s: hash/bytes wrong", r.Path)
		}
	}
	var dg map[string]any
	if err := json.Unmarshal(files["datapackage-digest.json"], &dg); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(files["datapackage.json"])
	if dg["hash"] != "sha256:"+hex.EncodeToString(sum[:]) || dg["path"] != "datapackage.json" {
		t.Errorf("datapackage-digest.json = %v", dg)
	}
	lines := strings.Split(strings.TrimSpace(string(files["pages/pages.jsonl"])), "\n")
	if len(lines) != 7 || lines[0] != `{"format": "json-pages-1.0", "id": "pages", "title": "All Pages"}` || !strings.Contains(lines[1], `"url":"http://127.0.0.1`) {
		t.Errorf("pages.jsonl = %q", lines)
	}
}

// rezip copies a WACZ, changing one byte of one file's content; the zip
// itself stays consistent (fresh CRC), so only the WACZ's own hashes can
// catch the change.
func rezip(t testing.TB, z []byte, name string, pos int) []byte {
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		rc, _ := f.Open()
		b, _ := io.ReadAll(rc)
		if f.Name == name {
			b = append([]byte(nil), b...)
			b[pos] ^= 0x01
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: f.Method})
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(b)
	}
	_ = zw.Close()
	return out.Bytes()
}

// entryContent returns the decompressed content of name in the zip z, or
// nil if it cannot be read whole (a flip the zip reader objects to).
func entryContent(t testing.TB, z []byte, name string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		return nil
	}
	for _, f := range zr.File {
		if f.Name != name {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil
		}
		return b
	}
	return nil
}

func TestVerifyRejectsEveryChangedByte(t *testing.T) {
	in := capture(t)
	s := signers(t)[KeyECDSAP384]
	z := build(t, in, s)
	zr, _ := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	rng := rand.New(rand.NewSource(7))
	checked := 0
	for _, f := range zr.File {
		size := int(f.UncompressedSize64)
		positions := []int{0, size / 2, size - 1}
		for i := 0; i < 12; i++ {
			positions = append(positions, rng.Intn(size))
		}
		for _, pos := range positions {
			bad := rezip(t, z, f.Name, pos)
			rep, err := Verify(bytes.NewReader(bad), int64(len(bad)))
			if err == nil && rep.OK() {
				t.Errorf("%s byte %d changed: Verify passed", f.Name, pos)
			}
			checked++
		}
		// Raw flip inside the stored bytes of the file in the .wacz: the
		// zip CRC and the hashes must both object, unless the flipped bit
		// carries no data (the padding after a deflate stream's last
		// block): then the file is unchanged and passing is right. Which
		// bits those are depends on the capture's timestamps, so a fixed
		// seed hit one in 2 of 30 runs.
		off, err := f.DataOffset()
		if err != nil {
			t.Fatal(err)
		}
		orig := entryContent(t, z, f.Name)
		for i := 0; i < 5; i++ {
			bad := append([]byte(nil), z...)
			bad[off+rng.Int63n(int64(f.CompressedSize64))] ^= 0x80
			rep, err := Verify(bytes.NewReader(bad), int64(len(bad)))
			if err == nil && rep.OK() && !bytes.Equal(entryContent(t, bad, f.Name), orig) {
				t.Errorf("%s raw byte flipped: its content changed and Verify passed", f.Name)
			}
			checked++
		}
	}
	t.Logf("%d tampered packages rejected", checked)
}

func TestVerifyReportsPrecisely(t *testing.T) {
	in := capture(t)
	z := build(t, in, nil)
	bad := rezip(t, z, PathReport, 2)
	rep, err := Verify(bytes.NewReader(bad), int64(len(bad)))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 1 || rep.Problems[0].File != PathReport || rep.Problems[0].Msg != "sha256 mismatch" ||
		!strings.HasPrefix(rep.Problems[0].Expected, "sha256:") || rep.Problems[0].Got == rep.Problems[0].Expected {
		t.Errorf("problems = %v", rep.Problems)
	}
	if _, err := Verify(bytes.NewReader([]byte("not a zip")), 9); err == nil {
		t.Error("garbage accepted as zip")
	}
}

func TestKeys(t *testing.T) {
	if _, err := GenerateKey("rsa"); err == nil {
		t.Error("unknown key type accepted")
	}
	if _, err := ParseSigner([]byte("-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n")); err == nil {
		t.Error("non-PKCS#8 key accepted")
	}
	// A signature by one key does not verify under another.
	ss := signers(t)
	sd, err := Sign("sha256:00", ss[KeyECDSAP256], time.Now(), "t")
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifySignature(sd); err != nil {
		t.Fatal(err)
	}
	other, _ := Sign("sha256:00", ss[KeyECDSAP384], time.Now(), "t")
	sd.PublicKey = other.PublicKey
	if VerifySignature(sd) == nil {
		t.Error("signature verified under the wrong key")
	}
}
