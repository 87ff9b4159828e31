package wacz

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite crawler/wacz/testdata golden files")

// unzip returns the files of a WACZ by name.
func unzip(t *testing.T, z []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
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
		files[f.Name] = b
	}
	return files
}

// TestSigningKeyTypes: each key type's behaviour. Only ECDSA P-384 (what
// wabac.js imports) signs by default; the others are refused with
// ErrKeyNotReplayVerifiable before a byte is written, and with the opt-in
// produce a package that verifies here and is flagged as not verifiable by
// ReplayWeb.page.
func TestSigningKeyTypes(t *testing.T) {
	in := capture(t)
	ss := signers(t)
	for _, tc := range []struct {
		kind   string
		replay bool
	}{
		{KeyECDSAP384, true},
		{KeyECDSAP256, false},
		{KeyEd25519, false},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			s := ss[tc.kind]
			if got := KeyType(s.Public()); got != tc.kind {
				t.Fatalf("KeyType = %q", got)
			}
			var buf bytes.Buffer
			err := Write(context.Background(), &buf, in, s)
			switch {
			case tc.replay && err != nil:
				t.Fatalf("default Write refused %s: %v", tc.kind, err)
			case !tc.replay && !errors.Is(err, ErrKeyNotReplayVerifiable):
				t.Fatalf("default Write with %s: err = %v, want ErrKeyNotReplayVerifiable", tc.kind, err)
			case !tc.replay && buf.Len() != 0:
				t.Fatalf("refused Write still wrote %d bytes", buf.Len())
			}
			z := build(t, in, s) // with the opt-in
			rep, err := Verify(bytes.NewReader(z), int64(len(z)))
			if err != nil || !rep.OK() || !rep.Signed {
				t.Fatalf("Verify: %v %v signed=%v", err, rep.Problems, rep.Signed)
			}
			if rep.KeyType != tc.kind || rep.ReplayVerifiable != tc.replay {
				t.Errorf("report key %q replayVerifiable %v, want %q %v", rep.KeyType, rep.ReplayVerifiable, tc.kind, tc.replay)
			}
		})
	}
	def, err := GenerateKey("")
	if err != nil {
		t.Fatal(err)
	}
	if s, err := ParseSigner(def); err != nil || KeyType(s.Public()) != KeyECDSAP384 {
		t.Errorf("default key type: %v %v", s, err)
	}
}

// samePageTimes returns pages with a visit and a revisit of one URL 250 ms
// apart, so only sub-second digits tell them apart.
func samePageTimes() []Page {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 123456000, time.UTC)
	return []Page{
		{URL: "http://site.test/", Title: "Home", TS: t0},
		{URL: "http://site.test/about.html", Title: "About us", TS: t0.Add(time.Second)},
		{URL: "http://site.test/", Title: "Home", TS: t0.Add(250 * time.Millisecond)},
		{URL: "http://site.test/untitled", TS: t0.Add(2 * time.Second)},
	}
}

