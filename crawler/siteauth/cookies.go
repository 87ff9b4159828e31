package siteauth

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/net/publicsuffix"
)

// Cookie is one cookie as a jar keeps it, enough to set it again in a
// fresh jar: the URL it was set from (its host and scheme decide
// host-only and Secure handling) and the cookie's own attributes.
// Expires zero is a session cookie, which a capture keeps until it ends.
type Cookie struct {
	URL      string    `json:"url"`
	Name     string    `json:"name"`
	Value    string    `json:"value"`
	Domain   string    `json:"domain,omitempty"`
	Path     string    `json:"path,omitempty"`
	Expires  time.Time `json:"expires,omitzero"`
	Secure   bool      `json:"secure,omitempty"`
	HTTPOnly bool      `json:"http_only,omitempty"`
}

// Bounds on a jar and on an imported cookies.txt: a hostile site setting
// cookies without end, or a huge file, costs a bounded amount.
const (
	MaxCookies     = 3000
	MaxCookieBytes = 4096 // name + value, as browsers bound one cookie
	maxLineBytes   = 16 << 10
)

// ErrCookiesTxt is a line of a cookies.txt that is not a cookie.
var ErrCookiesTxt = errors.New("cookies.txt")

// ParseCookiesTxt reads a Netscape cookies.txt (curl's and wget's format,
// what browser extensions export): one cookie a line, seven tab-separated
// fields: domain, include-subdomains (TRUE/FALSE), path, secure
// (TRUE/FALSE), expiry (Unix seconds, 0 for a session cookie), name,
// value. Lines starting with '#' are comments, except "#HttpOnly_"
// which marks an HttpOnly cookie. At most MaxCookies are read; a line
// longer than 16 KiB or malformed is an error naming its number.
func ParseCookiesTxt(r io.Reader) ([]Cookie, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxLineBytes)
	var out []Cookie
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		httpOnly := false
		if rest, ok := strings.CutPrefix(line, "#HttpOnly_"); ok {
			line, httpOnly = rest, true
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c, err := cookieLine(line)
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrCookiesTxt, n, err)
		}
		c.HTTPOnly = httpOnly
		if len(out) == MaxCookies {
			return nil, fmt.Errorf("%w: more than %d cookies", ErrCookiesTxt, MaxCookies)
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCookiesTxt, err)
	}
	return out, nil
}

func cookieLine(line string) (Cookie, error) {
	f := strings.Split(line, "\t")
	if len(f) != 7 {
		return Cookie{}, fmt.Errorf("%d tab-separated fields, want 7", len(f))
	}
	domain := strings.ToLower(strings.TrimSpace(f[0]))
	host := strings.TrimPrefix(domain, ".")
	if host == "" || strings.ContainsAny(host, "/:@ ") {
		return Cookie{}, fmt.Errorf("bad domain %q", f[0])
	}
	sub, err := flag(f[1])
	if err != nil {
		return Cookie{}, fmt.Errorf("include-subdomains: %v", err)
	}
	secure, err := flag(f[3])
	if err != nil {
		return Cookie{}, fmt.Errorf("secure: %v", err)
	}
	path := f[2]
	if !strings.HasPrefix(path, "/") {
		return Cookie{}, fmt.Errorf("path %q does not start with /", path)
	}
	exp, err := strconv.ParseInt(f[4], 10, 64)
	if err != nil || exp < 0 || exp > 1<<40 {
		return Cookie{}, fmt.Errorf("bad expiry %q", f[4])
	}
	if f[5] == "" || len(f[5])+len(f[6]) > MaxCookieBytes {
		return Cookie{}, errors.New("empty or oversized cookie")
	}
	scheme := "http"
	if secure {
		scheme = "https"
	}
	c := Cookie{URL: scheme + "://" + host + path, Name: f[5], Value: f[6], Path: path, Secure: secure}
	if sub {
		c.Domain = host
	}
	if exp > 0 {
		c.Expires = time.Unix(exp, 0).UTC()
	}
	return c, nil
}

func flag(s string) (bool, error) {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "TRUE":
		return true, nil
	case "FALSE":
		return false, nil
	}
	return false, fmt.Errorf("%q is neither TRUE nor FALSE", s)
}

// Jar is a capture's cookie jar: the standard library's jar (RFC 6265
// rules, public suffixes refused as cookie domains) with a ledger of
// what was set, which the standard jar cannot list, so the session can
// be saved with the capture and set again on resume. At most MaxCookies
// are kept; a cookie past the bound, or larger than MaxCookieBytes, is
// dropped (Dropped counts them).
type Jar struct {
	mu      sync.Mutex
	jar     *cookiejar.Jar
	ledger  map[string]Cookie // key: domain-or-host, path, name
	dropped int
	now     func() time.Time
	changed bool
}

