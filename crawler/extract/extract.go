package extract

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"

	"github.com/sharc-archive/sharc/frontier/urlcanon"
)

// Hop says how a link was reached, using Heritrix's hop letters; the crawler
// keeps the hop path of every URL for scoping (e.g. "embeds of in-scope
// pages are in scope").
type Hop byte

// Hop letters, as in Heritrix.
const (
	HopNav      Hop = 'L' // navigation link: a, area, link rel=alternate/next, ...
	HopEmbed    Hop = 'E' // embedded resource: img, script, stylesheet, iframe, CSS url()
	HopRedirect Hop = 'R' // redirect: HTTP Location (set by the crawler) or meta refresh
	HopPrereq   Hop = 'P' // prerequisite: robots.txt, DNS (set by the crawler)
	HopSitemap  Hop = 'M' // sitemap or sitemap-index entry
)

// String returns the hop letter.
func (h Hop) String() string { return string(rune(h)) }

// Link is one outgoing link of a document.
type Link struct {
	URL     string // canonical absolute URL (urlcanon.Canonical)
	Hop     Hop
	Context string // where it was found, e.g. "a/@href", "img/@srcset", "css/url()"
}

// SitemapURL is one <url> entry of a sitemap urlset; its changefreq and
// lastmod feed the change-rate estimates (thesis §6.1, Sitemaps).
type SitemapURL struct {
	Loc         string // canonical absolute URL
	ChangeFreq  string // lower-cased, as written ("daily", ...); "" if absent
	LastMod     string // as written (W3C datetime); "" if absent
	Priority    float64
	HasPriority bool
}

// Result is what Extract found in one document.
type Result struct {
	Links        []Link       // deduplicated by URL, in document order
	Sitemap      []SitemapURL // urlset entries, in document order
	SitemapIndex []string     // canonical URLs of sitemapindex children
	Title        string       // HTML <title>, whitespace-normalised
	Text         string       // visible HTML text, whitespace-normalised, scripts/styles excluded
	Truncated    bool         // a cap (MaxLinks, MaxTextBytes, MaxBodyBytes) cut the work short
	// Malformed holds references that look like http(s) links but do not
	// parse (at most MaxMalformed, as written), so the crawler can log
	// them instead of losing them silently.
	Malformed []string
	// LinksDropped counts links (and sitemap entries) met after the link
	// cap was reached; they were not resolved, so duplicates among them
	// count more than once.
	LinksDropped int
}

// Options bound the work done on one document; zero fields take the
// package defaults.
type Options struct {
	MaxLinks int   // links (and sitemap entries) kept (default MaxLinks)
	MaxBytes int64 // bytes of body read (default MaxBodyBytes)
	// SizeHint, if positive, is the body's expected length (such as its
	// Content-Length), so that a page is read into one buffer of that
	// size rather than a doubling series (and its maps of links are made
	// for about a link a KB).
	SizeHint int64
}

// Caps on the work done for one document, against hostile or absurd input.
const (
	MaxLinks     = 100_000  // links (and sitemap entries) kept per document
	MaxTextBytes = 1 << 20  // bytes of Text kept
	MaxBodyBytes = 64 << 20 // bytes of body parsed (also the gunzip limit for .xml.gz sitemaps)
	maxFieldLen  = 8 << 10  // longest sitemap field (loc, lastmod, ...) kept
	MaxMalformed = 100      // malformed references kept per document
	// MaxDOMBytes is the largest HTML document parsed into a tree (and the
	// most of a stylesheet read): a larger page is tokenized as a stream
	// instead, so a 100 MB page never becomes a 100 MB DOM.
	MaxDOMBytes = 2 << 20
)

// ErrBaseURL is returned (wrapped) when baseURL cannot be parsed.
var ErrBaseURL = errors.New("extract: invalid base URL")

