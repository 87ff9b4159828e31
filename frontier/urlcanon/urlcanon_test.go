package urlcanon

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

func TestCanonical(t *testing.T) {
	tests := []struct {
		name, base, ref, want string
	}{
		// Case, default ports, empty path.
		{"lower scheme and host", "", "HTTP://Example.COM/Path", "http://example.com/Path"},
		{"default http port", "", "http://example.com:80/", "http://example.com/"},
		{"default https port", "", "https://example.com:443/a", "https://example.com/a"},
		{"http on 443 keeps port", "", "http://example.com:443/", "http://example.com:443/"},
		{"non-default port", "", "http://example.com:8080", "http://example.com:8080/"},
		{"empty port", "", "http://example.com:/x", "http://example.com/x"},
		{"empty path", "", "https://example.com", "https://example.com/"},
		{"empty path with query", "", "http://example.com?a=1", "http://example.com/?a=1"},
		// Fragments and empty queries.
		{"fragment removed", "", "http://example.com/a#frag", "http://example.com/a"},
		{"empty fragment removed", "", "http://example.com/a#", "http://example.com/a"},
		{"empty query dropped", "", "http://example.com/a?", "http://example.com/a"},
		{"empty query and fragment", "", "http://example.com/a?#x", "http://example.com/a"},
		{"query order kept", "", "http://example.com/?b=2&a=1", "http://example.com/?b=2&a=1"},
		// Dot segments.
		{"dot segments", "", "http://example.com/a/./b/../c", "http://example.com/a/c"},
		{"dot above root", "", "http://example.com/../../a", "http://example.com/a"},
		{"encoded dot segments", "", "http://example.com/a/%2e%2E/b/%2E/c", "http://example.com/b/c"},
		{"trailing dot-dot", "", "http://example.com/a/b/..", "http://example.com/a/"},
		// Backslashes and slashes.
		{"backslashes", "", `http:\\example.com\a\b`, "http://example.com/a/b"},
		{"missing slashes", "", "http:example.com/a", "http://example.com/a"},
		{"extra slashes", "", "http:////example.com/a", "http://example.com/a"},
		{"double slash in path kept", "", "http://example.com//a//b", "http://example.com//a//b"},
		// Whitespace and control characters.
		{"surrounding spaces", "", "  http://example.com/a  ", "http://example.com/a"},
		{"tabs and newlines removed", "", "http://exa\tmple.com/a\nb\r", "http://example.com/ab"},
		{"space in path", "", "http://example.com/a b", "http://example.com/a%20b"},
		{"space in query", "", "http://example.com/?q=a b", "http://example.com/?q=a%20b"},
		// Percent-encoding.
		{"lower hex upper-cased", "", "http://example.com/%3a%2f?x=%3d", "http://example.com/%3A%2F?x=%3D"},
		{"unreserved decoded", "", "http://example.com/%7Euser/%41%62%2D%2e%5F", "http://example.com/~user/Ab-._"},
		{"unreserved decoded in query", "", "http://example.com/?%61=%7e", "http://example.com/?a=~"},
		{"reserved kept encoded", "", "http://example.com/a%2Fb%3Fc%23d", "http://example.com/a%2Fb%3Fc%23d"},
		{"percent sign kept", "", "http://example.com/100%25", "http://example.com/100%25"},
		{"invalid escape escaped", "", "http://example.com/%zz%4", "http://example.com/%25zz%254"},
		{"non-ascii path encoded", "", "http://example.com/€", "http://example.com/%E2%82%AC"},
		{"non-ascii query encoded", "", "http://example.com/?q=é", "http://example.com/?q=%C3%A9"},
		{"quote in query encoded", "", `http://example.com/?q="x"`, "http://example.com/?q=%22x%22"},
		{"apostrophe in special query", "", "http://example.com/?q='", "http://example.com/?q=%27"},
		{"no double encoding", "", "http://example.com/%2525", "http://example.com/%2525"},
		// Hosts: IDN, IPv4, IPv6.
		{"IDN to punycode", "", "http://Bücher.example/", "http://xn--bcher-kva.example/"},
		{"IDN mapped (full-width)", "", "http://ｅｘａｍｐｌｅ.com/", "http://example.com/"},
		{"punycode kept", "", "http://xn--bcher-kva.example/", "http://xn--bcher-kva.example/"},
		{"percent-encoded host", "", "http://%65xample.com/", "http://example.com/"},
		{"trailing dot kept", "", "http://example.com./", "http://example.com./"},
		{"IPv4", "", "http://192.168.0.1/", "http://192.168.0.1/"},
		{"IPv4 hex and short", "", "http://0x7f.1/", "http://127.0.0.1/"},
		{"IPv4 integer", "", "http://3232235521/", "http://192.168.0.1/"},
		{"IPv4 octal", "", "http://0300.0250.0.01/", "http://192.168.0.1/"},
		{"IPv6 compressed", "", "http://[0:0:0:0:0:0:0:1]/", "http://[::1]/"},
		{"IPv6 upper to lower", "", "http://[2001:DB8::A]:8080/x", "http://[2001:db8::a]:8080/x"},
		{"IPv6 default port", "", "https://[::1]:443/", "https://[::1]/"},
		// Userinfo is kept (normalised).
		{"userinfo kept", "", "http://user:p%40ss@example.com/", "http://user:p%40ss@example.com/"},
		{"userinfo escapes normalised", "", "http://%75ser:%7e@example.com/", "http://user:~@example.com/"},
		// Relative references.
		{"relative path", "http://example.com/a/b.html", "c.html", "http://example.com/a/c.html"},
		{"relative dotdot", "http://example.com/a/b/c", "../d", "http://example.com/a/d"},
		{"absolute path", "http://example.com/a/b", "/x?y=1", "http://example.com/x?y=1"},
		{"scheme-relative", "https://example.com/a", "//other.org/p", "https://other.org/p"},
		{"query only", "http://example.com/a/b?x=1", "?y=2", "http://example.com/a/b?y=2"},
		{"empty ref is base", "http://example.com/a?q#f", "", "http://example.com/a?q"},
		{"fragment-only ref", "http://example.com/a?q", "#top", "http://example.com/a?q"},
		{"absolute ref ignores base", "http://example.com/a", "HTTPS://B.org", "https://b.org/"},
		{"backslash relative", "http://example.com/a/b", `\x\y`, "http://example.com/x/y"},
		{"relative with port base", "http://example.com:8080/a/", "b", "http://example.com:8080/a/b"},
		{"relative from https default port", "https://example.com/", "//example.com:443/x", "https://example.com/x"},
		{"semicolon params", "http://example.com/a;p=1/b", "c", "http://example.com/a;p=1/c"},
		{"slashes in query do not count", "", "http://example.com/?" + strings.Repeat("/", MaxSegments+10), "http://example.com/?" + strings.Repeat("/", MaxSegments+10)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Canonical(tc.base, tc.ref)
			if err != nil {
				t.Fatalf("Canonical(%q, %q) error: %v", tc.base, tc.ref, err)
			}
			if got != tc.want {
				t.Errorf("Canonical(%q, %q) = %q, want %q", tc.base, tc.ref, got, tc.want)
			}
			again, err := Canonical("", got)
			if err != nil || again != got {
				t.Errorf("not idempotent: Canonical(%q) = %q, %v", got, again, err)
			}
		})
	}
}

