package siteauth_test

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/siteauth"
)

// TestDigestRFC7616Examples: the answers of RFC 7616 §3.9.1 to its
// example challenge, MD5 and SHA-256.
func TestDigestRFC7616Examples(t *testing.T) {
	for _, tc := range []struct{ alg, want string }{
		{"MD5", "8ca523f5e9506fed4657c9700eebdbec"},
		{"SHA-256", "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"},
	} {
		t.Run(tc.alg, func(t *testing.T) {
			hdr := fmt.Sprintf(`Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=%s, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"`, tc.alg)
			ch, ok := siteauth.Find(siteauth.ParseChallenges([]string{hdr}), "digest")
			if !ok {
				t.Fatal("no digest challenge parsed")
			}
			d := siteauth.Digest{Challenge: ch, Cred: siteauth.Credential{Username: "Mufasa", Password: "Circle of Life"},
				CNonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ"}
			got, err := d.Authorization("GET", "/dir/index.html", 1)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(got, `response="`+tc.want+`"`) || !strings.Contains(got, "nc=00000001") || !strings.Contains(got, `opaque="FQhe`) {
				t.Fatalf("Authorization = %s, want response %s", got, tc.want)
			}
		})
	}
}

func TestParseChallenges(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []siteauth.Challenge
	}{
		{`Basic realm="a b"`, []siteauth.Challenge{{Scheme: "basic", Params: map[string]string{"realm": "a b"}}}},
		{`Basic realm="x", Digest realm="y", nonce="n\"q", qop=auth`, []siteauth.Challenge{
			{Scheme: "basic", Params: map[string]string{"realm": "x"}},
			{Scheme: "digest", Params: map[string]string{"realm": "y", "nonce": `n"q`, "qop": "auth"}}}},
		{`Newauth realm="apps", type=1, title="Login to \"apps\"", Basic realm="simple"`, []siteauth.Challenge{
			{Scheme: "newauth", Params: map[string]string{"realm": "apps", "type": "1", "title": `Login to "apps"`}},
			{Scheme: "basic", Params: map[string]string{"realm": "simple"}}}},
		{`Bearer`, []siteauth.Challenge{{Scheme: "bearer", Params: map[string]string{}}}},
		{`Digest realm="unclosed`, []siteauth.Challenge{{Scheme: "digest", Params: map[string]string{}}}},
		{`=junk`, nil},
		{``, nil},
	} {
		if got := siteauth.ParseChallenges([]string{tc.in}); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseChallenges(%q) = %#v, want %#v", tc.in, got, tc.want)
		}
	}
}

func TestDigestRefuses(t *testing.T) {
	cred := siteauth.Credential{Username: "u", Password: "p"}
	for _, hdr := range []string{`Digest realm="r"`, `Digest realm="r", nonce="n", algorithm=SHA-1`, `Digest nonce="n", qop="auth-int"`} {
		ch, _ := siteauth.Find(siteauth.ParseChallenges([]string{hdr}), "digest")
		if _, err := (siteauth.Digest{Challenge: ch, Cred: cred}).Authorization("GET", "/", 1); err == nil {
			t.Errorf("%s: answered, want an error", hdr)
		}
	}
}

func TestCredentialHidesPassword(t *testing.T) {
	c := siteauth.Credential{Username: "alice", Password: "hunter2"}
	for _, s := range []string{fmt.Sprint(c), fmt.Sprintf("%v %+v %#v", c, c, c)} {
		if strings.Contains(s, "hunter2") {
			t.Fatalf("password printed: %s", s)
		}
	}
}

func TestLoadFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "secrets.yaml")
	body := "credentials:\n  shop: {username: alice, password: \"s3cret\"}\ncookies:\n  shop-jar: /x/cookies.txt\n"
	if err := os.WriteFile(good, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := siteauth.LoadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	if s.Credentials["shop"].Password != "s3cret" || s.CookieFiles["shop-jar"] != "/x/cookies.txt" {
		t.Fatalf("LoadFile = %v", s)
	}
	if err := os.Chmod(good, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := siteauth.LoadFile(good); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("world-readable file: err %v", err)
	}
	for _, tc := range []struct{ body, want string }{
		{"credentials:\n  Bad/Name: {username: a}\n", "credential name"},
		{"credentials:\n  shop: {password: hunter2}\n", "no username"},
		{"credentials:\n  shop: {username: a, pasword: hunter2}\n", "pasword"},
		{"credentials: [hunter2\n", "secrets"},
	} {
		_, err := siteauth.Parse([]byte(tc.body))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "hunter2") {
			t.Errorf("Parse(%q) err = %v, want %q and no password", tc.body, err, tc.want)
		}
	}
}

