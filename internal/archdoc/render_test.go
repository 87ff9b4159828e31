package archdoc

import (
	"slices"
	"strings"
	"testing"
)

func TestFirstSentence(t *testing.T) {
	long := "Package x " + strings.Repeat("word ", 60) + "end."
	for _, tc := range []struct{ in, want string }{
		{"Package frontier holds the URLs.", "holds the URLs."},
		{"Command sharc is the crawler.", "is the crawler."},
		{"Package cdxj writes CDXJ indexes:", "writes CDXJ indexes"},
		{"Package changerate answers rates from sitemaps (Def.", "answers rates from sitemaps"},
		{"Package q computes blur (§4.2) and more.", "computes blur (§4.2) and more."},
		{long, strings.TrimSpace(strings.Repeat("word ", 28)) + " …"},
	} {
		if got := FirstSentence(tc.in); got != tc.want {
			t.Errorf("FirstSentence(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLayers(t *testing.T) {
	pkgs := []Package{
		{Path: "cmd/a", Imports: []string{"b", "d"}},
		{Path: "b", Imports: []string{"c"}},
		{Path: "c"},
		{Path: "d", Imports: []string{"c"}},
		{Path: "e"},
	}
	want := [][]string{{"c", "e"}, {"b", "d"}, {"cmd/a"}}
	got := Layers(pkgs)
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("Layers = %v, want %v", got, want)
	}
}
