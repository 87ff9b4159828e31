package crawler

import (
	"regexp"
	"testing"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
)

// TestSeedRuleInScope checks each scope type's test proper on the URL
// shapes an e2e site does not easily give: the other scheme, www.,
// ports, look-alike hosts and directories.
func TestSeedRuleInScope(t *testing.T) {
	tests := []struct {
		typ  job.ScopeType
		seed string
		in   []string
		out  []string
	}{
		{job.ScopePage, "https://www.e.org/a/b.html", []string{"https://www.e.org/a/b.html", "http://www.e.org/a/b.html"},
			[]string{"https://www.e.org/a/b.html?x", "https://www.e.org/a/"}},
		{job.ScopePrefix, "https://e.org/a/b.html?q=1", []string{"https://e.org/a/", "http://e.org/a/c/d", "https://e.org/a/b.html"},
			[]string{"https://e.org/ab", "https://e.org/", "https://e.org.evil/a/", "https://e.org:8443/a/"}},
		{job.ScopePrefix, "https://e.org", []string{"https://e.org/", "https://e.org/x/y"}, []string{"https://f.org/"}},
		{job.ScopeHost, "https://e.org:8443/x", []string{"https://e.org:8443/", "http://e.org:8443/y"},
			[]string{"https://e.org/", "https://sub.e.org:8443/"}},
		{job.ScopeDomain, "https://www.e.org/x", []string{"https://e.org/", "http://www.e.org/y", "https://a.b.e.org:81/"},
			[]string{"https://ee.org/", "https://e.org.evil/", "https://notee.org/"}},
		{job.ScopeAny, "https://e.org/", []string{"https://f.org/"}, nil},
	}
	for _, tt := range tests {
		r := newSeedRule(tt.seed, job.SeedScope{Type: tt.typ, Depth: -1}, 5)
		for _, u := range tt.in {
			if !r.inScope(u) {
				t.Errorf("%s %s: %s out, want in", tt.typ, tt.seed, u)
			}
		}
		for _, u := range tt.out {
			if r.inScope(u) {
				t.Errorf("%s %s: %s in, want out", tt.typ, tt.seed, u)
			}
		}
	}
	r := newSeedRule("https://e.org/", job.SeedScope{Type: job.ScopeCustom, Depth: -1, Include: []*regexp.Regexp{regexp.MustCompile(`/keep/`)}}, 5)
	if !r.inScope("https://x.org/keep/1") || r.inScope("https://e.org/drop") {
		t.Error("custom: include decides")
	}
	if r.depth != 5 {
		t.Errorf("depth %d, want max_hops 5", r.depth)
	}
}

// TestScopeOrigins: a candidate is judged by its parent's seed and extra
// hops; one whose parent the scope never admitted (queued before a
// resume) is in when any scoped seed's scope proper takes it, with no
// extra hops.
func TestScopeOrigins(t *testing.T) {
	j := &job.Job{Seeds: []string{"http://a.test/", "http://b.test/x/"},
		SeedScopes: []job.SeedScope{{Type: job.ScopeHost, Depth: -1, ExtraHops: 2}, {Type: job.ScopePage, Depth: -1}}}
	j.Scope.MaxHops = 5
	s := newScope(j)
	u := func(url, hops, via string) frontier.URL {
		return frontier.URL{URL: url, SURT: urlcanon.SURT(url), Host: urlcanon.Host(url), HopPath: hops, Via: via}
	}
	steps := []struct {
		u    frontier.URL
		want bool
	}{
		{u("http://a.test/", "", ""), true},
		{u("http://b.test/x/", "", ""), true},
		{u("http://a.test/1", "L", "http://a.test/"), true},
		{u("http://c.test/", "LL", "http://a.test/1"), true},      // extra hop 1
		{u("http://d.test/", "LLL", "http://c.test/"), true},      // extra hop 2
		{u("http://e.test/", "LLLL", "http://d.test/"), false},    // a third
		{u("http://a.test/2", "LLLL", "http://d.test/"), true},    // back in scope
		{u("http://b.test/y", "L", "http://b.test/x/"), false},    // page scope
		{u("http://b.test/i.png", "E", "http://b.test/x/"), true}, // its embed
		// Parents never seen: the scopes proper decide.
		{u("http://a.test/9", "LLL", "http://a.test/unknown"), true},
		{u("http://b.test/x/", "LL", "http://a.test/unknown"), true},
		{u("http://z.test/", "L", "http://a.test/unknown"), false},
		// Depth bounds everything: max_hops 5 here.
		{u("http://a.test/deep", "LLLLLL", "http://a.test/2"), false},
	}
	for _, st := range steps {
		if got := s.allows(st.u, 5); got != st.want {
			t.Errorf("%s (hops %q via %s): %v, want %v", st.u.URL, st.u.HopPath, st.u.Via, got, st.want)
		}
	}
	if o := s.origins["http://d.test/"]; o != (origin{0, 2}) {
		t.Errorf("d.test origin %+v, want seed 0, 2 extra hops", o)
	}
}

// TestScopeRebuildOrigins: a resumed capture's scope learns each stored
// URL's seed and extra hops from the via chains, so links found after
// the resume on pages queued before it are judged as before: one more
// step outside the host scope is allowed from c.test (1 extra hop) and
// none from d.test (2, the seed's extra_hops).
func TestScopeRebuildOrigins(t *testing.T) {
	j := &job.Job{Seeds: []string{"http://a.test/", "http://b.test/"},
		SeedScopes: []job.SeedScope{{Type: job.ScopeHost, Depth: -1, ExtraHops: 2}, {}}}
	j.Scope.MaxHops = 9
	row := func(url, hops, via string) store.FrontierURL {
		return store.FrontierURL{URL: url, HopPath: hops, Via: via}
	}
	rows := []store.FrontierURL{ // by host, as the store lists them
		row("http://a.test/", "", ""), row("http://a.test/1", "L", "http://a.test/"),
		row("http://b.test/", "", ""), row("http://b.test/2", "L", "http://b.test/"),
		row("http://c.test/", "LL", "http://a.test/1"),
		row("http://d.test/", "LLL", "http://c.test/"),
		row("http://e.test/img.png", "LLLE", "http://d.test/"),
		row("http://m.test/listed", "PM", "http://m.test/sitemap.xml"),
	}
	s := newScope(j)
	s.rebuildOrigins(rows)
	want := map[string]origin{"http://a.test/1": {0, 0}, "http://c.test/": {0, 1}, "http://d.test/": {0, 2},
		"http://e.test/img.png": {0, 2}, "http://b.test/2": {1, 0}}
	for u, o := range want {
		if got, ok := s.origins[u]; !ok || got != o {
			t.Errorf("%s: origin %+v (%v), want %+v", u, got, ok, o)
		}
	}
	if _, ok := s.origins["http://m.test/listed"]; ok {
		t.Error("a row whose chain reaches no seed got an origin")
	}
	u := func(url, hops, via string) frontier.URL {
		return frontier.URL{URL: url, SURT: urlcanon.SURT(url), Host: urlcanon.Host(url), HopPath: hops, Via: via}
	}
	if !s.allows(u("http://x.test/", "LLL", "http://c.test/"), 5) {
		t.Error("a link from c.test (1 extra hop) refused after the rebuild")
	}
	if s.allows(u("http://y.test/", "LLLL", "http://d.test/"), 5) {
		t.Error("a third extra hop, from d.test, allowed")
	}
	if !s.allows(u("http://b.test/3", "LL", "http://b.test/2"), 5) {
		t.Error("the plain seed's host refused")
	}
}
