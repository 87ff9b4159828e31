package browserfetch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseSiteScript(t *testing.T) {
	tests := []struct {
		name, file, src string
		matches         []string // page URLs it is for
		not             []string
		err             string
	}{
		{name: "one match", file: "gallery.js", src: "// @match ^https://gallery\\.example/\nreturn 1;\n",
			matches: []string{"https://gallery.example/a"}, not: []string{"https://other.example/"}},
		{name: "two matches and prose", file: "news_v2.js", src: "\n// Opens every comment thread.\n//   @match /news/\n// @match /blog/\n\nfor (;;) break;\n// @match /ignored-after-code/\n",
			matches: []string{"https://e.org/news/1", "https://e.org/blog/"}, not: []string{"https://e.org/ignored-after-code/"}},
		{name: "no match", file: "x.js", src: "// just a comment\nreturn 1;\n", err: "no // @match REGEX line"},
		{name: "empty match", file: "x.js", src: "// @match\n", err: "@match needs a valid regex"},
		{name: "bad regex", file: "x.js", src: "// @match (\n", err: `got "("`},
		{name: "bad name", file: "a b.js", src: "// @match x\n", err: "name it with letters"},
		{name: "not utf-8", file: "x.js", src: "// @match x\n\xff\n", err: "not UTF-8"},
		{name: "too large", file: "x.js", src: "// @match x\n" + strings.Repeat("a", MaxSiteScriptSize), err: "larger than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseSiteScript(tt.file, []byte(tt.src))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range tt.matches {
				if !s.Matches(u) {
					t.Errorf("%s not matched", u)
				}
			}
			for _, u := range tt.not {
				if s.Matches(u) {
					t.Errorf("%s matched", u)
				}
			}
		})
	}
}

// TestLoadSiteScripts: *.js files only, in name order; one bad file
// fails the load, naming it.
func TestLoadSiteScripts(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("b.js", "// @match b\n")
	write("a.js", "// @match a\n")
	write("README.md", "not a script")
	if err := os.Mkdir(filepath.Join(dir, "sub.js"), 0o755); err != nil {
		t.Fatal(err)
	}
	got, err := LoadSiteScripts(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Name != "a.js" || got[1].Name != "b.js" {
		t.Fatalf("loaded %+v", got)
	}
	write("c.js", "return 1;\n")
	if _, err := LoadSiteScripts(dir); err == nil || !strings.Contains(err.Error(), "c.js") {
		t.Fatalf("err %v, want one naming c.js", err)
	}
	if _, err := LoadSiteScripts(filepath.Join(dir, "missing")); err == nil {
		t.Fatal("a missing directory loaded")
	}
}

// FuzzParseSiteScript: any file is parsed without panic, and a script
// accepted has at least one pattern and its whole source.
func FuzzParseSiteScript(f *testing.F) {
	f.Add("a.js", "// @match ^https://x/\nreturn 1;\n")
	f.Add("a.js", "// @match (\n")
	f.Add("b.js", "\n\n//@match\tx\n//\n")
	f.Fuzz(func(t *testing.T, name, src string) {
		s, err := ParseSiteScript(name, []byte(src))
		if err != nil {
			return
		}
		if len(s.Match) == 0 || s.Source != src {
			t.Fatalf("accepted %q with %d patterns", src, len(s.Match))
		}
	})
}

func TestBehaviorOrderAndAnnotation(t *testing.T) {
	got := normaliseBehaviors([]Behavior{Site, Autoplay, Autoplay, LoadMore}, true)
	want := []Behavior{Autoscroll, LoadMore, Autoplay, Site}
	if len(got) != len(want) {
		t.Fatalf("%v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%v, want %v", got, want)
		}
	}
	for _, tt := range []struct {
		run  BehaviorRun
		want string
	}{
		{BehaviorRun{Name: "loadmore", Outcome: Done, Count: 3}, "behavior:loadmore:done:3"},
		{BehaviorRun{Name: "site/x.js", Outcome: TimedOut}, "behavior:site/x.js:timeout"},
	} {
		if a := tt.run.Annotation(); a != tt.want {
			t.Errorf("%q, want %q", a, tt.want)
		}
	}
}
