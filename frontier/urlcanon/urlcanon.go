package urlcanon

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"

	wurl "github.com/nlnwa/whatwg-url/url"
)

// ErrScheme is returned (wrapped) by Canonical for URLs whose scheme is not
// http or https (mailto:, javascript:, data:, ftp:, ...).
var ErrScheme = errors.New("urlcanon: scheme not http(s)")

// ErrTooLong is returned (wrapped) for a reference or base longer than
// MaxLength bytes.
var ErrTooLong = errors.New("urlcanon: URL too long")

// Caps on what Canonical accepts. Real URLs are far shorter (Heritrix gives
// up at 2083 bytes); the caps bound the parser's work on hostile pages,
// which grows quadratically with the number of path segments.
const (
	MaxLength   = 8 << 10 // bytes of a reference or base URL
	MaxSegments = 512     // "/" and "\" before any "?" or "#" ("//" of the authority included)
)

// checkSize enforces MaxLength and MaxSegments.
func checkSize(ref string) error {
	if len(ref) <= MaxSegments {
		return nil // it has no more slashes than bytes (MaxSegments < MaxLength)
	}
	if len(ref) > MaxLength {
		return fmt.Errorf("%w: %d bytes", ErrTooLong, len(ref))
	}
	slashes := 0
	for i := 0; i < len(ref); i++ {
		switch ref[i] {
		case '/', '\\':
			slashes++
		case '?', '#':
			i = len(ref)
		}
	}
	if slashes > MaxSegments {
		return fmt.Errorf("%w: %d path segments", ErrTooLong, slashes)
	}
	return nil
}

// ErrEmpty is returned by Canonical when the reference and the base are empty.
var ErrEmpty = errors.New("urlcanon: empty URL")

// Canonical parses ref relative to base (base "" for absolute) and returns
// the canonical absolute URL (see the package comment for the rules).
func Canonical(base, ref string) (string, error) {
	if err := checkSize(ref); err != nil {
		return "", err
	}
	if base == "" {
		if strings.TrimSpace(ref) == "" {
			return "", ErrEmpty
		}
		u, err := wurl.Parse(ref)
		if err != nil {
			return "", fmt.Errorf("urlcanon: parse %q: %w", ref, err)
		}
		return serialise(u)
	}
	r, err := NewResolver(base)
	if err != nil {
		return "", err
	}
	return r.Resolve(ref)
}

// Resolver resolves many references against one parsed base URL; it saves
// re-parsing the base for every link of a document. A Resolver is safe for
// concurrent use: resolution only reads the base (parsed at most once).
type Resolver struct {
	// raw is the base as given; a plain one (see NewResolver) is parsed
	// only when a reference needs the parser (base).
	raw  string
	once sync.Once
	b    *wurl.Url
	err  error
	// origin and dir are the canonical base up to its path, and up to
	// the last '/' of its path ("" unless the base is http(s)): the
	// prefixes of simple references' results (see fast).
	origin, dir string
}

// newResolver makes the Resolver of a parsed base.
func newResolver(b *wurl.Url) *Resolver {
	r := &Resolver{b: b}
	if s, err := serialise(b); err == nil {
		r.origin, r.dir = splitBase(s)
	}
	return r
}

// splitBase returns the origin and directory of a canonical http(s) URL.
func splitBase(s string) (origin, dir string) {
	// The path starts at the first '/' after "://" (userinfo has its '/'
	// escaped) and runs to '?' (escaped in paths).
	i := strings.Index(s, "://") + 3
	i += strings.IndexByte(s[i:], '/')
	if q := strings.IndexByte(s, '?'); q >= 0 {
		s = s[:q]
	}
	return s[:i], s[:strings.LastIndexByte(s, '/')+1]
}

