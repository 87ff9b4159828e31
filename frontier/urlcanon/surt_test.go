package urlcanon

import "testing"

func TestSURT(t *testing.T) {
	tests := []struct{ in, want string }{
		// pywb / IA surt defaults (cases from the IA surt test-suite).
		{"http://www.archive.org/", "org,archive)/"},
		{"http://archive.org/", "org,archive)/"},
		{"http://archive.org/goo/", "org,archive)/goo"},
		{"http://archive.org/goo/?", "org,archive)/goo"},
		{"http://archive.org/goo/?b&a", "org,archive)/goo?a&b"},
		{"http://archive.org/goo/?a=2&b&a=1", "org,archive)/goo?a=1&a=2&b"},
		// Scheme and userinfo dropped, case folded.
		{"https://www.example.com/", "com,example)/"},
		{"https://user:pw@Example.com/A/B.HTML", "com,example)/a/b.html"},
		{"http://example.com/Path?Q=V", "com,example)/path?q=v"},
		// www massage: www, wwwN; not www-ish labels, not inner labels.
		{"http://www12.example.com/", "com,example)/"},
		{"http://www2foo.com/", "com,www2foo)/"},
		{"http://www2.www2foo.com/", "com,www2foo)/"},
		{"http://sub.www.example.com/", "com,example,www,sub)/"},
		{"http://wwwx.example.com/", "com,example,wwwx)/"},
		// Ports: default dropped, others kept.
		{"http://example.com:8080/", "com,example:8080)/"},
		{"http://example.com:80/", "com,example)/"},
		{"https://example.com:443/a", "com,example)/a"},
		{"http://www.example.com:8080/x/", "com,example:8080)/x"},
		// IP hosts are not reversed.
		{"http://192.168.0.1/a", "192.168.0.1)/a"},
		{"http://192.168.0.1:8080/", "192.168.0.1:8080)/"},
		{"http://[::1]:8080/x", "[::1]:8080)/x"},
		{"http://[2001:db8::1]/", "[2001:db8::1])/"},
		// Single label and IDN hosts.
		{"http://localhost/", "localhost)/"},
		{"http://xn--bcher-kva.example/", "example,xn--bcher-kva)/"},
		{"http://example.com./", "com,example)/"},
		// Paths and queries.
		{"http://example.com", "com,example)/"},
		{"http://example.com?a=1", "com,example)/?a=1"},
		{"http://example.com/a/?", "com,example)/a"},
		{"http://example.com/?a=1&", "com,example)/?&a=1"},
		{"http://example.com/?b=%2F&~=1", "com,example)/?b=%2f&~=1"},
		{"http://example.com/a#frag", "com,example)/a"},
		// Not a hierarchical URL: lower-cased as is.
		{"dns:Example.com", "dns:example.com"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := SURT(tc.in); got != tc.want {
			t.Errorf("SURT(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestHost(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://example.com/a", "example.com"},
		{"http://www.example.com:8080/", "www.example.com:8080"},
		{"https://u:p@example.com/", "example.com"},
		{"http://[::1]:8080/", "[::1]:8080"},
		{"http://example.com", "example.com"},
		{"http://example.com?x", "example.com"},
		{"dns:example.com", ""},
		{"", ""},
	}
	for _, tc := range tests {
		if got := Host(tc.in); got != tc.want {
			t.Errorf("Host(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestHostSURTPrefix(t *testing.T) {
	tests := []struct {
		seed, want string
		in         []string // URLs in the seed's host scope
		out        []string // URLs outside it
	}{
		{
			seed: "https://www.example.com/start/page.html", want: "com,example)/",
			in:  []string{"http://example.com/", "https://www.example.com/other?q=1", "http://www2.example.com/x"},
			out: []string{"http://sub.example.com/", "http://example.com:8080/", "http://example.org/", "http://notexample.com/"},
		},
		{
			seed: "http://example.com:8080/", want: "com,example:8080)/",
			in:  []string{"http://example.com:8080/a"},
			out: []string{"http://example.com/a", "http://example.com:8081/a"},
		},
		{
			seed: "http://10.0.0.1/", want: "10.0.0.1)/",
			in:  []string{"http://10.0.0.1/x"},
			out: []string{"http://10.0.0.10/x"},
		},
	}
	for _, tc := range tests {
		p := HostSURTPrefix(tc.seed)
		if p != tc.want {
			t.Errorf("HostSURTPrefix(%q) = %q, want %q", tc.seed, p, tc.want)
		}
		for _, u := range tc.in {
			if s := SURT(u); len(s) < len(p) || s[:len(p)] != p {
				t.Errorf("SURT(%q) = %q lacks prefix %q", u, s, p)
			}
		}
		for _, u := range tc.out {
			if s := SURT(u); len(s) >= len(p) && s[:len(p)] == p {
				t.Errorf("SURT(%q) = %q has prefix %q but is out of scope", u, s, p)
			}
		}
	}
}
