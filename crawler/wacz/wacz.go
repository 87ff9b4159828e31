package wacz

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/asn1"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"math/big"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/internal/version"
	"github.com/sharc-archive/sharc/warc/cdxj"
)

// Version is the WACZ version written.
const Version = "1.1.1"

// Fixed paths inside the package.
const (
	PathIndex = "indexes/index.cdxj"
	// PathIndexGz and PathIndexIDX are the compressed index (cdxj package,
	// zipnum.go) that replaces PathIndex from CompressIndexAt bytes on.
	PathIndexGz  = "indexes/index.cdx.gz"
	PathIndexIDX = "indexes/index.idx"
	PathPages    = "pages/pages.jsonl"
	PathReport   = "reports/quality.json"
	PathDataPack = "datapackage.json"
	PathDigest   = "datapackage-digest.json"
	archiveDir   = "archive/"
	// pagesHeader is the header line of pages.jsonl, spelled as in the
	// WACZ 1.1.1 spec's example.
	pagesHeader = `{"format": "json-pages-1.0", "id": "pages", "title": "All Pages"}`
	// TSLayout is how page timestamps (pages.jsonl "ts", mainPageDate)
	// are written: RFC 3339 in UTC with the microseconds of WARC-Date, so
	// a page's ts equals its record's WARC-Date and a visit and a revisit
	// within one second stay apart.
	TSLayout = "2006-01-02T15:04:05.000000Z07:00"
)

// DefaultCompressIndexAt is the CDXJ size from which Write packs the
// compressed index instead of index.cdxj: Browsertrix-crawler's
// ZIP_CDX_MIN_SIZE (50,000 bytes, some 200 lines). Below it one plain
// file loads as fast as a secondary index would.
const DefaultCompressIndexAt = 50_000

// MaxPageText bounds a page's "text" in pages.jsonl: enough for
// ReplayWeb.page's full-text search to find a page by its words, without
// a page of megabytes making pages.jsonl as large as the archive.
const MaxPageText = 64 << 10

// Page is one entry of pages/pages.jsonl.
type Page struct {
	// ID is the entry's "id"; empty: PageID(URL, TS), so packaging the
	// same capture twice gives the same ids (ReplayWeb.page keys its page
	// list by id and draws a random one when it is missing).
	ID    string
	URL   string
	Title string // the page's HTML <title>; "" leaves "title" out
	TS    time.Time
	// Text is the page's visible text, "text" as Browsertrix-crawler
	// writes it, which ReplayWeb.page's full-text search reads; cut at
	// MaxPageText; "" leaves "text" out.
	Text string
}

// PageID is the stable id of the page captured at url at ts: the first 16
// hex digits of SHA-256 over url, a space and ts in TSLayout.
func PageID(url string, ts time.Time) string {
	sum := sha256.Sum256([]byte(url + " " + ts.UTC().Format(TSLayout)))
	return hex.EncodeToString(sum[:8])
}

// Input is what goes into a WACZ.
type Input struct {
	WARCs []string // paths of closed .warc.gz files
	CDXJ  []byte   // sorted CDXJ lines
	// CompressIndexAt is the CDXJ size (bytes) from which the index is
	// packed compressed (PathIndexGz and PathIndexIDX, the WACZ form that
	// scales) instead of as PathIndex: 0 means DefaultCompressIndexAt,
	// a negative value never.
	CompressIndexAt int
	Pages           []Page
	Report          []byte // quality report JSON, stored at PathReport; nil: none
	// Extras are further files of the package (e.g. the chain of custody,
	// reports/audit.jsonl), each at a path under reports/.
	Extras []Extra
	// Title, Description and Software go into datapackage.json.
	Title, Description, Software string
	Created                      time.Time
	// MainPageURL and MainPageDate go to datapackage.json's mainPageUrl
	// and mainPageDate, the page ReplayWeb.page opens first: the capture's
	// first seed (see FromCapture). Empty: the first of Pages.
	MainPageURL  string
	MainPageDate time.Time
	// AllowUnverifiableKey lets Write sign with a key ReplayWeb.page
	// cannot verify (see CheckReplayVerifiable). Without it Write refuses
	// such a key, so an archivist never gets a package the main replay
	// tool calls unverified by surprise.
	AllowUnverifiableKey bool
	// Identity, when set, signs the package as a named signer (domain and
	// certificate) instead of Write's anonymous signer argument, which
	// must then be nil.
	Identity *Identity
	// Timestamper, when set, adds an RFC 3161 timestamp of the signature
	// (timeSignature); it needs a signer.
	Timestamper Timestamper
}

