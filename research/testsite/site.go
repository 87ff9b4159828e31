package testsite

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/research/sim"
)

// Config describes a test site.
type Config struct {
	// Pages, Outdegree, Skew and HotLeaves are the synthetic site's
	// parameters, as in sim.NewSite.
	Pages     int
	Outdegree int
	Skew      float64
	HotLeaves bool
	// TimeUnit is one Δ of the model in wall time: rates are changes per
	// TimeUnit.
	TimeUnit time.Duration
	// Seed selects the change times; the same seed always gives the same
	// change times, whatever the order of requests.
	Seed uint64
	// Host is the canonical host[:port] used in absolute links, robots.txt
	// and the sitemap; empty means the request's Host.
	Host string
	// Start is time zero of the change processes; zero means when New is
	// called. Every page is at version 0 at Start.
	Start time.Time
	// Now is the clock; nil means time.Now. Tests set it to move time by
	// hand.
	Now func() time.Time

	// DeleteAfter makes page k answer 410 Gone from Start+d on (k ≥ 1).
	DeleteAfter map[int]time.Duration
	// AppearAfter makes page k answer 404 before Start+d (k ≥ 1); its parent
	// links to it only while it exists.
	AppearAfter map[int]time.Duration

	// Embeds adds a shared stylesheet and a per-page image to every page, so
	// a crawler has embedded resources to fetch. They never change.
	Embeds bool
	// TrapLink makes the root page link to /private/trap, which robots.txt
	// disallows: a polite crawler never requests it.
	TrapLink bool
	// CrawlDelay, if positive, is announced in robots.txt.
	CrawlDelay time.Duration
	// SitemapChunk is the number of URLs per sitemap file (0 means the
	// protocol's maximum, 50000); larger sites get a sitemap index.
	SitemapChunk int
	// RequestLogSize bounds the in-memory request log (0 means 65536
	// entries, negative disables it); the oldest entries are dropped.
	RequestLogSize int
}

// maxSitemapURLs is the sitemap protocol's limit of URLs per file.
const maxSitemapURLs = 50000

// RequestLog is one request the site answered.
type RequestLog struct {
	Time      time.Time
	Method    string
	Path      string
	Query     string
	Status    int
	UserAgent string
}

// Site is a live synthetic site. It is safe for concurrent use.
type Site struct {
	cfg   Config
	tree  *sim.Site
	log   *zap.Logger
	now   func() time.Time
	ch    *changes
	chunk int
	// etagSeed is the FNV-1a state after hashing what, besides the page,
	// its version and the base URL, the body depends on.
	etagSeed uint32

	reqMu   sync.Mutex
	reqs    []RequestLog // ring buffer of capacity reqCap
	reqNext int          // index of the next write once the ring is full
	reqCap  int
}

