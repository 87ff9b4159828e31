package wacz

import (
	"slices"
	"testing"
)

// TestJobSeeds: the WACZ's seed list (and so its mainPageUrl) comes from
// the job file's seeds in either form, plain URLs or mappings with a
// scope of their own (issue 29: mapping seeds made the read fail and the
// package fell back to the frontier silently).
func TestJobSeeds(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		want       []string
		ok         bool
	}{
		{"plain", "seeds: [http://a.test/, HTTP://B.test/x#frag]", []string{"http://a.test/", "http://b.test/x"}, true},
		{"mappings", "seeds:\n  - {url: http://a.test/p, scope: page}\n  - url: http://b.test/\n    scope: host\n    depth: 2\n", []string{"http://a.test/p", "http://b.test/"}, true},
		{"mixed, order kept", "seeds:\n  - http://z.test/\n  - {url: http://a.test/, scope: prefix}\n", []string{"http://z.test/", "http://a.test/"}, true},
		{"alias", "x: &s {url: http://a.test/, scope: page}\nseeds: [*s, http://b.test/]\n", []string{"http://a.test/", "http://b.test/"}, true},
		{"mapping without url skipped", "seeds: [{scope: page}, http://b.test/]", []string{"http://b.test/"}, true},
		{"not a URL skipped", "seeds: ['::', http://b.test/]", []string{"http://b.test/"}, true},
		{"no seeds", "name: x", nil, false},
		{"empty job", "", nil, false},
		{"not YAML", "seeds: [", nil, false},
		{"seed a list", "seeds: [[http://a.test/]]", nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := jobSeeds(tc.yaml)
			if ok != tc.ok || !slices.Equal(got, tc.want) {
				t.Errorf("jobSeeds = %q, %v; want %q, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

// FuzzJobSeeds: a stored job file is read without a panic.
func FuzzJobSeeds(f *testing.F) {
	f.Add("seeds: [http://a.test/, {url: http://b.test/, scope: page}]")
	f.Add("seeds: [{url: [1]}, &a {url: *a}]")
	f.Fuzz(func(t *testing.T, s string) {
		seeds, ok := jobSeeds(s)
		if !ok && seeds != nil {
			t.Errorf("seeds %q without ok", seeds)
		}
	})
}