// Extra is one more file of a package.
type Extra struct {
	Path string // under reports/, e.g. PathAudit
	Data []byte
	// File, when set, is read instead of Data as the package is written
	// (a crawl.log may be large).
	File string
}

// PathAudit is where a daemon's package keeps the capture's chain of
// custody: its job's audit trail entries, one JSON object a line.
const PathAudit = "reports/audit.jsonl"

// checkExtra keeps extras to plain names under reports/, apart from the
// files Write makes itself.
func checkExtra(e Extra) error {
	name, ok := strings.CutPrefix(e.Path, "reports/")
	if !ok || name == "" || strings.ContainsAny(name, "/\\") || name == ".." || e.Path == PathReport {
		return fmt.Errorf("wacz: extra file %q: want reports/NAME", e.Path)
	}
	return nil
}

// Resource is one file entry of datapackage.json.
type Resource struct {
	Name  string `json:"name"`
	Path  string `json:"path"`
	Hash  string `json:"hash"`
	Bytes int64  `json:"bytes"`
}

// DataPackage is datapackage.json (WACZ 1.1.1 field names).
type DataPackage struct {
	Profile      string     `json:"profile"`
	WACZVersion  string     `json:"wacz_version"`
	Title        string     `json:"title,omitempty"`
	Description  string     `json:"description,omitempty"`
	Created      string     `json:"created"`
	Modified     string     `json:"modified"`
	Software     string     `json:"software"`
	MainPageURL  string     `json:"mainPageUrl,omitempty"`
	MainPageDate string     `json:"mainPageDate,omitempty"`
	Resources    []Resource `json:"resources"`
}

// SignedData is the anonymous signature of WACZ Signing 0.1.0: Signature
// is over the UTF-8 bytes of Hash; PublicKey is base64 DER
// SubjectPublicKeyInfo. ECDSA signatures use SHA-256 and the raw r||s
// encoding of WebCrypto (what ArchiveWeb.page writes); Ed25519 signs Hash
// directly (an extension: the spec names ECDSA).
type SignedData struct {
	Hash      string `json:"hash"`
	Created   string `json:"created"`
	Software  string `json:"software"`
	Version   string `json:"version,omitempty"`
	Signature string `json:"signature"`
	// PublicKey is the anonymous signer's key; empty for a named signer
	// (wabac.js reads the key from domainCert only when publicKey is
	// absent).
	PublicKey string `json:"publicKey,omitempty"`
	// Domain and DomainCert name the signer: a hostname and the PEM
	// certificate chain (leaf first) whose leaf key made Signature.
	Domain     string `json:"domain,omitempty"`
	DomainCert string `json:"domainCert,omitempty"`
	// TimeSignature is a TSA's RFC 3161 TimeStampResp (DER, base64) over
	// the SHA-256 of Signature's text; TimestampCert the TSA's PEM chain
	// as its token carries it.
	TimeSignature string `json:"timeSignature,omitempty"`
	TimestampCert string `json:"timestampCert,omitempty"`
}

// DigestFile is datapackage-digest.json.
type DigestFile struct {
	Path       string      `json:"path"`
	Hash       string      `json:"hash"`
	SignedData *SignedData `json:"signedData,omitempty"`
}

// hashingWriter counts and hashes what passes through.
type hashingWriter struct {
	w io.Writer
	h hash.Hash
	n int64
}

func (hw *hashingWriter) Write(p []byte) (int, error) {
	n, err := hw.w.Write(p)
	hw.h.Write(p[:n])
	hw.n += int64(n)
	return n, err
}

func sha256Field(sum []byte) string { return "sha256:" + hex.EncodeToString(sum) }