// New validates cfg and builds the site.
func New(cfg Config, log *zap.Logger) (*Site, error) {
	if log == nil {
		log = zap.NewNop()
	}
	tree, err := sim.NewSite(cfg.Pages, cfg.Outdegree, cfg.Skew, cfg.HotLeaves)
	if err != nil {
		return nil, fmt.Errorf("testsite: %w", err)
	}
	if cfg.TimeUnit <= 0 {
		return nil, fmt.Errorf("testsite: time unit must be positive, got %v", cfg.TimeUnit)
	}
	if err := validHost(cfg.Host); err != nil {
		return nil, fmt.Errorf("testsite: %w", err)
	}
	if cfg.CrawlDelay < 0 {
		return nil, fmt.Errorf("testsite: crawl delay must not be negative, got %v", cfg.CrawlDelay)
	}
	chunk := cfg.SitemapChunk
	switch {
	case chunk == 0:
		chunk = maxSitemapURLs
	case chunk < 0 || chunk > maxSitemapURLs:
		return nil, fmt.Errorf("testsite: sitemap chunk must be in 1..%d, got %d", maxSitemapURLs, chunk)
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	if cfg.Start.IsZero() {
		cfg.Start = now()
	}
	s := &Site{cfg: cfg, tree: tree, log: log, now: now, chunk: chunk,
		ch:       newChanges(cfg.Seed, cfg.TimeUnit, tree.Rates),
		etagSeed: fnv1a(fnvOffset, fmt.Sprintf("%d|%t|%t|", cfg.Seed, cfg.Embeds, cfg.TrapLink))}
	if err := s.addFaults(); err != nil {
		return nil, fmt.Errorf("testsite: %w", err)
	}
	switch {
	case cfg.RequestLogSize == 0:
		s.reqCap = 1 << 16
	case cfg.RequestLogSize > 0:
		s.reqCap = cfg.RequestLogSize
	}
	return s, nil
}

func validHost(h string) error {
	if h == "" {
		return nil
	}
	if strings.ContainsAny(h, "/?#@ \t\r\n\"'<>\\") {
		return fmt.Errorf("host must be host[:port] without scheme or path, got %q", h)
	}
	return nil
}

func (s *Site) addFaults() error {
	n := s.cfg.Pages
	check := func(what string, k int, d time.Duration) error {
		if k < 1 || k >= n {
			return fmt.Errorf("%s: page %d out of range 1..%d (the root cannot be removed)", what, k, n-1)
		}
		if d <= 0 {
			return fmt.Errorf("%s: page %d: delay must be positive, got %v", what, k, d)
		}
		return nil
	}
	for k, d := range s.cfg.DeleteAfter {
		if err := check("delete-after", k, d); err != nil {
			return err
		}
	}
	for k, d := range s.cfg.AppearAfter {
		if err := check("appear-after", k, d); err != nil {
			return err
		}
		if g, ok := s.cfg.DeleteAfter[k]; ok && g <= d {
			return fmt.Errorf("page %d is deleted (%v) before it appears (%v)", k, g, d)
		}
	}
	seen := map[int]bool{}
	for _, m := range []map[int]time.Duration{s.cfg.AppearAfter, s.cfg.DeleteAfter} {
		for k := range m {
			if seen[k] {
				continue
			}
			seen[k] = true
			a, g := s.cfg.AppearAfter[k], never
			if d, ok := s.cfg.DeleteAfter[k]; ok {
				g = d
			}
			s.ch.addStructural(k, s.tree.Parent(k), a, g)
		}
	}
	s.ch.sortExtra()
	return nil
}

// Tree returns the site's tree and change rates. Callers must not modify it.
func (s *Site) Tree() *sim.Site { return s.tree }

// Start returns time zero of the change processes.
func (s *Site) Start() time.Time { return s.cfg.Start }

// PagePath returns the URL path of page k.
func PagePath(k int) string {
	if k == 0 {
		return "/"
	}
	return "/p/" + strconv.Itoa(k)
}

// PageIndex parses a page path as PagePath writes it. "/p/0" and non-canonical
// numbers ("/p/01", "/p/+1") are not page paths.
func PageIndex(path string) (int, bool) {
	if path == "/" {
		return 0, true
	}
	num, ok := strings.CutPrefix(path, "/p/")
	if !ok || num == "" || num[0] == '0' || len(num) > 18 {
		return 0, false
	}
	k := 0
	for i := 0; i < len(num); i++ {
		c := num[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		k = k*10 + int(c-'0')
	}
	return k, true
}

// offsetOf converts a wall time to an offset from Start, saturating.
func (s *Site) offsetOf(t time.Time) time.Duration {
	return t.Sub(s.cfg.Start)
}

// Version returns page k's version at time t: the number of its content
// changes in (Start, t].
func (s *Site) Version(k int, t time.Time) int {
	if k < 0 || k >= s.cfg.Pages {
		return 0
	}
	n, _, _ := s.ch.version(k, s.offsetOf(t))
	return n
}

// Exists reports whether page k exists at time t (see DeleteAfter and
// AppearAfter).
func (s *Site) Exists(k int, t time.Time) bool {
	return k >= 0 && k < s.cfg.Pages && s.ch.exists(k, s.offsetOf(t))
}

// ChangeLog returns, for every page with content changes at times in
// (from, to], its path and the sorted change times. Pages without changes in
// the window are left out. Change times are drawn as far as to, so asking
// far into the future costs memory in proportion to the rates.
func (s *Site) ChangeLog(from, to time.Time) map[string][]time.Time {
	out := map[string][]time.Time{}
	f, t := s.offsetOf(from), s.offsetOf(to)
	for k := 0; k < s.cfg.Pages; k++ {
		if ts := s.pageChanges(k, f, t); len(ts) > 0 {
			out[PagePath(k)] = ts
		}
	}
	return out
}

func (s *Site) pageChanges(k int, f, t time.Duration) []time.Time {
	ev := s.ch.events(k, f, t)
	if len(ev) == 0 {
		return nil
	}
	ts := make([]time.Time, len(ev))
	for i, e := range ev {
		ts[i] = s.cfg.Start.Add(e)
	}
	return ts
}

// Requests returns a copy of the request log, oldest first.
func (s *Site) Requests() []RequestLog {
	s.reqMu.Lock()
	defer s.reqMu.Unlock()
	out := make([]RequestLog, 0, len(s.reqs))
	out = append(out, s.reqs[s.reqNext:]...)
	return append(out, s.reqs[:s.reqNext]...)
}

// ResetRequests empties the request log.
func (s *Site) ResetRequests() {
	s.reqMu.Lock()
	s.reqs, s.reqNext = nil, 0
	s.reqMu.Unlock()
}

func (s *Site) record(e RequestLog) {
	if s.reqCap == 0 {
		return
	}
	s.reqMu.Lock()
	if len(s.reqs) < s.reqCap {
		s.reqs = append(s.reqs, e)
	} else {
		s.reqs[s.reqNext] = e
		s.reqNext = (s.reqNext + 1) % s.reqCap
	}
	s.reqMu.Unlock()
}

// statusWriter remembers the status code written.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// ServeHTTP answers one request at the site's current time.
func (s *Site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	now := s.now()
	sw := &statusWriter{ResponseWriter: w}
	s.serve(sw, r, now)
	if sw.status == 0 {
		sw.status = http.StatusOK
	}
	s.record(RequestLog{Time: now, Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery,
		Status: sw.status, UserAgent: r.UserAgent()})
	if ce := s.log.Check(zap.DebugLevel, "testsite request"); ce != nil {
		ce.Write(zap.String("method", r.Method), zap.String("path", r.URL.Path), zap.Int("status", sw.status))
	}
}

func (s *Site) serve(w http.ResponseWriter, r *http.Request, now time.Time) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	switch {
	case p == "/robots.txt":
		s.serveRobots(w, r)
	case p == "/sitemap.xml":
		s.serveSitemap(w, r, now, -1)
	case strings.HasPrefix(p, "/sitemap-") && strings.HasSuffix(p, ".xml"):
		i, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(p, "/sitemap-"), ".xml"))
		if err != nil || i < 0 || i >= s.sitemapFiles() || s.sitemapFiles() == 1 {
			http.NotFound(w, r)
			return
		}
		s.serveSitemap(w, r, now, i)
	case p == "/_changes":
		s.serveChanges(w, r, now)
	case p == "/_info":
		s.serveInfo(w, r, now)
	case p == "/p/0":
		http.Redirect(w, r, "/", http.StatusMovedPermanently)
	case strings.HasPrefix(p, "/private/"):
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("robots.txt disallows this page; a polite crawler never fetches it\n"))
	case strings.HasPrefix(p, "/static/"):
		s.serveStatic(w, r)
	default:
		k, ok := PageIndex(p)
		if !ok || k >= s.cfg.Pages {
			http.NotFound(w, r)
			return
		}
		s.servePage(w, r, k, now)
	}
}

