package urlcanon

import (
	"fmt"
	"strings"
	"testing"

	wurl "github.com/nlnwa/whatwg-url/url"
)

var fuzzSeeds = []struct{ base, ref string }{
	{"", "http://example.com/"},
	{"", "HTTP://Www.Example.COM:80/a/./b/../c?%7e=1&B=%2f#frag"},
	{"http://example.com/a/b", "../c?d#e"},
	{"https://example.com/", "//other.org:443/x"},
	{"", "http://[0:0::1]:8080/x/"},
	{"", "http://0x7f.1/"},
	{"", `http:\\ex.com\a\b`},
	{"", "http://bücher.ch/€?q=é x"},
	{"", "http://user:p%40ss@ex.com/%2e%2E/%zz%4"},
	{"http://example.com/", "javascript:alert(1)"},
	{"http://example.com/", "data:,x"},
	{"", "http://example.com/?"},
	{"http://a/b/c/d;p?q", "g;x=1/../y"},
	// Found by FuzzCSS: invalid UTF-8 grows ninefold when percent-encoded.
	{"", "http://example.com/" + strings.Repeat("\xff", 1300)},
	{"http://example.com/" + strings.Repeat("a/", 300), strings.Repeat("b/", 300)},
}

// FuzzCanonical checks that Canonical never panics, only returns http(s)
// URLs, is idempotent, and that SURT and Host are stable and consistent on
// its output.
func FuzzCanonical(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s.base, s.ref)
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		c, err := Canonical(base, ref)
		if err != nil {
			return
		}
		if !strings.HasPrefix(c, "http://") && !strings.HasPrefix(c, "https://") {
			t.Fatalf("Canonical(%q, %q) = %q: not http(s)", base, ref, c)
		}
		if strings.ContainsAny(c, "# \t\n\r") {
			t.Fatalf("Canonical(%q, %q) = %q: fragment or whitespace left", base, ref, c)
		}
		c2, err := Canonical("", c)
		if err != nil {
			t.Fatalf("Canonical(%q) of canonical output failed: %v", c, err)
		}
		if c2 != c {
			t.Fatalf("not idempotent: %q -> %q -> %q", ref, c, c2)
		}
		s := SURT(c)
		if SURT(c2) != s {
			t.Fatalf("SURT unstable for %q", c)
		}
		if strings.ToLower(s) != s {
			t.Fatalf("SURT(%q) = %q not lower-case", c, s)
		}
		h := Host(c)
		if h == "" || !strings.Contains(c, h) {
			t.Fatalf("Host(%q) = %q", c, h)
		}
		if p := HostSURTPrefix(c); !strings.HasPrefix(s, p) {
			t.Fatalf("SURT(%q) = %q lacks its own host prefix %q", c, s, p)
		}
	})
}

// FuzzSURT checks that SURT and friends never panic on arbitrary strings.
func FuzzSURT(f *testing.F) {
	for _, s := range []string{"http://www.example.com/a?b&a", "http://[::1", "http://@/", "x://", "http://a:b:c@d:e/", "://"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := SURT(s)
		if SURT(s) != k {
			t.Fatal("SURT not deterministic")
		}
		_ = Host(s)
		_ = HostSURTPrefix(s)
	})
}

// FuzzResolveFast: wherever fast resolves a reference, the WHATWG parser
// gives the same URL; wherever plainFile rejects one, the parser's error.
func FuzzResolveFast(f *testing.F) {
	for _, s := range [][2]string{
		{"http://h/a/b/c.html?q#f", "../x/./y.html#z"}, {"https://u:p@h:8/a/", "/abs/../p"},
		{"http://h/", "../../a/.."}, {"http://h/a//b", "..//c/."}, {"http://h/a/b", "c//d/"},
		{"http://h", "a/b"}, {"http://h/%7e/p", "q!$&'()*+,;=@"}, {"http://h/a?x/y", "b"},
		{"http://h/", "http://127.0.0.37:8083/library/../os.html#x"}, {"http://h/", "https://docs.example.org/a/./b/"},
		{"http://h/", "http://127.1/"}, {"http://h/", "http://a.b:80/"}, {"http://h/", "https://x-y.z:8443/"},
		{"ftp://h/", "http://example.com/"},
		{"http://h/a/b", "../_static/s.css?2022"}, {"http://h/a?b", "c/..?d=1&e=/f:g?h@i#j"}, {"http://h/", "x?"},
		{"http://h/", "x?'"}, {"http://h/", "file:///usr/share/doc/a.html"}, {"http://h/", "FILE:///C:/x"}, {"http://h/", "file:////a/../b"},
		{"http://h/", "http://1.2.3.4/"}, {"http://h/", "http://1.2.3/"}, {"http://h/", "http://1.2.3.4.5/"}, {"http://h/", "http://a..b/"}, {"http://h/", "?q"}, {"http://h/", "https://a.b/c?d=e;f"}, {"http://h/", "..?"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		r, err := NewResolver(base)
		if err != nil || checkSize(ref) != nil {
			return
		}
		if plainFile(ref) {
			_, perr := r.parse(ref)
			_, err := r.Resolve(ref)
			if perr == nil || err == nil || perr.Error() != err.Error() {
				t.Fatalf("Resolve(%q, %q): %v, parser %v", base, ref, err, perr)
			}
		}
		got, ok := r.fast(ref)
		if !ok {
			return
		}
		want, err := r.parse(ref)
		if err != nil || got != want {
			t.Fatalf("fast(%q, %q) = %q, parser %q, %v", base, ref, got, want, err)
		}
	})
}

// FuzzLazyBase: a Resolver whose plain base is parsed only when needed
// (NewResolver) resolves, rebases and serialises as one whose base was
// parsed at once.
func FuzzLazyBase(f *testing.F) {
	for _, s := range [][2]string{
		{"http://127.0.0.1/library/os.html", "../_static/a.css?2022"}, {"https://h.example/a/b?q=1#f", "?x"},
		{"http://h/a/../b/./c", "%41"}, {"http://h:8080/", "//other/x"}, {"http://h/", "mailto:x"},
		{"http://h/a b", "c"}, {"HTTP://H/", "d"}, {"http://h/p?", "e"}, {"http://h/#", "f"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		lazy, err := NewResolver(base)
		if checkSize(base) != nil {
			return
		}
		b, perr := wurl.Parse(base)
		if (err == nil) != (perr == nil) {
			t.Fatalf("NewResolver(%q): %v, parser %v", base, err, perr)
		}
		if err != nil {
			return
		}
		eager := newResolver(b)
		if lazy.origin != eager.origin || lazy.dir != eager.dir {
			t.Fatalf("base %q: origin, dir %q, %q; parsed %q, %q", base, lazy.origin, lazy.dir, eager.origin, eager.dir)
		}
		got, gerr := lazy.Resolve(ref)
		want, werr := eager.Resolve(ref)
		if got != want || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Fatalf("Resolve(%q, %q) = %q, %v; parsed base %q, %v", base, ref, got, gerr, want, werr)
		}
		if lazy.Base() != eager.Base() {
			t.Fatalf("Base(%q) = %q, parsed %q", base, lazy.Base(), eager.Base())
		}
		lr, lerr := lazy.Rebase(ref)
		er, eerr := eager.Rebase(ref)
		if fmt.Sprint(lerr) != fmt.Sprint(eerr) || lerr == nil && lr.Base() != er.Base() {
			t.Fatalf("Rebase(%q, %q): %v, parsed base %v", base, ref, lerr, eerr)
		}
	})
}