func TestCanonicalErrors(t *testing.T) {
	tests := []struct {
		name, base, ref string
		want            error // nil: any error
	}{
		{"mailto", "", "mailto:a@example.com", ErrScheme},
		{"javascript", "http://example.com/", "javascript:void(0)", ErrScheme},
		{"data", "http://example.com/", "data:text/plain,hi", ErrScheme},
		{"ftp", "", "ftp://example.com/", ErrScheme},
		{"file", "", "file:///etc/passwd", ErrScheme},
		{"relative against non-http base", "ftp://example.com/a/", "b", ErrScheme},
		{"empty", "", "", ErrEmpty},
		{"blank", "", "   ", ErrEmpty},
		{"relative without base", "", "/a/b", nil},
		{"bad port", "", "http://example.com:99999/", nil},
		{"bad IPv6", "", "http://[::1/", nil},
		{"forbidden host char", "", "http://exa mple.com/", nil},
		{"empty host", "", "http:///", nil},
		{"bad IPv4", "", "http://1.2.3.256/", nil},
		{"bad base", "not a url", "a", nil},
		{"too long", "", "http://example.com/" + strings.Repeat("a", MaxLength), ErrTooLong},
		{"too many segments", "", "http://example.com/" + strings.Repeat("a/", MaxSegments), ErrTooLong},
		{"too long once encoded", "", "http://example.com/" + strings.Repeat("\xff", MaxLength/4), ErrTooLong},
		{"too many segments once resolved", "http://example.com/" + strings.Repeat("a/", MaxSegments-10),
			strings.Repeat("b/", MaxSegments-10), ErrTooLong},
		{"too many backslashes", "http://example.com/", strings.Repeat(`a\`, MaxSegments+1), ErrTooLong},
		{"too long base", "http://example.com/" + strings.Repeat("a", MaxLength), "b", ErrTooLong},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Canonical(tc.base, tc.ref)
			if err == nil {
				t.Fatalf("Canonical(%q, %q) = %q, want error", tc.base, tc.ref, got)
			}
			if tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("Canonical(%q, %q) error %v, want %v", tc.base, tc.ref, err, tc.want)
			}
		})
	}
}

func TestResolverMatchesCanonical(t *testing.T) {
	const base = "https://www.example.com/dir/page.html?x=1#frag"
	r, err := NewResolver(base)
	if err != nil {
		t.Fatal(err)
	}
	refs := []string{"a", "../b", "/c?d", "//h.org/", "?q", "#f", "HTTP://X.ORG:80", "mailto:x", ""}
	for _, ref := range refs {
		want, wantErr := Canonical(base, ref)
		got, gotErr := r.Resolve(ref)
		if got != want || (gotErr == nil) != (wantErr == nil) {
			t.Errorf("Resolve(%q) = %q, %v; Canonical = %q, %v", ref, got, gotErr, want, wantErr)
		}
	}
	// Concurrent use must give the same answers (resolution only reads the base).
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if got, _ := r.Resolve("../b"); got != "https://www.example.com/b" {
					t.Errorf("concurrent Resolve = %q", got)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestRebase(t *testing.T) {
	r, err := NewResolver("http://example.com/a/b.html")
	if err != nil {
		t.Fatal(err)
	}
	r2, err := r.Rebase("/sub/dir/")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := r2.Resolve("x.png"); got != "http://example.com/sub/dir/x.png" {
		t.Errorf("after Rebase: %q", got)
	}
	if got, _ := r.Resolve("x.png"); got != "http://example.com/a/x.png" {
		t.Errorf("Rebase changed the original: %q", got)
	}
	if r2.Base() != "http://example.com/sub/dir/" {
		t.Errorf("Base() = %q", r2.Base())
	}
}

func TestNormPercent(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"%", "%25"},
		{"%4", "%254"},
		{"%41", "A"},
		{"%4a%4A", "JJ"},
		{"%2f%2F", "%2F%2F"},
		{"%e2%82%ac", "%E2%82%AC"},
		{"a%zzb", "a%25zzb"},
		{"%%41", "%25A"},
		{"%25%34%31", "%2541"},
	}
	for _, tc := range tests {
		var b strings.Builder
		normPercent(&b, tc.in)
		if b.String() != tc.want {
			t.Errorf("normPercent(%q) = %q, want %q", tc.in, b.String(), tc.want)
		}
	}
}

// TestPathBytes: pathByte's bit sets are the bytes it documents.
func TestPathBytes(t *testing.T) {
	for c := range 256 {
		want := isUnreserved(byte(c)) || strings.IndexByte("/!$&'()*+,;=@", byte(c)) >= 0
		if pathByte(byte(c)) != want {
			t.Errorf("pathByte(%q) = %v, want %v", byte(c), !want, want)
		}
	}
}

// TestCheckSizeBoundary: MaxSegments slashes pass, one more does not,
// whether or not the short-string shortcut applies.
func TestCheckSizeBoundary(t *testing.T) {
	if err := checkSize(strings.Repeat("/", MaxSegments)); err != nil {
		t.Errorf("%d slashes: %v", MaxSegments, err)
	}
	if err := checkSize(strings.Repeat("/", MaxSegments+1)); !errors.Is(err, ErrTooLong) {
		t.Errorf("%d slashes: %v, want ErrTooLong", MaxSegments+1, err)
	}
	if err := checkSize(strings.Repeat("a", MaxLength+1)); !errors.Is(err, ErrTooLong) {
		t.Errorf("%d bytes: %v, want ErrTooLong", MaxLength+1, err)
	}
}
