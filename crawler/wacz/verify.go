package wacz

import (
	"archive/zip"
	"bufio"
	"bytes"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"

	"github.com/sharc-archive/sharc/warc"
	"github.com/sharc-archive/sharc/warc/cdxj"
)

// Problem is one verification failure: which file, and what was expected
// and found.
type Problem struct {
	File     string
	Msg      string
	Expected string
	Got      string
}

func (p Problem) String() string {
	s := p.File + ": " + p.Msg
	if p.Expected != "" || p.Got != "" {
		s += fmt.Sprintf(" (expected %s, got %s)", p.Expected, p.Got)
	}
	return s
}

// Report is the outcome of Verify.
type Report struct {
	Files     int  // files in the zip
	Records   int  // WARC records read from archive/
	Indexed   int  // CDXJ lines checked against the WARCs
	Signed    bool // datapackage-digest.json carries signedData
	PublicKey string
	// KeyType is the signing key's type (KeyType: ecdsa-p384, ...) and
	// ReplayVerifiable whether ReplayWeb.page can verify it. Not a
	// Problem: the signature may be valid, only that tool cannot say so.
	KeyType          string
	ReplayVerifiable bool
	// Signer and Timestamp say who signed and when a TSA saw the
	// signature (nil: unsigned, no timestamp); NotVerified lists what the
	// package alone cannot establish (e.g. a root outside the trust
	// store). Neither is a Problem.
	Signer      *SignerInfo
	Timestamp   *StampInfo
	NotVerified []string
	// Pages counts pages.jsonl's entries; Contents lists the package's
	// files outside archive/ and indexes/ (reports, pages), which say
	// what the package covers.
	Pages    int
	Contents []string
	Problems []Problem
}

// OK reports whether nothing failed.
func (r *Report) OK() bool { return len(r.Problems) == 0 }

func (r *Report) add(file, msg, expected, got string) {
	r.Problems = append(r.Problems, Problem{File: file, Msg: msg, Expected: expected, Got: got})
}

// Verify checks a WACZ: every file's sha256 and size against
// datapackage.json (and the zip CRCs), that no file is unlisted, that WARCs
// are stored uncompressed and their records' digests verify, that every
// CDXJ line points at a record of a packaged WARC, that pages.jsonl is
// well formed, that datapackage-digest.json hashes datapackage.json, and
// the signature if there is one. The error is only for a file that is not
// a readable zip; everything else is a Problem in the report.
//
// A valid signature proves the package was not changed since the holder of
// PublicKey signed it; whose key that is must be checked out of band.
func Verify(r io.ReaderAt, size int64) (Report, error) {
	return VerifyWith(r, size, VerifyOptions{})
}

// VerifyWith is Verify with trust anchors for a named signer's and a
// TSA's certificates.
func VerifyWith(r io.ReaderAt, size int64, opts VerifyOptions) (Report, error) {
	var rep Report
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return rep, fmt.Errorf("wacz: not a zip file: %w", err)
	}
	rep.Files = len(zr.File)
	entries := zipEntries(&rep, zr)
	dpRaw, ok, dp := readDataPackage(&rep, entries)
	listed, warcRecords := checkResources(&rep, entries, dp)
	checkUnlisted(&rep, entries, listed)
	checkPages(&rep, entries)
	checkIndex(&rep, entries, warcRecords)
	checkDigest(&rep, entries, dpRaw, ok, dp, opts)
	return rep, nil
}

// zipEntries maps the zip's entries by name, reporting duplicate and
// unsafe names.
func zipEntries(rep *Report, zr *zip.Reader) map[string]*zip.File {
	entries := map[string]*zip.File{}
	for _, f := range zr.File {
		if entries[f.Name] != nil {
			rep.add(f.Name, "duplicate zip entry", "", "")
		}
		entries[f.Name] = f
		if !safePath(f.Name) {
			rep.add(f.Name, "unsafe path in zip", "", "")
		}
	}
	return entries
}

