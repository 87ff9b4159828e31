package crawler

import (
	"regexp"
	"testing"

	"github.com/sharc-archive/sharc/job"
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