// baseURL is the scheme and host absolute links use.
func (s *Site) baseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	host := s.cfg.Host
	if host == "" {
		host = r.Host
	}
	return scheme + "://" + host
}

// etag is strong and names one representation: the page, its version and
// what else the body depends on (seed, base URL, embeds).
func (s *Site) etag(k, version int, base string) string {
	h := fnv1a(s.etagSeed, base)
	buf := make([]byte, 0, 40)
	buf = append(buf, `"p`...)
	buf = strconv.AppendInt(buf, int64(k), 10)
	buf = append(buf, "-v"...)
	buf = strconv.AppendInt(buf, int64(version), 10)
	buf = append(buf, '-')
	const hexdig = "0123456789abcdef"
	for sh := 28; sh >= 0; sh -= 4 {
		buf = append(buf, hexdig[h>>sh&0xf])
	}
	buf = append(buf, '"')
	return string(buf)
}

func (s *Site) servePage(w http.ResponseWriter, r *http.Request, k int, now time.Time) {
	t := s.offsetOf(now)
	if !s.ch.exists(k, t) {
		if a, ok := s.ch.appear[k]; ok && t < a {
			http.NotFound(w, r)
			return
		}
		http.Error(w, "gone", http.StatusGone)
		return
	}
	version, last, ok := s.ch.version(k, t)
	mod := s.cfg.Start
	if ok {
		mod = s.cfg.Start.Add(last)
	}
	base := s.baseURL(r)
	body := s.renderPage(k, version, base, t)
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("ETag", s.etag(k, version, base))
	h.Set("Cache-Control", "no-cache")
	// ServeContent implements the conditional GET rules of RFC 9110 §13
	// (If-None-Match takes precedence over If-Modified-Since), HEAD and
	// ranges.
	http.ServeContent(w, r, "", mod, strings.NewReader(body))
}
