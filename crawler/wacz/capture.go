package wacz

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"go.uber.org/zap"
	"gopkg.in/yaml.v3"

	"github.com/sharc-archive/sharc/crawler/extract"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
	"github.com/sharc-archive/sharc/warc/cdxj"
)

// Bounds on reading page titles from archived responses: the title is in
// the document head, so a page is parsed only up to titleBodyBytes of its
// decoded body, and a record larger than titleRecordBytes in the WARC is
// not read at all (its page gets no title).
const (
	titleBodyBytes   = 1 << 20
	titleRecordBytes = 64 << 20
	maxTitleBytes    = 1000 // longer titles are cut at a rune boundary
)

// ErrWARCMissing is wrapped by FromCapture's error when a WARC file of the
// capture is not (yet) in the WARC directory: the crawl is still writing
// it (.open) or the file was moved.
var ErrWARCMissing = errors.New("WARC file missing")

// Source is what FromCapture reads from the store.
type Source interface {
	Capture(ctx context.Context, captureID int64) (store.Capture, error)
	Records(ctx context.Context, captureID int64) ([]store.Record, error)
	Frontier(ctx context.Context, captureID int64) ([]store.FrontierURL, error)
	store.Reports
}

var _ Source = store.Store(nil)

// FromCapture gathers the Input of a capture: its closed WARC files in
// warcDir, the CDXJ index of its records, its stored quality report, its
// pages and the main page.
//
// Pages are the HTML responses with status 200 and the revisits (200 or
// 304) of those URLs, one entry per page (URL): its first fetch, ts its
// WARC-Date. A visit-revisit capture of 300 pages lists 300 entries, not
// one per record; the later fetches stay in the index, where a replay
// tool's timeline finds them. Titles are read from the archived responses
// (bounded, see titleBodyBytes); a page first seen as a revisit takes the
// title of the response whose payload it repeats, else of its URL's
// response. A record that cannot be read leaves its page
// without a title and is logged: packaging goes on, and Verify reports a
// damaged WARC anyway.
//
// The main page (mainPageUrl) is the capture's first seed, in the order of
// the job file, with the time of its first record; if no seed was
// archived, Write falls back to the first page.
func FromCapture(ctx context.Context, src Source, captureID int64, warcDir string, log *zap.Logger) (Input, error) {
	capt, err := src.Capture(ctx, captureID)
	if err != nil {
		return Input{}, err
	}
	recs, err := src.Records(ctx, captureID)
	if err != nil {
		return Input{}, err
	}
	var idx bytes.Buffer
	if _, err := cdxj.WriteRecords(&idx, recs); err != nil {
		return Input{}, err
	}
	in := Input{CDXJ: idx.Bytes(), Title: fmt.Sprintf("capture %d", captureID),
		Description: fmt.Sprintf("SHARC capture %d (%s, %s), status %s", captureID, capt.Strategy, capt.Mode, capt.Status)}
	if in.Report, err = report.StoredJSON(ctx, src, capt); err != nil {
		return Input{}, err
	}
	if in.WARCs, err = warcFiles(recs, warcDir); err != nil {
		return Input{}, fmt.Errorf("capture %d: %w", captureID, err)
	}
	if in.Pages, err = capturePages(ctx, recs, warcDir, log); err != nil {
		return Input{}, err
	}
	seeds, err := seedURLs(ctx, src, capt)
	if err != nil {
		return Input{}, err
	}
	mainPage(&in, seeds, recs)
	return in, nil
}