func TestFromEnv(t *testing.T) {
	env := []string{"SHARC_CREDENTIALS_SHOP_EU_USERNAME=bob", "SHARC_CREDENTIALS_SHOP_EU_PASSWORD=pw", "SHARC_CREDENTIALS_OTHER_USERNAME=x"}
	s := siteauth.Secrets{}.FromEnv(env, []string{"shop-eu", "missing"})
	if got := s.Credentials; len(got) != 1 || !reflect.DeepEqual(got["shop-eu"], siteauth.Credential{Username: "bob", Password: "pw"}) {
		t.Fatalf("FromEnv = %v", got)
	}
	// A file's entry wins over the environment.
	f := siteauth.Secrets{Credentials: map[string]siteauth.Credential{"shop-eu": {Username: "file"}}}.FromEnv(env, []string{"shop-eu"})
	if f.Credentials["shop-eu"].Username != "file" {
		t.Fatalf("env replaced the file's credential: %v", f.Credentials)
	}
}

func TestParseCookiesTxt(t *testing.T) {
	in := "# Netscape HTTP Cookie File\n" +
		".shop.test\tTRUE\t/\tFALSE\t0\tsession\tabc\n" +
		"#HttpOnly_shop.test\tFALSE\t/account\tTRUE\t4102444800\tid\t42\r\n" +
		"\n"
	got, err := siteauth.ParseCookiesTxt(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []siteauth.Cookie{
		{URL: "http://shop.test/", Name: "session", Value: "abc", Domain: "shop.test", Path: "/"},
		{URL: "https://shop.test/account", Name: "id", Value: "42", Path: "/account", Secure: true, HTTPOnly: true, Expires: time.Unix(4102444800, 0).UTC()},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ParseCookiesTxt = %+v\nwant %+v", got, want)
	}
	for _, bad := range []string{
		"shop.test\tTRUE\t/\n",
		"shop.test\tMAYBE\t/\tFALSE\t0\ta\tb\n",
		"shop.test\tTRUE\tnoslash\tFALSE\t0\ta\tb\n",
		"shop.test\tTRUE\t/\tFALSE\t-1\ta\tb\n",
		"\tTRUE\t/\tFALSE\t0\ta\tb\n",
		"a.test\tTRUE\t/\tFALSE\t0\ta\t" + strings.Repeat("x", 5000) + "\n",
		strings.Repeat("x", 20000) + "\n",
	} {
		if _, err := siteauth.ParseCookiesTxt(strings.NewReader(bad)); err == nil {
			t.Errorf("ParseCookiesTxt(%.40q) accepted", bad)
		}
	}
}

// TestJarExportImport: what a jar exports, set into a fresh jar, sends
// the same cookies; expired and deleted cookies are not kept.
func TestJarExportImport(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	j := siteauth.NewJar(clock)
	u, _ := url.Parse("http://shop.test/login")
	j.SetCookies(u, []*http.Cookie{
		{Name: "session", Value: "s1", Path: "/"},
		{Name: "short", Value: "x", MaxAge: 60},
		{Name: "old", Value: "y", Expires: now.Add(-time.Hour)},
		{Name: "sub", Value: "z", Domain: "shop.test"},
	})
	home, _ := url.Parse("http://shop.test/account/")
	if got := j.Header(home); got != "session=s1; short=x; sub=z" && got != "session=s1; sub=z; short=x" {
		t.Fatalf("Header = %q", got)
	}
	if !j.Changed() {
		t.Fatal("Changed false after SetCookies")
	}
	now = now.Add(2 * time.Minute) // "short" expired in the ledger
	ex := j.Export()
	if j.Changed() {
		t.Fatal("Changed true after Export")
	}
	k := siteauth.NewJar(clock)
	k.Import(ex)
	if !k.Has(home, "session") || !k.Has(home, "sub") || k.Has(home, "short") || k.Has(home, "old") {
		t.Fatalf("imported jar sends %q (from %+v)", k.Header(home), ex)
	}
	sub, _ := url.Parse("http://www.shop.test/")
	if !k.Has(sub, "sub") || k.Has(sub, "session") {
		t.Fatalf("domain cookie not kept as one: %q", k.Header(sub))
	}
	// A deletion (Max-Age<0) leaves the ledger too.
	k.SetCookies(u, []*http.Cookie{{Name: "session", Value: "", Path: "/", MaxAge: -1}})
	for _, c := range k.Export() {
		if c.Name == "session" {
			t.Fatal("deleted cookie exported")
		}
	}
}

// TestJarBounds: a site setting cookies without end fills the jar to
// MaxCookies and no further; oversized cookies are dropped.
func TestJarBounds(t *testing.T) {
	j := siteauth.NewJar(nil)
	u, _ := url.Parse("http://flood.test/")
	for i := 0; i < siteauth.MaxCookies+50; i++ {
		j.SetCookies(u, []*http.Cookie{{Name: fmt.Sprintf("c%d", i), Value: "v"}})
	}
	j.SetCookies(u, []*http.Cookie{{Name: "c0", Value: strings.Repeat("v", siteauth.MaxCookieBytes)}})
	kept, dropped := j.Len()
	if kept != siteauth.MaxCookies || dropped != 51 {
		t.Fatalf("kept %d dropped %d, want %d and 51", kept, dropped, siteauth.MaxCookies)
	}
	// Replacing a kept cookie at the bound still works.
	j.SetCookies(u, []*http.Cookie{{Name: "c1", Value: "new"}})
	if !strings.Contains(j.Header(u), "c1=new") {
		t.Fatal("a kept cookie could not be replaced at the bound")
	}
}

func TestFindForm(t *testing.T) {
	page := `<html><form action="/search"><input name=q></form>
<form method=post action="/session?next=/a"><input type=hidden name=csrf value="tok1">
<input name=user><input type=password name=pass><input type=checkbox name=remember checked>
<input type=checkbox name=news><input type=submit name=go value=Go></form>`
	base, _ := url.Parse("http://shop.test/login")
	f, err := siteauth.FindForm(strings.NewReader(page), base, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.Method != "POST" || f.Action.String() != "http://shop.test/session?next=/a" {
		t.Fatalf("form %s %s", f.Method, f.Action)
	}
	if got := f.Values.Encode(); got != "csrf=tok1&remember=on&user=" {
		t.Fatalf("values %q", got)
	}
	g, err := siteauth.FindForm(strings.NewReader(page), base, []string{"q"})
	if err != nil || g.Action.Path != "/search" || g.Method != "GET" {
		t.Fatalf("wanted search form: %+v %v", g, err)
	}
	if _, err := siteauth.FindForm(strings.NewReader(page), base, []string{"nope"}); err == nil {
		t.Fatal("form with a missing field found")
	}
}

func TestCredentialHostsAndSources(t *testing.T) {
	s, err := siteauth.Parse([]byte("credentials:\n  shop: {username: a, password: b, hosts: [Shop.test, intra.test:8080]}\n  any: {username: c}\ncookies:\n  jar: /j.txt\nprofiles:\n  me: /p\n"))
	if err != nil {
		t.Fatal(err)
	}
	shop := s.Credentials["shop"]
	for host, want := range map[string]bool{"shop.test": true, "shop.test:8443": true, "intra.test:8080": true, "intra.test": false, "evil.test": false} {
		if got := shop.Allows(host); got != want {
			t.Errorf("Allows(%s) = %v, want %v", host, got, want)
		}
	}
	if !s.Credentials["any"].Allows("evil.test") {
		t.Error("a credential without hosts allows none")
	}
	if err := s.CheckHostsBound(); err == nil || !strings.Contains(err.Error(), `"any" names no hosts`) {
		t.Errorf("CheckHostsBound: %v", err)
	}
	if p, prof, ok := s.CookieSource("jar"); !ok || prof || p != "/j.txt" {
		t.Errorf("CookieSource(jar) = %q %v %v", p, prof, ok)
	}
	if p, prof, ok := s.CookieSource("me"); !ok || !prof || p != "/p" {
		t.Errorf("CookieSource(me) = %q %v %v", p, prof, ok)
	}
	if _, _, ok := s.CookieSource("nope"); ok {
		t.Error("CookieSource(nope) found")
	}
	if _, err := siteauth.Parse([]byte("cookies: {x: /a}\nprofiles: {x: /b}\n")); err == nil {
		t.Error("a name both a cookies file and a profile was accepted")
	}
}
