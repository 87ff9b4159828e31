package job

import (
	"slices"
	"strings"
	"testing"
)

// TestAuthErrors: each auth: mistake is reported at its field, and a job
// cannot carry a password or a path.
func TestAuthErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"password in job", "auth:\n  - {host: a.test, kind: basic, credential: a, password: x}\n", `auth[0].password: unknown field "password"`},
		{"no host", "auth:\n  - {kind: basic, credential: a}\n", "auth[0].host: required"},
		{"bad kind", "auth:\n  - {host: a.test, kind: oauth, credential: a}\n", `auth[0].kind`},
		{"basic without credential", "auth:\n  - {host: a.test, kind: basic}\n", "auth[0].credential: required for kind basic"},
		{"basic with form fields", "auth:\n  - {host: a.test, kind: digest, credential: a, login_url: http://a.test/l}\n", "auth[0].login_url: only for kind form"},
		{"credential not a name", "auth:\n  - {host: a.test, kind: basic, credential: /etc/passwd}\n", `auth[0].credential: "/etc/passwd" is not a credential name`},
		{"form without url", "auth:\n  - {host: a.test, kind: form, credential: a, username_field: u, password_field: p}\n", "auth[0].login_url: required for kind form"},
		{"form on another host", "auth:\n  - {host: a.test, kind: form, credential: a, login_url: http://evil.test/l, username_field: u, password_field: p}\n", `auth[0].login_url: "http://evil.test/l" is not on host a.test`},
		{"form without field names", "auth:\n  - {host: a.test, kind: form, credential: a, login_url: http://a.test/l}\n", "auth[0].username_field: a form login with a credential needs"},
		{"consent without fields", "auth:\n  - {host: a.test, kind: form, login_url: http://a.test/c}\n", "auth[0].fields: a form without a credential"},
		{"bad success", "auth:\n  - {host: a.test, kind: form, login_url: http://a.test/c, fields: {ok: y}, success: {cookies: s}}\n", `auth[0].success.cookies: unknown field "cookies"`},
		{"cookies path", "cookies: /home/me/cookies.txt\n", `cookies: "/home/me/cookies.txt" is not a name`},
		{"auth not a list", "auth: {host: a.test}\n", "auth: expected a list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parse(minimal + tt.src)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestAuthParsed(t *testing.T) {
	j, err := parse(minimal + `auth:
  - {host: shop.test, kind: form, login_url: http://shop.test/consent, fields: {consent: "yes"}, success: {cookie: consent}}
  - host: Shop.test
    kind: form
    credential: shop
    login_url: http://shop.test/login
    username_field: user
    password_field: pass
    success: {url_prefix: http://shop.test/account, text: Log out}
  - {host: "intranet.test:8080", kind: digest, credential: intra}
cookies: jar-1
`)
	if err != nil {
		t.Fatal(err)
	}
	if len(j.Auth) != 3 || j.Auth[0].Fields["consent"] != "yes" || j.Auth[1].Host != "shop.test" || j.Auth[1].Success.Text != "Log out" ||
		j.Auth[2].Kind != AuthDigest || j.Cookies != "jar-1" {
		t.Fatalf("parsed %+v cookies %q", j.Auth, j.Cookies)
	}
	if got := j.Credentials(); !slices.Equal(got, []string{"intra", "shop"}) {
		t.Fatalf("Credentials = %q", got)
	}
}