// Extract dispatches on the MIME type (parameters such as charset are
// ignored) and returns the links and text of body, which must already be
// free of any Content-Encoding. baseURL is the URL the body was fetched
// from; relative links resolve against it (or against <base href>).
//
//   - text/html, application/xhtml+xml: HTML links, title and visible text;
//   - text/css: url(...) and @import;
//   - application/xml, text/xml (and any *+xml): sitemap or sitemap index
//     if the root element is <urlset> or <sitemapindex>, else nothing;
//   - application/gzip, application/x-gzip whose URL path ends in ".xml.gz":
//     gunzipped, then read as XML (sitemap.xml.gz files are served like
//     that); other archives are not opened;
//   - text/plain whose URL path ends in "sitemap*.txt": one URL per line;
//   - "" and application/octet-stream: sniffed (net/http DetectContentType);
//   - anything else: an empty Result and no error.
//
// A body larger than MaxBodyBytes is cut (Truncated set). XML that is not
// well-formed before its root element is "not a sitemap" (no error); a
// sitemap broken later returns the entries read so far and the error.
func Extract(mime, baseURL string, body []byte) (Result, error) {
	return ExtractFrom(mime, baseURL, bytes.NewReader(body), Options{SizeHint: int64(len(body))})
}

// ExtractFrom is Extract reading the body from r, of which it reads at most
// o.MaxBytes bytes (and keeps at most o.MaxLinks links, counting the rest
// in LinksDropped). HTML up to MaxDOMBytes is parsed as Extract always
// did; a larger page is tokenized as a stream (see extractHTMLStream), so
// memory stays bounded whatever the size of the body.
func ExtractFrom(mime, baseURL string, r io.Reader, o Options) (Result, error) {
	var res Result
	rs, err := urlcanon.NewResolver(baseURL)
	if err != nil {
		return res, fmt.Errorf("%w: %w", ErrBaseURL, err)
	}
	if o.MaxLinks <= 0 {
		o.MaxLinks = MaxLinks
	}
	if o.MaxBytes <= 0 {
		o.MaxBytes = MaxBodyBytes
	}
	lim := &capReader{r: r, left: o.MaxBytes, res: &res}
	br := bufio.NewReaderSize(lim, 4096)
	head, _ := br.Peek(512)
	mt := mediaType(mime)
	if mt == "" || mt == "application/octet-stream" {
		mt = mediaType(http.DetectContentType(head))
	}
	c := newCollector(rs, &res, o.MaxLinks)
	if o.SizeHint > 0 {
		c.sized(int(min(o.SizeHint>>10, 1024)))
	}
	switch {
	case mt == "text/html" || mt == "application/xhtml+xml":
		err = extractHTMLFrom(c, br, mime, o.SizeHint)
	case mt == "text/css":
		body, _ := readUpTo(br, MaxDOMBytes, 0, &res)
		extractCSS(c, string(ToUTF8(body, mime, false)), "css")
	case mt == "application/xml" || mt == "text/xml" || strings.HasSuffix(mt, "+xml"):
		err = extractSitemap(c, br)
	case (mt == "application/gzip" || mt == "application/x-gzip") && pathHasSuffix(baseURL, ".xml.gz"):
		zr, zerr := gzip.NewReader(br)
		if zerr != nil {
			return res, fmt.Errorf("extract: gunzip: %w", zerr)
		}
		defer zr.Close()
		plain := &capReader{r: zr, left: MaxBodyBytes, res: &res}
		err = extractSitemap(c, plain)
		if err == nil && plain.err != nil {
			err = fmt.Errorf("extract: gunzip: %w", plain.err)
		}
	case mt == "text/plain" && isSitemapTxt(baseURL):
		extractSitemapTxt(c, br)
	}
	return res, err
}

// extractHTMLFrom tokenizes a page as a stream (extractHTMLStream). A page
// of up to MaxDOMBytes is held whole, so its first <base href> is found
// first and applies to the links before it too, as in the tree
// (extractHTML); a larger one is streamed from the reader.
func extractHTMLFrom(c *collector, br *bufio.Reader, contentType string, sizeHint int64) error {
	body, more := readUpTo(br, MaxDOMBytes, sizeHint, nil)
	if !more {
		body = ToUTF8(body, contentType, true)
		if extractHTMLLexed(c, body) {
			return nil
		}
		return extractHeldWhole(c, body)
	}
	return extractHTMLStream(c, utf8Reader(body, io.MultiReader(bytes.NewReader(body), br), contentType))
}

// extractHeldWhole tokenizes a page held whole with x/net/html: its first
// <base href> is applied first.
func extractHeldWhole(c *collector, body []byte) error {
	if href, ok := firstBaseHref(body); ok {
		c.useBase(href)
	}
	return extractHTMLStream(c, bytes.NewReader(body))
}

// useBase applies the document's <base href>.
func (c *collector) useBase(href string) {
	c.baseSeen = true
	if r, err := c.r.Rebase(strings.TrimSpace(href)); err == nil {
		c.setResolver(r)
	}
}