// NewResolver parses base (which must be absolute, any scheme WHATWG accepts;
// references resolved against a non-http(s) base still fail with ErrScheme
// unless they carry their own http(s) scheme). A base that fast would
// resolve as an absolute reference, such as a crawled page's canonical URL,
// is parsed only if a reference needs it: its canonical form is what
// fast returns (FuzzResolveFast), and the parser accepts it.
func NewResolver(base string) (*Resolver, error) {
	if err := checkSize(base); err != nil {
		return nil, fmt.Errorf("base: %w", err)
	}
	if s, ok := (&Resolver{}).fast(base); ok { // no dir: absolute references only
		r := &Resolver{raw: base}
		r.origin, r.dir = splitBase(s)
		return r, nil
	}
	b, err := wurl.Parse(base)
	if err != nil {
		return nil, fmt.Errorf("urlcanon: parse base %q: %w", base, err)
	}
	return newResolver(b), nil
}

// base returns the parsed base, parsing a plain one the first time.
func (r *Resolver) base() (*wurl.Url, error) {
	r.once.Do(func() {
		if r.b == nil {
			r.b, r.err = wurl.Parse(r.raw)
		}
	})
	if r.err != nil {
		return nil, fmt.Errorf("urlcanon: parse base %q: %w", r.raw, r.err)
	}
	return r.b, nil
}

// Base returns the base URL as WHATWG serialises it (fragment included).
func (r *Resolver) Base() string {
	b, err := r.base()
	if err != nil {
		return r.raw // not reached: a plain base parses
	}
	return b.Href(false)
}

// Rebase returns a Resolver whose base is ref resolved against r's base, as
// an HTML <base href> does; the new base may be any absolute URL.
func (r *Resolver) Rebase(ref string) (*Resolver, error) {
	if err := checkSize(ref); err != nil {
		return nil, fmt.Errorf("base: %w", err)
	}
	base, err := r.base()
	if err != nil {
		return nil, err
	}
	b, err := base.Parse(ref)
	if err != nil {
		return nil, fmt.Errorf("urlcanon: parse base %q: %w", ref, err)
	}
	return newResolver(b), nil
}

// Resolve returns the canonical absolute form of ref resolved against the
// base, as Canonical(base, ref) would.
func (r *Resolver) Resolve(ref string) (string, error) {
	if err := checkSize(ref); err != nil {
		return "", err
	}
	if out, ok := r.fast(ref); ok {
		return out, nil
	}
	if plainFile(ref) {
		return "", fmt.Errorf("%w: %q", ErrScheme, "file") // as parse says
	}
	return r.parse(ref)
}

// plainFile reports a file URL with an empty host and a path of
// pathBytes ("file:///usr/share/doc/..."), which the WHATWG parser
// always accepts as such, so it can be rejected without parsing.
// FuzzResolveFast checks it against the parser.
func plainFile(ref string) bool {
	const prefix = "file:///"
	if len(ref) < len(prefix) || !strings.EqualFold(ref[:len(prefix)], prefix) {
		return false
	}
	for i := len(prefix); i < len(ref); i++ {
		if !pathByte(ref[i]) {
			return false
		}
	}
	return true
}

// parse is Resolve by the WHATWG parser.
func (r *Resolver) parse(ref string) (string, error) {
	base, err := r.base()
	if err != nil {
		return "", err
	}
	u, err := base.Parse(ref)
	if err != nil {
		return "", fmt.Errorf("urlcanon: parse %q: %w", ref, err)
	}
	return serialise(u)
}

// fast resolves the commonest references, a path of plain characters
// (pathByte) and dot segments with an optional query of plain characters
// (queryByte) and an optional fragment, such as
// "../library/os.html#os.walk" or "../_static/site.css?2022", against an
// http(s) base without the WHATWG parser: the result is the base's
// directory (or origin, for "/..."), the segments appended and dot
// segments removed, as the WHATWG path state does, then the query as
// written. Anything else (a scheme, "//", '%', '\', an empty path before
// '?', an empty query, spaces, non-ASCII, ...) reports false and is
// parsed. FuzzResolveFast checks it against the parser.
func (r *Resolver) fast(ref string) (string, bool) {
	p, _, _ := strings.Cut(ref, "#")
	p, q, hasQuery := strings.Cut(p, "?")
	if hasQuery && !plainQuery(q) {
		return "", false
	}
	if origin, path, ok := plainAbsolute(p); ok {
		return joinPath(origin, "", path, q)
	}
	if r.dir == "" || p == "" || strings.HasPrefix(p, "//") {
		return "", false
	}
	return joinPath(r.origin, r.dir, p, q)
}

