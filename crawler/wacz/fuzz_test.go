package wacz

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"net/url"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// FuzzVerify feeds Verify arbitrary bytes, seeded with a signed and an
// unsigned package. A .wacz handed to `sharc verify` is untrusted input:
// Verify must not panic or hang, may return an error only for what is not
// a readable zip, and a package it passes must have files it checked.
func FuzzVerify(f *testing.F) {
	in := capture(f)
	f.Add(build(f, in, signers(f)[KeyECDSAP384]))
	f.Add(build(f, in, nil))
	gz := in
	gz.CompressIndexAt = 1 // index.cdx.gz and index.idx
	f.Add(build(f, gz, nil))
	f.Add([]byte("PK\x05\x06" + string(make([]byte, 18)))) // an empty zip
	f.Add([]byte("not a zip"))
	f.Fuzz(func(t *testing.T, z []byte) {
		rep, err := Verify(bytes.NewReader(z), int64(len(z)))
		if err != nil {
			if _, zerr := zip.NewReader(bytes.NewReader(z), int64(len(z))); zerr == nil {
				t.Fatalf("Verify failed on a readable zip: %v", err)
			}
			return
		}
		if rep.OK() && rep.Files == 0 {
			t.Fatal("an empty package passed")
		}
	})
}

// FuzzVerifyTamperedData changes one stored byte of one file of a signed
// package (file, offset and new value chosen by the fuzzer): Verify must
// reject every package whose content changed. Content is what is hashed
// and signed: a change to a deflate stream that still inflates to the same
// bytes (e.g. the final-block bit of its last block, found by this target)
// alters nothing signed, and the zip headers carry no content at all.
func FuzzVerifyTamperedData(f *testing.F) {
	var once sync.Once
	var signed []byte
	var regions [][2]int64 // data offset and stored size of each file
	var names []string
	var contents [][]byte
	f.Add(uint32(0), uint32(0), byte(1))
	f.Add(uint32(3), uint32(100), byte(0x80))
	f.Fuzz(func(t *testing.T, file, off uint32, x byte) {
		once.Do(func() {
			signed = build(t, capture(t), signers(t)[KeyEd25519])
			zr, err := zip.NewReader(bytes.NewReader(signed), int64(len(signed)))
			if err != nil {
				t.Fatal(err)
			}
			for _, zf := range zr.File {
				start, err := zf.DataOffset()
				if err != nil {
					t.Fatal(err)
				}
				if zf.CompressedSize64 > 0 {
					regions = append(regions, [2]int64{start, int64(zf.CompressedSize64)})
					names = append(names, zf.Name)
					contents = append(contents, readZipFile(t, signed, zf.Name))
				}
			}
		})
		if x == 0 || len(regions) == 0 {
			return
		}
		i := int(file) % len(regions)
		r := regions[i]
		bad := bytes.Clone(signed)
		bad[r[0]+int64(off)%r[1]] ^= x
		if got, ok := tryReadZipFile(bad, names[i]); ok && bytes.Equal(got, contents[i]) {
			return // same content: nothing signed changed
		}
		rep, err := Verify(bytes.NewReader(bad), int64(len(bad)))
		if err == nil && rep.OK() {
			t.Fatalf("byte %d of the file at %d changed by %#x: Verify passed", int64(off)%r[1], r[0], x)
		}
	})
}

func readZipFile(t *testing.T, z []byte, name string) []byte {
	t.Helper()
	b, ok := tryReadZipFile(z, name)
	if !ok {
		t.Fatalf("cannot read %s from the package", name)
	}
	return b
}

// tryReadZipFile reads name from the zip z, checking its CRC; ok is false
// if the zip, the file or its CRC does not hold.
func tryReadZipFile(z []byte, name string) ([]byte, bool) {
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		return nil, false
	}
	rc, err := zr.Open(name)
	if err != nil {
		return nil, false
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	return b, err == nil
}