// readDataPackage reads and checks datapackage.json; ok is whether the
// file could be read at all, dp what of it decoded.
func readDataPackage(rep *Report, entries map[string]*zip.File) (raw []byte, ok bool, dp DataPackage) {
	raw, ok = readEntry(rep, entries, PathDataPack)
	if !ok {
		return raw, ok, dp
	}
	if err := json.Unmarshal(raw, &dp); err != nil {
		rep.add(PathDataPack, "not valid JSON: "+err.Error(), "", "")
		return raw, ok, dp
	}
	if dp.Profile != "data-package" && dp.Profile != "wacz" {
		rep.add(PathDataPack, "wrong profile", `"data-package" or "wacz"`, fmt.Sprintf("%q", dp.Profile))
	}
	if dp.WACZVersion == "" && dp.Profile != "wacz" {
		rep.add(PathDataPack, "missing wacz_version", Version, "")
	}
	return raw, ok, dp
}

// checkResources checks each listed file's hash and size; WARCs are also
// read record by record, into warcRecords (file -> offset -> length).
// listed holds every path datapackage.json accounts for.
func checkResources(rep *Report, entries map[string]*zip.File, dp DataPackage) (listed map[string]bool, warcRecords map[string]map[int64]int64) {
	listed = map[string]bool{PathDataPack: true, PathDigest: true}
	warcRecords = map[string]map[int64]int64{}
	for _, res := range dp.Resources {
		if listed[res.Path] {
			rep.add(res.Path, "listed twice in datapackage.json", "", "")
		}
		listed[res.Path] = true
		f := entries[res.Path]
		if f == nil {
			rep.add(res.Path, "listed in datapackage.json but missing", "", "")
			continue
		}
		isWARC := strings.HasPrefix(res.Path, archiveDir)
		if !isWARC && res.Path != PathIndex && res.Path != PathIndexGz && res.Path != PathIndexIDX {
			rep.Contents = append(rep.Contents, res.Path)
		}
		if isWARC && f.Method != zip.Store {
			rep.add(res.Path, "WARC not stored uncompressed", "method 0 (store)", fmt.Sprintf("method %d", f.Method))
		}
		sum, n, err := hashEntry(rep, f, isWARC, warcRecords)
		if err != nil {
			rep.add(res.Path, "unreadable: "+err.Error(), "", "")
			continue
		}
		if got := sha256Field(sum); !strings.EqualFold(got, res.Hash) {
			rep.add(res.Path, "sha256 mismatch", res.Hash, got)
		}
		if n != res.Bytes {
			rep.add(res.Path, "size mismatch", fmt.Sprint(res.Bytes), fmt.Sprint(n))
		}
	}
	return listed, warcRecords
}

// checkUnlisted reports, sorted, the files datapackage.json does not list.
func checkUnlisted(rep *Report, entries map[string]*zip.File, listed map[string]bool) {
	var unlisted []string
	for name := range entries {
		if !listed[name] && !strings.HasSuffix(name, "/") {
			unlisted = append(unlisted, name)
		}
	}
	sort.Strings(unlisted)
	for _, name := range unlisted {
		rep.add(name, "file not listed in datapackage.json", "", "")
	}
}

func safePath(name string) bool {
	return name != "" && !strings.HasPrefix(name, "/") && !strings.Contains(name, "\\") &&
		path.Clean(name) == strings.TrimSuffix(name, "/") && !strings.HasPrefix(name, "../") && name != ".."
}

// readEntry reads a small file of the package (up to 64 MiB).
func readEntry(rep *Report, entries map[string]*zip.File, name string) ([]byte, bool) {
	f := entries[name]
	if f == nil {
		rep.add(name, "missing", "", "")
		return nil, false
	}
	rc, err := f.Open()
	if err != nil {
		rep.add(name, "unreadable: "+err.Error(), "", "")
		return nil, false
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, 64<<20))
	if err != nil {
		rep.add(name, "unreadable: "+err.Error(), "", "")
		return nil, false
	}
	return b, true
}

