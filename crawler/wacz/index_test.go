package wacz

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
	"github.com/sharc-archive/sharc/warc/cdxj"
)

// zipMethods maps the package's file names to their zip methods.
func zipMethods(t *testing.T, z []byte) map[string]uint16 {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]uint16{}
	for _, f := range zr.File {
		out[f.Name] = f.Method
	}
	return out
}

// From CompressIndexAt bytes of CDXJ on, the package holds the compressed
// index (the .cdx.gz stored, the .idx deflated) instead of index.cdxj; it
// inflates to the same lines and Verify checks each line against the
// WARCs as it does index.cdxj's.
func TestWriteCompressedIndex(t *testing.T) {
	in := capture(t)
	for _, tc := range []struct {
		name       string
		at         int
		compressed bool
	}{
		{"default, small index", 0, false},
		{"never", -1, false},
		{"at its size", len(in.CDXJ), true},
		{"from one byte", 1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := in
			in.CompressIndexAt = tc.at
			z := build(t, in, nil)
			methods := zipMethods(t, z)
			_, plain := methods[PathIndex]
			gzMethod, hasGz := methods[PathIndexGz]
			idxMethod, hasIdx := methods[PathIndexIDX]
			if plain == tc.compressed || hasGz != tc.compressed || hasIdx != tc.compressed {
				t.Fatalf("files %v: want compressed %v", methods, tc.compressed)
			}
			if tc.compressed {
				if gzMethod != zip.Store || idxMethod != zip.Deflate {
					t.Errorf("index.cdx.gz method %d (want store), index.idx method %d (want deflate)", gzMethod, idxMethod)
				}
				zr, err := gzip.NewReader(bytes.NewReader(entryContent(t, z, PathIndexGz)))
				if err != nil {
					t.Fatal(err)
				}
				lines, err := io.ReadAll(zr)
				if err != nil || !bytes.Equal(lines, in.CDXJ) {
					t.Errorf("index.cdx.gz inflates to other lines (%v):\n%s", err, lines)
				}
			}
			rep, err := Verify(bytes.NewReader(z), int64(len(z)))
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range rep.Problems {
				t.Error(p)
			}
			if rep.Indexed != 6 {
				t.Errorf("Verify read %d index lines, want 6", rep.Indexed)
			}
		})
	}
}

// A compressed index whose lines point beside the records is caught as
// a plain one is.
func TestVerifyCompressedIndexLines(t *testing.T) {
	in := capture(t)
	in.CompressIndexAt = 1
	in.CDXJ = bytes.Replace(in.CDXJ, []byte(`"offset":"`), []byte(`"offset":"9`), 1)
	z := build(t, in, nil)
	rep, err := Verify(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK() || len(rep.Problems) != 1 || rep.Problems[0].File != PathIndexGz || !strings.Contains(rep.Problems[0].Msg, "no record at") {
		t.Errorf("problems %v, want one: no record at the offset in %s", rep.Problems, PathIndexGz)
	}
}

// Every changed byte of the compressed index fails Verify.
func TestVerifyRejectsChangedCompressedIndex(t *testing.T) {
	in := capture(t)
	in.CompressIndexAt = 1
	z := build(t, in, nil)
	for _, name := range []string{PathIndexGz, PathIndexIDX} {
		size := len(entryContent(t, z, name))
		for _, pos := range []int{0, size / 3, size / 2, size - 2} {
			bad := rezip(t, z, name, pos)
			if rep, err := Verify(bytes.NewReader(bad), int64(len(bad))); err == nil && rep.OK() {
				t.Errorf("%s byte %d changed: Verify passed", name, pos)
			}
		}
	}
}

// pages.jsonl carries each page's text as "text", cut at MaxPageText on
// a rune boundary; a page without text has no "text".
func TestPagesJSONLText(t *testing.T) {
	long := strings.Repeat("é", MaxPageText) // 2 bytes a rune: cut inside
	pages := []Page{
		{URL: "http://site.test/a", TS: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), Text: "Zebra <crossing> & friends"},
		{URL: "http://site.test/b", TS: time.Date(2026, 3, 1, 12, 0, 1, 0, time.UTC), Text: long},
		{URL: "http://site.test/c", TS: time.Date(2026, 3, 1, 12, 0, 2, 0, time.UTC)},
	}
	b, err := pagesJSONL(pages)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	var got []map[string]any
	for _, l := range lines[1:] {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		got = append(got, m)
	}
	if got[0]["text"] != pages[0].Text || !strings.Contains(lines[1], "<crossing> &") {
		t.Errorf("line 2 %s: want the text, its < and & unescaped", lines[1])
	}
	if s, _ := got[1]["text"].(string); len(s) > MaxPageText || len(s) < MaxPageText-1 || !utf8.ValidString(s) {
		t.Errorf("long text: %d bytes (valid UTF-8 %v), want cut to %d on a rune boundary", len(s), utf8.ValidString(s), MaxPageText)
	}
	if _, has := got[2]["text"]; has {
		t.Errorf("line 4 %s: a page without text has a text field", lines[3])
	}
}

