package crawler

import (
	"regexp"
	"strings"
	"sync"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/extract"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
)

// scope decides which discovered URLs are crawled: the job-wide rules
// (SURT prefixes, include, exclude, max_hops) for seeds written as plain
// strings, and each scoped seed's own rules (seedscope.go) for what
// descends from it.
type scope struct {
	prefixes         []string // SURT prefixes
	include, exclude []*regexp.Regexp
	maxHops          int

	// seeds has one rule per job seed when the job has per-seed scopes
	// (nil otherwise: no origin is tracked and nothing below costs).
	seeds []seedRule
	// seedIndex maps a seed's canonical URL to its index in seeds.
	seedIndex map[string]int

	mu    sync.Mutex
	https map[string]bool // hosts seen over https: their robots.txt is fetched over https
	// origins records, for each URL admitted while seeds is set, the
	// seed it descends from and its extra hops; a candidate's origin is
	// its parent's (Via). Memory only, rebuilt from the store's via
	// chains when a capture resumes (rebuildOrigins).
	origins map[string]origin
}

// origin is the seed a URL descends from and how many steps in a row it
// is outside that seed's scope (Browsertrix extraHops).
type origin struct {
	seed, extra int
}

func newScope(j *job.Job) *scope {
	s := &scope{prefixes: j.Scope.SURTPrefixes, include: j.Scope.Include, exclude: j.Scope.Exclude, maxHops: j.Scope.MaxHops, https: map[string]bool{}}
	if j.SeedScopes != nil {
		s.seeds = make([]seedRule, len(j.Seeds))
		s.seedIndex = make(map[string]int, len(j.Seeds))
		s.origins = map[string]origin{}
	}
	for i, seed := range j.Seeds {
		u, err := urlcanon.Canonical("", seed)
		if err != nil {
			continue
		}
		if s.seeds != nil {
			s.seeds[i] = newSeedRule(u, j.SeedScopes[i], j.Scope.MaxHops)
			if _, dup := s.seedIndex[u]; !dup {
				s.seedIndex[u] = i
			}
		}
		// The default SURT prefixes come from the plain seeds only: a
		// scoped seed's host is in scope only as its own rules say.
		if len(j.Scope.SURTPrefixes) == 0 && (s.seeds == nil || !s.seeds[i].scoped) {
			s.prefixes = append(s.prefixes, urlcanon.HostSURTPrefix(u))
		}
	}
	return s
}

func (s *scope) noteHTTPS(host string) {
	s.mu.Lock()
	s.https[host] = true
	s.mu.Unlock()
}