// FuzzTitleOf feeds TitleOf arbitrary response blocks (an archived page
// is what a hostile site sent): no panic, and the title stays within its
// byte cap and valid UTF-8 when the input was.
func FuzzTitleOf(f *testing.F) {
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html><title>Hi  there</title></html>"), "text/html")
	f.Add([]byte("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n<titl\r\n0\r\n\r\n"), "text/html")
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n\x1f\x8b\x08\x00"), "text/html")
	f.Add([]byte("HTTP/1.1 200 OK\r\n\r\n<title>"+strings.Repeat("é", 2000)+"</title>"), "application/xhtml+xml")
	f.Add([]byte("garbage"), "")
	f.Fuzz(func(t *testing.T, block []byte, mime string) {
		title, err := TitleOf(block, "http://site.test/", mime)
		if err != nil && title != "" {
			t.Fatalf("error %v with title %q", err, title)
		}
		if len(title) > maxTitleBytes {
			t.Fatalf("title of %d bytes", len(title))
		}
		if utf8.Valid(block) && !utf8.ValidString(title) {
			t.Fatalf("invalid UTF-8 title %q from valid input", title)
		}
		// The page text read with it: bounded, and valid UTF-8 from valid input.
		info, _ := infoOf(block, "http://site.test/", mime)
		if len(info.text) > MaxPageText || (utf8.Valid(block) && !utf8.ValidString(info.text)) {
			t.Fatalf("page text of %d bytes, valid UTF-8 %v", len(info.text), utf8.ValidString(info.text))
		}
	})
}

// TestTitleOf reads titles from typical and awkward response blocks.
func TestTitleOf(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("<html><head><title>Zipped</title></head></html>"))
	zw.Close()
	long := strings.Repeat("é", 2000)
	for _, tc := range []struct {
		name, block, want string
		fails             bool
	}{
		{"plain", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<title> A \n  page </title>", "A page", false},
		{"chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n<title>Chunk</ti\r\n6\r\ntle>x.\r\n0\r\n\r\n", "Chunk", false},
		{"gzip", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gz.String(), "Zipped", false},
		{"no title", "HTTP/1.1 200 OK\r\n\r\n<p>none</p>", "", false},
		{"long title cut at a rune", "HTTP/1.1 200 OK\r\n\r\n<title>" + long + "</title>", long[:maxTitleBytes], false},
		{"unknown coding", "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\nxx", "", true},
		{"not HTTP", "garbage", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := TitleOf([]byte(tc.block), "http://site.test/", "text/html")
			if (err != nil) != tc.fails || got != tc.want {
				t.Errorf("TitleOf = %q, %v; want %q (fails %v)", got, err, tc.want, tc.fails)
			}
		})
	}
}

// FuzzMaskSecrets: a job file put in a package (reports/job.yaml), with
// any store DSN and proxy URL in it, never keeps a password net/url
// reads there, and MaskSecrets fails only on YAML it cannot read.
func FuzzMaskSecrets(f *testing.F) {
	f.Add("postgres://sharc:hunter2hunter2@db/sharc", "http://ann:hunter2hunter2@127.0.0.1:3128/")
	f.Add("postgres://sharc:pa#hunter2hunter2@db/sharc", "http://proxy/?password=hunter2hunter2")
	f.Add("sqlite:/var/lib/sharc.db", "")
	f.Fuzz(func(t *testing.T, dsn, proxy string) {
		doc := map[string]any{"name": "fuzz", "store": dsn, "fetch": map[string]any{"proxy": proxy}}
		in, err := yaml.Marshal(doc)
		if err != nil {
			t.Skip()
		}
		out, err := MaskSecrets(in)
		if err != nil {
			t.Fatalf("MaskSecrets of a YAML it wrote itself: %v", err)
		}
		for i, s := range []string{dsn, proxy} {
			u, err := url.Parse(s)
			if err != nil || u.User == nil {
				continue
			}
			other := []string{proxy, dsn}[i] // may hold the same text in the clear
			p, ok := u.User.Password()
			if !ok || len(p) < 8 || strings.Contains(u.Host+u.Path+other+"fuzz", p) {
				continue
			}
			if bytes.Contains(out, []byte(p)) {
				t.Fatalf("%q: password %q kept in\n%s", s, p, out)
			}
		}
	})
}
