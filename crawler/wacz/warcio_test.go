package wacz_test

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	mrand "math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit/crawltest"
	"github.com/sharc-archive/sharc/research/testsite"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
	"github.com/sharc-archive/sharc/warc/cdxj"
)

// jsRecord is one WARC record as tests/js/read-wacz.mjs reports it.
type jsRecord struct {
	File                  string `json:"file"`
	Type                  string `json:"type"`
	RecordID              string `json:"recordID"`
	TargetURI             string `json:"targetURI"`
	PayloadDigest         string `json:"payloadDigest"`
	BlockDigest           string `json:"blockDigest"`
	ComputedPayloadDigest string `json:"computedPayloadDigest"`
	ComputedBlockDigest   string `json:"computedBlockDigest"`
	Profile               string `json:"profile"`
	HTTPStatus            *int   `json:"httpStatus"`
	ContentLength         int64  `json:"contentLength"`
	Offset                int64  `json:"offset"`
	Length                int64  `json:"length"`
}

// jsResult is the JSON read-wacz.mjs prints.
type jsResult struct {
	Reader string `json:"reader"`
	Files  map[string]struct {
		Bytes  int64  `json:"bytes"`
		SHA256 string `json:"sha256"`
		Method string `json:"method"`
	} `json:"files"`
	Counts  map[string]int    `json:"counts"`
	Records []jsRecord        `json:"records"`
	CDXJ    []json.RawMessage `json:"cdxj"`
	// IndexForm is "cdxj" (index.cdxj) or "cdxj-gzip" (index.idx and
	// index.cdx.gz, inflated block by block).
	IndexForm string `json:"indexForm"`
	// Datapackage is kept raw and decoded here with our own struct, so a
	// field-name slip in wacz.DataPackage would show.
	Datapackage struct {
		Profile     string `json:"profile"`
		WACZVersion string `json:"wacz_version"`
		MainPageURL string `json:"mainPageUrl"`
		Resources   []struct {
			Path  string `json:"path"`
			Hash  string `json:"hash"`
			Bytes int64  `json:"bytes"`
		} `json:"resources"`
	} `json:"datapackage"`
	DigestFile struct {
		Path string `json:"path"`
		Hash string `json:"hash"`
	} `json:"digestFile"`
	Pages []map[string]any `json:"pages"`
	// Signature is the WebCrypto check ReplayWeb.page makes; nil when
	// the package is unsigned.
	Signature *struct {
		HashMatches bool   `json:"hashMatches"`
		Valid       bool   `json:"valid"`
		Error       string `json:"error"`
	} `json:"signature"`
	Problems []string `json:"problems"`
}

// jsTools returns the node binary and the script, or skips the test when
// the independent reader is not installed (make js installs it).
func jsTools(t *testing.T) (node, script string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not on PATH: the warcio cross-check needs Node.js (then run make js)")
	}
	_, self, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(self), "..", "..", "tests", "js")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "warcio")); err != nil {
		t.Skipf("%s/node_modules is missing: run make js (npm ci --prefix tests/js) first", dir)
	}
	return node, filepath.Join(dir, "read-wacz.mjs")
}

// liveSite serves the changing test site plus two pages that exercise the
// HTTP framings a WARC reader must undo: a chunked body and a gzip
// content-coded chunked body.
func liveSite(t *testing.T) *httptest.Server {
	t.Helper()
	const unit = 15 * time.Millisecond
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var served atomic.Int64
	site, err := testsite.New(testsite.Config{
		Start: start, Now: func() time.Time { return start.Add(time.Duration(served.Load()) * unit) },
		Pages: 20, Outdegree: 3, Skew: 1.2, TimeUnit: unit, Seed: 11, Embeds: true,
		DeleteAfter: map[int]time.Duration{19: 30 * unit},
	}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	// ~700 KB of base64 noise per page: gzip cannot shrink it much, so the
	// capture spills over the 1 MiB rotation size into several WARC files.
	noise := make([]byte, 520<<10)
	mrand.New(mrand.NewSource(3)).Read(noise)
	big := base64.StdEncoding.EncodeToString(noise)
	mux := http.NewServeMux()
	mux.HandleFunc("/chunked", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		for i := 0; i < len(big); i += 4096 {
			io.WriteString(w, big[i:min(i+4096, len(big))])
			w.(http.Flusher).Flush() // forces Transfer-Encoding: chunked
		}
	})
	mux.HandleFunc("/gzipped", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		io.WriteString(zw, "<html><body>"+big+"</body></html>")
		zw.Close()
	})
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		// Pages with even numbers ignore validators: their unchanged
		// revisits are identical-payload-digest revisits, the others
		// server-not-modified ones.
		if k, ok := testsite.PageIndex(r.URL.Path); ok && k%2 == 0 {
			r.Header.Del("If-None-Match")
			r.Header.Del("If-Modified-Since")
		}
		site.ServeHTTP(w, r)
	}))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// crawlWACZ runs a real visit-revisit capture of the live site and packs