// readUpTo reads at most n bytes of r (into one buffer if hint, the
// expected length, is right) and reports whether more followed (then res,
// if given, is marked truncated).
func readUpTo(r *bufio.Reader, n int, hint int64, res *Result) ([]byte, bool) {
	var buf bytes.Buffer
	if hint > 0 {
		buf.Grow(int(min(hint, int64(n))) + bytes.MinRead) // ReadFrom wants MinRead free at the end
	}
	_, _ = buf.ReadFrom(io.LimitReader(r, int64(n)))
	body := buf.Bytes()
	if _, err := r.Peek(1); err != nil {
		return body, false
	}
	if res != nil {
		res.Truncated = true
	}
	return body, true
}

// capReader reads at most left bytes of r; if r had more, it marks the
// result truncated. Read errors of r are kept in err (and returned).
type capReader struct {
	r    io.Reader
	left int64
	res  *Result
	err  error
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		var one [1]byte
		if n, _ := io.ReadFull(c.r, one[:]); n > 0 {
			c.res.Truncated = true
		}
		return 0, io.EOF
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if err != nil && err != io.EOF {
		c.err = err
	}
	return n, err
}

// utf8Reader transcodes a streamed document to UTF-8 the way toUTF8 does,
// deciding from head (its first bytes): an uncertain charset is taken as
// UTF-8 when head is valid UTF-8.
func utf8Reader(head []byte, r io.Reader, contentType string) io.Reader {
	e, name, certain := charset.DetermineEncoding(head, contentType)
	if e == nil || name == "utf-8" || (!certain && validUTF8Prefix(head)) {
		br := bufio.NewReader(r)
		if b, _ := br.Peek(3); bytes.Equal(b, []byte("\xef\xbb\xbf")) {
			_, _ = br.Discard(3)
		}
		return br
	}
	return e.NewDecoder().Reader(r)
}

// validUTF8Prefix is utf8.Valid for a prefix that may end inside a rune.
func validUTF8Prefix(b []byte) bool {
	for cut := 0; cut < utf8.UTFMax && cut <= len(b); cut++ {
		if utf8.Valid(b[:len(b)-cut]) {
			return true
		}
	}
	return false
}

// ToUTF8 transcodes a document to UTF-8 using the charset of the
// Content-Type, a byte-order mark or (HTML only) a <meta charset> in the
// first 1024 bytes, as HTML's encoding sniffing does. Without a certain
// declaration, a body that is valid UTF-8 is taken as UTF-8 (most of the
// undeclared web); otherwise HTML falls back to windows-1252 as browsers do.
// Query strings are then percent-encoded as UTF-8, where a browser would
// use the page's encoding; paths are UTF-8 either way.
func ToUTF8(body []byte, contentType string, sniffMeta bool) []byte {
	var (
		e       encoding.Encoding
		name    string
		certain bool
	)
	if sniffMeta {
		e, name, certain = charset.DetermineEncoding(body, contentType)
	} else {
		_, params, _ := mime.ParseMediaType(contentType)
		if cs := params["charset"]; cs != "" {
			e, name = charset.Lookup(cs)
			certain = e != nil
		}
	}
	if e == nil || name == "utf-8" || (!certain && utf8.Valid(body)) {
		return bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	}
	out, err := e.NewDecoder().Bytes(body)
	if err != nil {
		return body
	}
	return out
}

// mediaType returns the lower-cased type/subtype of a Content-Type value.
func mediaType(v string) string {
	if i := strings.IndexByte(v, ';'); i >= 0 {
		v = v[:i]
	}
	return strings.ToLower(strings.TrimSpace(v))
}

// collector resolves, filters and deduplicates links for one document.
type collector struct {
	r        *urlcanon.Resolver
	res      *Result
	maxLinks int
	baseSeen bool // the document's <base href> is applied
	refs     int  // references met (added or not), which a <base href> met later would change
	seen     map[string]struct{}
	cache    map[string]string // raw ref → canonical ("" if rejected); menus repeat refs
	mapHint  int               // the size seen and cache are made with
}

// sized makes c's (empty) maps for about n links: growing them from
// empty cost more. ExtractFrom gives a link a KB of body (the Python
// docs' pages have 1.3 references a KB).
func (c *collector) sized(n int) {
	c.mapHint = n
	c.seen, c.cache = make(map[string]struct{}, n), make(map[string]string, n)
}