var tsPattern = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$`)

// TestPagesJSONL checks pages.jsonl line by line: the spec's header, then
// per page id, url, ts (RFC 3339 with WARC-Date's microseconds) and title
// (left out when unknown).
func TestPagesJSONL(t *testing.T) {
	pages := samePageTimes()
	b, err := pagesJSONL(pages)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != len(pages)+1 || lines[0] != `{"format": "json-pages-1.0", "id": "pages", "title": "All Pages"}` {
		t.Fatalf("pages.jsonl = %q", lines)
	}
	ids, stamps := map[string]bool{}, map[string]bool{}
	for i, p := range pages {
		var got map[string]string
		if err := json.Unmarshal([]byte(lines[i+1]), &got); err != nil {
			t.Fatal(err)
		}
		if got["url"] != p.URL || got["title"] != p.Title || got["id"] != PageID(p.URL, p.TS) {
			t.Errorf("line %d = %v", i+2, got)
		}
		if _, has := got["title"]; has != (p.Title != "") {
			t.Errorf("line %d: title present %v for %q", i+2, has, p.Title)
		}
		ts, err := time.Parse(time.RFC3339Nano, got["ts"])
		if err != nil || !tsPattern.MatchString(got["ts"]) || !ts.Equal(p.TS.Truncate(time.Microsecond)) {
			t.Errorf("line %d: ts %q (%v)", i+2, got["ts"], err)
		}
		if ids[got["id"]] || stamps[got["url"]+got["ts"]] {
			t.Errorf("line %d: id or url+ts repeated: %v", i+2, got)
		}
		ids[got["id"]], stamps[got["url"]+got["ts"]] = true, true
	}
	// The id is a function of url and ts only: stable across packagings.
	if again, _ := pagesJSONL(samePageTimes()); !bytes.Equal(again, b) {
		t.Error("pages.jsonl differs between two packagings of the same pages")
	}
	if PageID("http://site.test/", pages[0].TS) == PageID("http://site.test/", pages[2].TS) {
		t.Error("a visit and its revisit 250 ms later share an id")
	}
}

// TestVerifyRepeatedPageID: Verify flags two pages.jsonl entries with one
// id (two fetches at the same instant cannot be told apart).
func TestVerifyRepeatedPageID(t *testing.T) {
	pages := samePageTimes()
	pages[1].ID, pages[3].ID = "same", "same"
	z := build(t, Input{Pages: pages, Created: pages[0].TS}, nil)
	rep, err := Verify(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 1 || rep.Problems[0].File != PathPages || !strings.Contains(rep.Problems[0].Msg, `id "same" already used on line 3`) {
		t.Errorf("problems = %v", rep.Problems)
	}
}

// TestMainPage: an explicit main page wins over the first page, which is
// only the fallback.
func TestMainPage(t *testing.T) {
	seedTime := time.Date(2026, 3, 1, 12, 0, 0, 5000, time.UTC)
	for _, tc := range []struct {
		name            string
		mainURL         string
		mainDate        time.Time
		wantURL, wantTS string
	}{
		{"seed given", "http://site.test/", seedTime, "http://site.test/", "2026-03-01T12:00:00.000005Z"},
		{"fallback: first page", "", time.Time{}, "http://site.test/", "2026-03-01T12:00:00.123456Z"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := Input{Pages: samePageTimes()[1:], Created: seedTime, MainPageURL: tc.mainURL, MainPageDate: tc.mainDate}
			if tc.mainURL == "" {
				in.Pages = samePageTimes()
			}
			var dp DataPackage
			if err := json.Unmarshal(unzip(t, build(t, in, nil))[PathDataPack], &dp); err != nil {
				t.Fatal(err)
			}
			if dp.MainPageURL != tc.wantURL || dp.MainPageDate != tc.wantTS {
				t.Errorf("mainPageUrl %q mainPageDate %q, want %q %q", dp.MainPageURL, dp.MainPageDate, tc.wantURL, tc.wantTS)
			}
		})
	}
}

// TestGoldenPackageMetadata pins datapackage.json and pages.jsonl of a
// fixed input (go test ./crawler/wacz -run Golden -update rewrites the file).
func TestGoldenPackageMetadata(t *testing.T) {
	in := Input{
		CDXJ:  []byte("test,site)/ 20260301120000 {\"url\":\"http://site.test/\"}\n"),
		Pages: samePageTimes(), Report: []byte(`{"version":1}`),
		Title: "golden", Description: "fixed input", Software: "SHARC test",
		Created:     time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC),
		MainPageURL: "http://site.test/", MainPageDate: samePageTimes()[0].TS,
	}
	files := unzip(t, build(t, in, nil))
	got := append(append(files[PathDataPack], "\n--- pages/pages.jsonl\n"...), files[PathPages]...)
	golden := filepath.Join("testdata", "metadata.golden")
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
		t.Errorf("package metadata differs from %s (run go test ./crawler/wacz -run Golden -update and review):\n%s", golden, got)
	}
}