// hashEntry streams one zip entry through sha256 (archive/zip also checks
// its CRC-32 at the end); WARC entries are read as records on the way.
func hashEntry(rep *Report, f *zip.File, isWARC bool, warcRecords map[string]map[int64]int64) ([]byte, int64, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, 0, err
	}
	defer rc.Close()
	h := sha256.New()
	cr := &countReader{r: rc}
	tee := io.TeeReader(cr, h)
	if isWARC {
		offs := map[int64]int64{}
		warcRecords[path.Base(f.Name)] = offs
		n, probs, err := warc.VerifyStream(tee, func(r *warc.Record) { offs[r.Offset] = r.Length })
		if err != nil {
			return nil, 0, err
		}
		rep.Records += n
		for _, p := range probs {
			rep.add(f.Name, "WARC "+p.String(), "", "")
		}
	}
	if _, err := io.Copy(io.Discard, tee); err != nil {
		return nil, 0, err
	}
	return h.Sum(nil), cr.n, nil
}

type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// checkPages validates pages/pages.jsonl: a header line with "format",
// then objects with "url" and "ts", and ids (optional) unique: ReplayWeb.page
// keys its page list by id, so a repeated one hides a page.
func checkPages(rep *Report, entries map[string]*zip.File) {
	b, ok := readEntry(rep, entries, PathPages)
	if !ok {
		return
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<20)
	ids := map[string]int{}
	for line := 1; sc.Scan(); line++ {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			rep.add(PathPages, fmt.Sprintf("line %d: not JSON: %v", line, err), "", "")
			continue
		}
		if line == 1 {
			if _, ok := m["format"]; !ok {
				rep.add(PathPages, "line 1: header without \"format\"", "", "")
			}
			continue
		}
		rep.Pages++
		if _, ok := m["url"].(string); !ok {
			rep.add(PathPages, fmt.Sprintf("line %d: no url", line), "", "")
		}
		if _, ok := m["ts"].(string); !ok {
			rep.add(PathPages, fmt.Sprintf("line %d: no ts", line), "", "")
		}
		if id, ok := m["id"].(string); ok {
			if first, dup := ids[id]; dup {
				rep.add(PathPages, fmt.Sprintf("line %d: id %q already used on line %d", line, id, first), "", "")
			} else {
				ids[id] = line
			}
		}
	}
	if err := sc.Err(); err != nil {
		rep.add(PathPages, err.Error(), "", "")
	}
}

// checkIndex checks each CDXJ line, of index.cdxj or of the compressed
// index, names a packaged WARC and the exact offset and length of one of
// its records.
func checkIndex(rep *Report, entries map[string]*zip.File, warcRecords map[string]map[int64]int64) {
	name, b, ok := PathIndex, []byte(nil), false
	if entries[PathIndexIDX] != nil || entries[PathIndexGz] != nil {
		name = PathIndexGz
		b, ok = readCompressedIndex(rep, entries)
	} else {
		b, ok = readEntry(rep, entries, PathIndex)
	}
	if !ok {
		return
	}
	checkIndexLines(rep, name, b, warcRecords)
}

// maxIndexBytes bounds the inflated CDXJ lines Verify reads.
const maxIndexBytes = 256 << 20

// readCompressedIndex returns the CDXJ lines of the compressed index:
// each .idx block read and checked (digest, key), the blocks in order
// and covering the .cdx.gz file without gaps.
func readCompressedIndex(rep *Report, entries map[string]*zip.File) ([]byte, bool) {
	idx, ok := readEntry(rep, entries, PathIndexIDX)
	if !ok {
		return nil, false
	}
	gz, ok := readEntry(rep, entries, PathIndexGz)
	if !ok {
		return nil, false
	}
	blocks, err := cdxj.ParseIDX(bytes.NewReader(idx))
	if err != nil {
		rep.add(PathIndexIDX, err.Error(), "", "")
		return nil, false
	}
	var out []byte
	var next int64
	for _, bl := range blocks {
		if bl.Filename != path.Base(PathIndexGz) {
			rep.add(PathIndexIDX, fmt.Sprintf("block %q names %q", bl.Key, bl.Filename), path.Base(PathIndexGz), bl.Filename)
			return nil, false
		}
		if bl.Offset != next {
			rep.add(PathIndexIDX, fmt.Sprintf("block %q not where the previous one ends", bl.Key), fmt.Sprint(next), fmt.Sprint(bl.Offset))
			return nil, false
		}
		lines, err := cdxj.ReadBlock(gz, bl, maxIndexBytes-int64(len(out)))
		if err != nil {
			rep.add(PathIndexGz, err.Error(), "", "")
			return nil, false
		}
		out = append(out, lines...)
		next += bl.Length
	}
	if next != int64(len(gz)) {
		rep.add(PathIndexGz, "bytes past the last block of index.idx", fmt.Sprint(next), fmt.Sprint(len(gz)))
		return nil, false
	}
	return out, true
}