// The pages.jsonl with text and the compressed index's .idx of a fixed
// input, byte for byte.
func TestGoldenPagesTextAndIndex(t *testing.T) {
	in := Input{
		CDXJ: []byte("test,site)/ 20260301120000 {\"url\":\"http://site.test/\"}\n" +
			"test,site)/b 20260301120001 {\"url\":\"http://site.test/b\"}\n" +
			"urn:thumbnail:http://site.test/ 20260301120000 {\"url\":\"urn:thumbnail:http://site.test/\",\"mime\":\"image/jpeg\"}\n"),
		Pages: []Page{
			{URL: "http://site.test/", Title: "Home", TS: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), Text: "Welcome to the zebra site"},
			{URL: "http://site.test/b", TS: time.Date(2026, 3, 1, 12, 0, 1, 0, time.UTC), Text: "Ünïcode \"quoted\" <b>"},
		},
		Software: "SHARC test", Created: time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC), CompressIndexAt: 1,
	}
	files := unzip(t, build(t, in, nil))
	got := append(append(files[PathPages], "--- "+PathIndexIDX+"\n"...), files[PathIndexIDX]...)
	golden := filepath.Join("testdata", "pages-text-index.golden")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./crawler/wacz -run Golden -update to create)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("pages.jsonl or index.idx differ from %s (run go test ./crawler/wacz -run Golden -update and review):\n%s", golden, got)
	}
}

// A package of a browser capture made before issue 29, its full-page PNG
// named urn:screenshot:, still verifies, and its index line for the
// resource record (as any index lists it now) points at the record.
func TestVerifyOldScreenshotName(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<html><title>old</title><body>old capture</body></html>")
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	w, err := warc.NewWriter(warc.Config{Dir: t.TempDir(), Prefix: "OLD"}, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	u := srv.URL + "/"
	when := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	req, resp := fetch(t, srv, "/")
	ws, err := w.WriteExchange(context.Background(), warc.Exchange{TargetURI: u, IP: "127.0.0.1", Date: when, Request: req, Response: resp,
		Resources: []warc.ResourceRecord{{TargetURI: "urn:screenshot:" + u, ContentType: "image/png", Body: []byte("\x89PNG\r\n\x1a\nold")}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var recs []store.Record
	for _, x := range ws {
		r := store.Record{URL: u, SURT: urlcanon.SURT(u), Time: when, RecordType: x.Type, RecordID: x.RecordID, Status: x.Status, MIME: x.MIME,
			PayloadDigest: x.PayloadDigest, WARCFile: x.File, Offset: x.Offset, RecordLength: x.Length}
		if x.Type == warc.Resource {
			r.URL, r.SURT, r.MIME = x.TargetURI, x.TargetURI, "image/png"
		}
		recs = append(recs, r)
	}
	var idx bytes.Buffer
	if _, err := cdxj.WriteRecords(&idx, recs); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(idx.Bytes(), []byte("urn:screenshot:"+u+" ")) {
		t.Fatalf("index lacks the urn:screenshot: line:\n%s", idx.Bytes())
	}
	z := build(t, Input{WARCs: w.Files(), CDXJ: idx.Bytes(), Pages: []Page{{URL: u, TS: when}}, Software: "SHARC test", Created: when}, nil)
	rep, err := Verify(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rep.Problems {
		t.Error(p)
	}
	if rep.Indexed != 2 {
		t.Errorf("indexed %d lines, want the response and the screenshot", rep.Indexed)
	}
}