// Write writes a WACZ of in to out. signer may be nil (unsigned), an
// ECDSA P-384 key, or, with in.AllowUnverifiableKey, an Ed25519 or other
// ECDSA key (then the error wraps ErrKeyNotReplayVerifiable without it).
func Write(ctx context.Context, out io.Writer, in Input, signer crypto.Signer) error {
	signer, err := prepare(&in, signer)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(out)
	ar := &archive{zw: zw, modified: in.Created.UTC(), seen: map[string]bool{}}
	add := func(name string, method uint16, src io.Reader) error { return ar.add(ctx, name, method, src) }
	if err := addContent(in, add); err != nil {
		return err
	}
	dpBytes, err := json.MarshalIndent(dataPackage(in, ar.res), "", "  ")
	if err != nil {
		return fmt.Errorf("wacz: datapackage: %w", err)
	}
	if err := addRaw(zw, PathDataPack, dpBytes, in.Created); err != nil {
		return err
	}
	dg, err := digest(ctx, in, signer, dpBytes)
	if err != nil {
		return err
	}
	dgBytes, err := json.MarshalIndent(dg, "", "  ")
	if err != nil {
		return fmt.Errorf("wacz: digest: %w", err)
	}
	if err := addRaw(zw, PathDigest, dgBytes, in.Created); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("wacz: %w", err)
	}
	return nil
}

// prepare fills in's defaults and returns the signer to use: the
// identity's when in names one. It refuses what cannot be signed or
// verified before any byte is written.
func prepare(in *Input, signer crypto.Signer) (crypto.Signer, error) {
	if in.Created.IsZero() {
		in.Created = time.Now()
	}
	if in.Software == "" {
		in.Software = version.Software()
	}
	if in.Identity != nil {
		if signer != nil {
			return nil, errors.New("wacz: both an identity and an anonymous signer given")
		}
		signer = in.Identity.Signer
	}
	if in.Timestamper != nil && signer == nil {
		return nil, errors.New("wacz: a timestamp needs a signature to stamp")
	}
	if signer != nil && !in.AllowUnverifiableKey {
		if err := CheckReplayVerifiable(signer.Public()); err != nil {
			return nil, err
		}
	}
	return signer, nil
}

// archive adds files to the zip and lists each as a datapackage resource.
type archive struct {
	zw       *zip.Writer
	modified time.Time
	res      []Resource
	seen     map[string]bool
}

// add copies src into the zip as name, hashing it for its resource entry.
func (ar *archive) add(ctx context.Context, name string, method uint16, src io.Reader) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	fh := &zip.FileHeader{Name: name, Method: method, Modified: ar.modified}
	fw, err := ar.zw.CreateHeader(fh)
	if err != nil {
		return fmt.Errorf("wacz: %s: %w", name, err)
	}
	hw := &hashingWriter{w: fw, h: sha256.New()}
	if _, err := io.Copy(hw, src); err != nil {
		return fmt.Errorf("wacz: %s: %w", name, err)
	}
	ar.res = append(ar.res, Resource{Name: resourceName(name, ar.seen), Path: name, Hash: sha256Field(hw.h.Sum(nil)), Bytes: hw.n})
	return nil
}

// addContent adds the resources in order: the WARCs, the index, the
// pages, the report and the extra files.
func addContent(in Input, add func(string, uint16, io.Reader) error) error {
	if err := addWARCs(in.WARCs, add); err != nil {
		return err
	}
	if err := addIndex(in, add); err != nil {
		return err
	}
	pages, err := pagesJSONL(in.Pages)
	if err != nil {
		return err
	}
	if err := add(PathPages, zip.Deflate, bytes.NewReader(pages)); err != nil {
		return err
	}
	if in.Report != nil {
		if err := add(PathReport, zip.Deflate, bytes.NewReader(in.Report)); err != nil {
			return err
		}
	}
	return addExtras(in.Extras, add)
}