// checkIndexLines checks the CDXJ lines b of the index name.
func checkIndexLines(rep *Report, name string, b []byte, warcRecords map[string]map[int64]int64) {
	rd := cdxj.NewReader(bytes.NewReader(b))
	for {
		e, err := rd.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			rep.add(name, err.Error(), "", "")
			return
		}
		rep.Indexed++
		offs, ok := warcRecords[e.Filename]
		switch {
		case !ok:
			rep.add(name, fmt.Sprintf("%s %s: WARC file %q not in archive/", e.SURT, e.Timestamp, e.Filename), "", "")
		case offs[e.Offset] != e.Length:
			rep.add(name, fmt.Sprintf("%s %s: no record at %s offset %d", e.SURT, e.Timestamp, e.Filename, e.Offset),
				fmt.Sprintf("length %d", e.Length), fmt.Sprintf("length %d", offs[e.Offset]))
		}
	}
}

// checkDigest verifies datapackage-digest.json and its signature.
//
// The signature covers only the hash, so datapackage-digest.json's other
// bytes (signedData.created, software, layout) are unprotected by the
// spec. To make any change detectable, Verify also requires the file to be
// in the exact layout Write produces and signedData's created and software
// to equal datapackage.json's (which the hash protects). WACZ files from
// other tools may therefore be flagged here although their hashes hold.
func checkDigest(rep *Report, entries map[string]*zip.File, dpRaw []byte, haveDP bool, dp DataPackage, opts VerifyOptions) {
	b, ok := readEntry(rep, entries, PathDigest)
	if !ok {
		return
	}
	var dg DigestFile
	if err := json.Unmarshal(b, &dg); err != nil {
		rep.add(PathDigest, "not valid JSON: "+err.Error(), "", "")
		return
	}
	if canon, err := json.MarshalIndent(dg, "", "  "); err == nil && !bytes.Equal(canon, b) {
		rep.add(PathDigest, "not in the layout SHARC writes: bytes outside the signed hash were changed", "", "")
	}
	if dg.Path != PathDataPack {
		rep.add(PathDigest, "wrong path", PathDataPack, dg.Path)
	}
	if haveDP {
		sum := sha256.Sum256(dpRaw)
		if got := sha256Field(sum[:]); !strings.EqualFold(dg.Hash, got) {
			rep.add(PathDataPack, "sha256 mismatch with datapackage-digest.json", dg.Hash, got)
		}
	}
	if dg.SignedData == nil {
		return
	}
	rep.Signed = true
	rep.PublicKey = dg.SignedData.PublicKey
	if der, err := base64.StdEncoding.DecodeString(rep.PublicKey); err == nil {
		if pub, err := x509.ParsePKIXPublicKey(der); err == nil {
			rep.KeyType, rep.ReplayVerifiable = KeyType(pub), ReplayVerifiable(pub)
		}
	}
	if dg.SignedData.Hash != dg.Hash {
		rep.add(PathDigest, "signedData.hash differs from hash", dg.Hash, dg.SignedData.Hash)
	}
	if haveDP && (dg.SignedData.Created != dp.Created || dg.SignedData.Software != dp.Software) {
		rep.add(PathDigest, "signedData created/software differ from datapackage.json",
			dp.Created+" "+dp.Software, dg.SignedData.Created+" "+dg.SignedData.Software)
	}
	checkSigned(rep, dg.SignedData, opts)
}