func newCollector(r *urlcanon.Resolver, res *Result, maxLinks int) *collector {
	return &collector{r: r, res: res, maxLinks: maxLinks, seen: make(map[string]struct{}), cache: make(map[string]string)}
}

// full reports whether the link cap is reached; from then on a link is
// counted as dropped without being resolved or remembered, so a page with
// 10⁶ links costs no more than one with maxLinks.
func (c *collector) full() bool { return len(c.res.Links) >= c.maxLinks }

// setResolver changes the base URL (for <base href>).
func (c *collector) setResolver(r *urlcanon.Resolver) {
	c.r = r
	clear(c.cache)
}

// add resolves ref and appends it unless it is empty, a same-document
// fragment, not http(s), unparsable or already seen. It returns the
// canonical URL ("" if nothing was added for any reason but a duplicate).
func (c *collector) add(ref string, hop Hop, context string) string {
	return c.addCtx(ref, hop, context, "")
}

// addCtx is add with the context in two parts: ctx, or ctx+"/@"+key.
func (c *collector) addCtx(ref string, hop Hop, ctx, key string) string {
	c.refs++
	if c.full() {
		if u, ok := c.cache[strings.TrimSpace(ref)]; ok {
			if _, dup := c.seen[u]; dup || u == "" {
				return u
			}
		}
		if ref = strings.TrimSpace(ref); ref != "" && ref[0] != '#' && !hasNonHTTPScheme(ref) {
			c.res.LinksDropped++
			c.res.Truncated = true
		}
		return ""
	}
	u := c.resolve(ref)
	if u == "" {
		return ""
	}
	if _, dup := c.seen[u]; dup {
		return u
	}
	c.seen[u] = struct{}{}
	context := ctx
	if key != "" {
		context = attrContext(ctx, key)
	}
	c.res.Links = append(c.res.Links, Link{URL: u, Hop: hop, Context: context})
	return u
}

// attrContext returns tag+"/@"+key, a constant for the commonest pairs
// (no allocation for each link kept).
func attrContext(tag, key string) string {
	switch key {
	case "href":
		switch tag {
		case "a":
			return "a/@href"
		case "link":
			return "link/@href"
		case "area":
			return "area/@href"
		}
	case "src":
		switch tag {
		case "img":
			return "img/@src"
		case "script":
			return "script/@src"
		case "iframe":
			return "iframe/@src"
		case "source":
			return "source/@src"
		}
	}
	return tag + "/@" + key
}

// addAttr is add for the link in attribute key of an element tag; the
// context tag+"/@"+key is only built for a link kept.
func (c *collector) addAttr(ref string, hop Hop, tag, key string) string {
	return c.addCtx(ref, hop, tag, key)
}

// resolve returns the canonical form of ref, or "" if it is not a crawlable
// link. Cheap prefix checks spare WHATWG parsing of data: URIs and scripts.
func (c *collector) resolve(ref string) string {
	ref = strings.TrimSpace(ref)
	if ref == "" || ref[0] == '#' || hasNonHTTPScheme(ref) {
		return ""
	}
	if u, ok := c.cache[ref]; ok {
		return u
	}
	u, err := c.r.Resolve(ref)
	if err != nil {
		u = ""
		if !errors.Is(err, urlcanon.ErrScheme) && len(c.res.Malformed) < MaxMalformed {
			// A copy: ref may be a substring of the whole page
			// (pageString), which Result must not keep alive.
			c.res.Malformed = append(c.res.Malformed, strings.Clone(ref))
		}
	}
	if len(c.cache) < 2*c.maxLinks+1024 { // rejected refs must not grow it without bound
		c.cache[ref] = u
	}
	return u
}

// hasNonHTTPScheme reports whether ref starts with a scheme that is surely
// not http(s); anything unsure is left to the WHATWG parser.
func hasNonHTTPScheme(ref string) bool {
	if ref == "" {
		return false
	}
	// Each scheme has its own first letter: one comparison, not eight.
	var p string
	switch ref[0] | 0x20 { // ASCII lower case
	case 'd':
		p = "data:"
	case 'j':
		p = "javascript:"
	case 'm':
		p = "mailto:"
	case 't':
		p = "tel:"
	case 'a':
		p = "about:"
	case 'b':
		p = "blob:"
	case 's':
		p = "sms:"
	case 'v':
		p = "vbscript:"
	default:
		return false
	}
	return len(ref) >= len(p) && strings.EqualFold(ref[:len(p)], p)
}