// addWARCs adds the closed WARC files under archive/, refusing an open
// one and two of the same name.
func addWARCs(warcs []string, add func(string, uint16, io.Reader) error) error {
	names := map[string]bool{}
	for _, p := range warcs {
		base := filepath.Base(p)
		if strings.HasSuffix(base, ".open") {
			return fmt.Errorf("wacz: %s is still open", p)
		}
		if names[base] {
			return fmt.Errorf("wacz: two WARC files named %s", base)
		}
		names[base] = true
		f, err := os.Open(p)
		if err != nil {
			return fmt.Errorf("wacz: %w", err)
		}
		// Store: WARCs are already gzipped per record, and replay tools
		// seek into them with the index's offsets.
		err = add(archiveDir+base, zip.Store, f)
		_ = f.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// addExtras adds the extra files, each checked and each once.
func addExtras(es []Extra, add func(string, uint16, io.Reader) error) error {
	extras := map[string]bool{}
	for _, e := range es {
		if err := checkExtra(e); err != nil {
			return err
		}
		if extras[e.Path] {
			return fmt.Errorf("wacz: extra file %q twice", e.Path)
		}
		extras[e.Path] = true
		if err := addExtra(e, add); err != nil {
			return err
		}
	}
	return nil
}

// dataPackage is datapackage.json for in and its resources; the main page
// is in's or else the first page.
func dataPackage(in Input, res []Resource) DataPackage {
	created := in.Created.UTC().Format(time.RFC3339)
	dp := DataPackage{
		Profile: "data-package", WACZVersion: Version,
		Title: in.Title, Description: in.Description,
		Created: created, Modified: created, Software: in.Software,
		Resources: res,
	}
	mainURL, mainDate := in.MainPageURL, in.MainPageDate
	if mainURL == "" && len(in.Pages) > 0 {
		mainURL, mainDate = in.Pages[0].URL, in.Pages[0].TS
	}
	if mainURL != "" {
		dp.MainPageURL = mainURL
		if !mainDate.IsZero() {
			dp.MainPageDate = mainDate.UTC().Format(TSLayout)
		}
	}
	return dp
}

// digest is datapackage-digest.json over dpBytes, signed by signer (as
// in's identity when it has one) and timestamped when in asks.
func digest(ctx context.Context, in Input, signer crypto.Signer, dpBytes []byte) (DigestFile, error) {
	sum := sha256.Sum256(dpBytes)
	dg := DigestFile{Path: PathDataPack, Hash: sha256Field(sum[:])}
	if signer == nil {
		return dg, nil
	}
	sd, err := Sign(dg.Hash, signer, in.Created, in.Software)
	if err != nil {
		return dg, err
	}
	if id := in.Identity; id != nil {
		sd.PublicKey, sd.Domain, sd.DomainCert = "", id.Domain, ChainPEM(id.Chain)
	}
	if in.Timestamper != nil {
		if err := addTimestamp(ctx, sd, in.Timestamper, in.Created); err != nil {
			return dg, err
		}
	}
	dg.SignedData = sd
	return dg, nil
}

// addIndex adds the CDXJ index, plain or, from in.CompressIndexAt bytes
// on, compressed: the .cdx.gz stored (replay tools read its members by
// offset), the .idx deflated, as the WACZ spec has them.
func addIndex(in Input, add func(string, uint16, io.Reader) error) error {
	at := in.CompressIndexAt
	if at == 0 {
		at = DefaultCompressIndexAt
	}
	if at < 0 || len(in.CDXJ) < at {
		return add(PathIndex, zip.Deflate, bytes.NewReader(in.CDXJ))
	}
	var gz, idx bytes.Buffer
	if _, err := cdxj.WriteZipNum(&gz, &idx, in.CDXJ, cdxj.BlockLines, path.Base(PathIndexGz)); err != nil {
		return fmt.Errorf("wacz: %w", err)
	}
	if err := add(PathIndexGz, zip.Store, &gz); err != nil {
		return err
	}
	return add(PathIndexIDX, zip.Deflate, &idx)
}

// addExtra adds one extra file, from its Data or streamed from its File.
func addExtra(e Extra, add func(string, uint16, io.Reader) error) error {
	if e.File == "" {
		return add(e.Path, zip.Deflate, bytes.NewReader(e.Data))
	}
	f, err := os.Open(e.File)
	if err != nil {
		return fmt.Errorf("wacz: %w", err)
	}
	defer f.Close()
	return add(e.Path, zip.Deflate, f)
}

func addRaw(zw *zip.Writer, name string, b []byte, mod time.Time) error {
	fw, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: mod.UTC()})
	if err == nil {
		_, err = fw.Write(b)
	}
	if err != nil {
		return fmt.Errorf("wacz: %s: %w", name, err)
	}
	return nil
}

// resourceName is the Frictionless resource name: the file's base name,
// lower case, made unique.
func resourceName(p string, seen map[string]bool) string {
	name := strings.ToLower(path.Base(p))
	base := name
	for i := 2; seen[name]; i++ {
		name = fmt.Sprintf("%s-%d", base, i)
	}
	seen[name] = true
	return name
}

