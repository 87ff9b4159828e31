package crawler

import "testing"

// TestRequestURL: the request target is sent as the canonical URL has it,
// even when net/url would refuse it (a URL stored by an older SHARC whose
// canonical form kept "%zz"), and what HTTP cannot carry is an error, not
// a panic.
func TestRequestURL(t *testing.T) {
	for _, tc := range []struct{ in, target, host string }{
		{"http://a.test/a%zz", "/a%zz", "a.test"},
		{"http://a.test:8080/b?q=%zz&r=%", "/b?q=%zz&r=%", "a.test:8080"},
		{"https://u:p@a.test/", "/", "a.test"},
		{"http://a.test?x", "/?x", "a.test"},
		{"http://a.test/p?", "/p?", "a.test"},
		{"http://[::1]:81/x", "/x", "[::1]:81"},
	} {
		u, err := requestURL(tc.in)
		if err != nil {
			t.Errorf("requestURL(%q): %v", tc.in, err)
			continue
		}
		if got := u.RequestURI(); got != tc.target || u.Host != tc.host {
			t.Errorf("requestURL(%q): target %q host %q; want %q %q", tc.in, got, u.Host, tc.target, tc.host)
		}
	}
	for _, bad := range []string{"", "ftp://a.test/", "http://a.test/a b", "http://a.test/\x00", "http://[::1/", "http:///p"} {
		if _, err := requestURL(bad); err == nil {
			t.Errorf("requestURL(%q) accepted", bad)
		}
	}
}
