package siteauth_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/crawler/siteauth"
)

func FuzzParseChallenges(f *testing.F) {
	for _, s := range []string{`Basic realm="x"`, `Digest realm="a", nonce="b", qop="auth", algorithm=SHA-256`, `Negotiate abc==`, `"`, `a=,=b`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cs := siteauth.ParseChallenges([]string{s, s})
		if len(cs) > 16 {
			t.Fatalf("%d challenges", len(cs))
		}
		for _, c := range cs {
			if c.Scheme == "" || len(c.Params) > 32 {
				t.Fatalf("challenge %+v", c)
			}
			_, _ = siteauth.Digest{Challenge: c, Cred: siteauth.Credential{Username: "u", Password: "p"}, CNonce: "c"}.Authorization("GET", "/", 1)
		}
	})
}

func FuzzParseCookiesTxt(f *testing.F) {
	f.Add(".a.test\tTRUE\t/\tFALSE\t0\tn\tv\n#HttpOnly_b.test\tFALSE\t/p\tTRUE\t99\tx\ty\n")
	f.Add("# comment\n\n")
	f.Fuzz(func(t *testing.T, s string) {
		cs, err := siteauth.ParseCookiesTxt(strings.NewReader(s))
		if err != nil {
			return
		}
		j := siteauth.NewJar(nil)
		j.Import(cs)
		for _, c := range cs {
			if c.Name == "" || !strings.HasPrefix(c.Path, "/") {
				t.Fatalf("cookie %+v", c)
			}
		}
	})
}

func FuzzFindForm(f *testing.F) {
	f.Add(`<form method=post action=/l><input name=u><input type=password name=p></form>`)
	f.Add(`<form action="http://[::1">`)
	base, _ := url.Parse("http://a.test/")
	f.Fuzz(func(t *testing.T, s string) {
		form, err := siteauth.FindForm(strings.NewReader(s), base, nil)
		if err == nil && (form.Action == nil || form.Values == nil) {
			t.Fatalf("form %+v", form)
		}
	})
}

func FuzzParseSecrets(f *testing.F) {
	f.Add("credentials:\n  shop: {username: a, password: b, hosts: [x.test]}\ncookies: {j: /a}\nprofiles: {p: /b}\n")
	f.Add("credentials: [")
	f.Fuzz(func(t *testing.T, s string) {
		sec, err := siteauth.Parse([]byte(s))
		if err != nil {
			return
		}
		for name, c := range sec.Credentials {
			if !siteauth.NamePattern.MatchString(name) || c.Username == "" {
				t.Fatalf("accepted %q: %v", name, c)
			}
		}
	})
}