func pagesJSONL(pages []Page) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(pagesHeader + "\n")
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, p := range pages {
		if p.ID == "" {
			p.ID = PageID(p.URL, p.TS)
		}
		line := struct {
			ID    string `json:"id"`
			URL   string `json:"url"`
			TS    string `json:"ts"`
			Title string `json:"title,omitempty"`
			Text  string `json:"text,omitempty"`
		}{p.ID, p.URL, p.TS.UTC().Format(TSLayout), p.Title, cutUTF8(p.Text, MaxPageText)}
		if err := enc.Encode(line); err != nil {
			return nil, fmt.Errorf("wacz: pages: %w", err)
		}
	}
	return b.Bytes(), nil
}

// Sign makes the anonymous signedData over hash.
func Sign(hashField string, signer crypto.Signer, created time.Time, software string) (*SignedData, error) {
	pub, err := x509.MarshalPKIXPublicKey(signer.Public())
	if err != nil {
		return nil, fmt.Errorf("wacz: public key: %w", err)
	}
	var sig []byte
	switch k := signer.Public().(type) {
	case ed25519.PublicKey:
		sig, err = signer.Sign(rand.Reader, []byte(hashField), crypto.Hash(0))
	case *ecdsa.PublicKey:
		d := sha256.Sum256([]byte(hashField))
		var der []byte
		der, err = signer.Sign(rand.Reader, d[:], crypto.SHA256)
		if err == nil {
			sig, err = derToRaw(der, (k.Curve.Params().BitSize+7)/8)
		}
	default:
		return nil, fmt.Errorf("wacz: unsupported key type %T (want Ed25519 or ECDSA)", k)
	}
	if err != nil {
		return nil, fmt.Errorf("wacz: sign: %w", err)
	}
	return &SignedData{
		Hash: hashField, Created: created.UTC().Format(time.RFC3339), Software: software,
		Signature: base64.StdEncoding.EncodeToString(sig), PublicKey: base64.StdEncoding.EncodeToString(pub),
	}, nil
}

type ecdsaSig struct{ R, S *big.Int }

func derToRaw(der []byte, size int) ([]byte, error) {
	var s ecdsaSig
	rest, err := asn1.Unmarshal(der, &s)
	if err != nil || len(rest) > 0 {
		return nil, errors.New("bad ECDSA signature encoding")
	}
	out := make([]byte, 2*size)
	s.R.FillBytes(out[:size])
	s.S.FillBytes(out[size:])
	return out, nil
}

// VerifySignature checks sd.Signature over sd.Hash with sd.PublicKey.
// ECDSA signatures are accepted in raw r||s and in DER form.
func VerifySignature(sd *SignedData) error {
	pubDER, err := base64.StdEncoding.DecodeString(sd.PublicKey)
	if err != nil {
		return fmt.Errorf("publicKey: %w", err)
	}
	pub, err := x509.ParsePKIXPublicKey(pubDER)
	if err != nil {
		return fmt.Errorf("publicKey: %w", err)
	}
	return verifyHashSignature(pub, sd.Hash, sd.Signature)
}

// verifyHashSignature checks the base64 signature sig over the UTF-8
// bytes of hash with pub.
func verifyHashSignature(pub crypto.PublicKey, hash, sigB64 string) error {
	sig, err := base64.StdEncoding.DecodeString(sigB64)
	if err != nil {
		return fmt.Errorf("signature: %w", err)
	}
	switch k := pub.(type) {
	case ed25519.PublicKey:
		if !ed25519.Verify(k, []byte(hash), sig) {
			return errors.New("Ed25519 signature does not match")
		}
	case *ecdsa.PublicKey:
		d := sha256.Sum256([]byte(hash))
		size := (k.Curve.Params().BitSize + 7) / 8
		ok := false
		if len(sig) == 2*size {
			r := new(big.Int).SetBytes(sig[:size])
			s := new(big.Int).SetBytes(sig[size:])
			ok = ecdsa.Verify(k, d[:], r, s)
		}
		if !ok {
			ok = ecdsa.VerifyASN1(k, d[:], sig)
		}
		if !ok {
			return errors.New("ECDSA signature does not match")
		}
	default:
		return fmt.Errorf("unsupported public key type %T", k)
	}
	return nil
}