// warcFiles lists the distinct WARC files of recs in warcDir, in order of
// first appearance.
func warcFiles(recs []store.Record, warcDir string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, r := range recs {
		if r.WARCFile == "" || seen[r.WARCFile] {
			continue
		}
		seen[r.WARCFile] = true
		if strings.ContainsAny(r.WARCFile, `/\`) {
			return nil, fmt.Errorf("bad WARC file name %q in the index", r.WARCFile)
		}
		p := filepath.Join(warcDir, r.WARCFile)
		if _, err := os.Stat(p); err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("%w: %s not found in %s", ErrWARCMissing, r.WARCFile, warcDir)
			}
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func isHTML(mime string) bool {
	m := strings.ToLower(mime)
	return strings.HasPrefix(m, "text/html") || strings.HasPrefix(m, "application/xhtml+xml")
}

// pageRecords picks the records that are pages (see FromCapture), sorted
// by time then URL, one per URL.
func pageRecords(recs []store.Record) []store.Record {
	htmlURL := map[string]bool{}
	for _, r := range recs {
		if r.RecordType == warc.Response && r.Status == http.StatusOK && isHTML(r.MIME) {
			htmlURL[r.URL] = true
		}
	}
	type key struct {
		url string
		ns  int64
	}
	seen := map[key]bool{}
	var out []store.Record
	for _, r := range recs {
		page := r.RecordType == warc.Response && r.Status == http.StatusOK && isHTML(r.MIME)
		if r.RecordType == warc.Revisit {
			page = (r.Status == http.StatusOK || r.Status == http.StatusNotModified) && (htmlURL[r.URL] || isHTML(r.MIME))
		}
		k := key{r.URL, r.Time.UnixNano()}
		if page && !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Time.Equal(out[j].Time) {
			return out[i].Time.Before(out[j].Time)
		}
		return out[i].URL < out[j].URL
	})
	return firstPerURL(out)
}

// firstPerURL keeps the first of each URL's page records (recs sorted by
// time): pages.jsonl has one entry per page.
func firstPerURL(recs []store.Record) []store.Record {
	seen := map[string]bool{}
	out := recs[:0]
	for _, r := range recs {
		if !seen[r.URL] {
			seen[r.URL] = true
			out = append(out, r)
		}
	}
	return out
}

// urnText is the target URI prefix of a browser page's visible text
// record (crawler/browser.go): the text the browser laid out.
const urnText = "urn:text:"

// pageInfo is what a page's archived record says of it.
type pageInfo struct{ title, text string }

// capturePages turns the page records into Pages with titles and text.
// A page's text is its urn:text: record's when the browser rendered it
// (the text its scripts built), else the visible text of its archived
// HTML; a revisit takes both from the response it repeats.
func capturePages(ctx context.Context, recs []store.Record, warcDir string, log *zap.Logger) ([]Page, error) {
	prs := pageRecords(recs)
	texts := map[string]store.Record{}
	for _, r := range recs {
		if u, ok := strings.CutPrefix(r.URL, urnText); ok && r.RecordType == warc.Resource {
			if _, seen := texts[u]; !seen {
				texts[u] = r
			}
		}
	}
	tr := &titleReader{dir: warcDir, files: map[string]*os.File{}}
	defer tr.close()
	pages := make([]Page, len(prs))
	byDigest, byURL := map[string]pageInfo{}, map[string]pageInfo{}
	for i, r := range prs {
		pages[i] = Page{URL: r.URL, TS: r.Time}
		if r.RecordType != warc.Response {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		info, err := tr.info(r)
		if err != nil {
			log.Warn("WACZ page title not read", zap.String("url", r.URL), zap.String("warc", r.WARCFile),
				zap.Int64("offset", r.Offset), zap.Error(err))
		}
		if t, ok := texts[r.URL]; ok {
			text, err := tr.text(t)
			if err != nil {
				log.Warn("WACZ page text not read", zap.String("url", t.URL), zap.String("warc", t.WARCFile),
					zap.Int64("offset", t.Offset), zap.Error(err))
			} else if text != "" {
				info.text = text
			}
		}
		pages[i].Title, pages[i].Text = info.title, info.text
		if _, ok := byDigest[r.PayloadDigest]; !ok && r.PayloadDigest != "" {
			byDigest[r.PayloadDigest] = info
		}
		if _, ok := byURL[r.URL]; !ok {
			byURL[r.URL] = info
		}
	}
	for i, r := range prs {
		if r.RecordType == warc.Response {
			continue
		}
		info, ok := byDigest[r.PayloadDigest]
		if !ok || r.PayloadDigest == "" {
			info = byURL[r.URL]
		}
		pages[i].Title, pages[i].Text = info.title, info.text
	}
	return pages, nil
}

// titleReader reads page titles from WARC files, keeping each file open
// for the packaging's duration.
type titleReader struct {
	dir   string
	files map[string]*os.File
}

func (tr *titleReader) close() {
	for _, f := range tr.files {
		_ = f.Close()
	}
}

// block returns the content block of the record r points at.
func (tr *titleReader) block(r store.Record) ([]byte, error) {
	if r.RecordLength <= 0 || r.RecordLength > titleRecordBytes || r.Offset < 0 {
		return nil, fmt.Errorf("record length %d outside 1..%d", r.RecordLength, titleRecordBytes)
	}
	f := tr.files[r.WARCFile]
	if f == nil {
		var err error
		if f, err = os.Open(filepath.Join(tr.dir, r.WARCFile)); err != nil {
			return nil, err
		}
		tr.files[r.WARCFile] = f
	}
	rec, err := warc.ReadRecordAt(f, r.Offset, r.RecordLength, r.RecordID)
	if err != nil {
		return nil, err
	}
	return rec.Block, nil
}

// info returns the HTML <title> and visible text of the response record
// r points at.
func (tr *titleReader) info(r store.Record) (pageInfo, error) {
	block, err := tr.block(r)
	if err != nil {
		return pageInfo{}, err
	}
	return infoOf(block, r.URL, r.MIME)
}

// text returns the text of the urn:text: resource record r points at.
func (tr *titleReader) text(r store.Record) (string, error) {
	block, err := tr.block(r)
	if err != nil {
		return "", err
	}
	return pageText(string(block)), nil
}

// TitleOf returns the whitespace-normalised HTML <title> of the HTTP
// response in block (a WARC response record's content block), reading at
// most titleBodyBytes of its decoded body and cutting the title to
// maxTitleBytes. block is untrusted: any malformation is an error, never a
// panic.
func TitleOf(block []byte, pageURL, mime string) (string, error) {
	info, err := infoOf(block, pageURL, mime)
	return info.title, err
}

// infoOf is TitleOf with the page's visible text (pageText).
func infoOf(block []byte, pageURL, mime string) (pageInfo, error) {
	body, _, err := warc.HTTPBody(block, titleBodyBytes)
	if err != nil {
		return pageInfo{}, err
	}
	res, err := extract.ExtractFrom(mime, pageURL, bytes.NewReader(body), extract.Options{MaxBytes: titleBodyBytes})
	if err != nil && res.Title == "" {
		return pageInfo{}, fmt.Errorf("extract: %w", err)
	}
	return pageInfo{title: cutUTF8(res.Title, maxTitleBytes), text: pageText(res.Text)}, nil
}

// pageText is text with its whitespace runs made single spaces, cut at
// MaxPageText: what a full-text index needs of it.
func pageText(text string) string {
	return cutUTF8(strings.Join(strings.Fields(cutUTF8(text, 4*MaxPageText)), " "), MaxPageText)
}

func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// seedURLs returns the capture's seeds in canonical form, in the order of
// the job file it started with; for a capture without a recorded job
// (started before store migration 0006) the frontier's seed rows, in
// frontier order.
func seedURLs(ctx context.Context, src Source, capt store.Capture) ([]string, error) {
	if seeds, ok := jobSeeds(capt.Owner.JobYAML); ok {
		return seeds, nil
	}
	rows, err := src.Frontier(ctx, capt.ID)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range rows {
		if r.ParentSeq == -1 && r.Via == "" {
			out = append(out, r.URL)
		}
	}
	return out, nil
}

// jobSeed is one entry of a job file's seeds: a URL string, or a mapping
// with the seed's own scope whose url: is the URL (job.Job.Seeds with
// job.SeedScopes beside it). Only the URL matters to a package, so the
// rest of the mapping is not read: a job the store kept (masked, or
// written by an older version) need not pass today's job validation.
type jobSeed string

func (s *jobSeed) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.MappingNode {
		var m struct {
			URL string `yaml:"url"`
		}
		if err := n.Decode(&m); err != nil {
			return err
		}
		*s = jobSeed(m.URL)
		return nil
	}
	var u string
	if err := n.Decode(&u); err != nil {
		return err
	}
	*s = jobSeed(u)
	return nil
}

// jobSeeds reads the seed URLs of a job file, in canonical form and
// order, skipping those that are not URLs; ok is false when the file
// cannot be read or names no seed.
func jobSeeds(jobYAML string) (seeds []string, ok bool) {
	if jobYAML == "" {
		return nil, false
	}
	var j struct {
		Seeds []jobSeed `yaml:"seeds"`
	}
	if err := yaml.Unmarshal([]byte(jobYAML), &j); err != nil || len(j.Seeds) == 0 {
		return nil, false
	}
	for _, s := range j.Seeds {
		if u, err := urlcanon.Canonical("", string(s)); err == nil && s != "" {
			seeds = append(seeds, u)
		}
	}
	return seeds, true
}

// mainPage sets in's main page to the first seed with an archived
// response or revisit record, dated by its earliest one.
func mainPage(in *Input, seeds []string, recs []store.Record) {
	for _, s := range seeds {
		for _, r := range recs {
			if r.URL != s || !warc.HTTPExchange(r.RecordType) {
				continue
			}
			if in.MainPageURL == "" || r.Time.Before(in.MainPageDate) {
				in.MainPageURL, in.MainPageDate = s, r.Time
			}
		}
		if in.MainPageURL != "" {
			return
		}
	}
}