// NewJar returns an empty jar; now is the clock Max-Age and expiry are
// read against (nil: time.Now).
func NewJar(now func() time.Time) *Jar {
	if now == nil {
		now = time.Now
	}
	j, _ := cookiejar.New(&cookiejar.Options{PublicSuffixList: publicsuffix.List}) // never fails
	return &Jar{jar: j, ledger: map[string]Cookie{}, now: now}
}

var _ http.CookieJar = (*Jar)(nil)

func ledgerKey(u *url.URL, c *http.Cookie) string {
	d := strings.ToLower(strings.TrimPrefix(c.Domain, "."))
	if d == "" {
		d = "=" + strings.ToLower(u.Hostname()) // host-only
	}
	p := c.Path
	if p == "" || p[0] != '/' {
		p = defaultPath(u.Path)
	}
	return d + "\x00" + p + "\x00" + c.Name
}

// defaultPath is RFC 6265 §5.1.4's default-path of a request path.
func defaultPath(p string) string {
	if p == "" || p[0] != '/' {
		return "/"
	}
	i := strings.LastIndex(p, "/")
	if i == 0 {
		return "/"
	}
	return p[:i]
}

// SetCookies keeps cookies set by a response from u.
func (j *Jar) SetCookies(u *url.URL, cookies []*http.Cookie) {
	j.mu.Lock()
	defer j.mu.Unlock()
	now := j.now()
	var keep []*http.Cookie
	for _, c := range cookies {
		if c.Name == "" || len(c.Name)+len(c.Value) > MaxCookieBytes {
			j.dropped++
			continue
		}
		key := ledgerKey(u, c)
		_, known := j.ledger[key]
		gone := c.MaxAge < 0 || (!c.Expires.IsZero() && !c.Expires.After(now))
		if !known && !gone && len(j.ledger) >= MaxCookies {
			j.dropped++
			continue
		}
		keep = append(keep, c)
		if gone {
			delete(j.ledger, key)
			j.changed = true
			continue
		}
		e := Cookie{URL: u.Scheme + "://" + u.Host + u.EscapedPath(), Name: c.Name, Value: c.Value, Domain: c.Domain,
			Path: c.Path, Expires: c.Expires, Secure: c.Secure, HTTPOnly: c.HttpOnly}
		if c.MaxAge > 0 {
			e.Expires = now.Add(time.Duration(c.MaxAge) * time.Second).UTC()
		}
		j.ledger[key] = e
		j.changed = true
	}
	if len(keep) > 0 {
		j.jar.SetCookies(u, keep)
	}
}

// Cookies returns the cookies to send to u.
func (j *Jar) Cookies(u *url.URL) []*http.Cookie {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.jar.Cookies(u)
}

// Header is the Cookie field value to send to u, "" for none.
func (j *Jar) Header(u *url.URL) string {
	cs := j.Cookies(u)
	parts := make([]string, 0, len(cs))
	for _, c := range cs {
		parts = append(parts, c.Name+"="+c.Value)
	}
	return strings.Join(parts, "; ")
}

// Has reports whether the jar sends a cookie named name to u.
func (j *Jar) Has(u *url.URL, name string) bool {
	for _, c := range j.Cookies(u) {
		if c.Name == name {
			return true
		}
	}
	return false
}

// Import sets cookies kept by Export (or read by ParseCookiesTxt) again;
// expired ones and those with a bad URL are skipped.
func (j *Jar) Import(cs []Cookie) {
	for _, c := range cs {
		u, err := url.Parse(c.URL)
		if err != nil || u.Host == "" {
			continue
		}
		j.SetCookies(u, []*http.Cookie{{Name: c.Name, Value: c.Value, Domain: c.Domain, Path: c.Path,
			Expires: c.Expires, Secure: c.Secure, HttpOnly: c.HTTPOnly}})
	}
}

// Export lists the jar's live cookies in a stable order, and clears the
// changed mark (Changed).
func (j *Jar) Export() []Cookie {
	j.mu.Lock()
	defer j.mu.Unlock()
	now := j.now()
	keys := sortedKeys(j.ledger)
	out := make([]Cookie, 0, len(keys))
	for _, k := range keys {
		c := j.ledger[k]
		if !c.Expires.IsZero() && !c.Expires.After(now) {
			delete(j.ledger, k)
			continue
		}
		out = append(out, c)
	}
	j.changed = false
	return out
}

// Changed reports whether cookies were set or removed since the last
// Export.
func (j *Jar) Changed() bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.changed
}

// Len is the number of cookies the jar keeps (expired ones included
// until the next Export); Dropped the number refused by the bounds.
func (j *Jar) Len() (kept, dropped int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return len(j.ledger), j.dropped
}