// allows applies, in order: the redirect limit (a redirect chain longer
// than maxRedirects stops), then the rules of the seed u descends from:
// a plain seed's are the job-wide ones (jobAllows), a scoped seed's its
// own (seedRule.admits).
func (s *scope) allows(u frontier.URL, maxRedirects int) bool {
	if trailingRedirects(u.HopPath) > maxRedirects {
		return false
	}
	if s.seeds == nil {
		return s.jobAllows(u)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.originOf(u); ok {
		r := &s.seeds[o.seed]
		if !r.scoped {
			return s.jobAllows(u) && s.record(u.URL, origin{o.seed, 0})
		}
		extra, ok := r.admits(u, o.extra, s.exclude)
		return ok && s.record(u.URL, origin{o.seed, extra})
	}
	// The parent's seed is unknown (its page was queued before a resume,
	// or u comes from a sitemap or refresh list): u is in scope when the
	// job-wide rules, or any scoped seed's scope proper, admit it.
	if s.jobAllows(u) {
		return true
	}
	for i := range s.seeds {
		r := &s.seeds[i]
		if r.scoped && r.depthOK(u) && r.inScope(u.URL) && !matchesAny(r.exclude, u.URL) && !matchesAny(s.exclude, u.URL) {
			return s.record(u.URL, origin{i, 0})
		}
	}
	return false
}

// originOf is u's origin: its own seed's, or its parent's (under mu).
func (s *scope) originOf(u frontier.URL) (origin, bool) {
	if i, ok := s.seedIndex[u.URL]; ok && u.HopPath == "" {
		return origin{i, 0}, true
	}
	if u.Via == "" {
		return origin{}, false
	}
	if o, ok := s.origins[u.Via]; ok {
		return o, true
	}
	// A seed's own discoveries, after a resume too.
	if i, ok := s.seedIndex[u.Via]; ok {
		return origin{i, 0}, true
	}
	return origin{}, false
}

// record notes u's origin unless it has one (the first discovery of a URL
// is the one the frontier keeps); it returns true for allows' convenience.
func (s *scope) record(u string, o origin) bool {
	if _, ok := s.origins[u]; !ok {
		s.origins[u] = o
	}
	return true
}

// rebuildOrigins recomputes, when a capture resumes, the origin of every
// URL the store holds for it, walking each row's via chain up to a seed:
// what allows recorded in the runs that admitted them (a row is a URL
// they admitted). Rows whose chain reaches no seed row (a sitemap entry's,
// say) stay unknown and are judged as allows says then.
func (s *scope) rebuildOrigins(rows []store.FrontierURL) {
	if s.seeds == nil {
		return
	}
	byURL := make(map[string]*store.FrontierURL, len(rows))
	for i := range rows {
		byURL[rows[i].URL] = &rows[i]
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var chain []*store.FrontierURL
	for i := range rows {
		chain = chain[:0]
		var o origin
		known := false
		// Bounded by the rows: a via cycle (which admission never makes)
		// cannot loop.
		for r := &rows[i]; r != nil && len(chain) <= len(rows); r = byURL[r.Via] {
			if x, ok := s.origins[r.URL]; ok {
				o, known = x, true
				break
			}
			if idx, ok := s.seedIndex[r.URL]; ok && r.HopPath == "" {
				o, known = origin{idx, 0}, true
				s.origins[r.URL] = o
				break
			}
			chain = append(chain, r)
		}
		if !known {
			continue
		}
		for k := len(chain) - 1; k >= 0; k-- {
			o = s.childOrigin(o, chain[k].URL, chain[k].HopPath)
			s.origins[chain[k].URL] = o
		}
	}
}

// childOrigin is the origin of u (hop path hops), admitted from a page of
// origin parent: as admits counts extra hops.
func (s *scope) childOrigin(parent origin, u, hops string) origin {
	r := &s.seeds[parent.seed]
	if !r.scoped || u == r.seed || r.inScope(u) {
		return origin{parent.seed, 0}
	}
	if h := lastHop(hops); h == extract.HopEmbed || h == extract.HopRedirect {
		return parent
	}
	return origin{parent.seed, parent.extra + 1}
}

// maxHopsFor is the hop limit for u: its scoped seed's depth, else
// scope.max_hops. With the seed unknown it is the largest of them, and
// allows decides.
func (s *scope) maxHopsFor(u frontier.URL) int {
	if s.seeds == nil {
		return s.maxHops
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.originOf(u); ok {
		return s.seeds[o.seed].depth
	}
	m := s.maxHops
	for _, r := range s.seeds {
		m = max(m, r.depth)
	}
	return m
}

// jobAllows applies the job-wide rules: max_hops, the SURT prefixes, the
// include regexes (if any, one must match) and the exclude regexes.
func (s *scope) jobAllows(u frontier.URL) bool {
	if crawllog.HopDepth(u.HopPath) > s.maxHops {
		return false
	}
	in := false
	for _, p := range s.prefixes {
		if strings.HasPrefix(u.SURT, p) {
			in = true
			break
		}
	}
	if !in {
		return false
	}
	if len(s.include) > 0 && !matchesAny(s.include, u.URL) {
		return false
	}
	return !matchesAny(s.exclude, u.URL)
}

func matchesAny(res []*regexp.Regexp, u string) bool {
	for _, re := range res {
		if re.MatchString(u) {
			return true
		}
	}
	return false
}

// filter keeps the candidates in scope.
func (s *scope) filter(cands []frontier.URL, maxRedirects int) []frontier.URL {
	out := cands[:0]
	for _, u := range cands {
		if s.allows(u, maxRedirects) {
			out = append(out, u)
		}
	}
	return out
}

// seedRule is one seed's scope, as Browsertrix crawler defines its scope
// types (docs "Crawl Scope"; src/util/seeds.ts): matched without the
// scheme, so the http and https forms of a URL are both in scope.
type seedRule struct {
	scoped bool
	typ    job.ScopeType
	seed   string // canonical seed URL
	// rest is the seed without its scheme; host its host[:port], lower
	// case; domain the host less a leading "www." and its port.
	rest, host, domain string
	// prefix is rest up to the last '/' of the path (scope prefix).
	prefix           string
	include, exclude []*regexp.Regexp
	depth, extra     int
}

func newSeedRule(seed string, sc job.SeedScope, maxHops int) seedRule {
	r := seedRule{scoped: sc.Scoped(), typ: sc.Type, seed: seed, include: sc.Include, exclude: sc.Exclude, depth: sc.Depth, extra: sc.ExtraHops}
	if r.depth < 0 || !r.scoped {
		r.depth = maxHops // a plain seed's is the job's, whatever the struct says
	}
	r.rest = schemeless(seed)
	r.host = strings.ToLower(urlcanon.Host(seed))
	r.domain = strings.TrimPrefix(hostname(r.host), "www.")
	path := strings.TrimPrefix(r.rest, r.host)
	if q := strings.IndexAny(path, "?#"); q >= 0 {
		path = path[:q]
	}
	r.prefix = r.host + path[:strings.LastIndexByte(path, '/')+1]
	if !strings.HasSuffix(r.prefix, "/") {
		r.prefix += "/"
	}
	return r
}

// schemeless is a canonical URL after its "scheme://".
func schemeless(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		return u[i+3:]
	}
	return u
}

// hostname is host[:port] less its port.
func hostname(hostport string) string {
	if strings.HasPrefix(hostport, "[") {
		if i := strings.IndexByte(hostport, ']'); i >= 0 {
			return hostport[:i+1]
		}
		return hostport
	}
	if i := strings.LastIndexByte(hostport, ':'); i >= 0 {
		return hostport[:i]
	}
	return hostport
}

func (r *seedRule) depthOK(u frontier.URL) bool {
	return crawllog.HopDepth(u.HopPath) <= r.depth
}

// inScope is the scope type's test proper. page-spa admits the seed's
// #fragment variants, which canonical URLs (fragment removed) make the
// seed itself: it admits what page does.
func (r *seedRule) inScope(u string) bool {
	switch r.typ {
	case job.ScopePage, job.ScopePageSPA:
		return schemeless(u) == r.rest
	case job.ScopePrefix:
		return strings.HasPrefix(schemeless(u), r.prefix)
	case job.ScopeHost:
		return strings.EqualFold(urlcanon.Host(u), r.host)
	case job.ScopeDomain:
		h := strings.ToLower(hostname(urlcanon.Host(u)))
		return h == r.domain || strings.HasSuffix(h, "."+r.domain)
	case job.ScopeAny:
		return true
	case job.ScopeCustom:
		return matchesAny(r.include, u)
	}
	return false
}

// admits decides u, whose parent is parentExtra steps outside the scope,
// and returns u's own extra hops. As in Browsertrix: the depth bound
// first; the seed itself is always in; excluded URLs (the seed's exclude
// or the job's scope.exclude) are out; a URL in the scope type is in. An
// embed or redirect of an admitted page is in, as a browser loading the
// page would fetch it (it keeps its page's extra hops); any other URL
// outside is in while the path has taken at most extra_hops such steps.
func (r *seedRule) admits(u frontier.URL, parentExtra int, jobExclude []*regexp.Regexp) (int, bool) {
	if !r.depthOK(u) {
		return 0, false
	}
	if u.URL == r.seed {
		return 0, true
	}
	if matchesAny(r.exclude, u.URL) || matchesAny(jobExclude, u.URL) {
		return 0, false
	}
	if r.inScope(u.URL) {
		return 0, true
	}
	if h := lastHop(u.HopPath); h == extract.HopEmbed || h == extract.HopRedirect {
		return parentExtra, true
	}
	if parentExtra+1 <= r.extra {
		return parentExtra + 1, true
	}
	return 0, false
}

func lastHop(path string) extract.Hop {
	if path == "" {
		return 0
	}
	return extract.Hop(path[len(path)-1])
}