// it as export wacz does; it returns the WACZ path, the path of the same
// capture packed with the compressed index, and the store's records.
func crawlWACZ(t *testing.T) (string, string, []store.Record) {
	t.Helper()
	ctx := context.Background()
	srv := liveSite(t)
	dir := t.TempDir()
	c := crawltest.Run(t, dir, "warcio.yaml", fmt.Sprintf(`
name: warcio-crosscheck
seeds: [http://site.test/, http://site.test/chunked, http://site.test/gzipped]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 2
politeness: {delay: 5ms, delay_factor: 0}
scheduler: {strategy: sharc-selective-online, tau: 0.9}
capture: {mode: visit-revisit}
warc: {dir: %s, max_size: 1048576}
resolve: {site.test: %s}
`, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://")))
	st, stats, warcDir := c.Store, c.Stats, c.WARCs
	recs, err := st.Records(ctx, stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	in, err := wacz.FromCapture(ctx, st, stats.CaptureID, warcDir, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	in.Title, in.Software, in.Created = "warcio cross-check", "SHARC test", time.Now()
	key, err := wacz.GenerateKey(wacz.KeyECDSAP384)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := wacz.ParseSigner(key)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "capture.wacz")
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := wacz.Write(ctx, f, in, signer); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	gzOut := filepath.Join(dir, "capture-gz.wacz")
	in.CompressIndexAt = 1
	if f, err = os.Create(gzOut); err != nil {
		t.Fatal(err)
	}
	if err := wacz.Write(ctx, f, in, signer); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return out, gzOut, recs
}

// goRecords reads the packaged WARCs with SHARC's own reader; chunked
// counts response records stored with chunked transfer-coding.
func goRecords(t *testing.T, warcs []string) (out []warc.Record, chunked int) {
	t.Helper()
	for _, p := range warcs {
		r, err := warc.OpenFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for {
			rec, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			head, _, _ := bytes.Cut(rec.Block, []byte("\r\n\r\n"))
			if rec.Type() == warc.Response && bytes.Contains(bytes.ToLower(head), []byte("transfer-encoding: chunked")) {
				chunked++
			}
			rec.Block = nil
			out = append(out, *rec)
		}
		r.Close()
	}
	return out, chunked
}

func runReader(t *testing.T, node, script, path string) jsResult {
	t.Helper()
	cmd := exec.Command(node, script, path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var res jsResult
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("read-wacz.mjs output is not JSON (%v; run error %v): %s\nstderr: %s", err, runErr, stdout.Bytes(), stderr.Bytes())
	}
	if runErr != nil || len(res.Problems) > 0 {
		t.Fatalf("warcio could not read the WACZ cleanly: %v\nproblems: %q\nstderr: %s", runErr, res.Problems, stderr.Bytes())
	}
	return res
}

// TestWarcioReadsWACZ has webrecorder's warcio (Node.js) read a WACZ of a
// real visit-revisit capture and checks that it sees exactly what SHARC
// wrote: the same records, URIs and digests, digests that warcio's own
// recomputation confirms, and index lines that point at those records.
func TestWarcioReadsWACZ(t *testing.T) {
	node, script := jsTools(t)
	path, gzPath, recs := crawlWACZ(t)
	res := runReader(t, node, script, path)
	if res.Reader != "warcio" {
		t.Fatalf("reader %q", res.Reader)
	}
	// The same capture with the compressed index: the independent reader
	// inflates its blocks (digests and keys checked) to the same lines.
	gzRes := runReader(t, node, script, gzPath)
	if res.IndexForm != "cdxj" || gzRes.IndexForm != "cdxj-gzip" {
		t.Errorf("index forms %q and %q, want cdxj and cdxj-gzip", res.IndexForm, gzRes.IndexForm)
	}
	if a, b := fmt.Sprint(res.CDXJ), fmt.Sprint(gzRes.CDXJ); a != b || len(res.CDXJ) == 0 {
		t.Errorf("the compressed index reads back as other lines (%d, plain %d)", len(gzRes.CDXJ), len(res.CDXJ))
	}

	// What SHARC's own reader sees in the packaged WARCs, file by file in
	// archive order.
	var warcNames []string
	for name := range res.Files {
		if strings.HasPrefix(name, "archive/") {
			warcNames = append(warcNames, name)
		}
	}
	sort.Strings(warcNames)
	var warcPaths []string
	for _, n := range warcNames {
		// The capture's folder under warc.dir (package jobdir) holds them.
		found, err := filepath.Glob(filepath.Join(filepath.Dir(path), "warcs", "*", "warcs", strings.TrimPrefix(n, "archive/")))
		if err != nil || len(found) != 1 {
			t.Fatalf("%s: %v %v", n, found, err)
		}
		warcPaths = append(warcPaths, found[0])
	}
	if len(warcPaths) < 2 {
		t.Fatalf("want a capture spread over several WARC files, got %v", warcNames)
	}
	goRecs, chunkedResponses := goRecords(t, warcPaths)
	if chunkedResponses == 0 {
		t.Error("no response stored with chunked transfer-coding: warcio's dechunking is not exercised")
	}
	byPlace := map[string]jsRecord{}
	for _, r := range res.Records {
		byPlace[r.File+"@"+strconv.FormatInt(r.Offset, 10)] = r
	}

	// 1. Record counts per type and each record's identity and place.
	goCounts := map[string]int{}
	for _, r := range goRecs {
		goCounts[r.Header.Get("WARC-Type")]++
	}
	if fmt.Sprint(goCounts) != fmt.Sprint(res.Counts) {
		t.Errorf("record counts: warcio %v, SHARC's reader %v", res.Counts, goCounts)
	}
	for _, typ := range []string{"warcinfo", "request", "response", "revisit"} {
		if res.Counts[typ] == 0 {
			t.Errorf("no %s records: the capture does not exercise them", typ)
		}
	}
	if len(res.Records) != len(goRecs) {
		t.Fatalf("warcio read %d records, SHARC's reader %d", len(res.Records), len(goRecs))
	}
	profiles := map[string]int{}
	chunked := 0
	for i, g := range goRecs {
		j := res.Records[i]
		if j.Type != string(g.Type()) || j.TargetURI != g.TargetURI() || "<"+g.ID()+">" != j.RecordID ||
			j.Offset != g.Offset || j.Length != g.Length ||
			j.PayloadDigest != g.Header.Get("WARC-Payload-Digest") || j.BlockDigest != g.Header.Get("WARC-Block-Digest") {
			t.Errorf("record %d: warcio %+v, SHARC's reader type %s uri %s id %s at %d+%d payload %s block %s", i, j,
				g.Type(), g.TargetURI(), g.ID(), g.Offset, g.Length, g.Header.Get("WARC-Payload-Digest"), g.Header.Get("WARC-Block-Digest"))
		}
		if j.Type == "revisit" {
			profiles[j.Profile]++
		}
		if strings.HasSuffix(j.TargetURI, "/chunked") || strings.HasSuffix(j.TargetURI, "/gzipped") {
			chunked++
		}
	}
	t.Logf("warcio read %d records in %d WARC files: %v; revisit profiles %v; %d CDXJ lines", len(res.Records), len(warcNames), res.Counts, profiles, len(res.CDXJ))
	if len(profiles) != 2 {
		t.Errorf("revisit profiles %v: want both identical-payload-digest and server-not-modified", profiles)
	}
	if chunked < 2 {
		t.Errorf("the chunked and gzipped pages were not captured (%d records)", chunked)
	}

	// 2. warcio's recomputed digests agree with the declared ones.
	for _, r := range res.Records {
		if r.Type != "warcinfo" && (r.ComputedBlockDigest == "" || r.ComputedBlockDigest != r.BlockDigest) {
			t.Errorf("%s %s @%s:%d: block digest %s, warcio computes %s", r.Type, r.TargetURI, r.File, r.Offset, r.BlockDigest, r.ComputedBlockDigest)
		}
		if (r.Type == "response" || r.Type == "request") && (r.ComputedPayloadDigest == "" || r.ComputedPayloadDigest != r.PayloadDigest) {
			t.Errorf("%s %s @%s:%d: payload digest %s, computed over warcio's payload %s", r.Type, r.TargetURI, r.File, r.Offset, r.PayloadDigest, r.ComputedPayloadDigest)
		}
	}

	// 3. The store's index (what SHARC says it wrote) matches warcio's
	// reading at each file and offset.
	indexed := 0
	for _, s := range recs {
		if s.WARCFile == "" {
			continue
		}
		j, ok := byPlace[s.WARCFile+"@"+strconv.FormatInt(s.Offset, 10)]
		if !ok {
			t.Errorf("store record %s %s at %s:%d: warcio has no record there", s.RecordType, s.URL, s.WARCFile, s.Offset)
			continue
		}
		indexed++
		if j.Type != string(s.RecordType) || j.TargetURI != s.URL || j.Length != s.RecordLength || !strings.Contains(j.RecordID, s.RecordID) ||
			(s.PayloadDigest != "" && j.PayloadDigest != s.PayloadDigest) {
			t.Errorf("store record %+v, warcio %+v", s, j)
		}
		switch {
		case s.RecordType == warc.Revisit && j.Profile == warc.ProfileServerNotModified:
			// An empty block (the 304 is in a metadata record): warcio
			// finds no HTTP status; the store keeps the 304 received.
			if j.HTTPStatus != nil || j.ContentLength != 0 || s.Status != 304 {
				t.Errorf("server-not-modified revisit %s: warcio status %v, block %d bytes, store status %d; want none, 0, 304", s.URL, j.HTTPStatus, j.ContentLength, s.Status)
			}
		case (s.RecordType == warc.Response || s.RecordType == warc.Revisit) && (j.HTTPStatus == nil || *j.HTTPStatus != s.Status):
			t.Errorf("%s %s: store status %d, warcio %v", s.RecordType, s.URL, s.Status, j.HTTPStatus)
		}
	}
	if indexed == 0 {
		t.Fatal("no store record located in the WARCs")
	}

	// 4. Every CDXJ line (as warcio's side parsed it) points at a record
	// of that file at that offset with the same URL, digest, length.
	want := res.Counts["response"] + res.Counts["revisit"]
	if len(res.CDXJ) != want {
		t.Errorf("%d CDXJ lines, %d response+revisit records", len(res.CDXJ), want)
	}
	prev := ""
	for i, raw := range res.CDXJ {
		var l struct {
			SURT, Timestamp, URL, MIME, Digest, Filename string
			Status, Length, Offset                       string
		}
		if err := json.Unmarshal(raw, &l); err != nil {
			t.Fatalf("cdxj %d: %v", i, err)
		}
		key := l.SURT + " " + l.Timestamp
		if key < prev {
			t.Errorf("cdxj line %d out of order: %q after %q", i, key, prev)
		}
		prev = key
		off, err1 := strconv.ParseInt(l.Offset, 10, 64)
		n, err2 := strconv.ParseInt(l.Length, 10, 64)
		if err1 != nil || err2 != nil {
			t.Errorf("cdxj line %d: offset %q length %q", i, l.Offset, l.Length)
			continue
		}
		j, ok := byPlace[l.Filename+"@"+l.Offset]
		if !ok {
			t.Errorf("cdxj line %d: no record at %s:%d", i, l.Filename, off)
			continue
		}
		wantDigest := strings.TrimPrefix(j.PayloadDigest, "sha1:")
		// The line's status is the one an indexer reads from the record
		// (cdxj-indexer, warcio.js): none for an empty revisit.
		wantStatus := ""
		if j.HTTPStatus != nil {
			wantStatus = strconv.Itoa(*j.HTTPStatus)
		}
		if j.TargetURI != l.URL || j.Length != n || l.Digest != wantDigest || (j.Type != "response" && j.Type != "revisit") ||
			(j.Type == "revisit") != (l.MIME == cdxj.RevisitMIME) || wantStatus != l.Status || (j.Type == "response" && wantStatus == "") {
			t.Errorf("cdxj line %d %+v does not match warcio's record %+v", i, l, j)
		}
		if !strings.HasPrefix(l.URL, "http://site.test/") || len(l.Timestamp) != 14 {
			t.Errorf("cdxj line %d: odd url/timestamp %q %q", i, l.URL, l.Timestamp)
		}
	}

	// 5. The package: what yauzl unzipped hashes to what datapackage.json
	// lists, WARCs are stored, and the digest file hashes datapackage.json.
	dp := res.Datapackage
	if dp.Profile != "data-package" || dp.WACZVersion != wacz.Version {
		t.Errorf("datapackage profile %q version %q", dp.Profile, dp.WACZVersion)
	}
	if len(dp.Resources) != len(res.Files)-2 {
		t.Errorf("%d resources listed, %d files in the zip", len(dp.Resources), len(res.Files))
	}
	for _, r := range dp.Resources {
		f, ok := res.Files[r.Path]
		if !ok || f.SHA256 != r.Hash || f.Bytes != r.Bytes {
			t.Errorf("resource %s: listed %s/%d, unzipped %s/%d", r.Path, r.Hash, r.Bytes, f.SHA256, f.Bytes)
		}
		if strings.HasPrefix(r.Path, "archive/") && f.Method != "store" {
			t.Errorf("%s is %s-compressed in the zip; WACZ wants it stored", r.Path, f.Method)
		}
	}
	if res.DigestFile.Path != wacz.PathDataPack || res.DigestFile.Hash != res.Files[wacz.PathDataPack].SHA256 {
		t.Errorf("datapackage-digest.json %+v, datapackage.json hashes to %s", res.DigestFile, res.Files[wacz.PathDataPack].SHA256)
	}
	if len(res.Pages) < 2 || res.Pages[0]["format"] != "json-pages-1.0" {
		t.Errorf("pages.jsonl: %v", res.Pages)
	}
	// What ReplayWeb.page shows: the signature verifies under WebCrypto
	// as wabac.js checks it, the package opens on the first seed, and
	// pages have titles.
	if s := res.Signature; s == nil || !s.Valid || !s.HashMatches || s.Error != "" {
		t.Errorf("WebCrypto (wabac.js's check) does not verify the signature: %+v", s)
	}
	if res.Datapackage.MainPageURL != "http://site.test/" {
		t.Errorf("mainPageUrl %q, want the first seed http://site.test/", res.Datapackage.MainPageURL)
	}
	titled := 0
	for _, p := range res.Pages[1:] {
		if title, _ := p["title"].(string); title != "" {
			titled++
		}
		if id, _ := p["id"].(string); id == "" {
			t.Errorf("page without id: %v", p)
		}
	}
	if titled == 0 {
		t.Errorf("no page of %d has a title", len(res.Pages)-1)
	}
}

// TestWebCryptoVerifiesOnlyP384 signs one package per key type and has
// Node's WebCrypto check it exactly as wabac.js (ReplayWeb.page) does:
// only ECDSA P-384 verifies; P-256 and Ed25519 keys fail the P-384 import,
// which is why Write refuses them by default. A P-384 signature over a
// changed hash must fail too, or the check would prove nothing.
func TestWebCryptoVerifiesOnlyP384(t *testing.T) {
	node, script := jsTools(t)
	for _, tc := range []struct {
		kind   string
		tamper bool
		valid  bool
	}{
		{wacz.KeyECDSAP384, false, true},
		{wacz.KeyECDSAP384, true, false},
		{wacz.KeyECDSAP256, false, false},
		{wacz.KeyEd25519, false, false},
	} {
		t.Run(fmt.Sprintf("%s/tamper=%v", tc.kind, tc.tamper), func(t *testing.T) {
			pemKey, err := wacz.GenerateKey(tc.kind)
			if err != nil {
				t.Fatal(err)
			}
			signer, err := wacz.ParseSigner(pemKey)
			if err != nil {
				t.Fatal(err)
			}
			in := wacz.Input{Pages: []wacz.Page{{URL: "http://site.test/", Title: "Home", TS: time.Now()}},
				Created: time.Now(), AllowUnverifiableKey: true}
			var buf bytes.Buffer
			if err := wacz.Write(context.Background(), &buf, in, signer); err != nil {
				t.Fatal(err)
			}
			z := buf.Bytes()
			if tc.tamper {
				z = resignedHash(t, z)
			}
			path := filepath.Join(t.TempDir(), "k.wacz")
			if err := os.WriteFile(path, z, 0o644); err != nil {
				t.Fatal(err)
			}
			res := runReader(t, node, script, path)
			if res.Signature == nil {
				t.Fatal("no signature seen")
			}
			if res.Signature.Valid != tc.valid {
				t.Errorf("WebCrypto valid = %v (error %q), want %v", res.Signature.Valid, res.Signature.Error, tc.valid)
			}
			if !tc.tamper && !tc.valid && res.Signature.Error == "" {
				t.Error("a non-P-384 key was imported as P-384")
			}
			t.Logf("%s: %+v", tc.kind, *res.Signature)
		})
	}
}

// resignedHash rewrites datapackage-digest.json with a different
// signedData.hash (and hash), keeping the signature: the zip stays well
// formed, so only the signature check can object.
func resignedHash(t *testing.T, z []byte) []byte {
	t.Helper()
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
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if f.Name == wacz.PathDigest {
			var dg wacz.DigestFile
			if err := json.Unmarshal(b, &dg); err != nil {
				t.Fatal(err)
			}
			dg.Hash = "sha256:" + strings.Repeat("0", 64)
			dg.SignedData.Hash = dg.Hash
			if b, err = json.Marshal(dg); err != nil {
				t.Fatal(err)
			}
		}
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: f.Name, Method: f.Method})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fw.Write(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestWarcioRejectsDamage checks the cross-check has teeth: a WACZ whose
// WARC has a corrupted gzip member makes the reader fail.
func TestWarcioRejectsDamage(t *testing.T) {
	node, script := jsTools(t)
	dir := t.TempDir()
	w, err := warc.NewWriter(warc.Config{Dir: dir, Prefix: "BAD"}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	resp := []byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello")
	ws, err := w.WriteExchange(context.Background(), warc.Exchange{TargetURI: "http://127.0.0.1/x", Date: time.Now(), Response: resp})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	p := w.Files()[0]
	good, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		edit func([]byte) []byte
	}{
		{"intact", func(b []byte) []byte { return b }},
		{"truncated", func(b []byte) []byte { return b[:len(b)-7] }},
		{"garbage appended", func(b []byte) []byte { return append(b, []byte("not a WARC record\r\n\r\n")...) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(p, tc.edit(append([]byte(nil), good...)), 0o644); err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := wacz.Write(context.Background(), &buf, wacz.Input{WARCs: []string{p}}, nil); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(dir, "x.wacz")
			if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(node, script, out)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdout, runErr := cmd.Output()
			if tc.name == "intact" {
				var res jsResult
				if runErr != nil || json.Unmarshal(stdout, &res) != nil || res.Counts["response"] != 1 || res.Records[len(res.Records)-1].PayloadDigest != ws[len(ws)-1].PayloadDigest {
					t.Fatalf("intact package: err %v, output %s", runErr, stdout)
				}
				return
			}
			if runErr == nil {
				t.Errorf("damaged WARC read without error: %s", stdout)
			}
			var res jsResult
			_ = json.Unmarshal(stdout, &res)
			t.Logf("rejected: %v %q %s", runErr, res.Problems, strings.TrimSpace(stderr.String()))
		})
	}
}