// plainQuery reports a non-empty query of queryBytes, which the WHATWG
// parser and normPercent leave as they are.
func plainQuery(q string) bool {
	for i := 0; i < len(q); i++ {
		if !queryByte(q[i]) {
			return false
		}
	}
	return q != ""
}

// queryByte reports the bytes a plain query may hold: the pathBytes but
// the apostrophe (which WHATWG percent-encodes in the queries of http(s)
// URLs), and ':' and '?'.
func queryByte(c byte) bool { return pathByte(c) && c != '\'' || c == ':' || c == '?' }

// joinPath appends p, a path of pathBytes, to dir (or, for "/..." or an
// empty dir, to origin+"/"), removes dot segments, as the WHATWG path
// state does, and appends "?"+query unless query is empty.
func joinPath(origin, dir, p, query string) (string, bool) {
	for i := 0; i < len(p); i++ {
		if !pathByte(p[i]) {
			return "", false
		}
	}
	var stack [256]byte // most URLs fit: then the result is the one allocation
	out := stack[:0]
	if p != "" && p[0] == '/' || dir == "" {
		out = append(append(out, origin...), '/')
		p = strings.TrimPrefix(p, "/")
	} else {
		out = append(out, dir...)
	}
	root := len(origin) + 1 // out[:root] ends with the path's first '/'
	for {
		seg, rest, more := strings.Cut(p, "/")
		switch seg {
		case "..":
			if len(out) > root {
				out = out[:bytes.LastIndexByte(out[:len(out)-1], '/')+1]
			}
		case ".":
		default:
			out = append(out, seg...)
			if more {
				out = append(out, '/')
			}
		}
		if !more {
			break
		}
		p = rest
	}
	if query != "" {
		out = append(append(out, '?'), query...)
	}
	s := string(out)
	if checkSize(s) != nil {
		return "", false
	}
	return s, true
}

// plainAbsolute splits an absolute http(s) URL whose scheme and host are
// already canonical (lower case; a DNS name of letters, digits, '-' and
// non-empty labels not starting or ending with '-', not IDNA "xn--", with a last label that does not start
// with a digit, or a dotted-quad IPv4 address without leading zeros; a port
// other than the scheme's default, without leading zeros) into its origin
// and path: absolute links to such hosts, common on real sites, then skip
// the WHATWG parser. Anything else reports false.
func plainAbsolute(ref string) (origin, path string, ok bool) {
	var rest string
	switch {
	case strings.HasPrefix(ref, "http://"):
		rest = ref[len("http://"):]
	case strings.HasPrefix(ref, "https://"):
		rest = ref[len("https://"):]
	default:
		return "", "", false
	}
	slash := strings.IndexByte(rest, '/')
	if slash < 0 {
		return "", "", false
	}
	authority := rest[:slash]
	host, port, hasPort := strings.Cut(authority, ":")
	if !plainHost(host) || hasPort && !plainPort(port, ref[4] == 's') {
		return "", "", false
	}
	n := len(ref) - len(rest) + slash
	return ref[:n], rest[slash:], true
}

func plainHost(h string) bool {
	if h == "" || strings.Contains(h, "xn--") {
		return false
	}
	last := h[strings.LastIndexByte(h, '.')+1:]
	if last != "" && last[0] >= '0' && last[0] <= '9' {
		return plainIPv4(h)
	}
	for l, rest, more := "", h, true; more; {
		l, rest, more = strings.Cut(rest, ".")
		// Nor a label that starts or ends with '-', as no DNS name does:
		// the parser reads "-0" as the number 0 (FuzzResolveFast).
		if l == "" || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for i := 0; i < len(l); i++ {
			if c := l[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

// plainIPv4 reports a dotted quad of plainDecimals up to 255.
func plainIPv4(h string) bool {
	for i := range 4 {
		p, rest, more := strings.Cut(h, ".")
		if n, ok := plainDecimal(p, 3); !ok || n > 255 || more != (i < 3) {
			return false
		}
		h = rest
	}
	return true
}

// plainDecimal parses up to maxLen digits without a leading zero ("0"
// itself aside), the form WHATWG serialises numbers in.
func plainDecimal(s string, maxLen int) (int, bool) {
	if s == "" || len(s) > maxLen || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

func plainPort(p string, https bool) bool {
	n, ok := plainDecimal(p, 5)
	return ok && n > 0 && n <= 65535 && !(n == 80 && !https) && !(n == 443 && https)
}

// pathByte reports the bytes fast takes as they are: unreserved, '/' and
// the sub-delimiters WHATWG leaves alone in a path (':' aside, which could
// start a scheme).
func pathByte(c byte) bool {
	if c < 64 {
		return pathBytesLo&(1<<c) != 0
	}
	return c < 128 && pathBytesHi&(1<<(c-64)) != 0
}

// pathByte's set, a bit per byte value below 64 and below 128
// (TestPathBytes checks them).
const (
	pathBytesLo = 0x2bffffd200000000
	pathBytesHi = 0x47fffffe87ffffff
)

func serialise(u *wurl.Url) (string, error) {
	scheme := u.Scheme()
	if scheme != "http" && scheme != "https" {
		return "", fmt.Errorf("%w: %q", ErrScheme, scheme)
	}
	host := u.Host()
	if host == "" {
		// Unreachable for special schemes per WHATWG, kept as a guard.
		return "", fmt.Errorf("urlcanon: %w: no host", ErrEmpty)
	}
	var b strings.Builder
	path := u.Pathname()
	query := u.Query()
	b.Grow(len(scheme) + 3 + len(host) + len(path) + len(query) + 8)
	b.WriteString(scheme)
	b.WriteString("://")
	if user, pass := u.Username(), u.Password(); user != "" || pass != "" {
		normPercent(&b, user)
		if pass != "" {
			b.WriteByte(':')
			normPercent(&b, pass)
		}
		b.WriteByte('@')
	}
	b.WriteString(host)
	if path == "" {
		path = "/"
	}
	normPercent(&b, path)
	if query != "" {
		b.WriteByte('?')
		normPercent(&b, query)
	}
	// Percent-encoding can grow a URL ninefold and resolution adds the
	// base's segments; the result must itself be acceptable input, or
	// Canonical would not be idempotent.
	out := b.String()
	if err := checkSize(out); err != nil {
		return "", fmt.Errorf("result: %w", err)
	}
	return out, nil
}

// normPercent appends s to b with every valid %XX escape normalised: escapes
// of unreserved characters (RFC 3986 §2.3) are decoded, all others get
// upper-case hex. A '%' that starts no valid escape ("%zz", "%4", a final
// "%") is escaped as "%25", as Heritrix does: WHATWG keeps it, but the
// result would not be an RFC 3986 URI, and WARC-Target-URI, HTTP request
// targets and WARC validators (gowarc) require one.
func normPercent(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			b.WriteString("%25")
			continue
		}
		h, l := s[i+1], s[i+2]
		v := unhex(h)<<4 | unhex(l)
		if isUnreserved(v) {
			b.WriteByte(v)
		} else {
			b.WriteByte('%')
			b.WriteByte(upperHex[v>>4])
			b.WriteByte(upperHex[v&15])
		}
		i += 2
	}
}

const upperHex = "0123456789ABCDEF"

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case '0' <= c && c <= '9':
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}
