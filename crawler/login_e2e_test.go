package crawler_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest"
	"go.uber.org/zap/zaptest/observer"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/internal/testkit/loginsite"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// loginJob is the job of the login site: a consent wall and a form login
// on shop.test, Digest on intra.test, Basic on basic.test.
func loginJob(t *testing.T, dir string, shop, intra, basic *httptest.Server) string {
	return fmt.Sprintf(`
name: logged-in
seeds: [http://shop.test/, http://intra.test/, http://basic.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
scope: {exclude: ['/logout']}
resolve: {shop.test: %s, intra.test: %s, basic.test: %s}
auth:
  - {host: shop.test, kind: form, login_url: http://shop.test/consent, fields: {agree: "yes"}, success: {cookie: consent}}
  - host: shop.test
    kind: form
    credential: shop
    login_url: http://shop.test/login
    username_field: user
    password_field: pass
    success: {text: Log out, url_prefix: http://shop.test/account}
  - {host: intra.test, kind: digest, credential: intra}
  - {host: basic.test, kind: basic, credential: basic}
`, filepath.Join(dir, "warcs"), addr(shop), addr(intra), addr(basic))
}

func loginSecrets() siteauth.Secrets {
	c := siteauth.Credential{Username: loginsite.User, Password: loginsite.Password}
	return siteauth.Secrets{Credentials: map[string]siteauth.Credential{"shop": c, "intra": c, "basic": c}}
}

// warcExchanges reads every request and response record of the WARC
// files under dir: target URI → the records' blocks, in file order.
func warcExchanges(t *testing.T, dir string) (requests, responses map[string][]string) {
	t.Helper()
	requests, responses = map[string][]string{}, map[string][]string{}
	files, _ := filepath.Glob(filepath.Join(latestWARCDir(t, dir), "*.warc.gz"))
	for _, f := range files {
		r, err := warc.OpenFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			b := rec.Block
			switch rec.Type() {
			case "request":
				requests[rec.TargetURI()] = append(requests[rec.TargetURI()], string(b))
			case "response":
				responses[rec.TargetURI()] = append(responses[rec.TargetURI()], string(b))
			}
		}
		r.Close()
	}
	return requests, responses
}

// TestLoggedInCapture: a capture of the login site passes the consent
// wall, logs in with the form (CSRF token and all) and answers Digest and
// Basic: the protected pages' real content is in the WARC, the login
// form's POST is archived with the password masked, requests carry the
// cookies they sent, the session is saved with the capture, and the
// password appears in no file of the capture (issue 30).
func TestLoggedInCapture(t *testing.T) {
	site := loginsite.New()
	shop, intra, basic := httptest.NewServer(site.Shop()), httptest.NewServer(site.Digest()), httptest.NewServer(site.Basic())
	defer shop.Close()
	defer intra.Close()
	defer basic.Close()
	dir := t.TempDir()
	j := testJob(t, dir, loginJob(t, dir, shop, intra, basic))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	core, logs := observer.New(zapcore.DebugLevel)
	log := zap.New(zapcore.NewTee(zaptest.NewLogger(t).Core(), core))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), log, crawler.Options{Secrets: loginSecrets()}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v, %+v", err, stats)
	}
	if n := site.LoginPosts(); n != 1 {
		t.Errorf("login posted %d times, want 1", n)
	}
	// No log line holds the password, in its message or any field.
	for _, e := range logs.All() {
		line := e.Message + fmt.Sprint(e.ContextMap())
		if strings.Contains(line, loginsite.Password) {
			t.Errorf("log line holds the password: %s", line)
		}
	}
	reqs, resps := warcExchanges(t, filepath.Join(dir, "warcs"))
	for u, want := range map[string]string{
		"http://shop.test/account/orders": loginsite.Protected,
		"http://shop.test/account":        "Welcome alice",
		"http://shop.test/about":          "About the shop",
		"http://intra.test/":              loginsite.DigestText,
		"http://intra.test/d":             loginsite.DigestText,
		"http://basic.test/b":             loginsite.BasicText,
	} {
		if got := resps[u]; len(got) == 0 || !strings.Contains(got[len(got)-1], want) {
			t.Errorf("%s: archived %d responses, the last without %q", u, len(got), want)
		}
	}
	// The login POST: its request record holds the form as sent, the
	// password masked to its length.
	posts := reqs["http://shop.test/login?next=/account"]
	if len(posts) != 1 {
		t.Fatalf("login POST request records: %d, want 1 (targets: %v)", len(posts), keys(reqs))
	}
	enc := strings.ReplaceAll(strings.ReplaceAll(loginsite.Password, "&", "%26"), "=", "%3D")
	enc = strings.ReplaceAll(enc, " ", "+")
	if p := posts[0]; !strings.HasPrefix(p, "POST /login?next=/account HTTP/1.1\r\n") || !strings.Contains(p, "user=alice") ||
		!strings.Contains(p, "pass="+strings.Repeat("*", len(enc))) || !strings.Contains(p, "csrf=") || !strings.Contains(p, "Cookie: ") {
		t.Errorf("login POST record:\n%s", p)
	}
	if r := resps["http://shop.test/login?next=/account"]; len(r) != 1 || !strings.HasPrefix(r[0], "HTTP/1.1 303") {
		t.Errorf("login POST response records: %q", r)
	}
	if r := reqs["http://shop.test/consent"]; len(r) != 2 || !strings.HasPrefix(r[1], "POST /consent") || !strings.Contains(r[1], "agree=yes") {
		t.Errorf("consent records: %q", r)
	}
	// The protected page's request carried the session cookie.
	if r := reqs["http://shop.test/account/orders"]; len(r) == 0 || !strings.Contains(r[0], "session=") || !strings.Contains(r[0], "consent=yes") {
		t.Errorf("orders request: %q", r)
	}
	if r := reqs["http://intra.test/d"]; len(r) == 0 || !strings.Contains(r[0], "Authorization: Digest username=\"alice\"") {
		t.Errorf("digest request: %q", r)
	}
	if r := reqs["http://basic.test/b"]; len(r) == 0 || !strings.Contains(r[0], "Authorization: Basic ****") {
		t.Errorf("basic request (masked): %q", r)
	}
	b64 := base64.StdEncoding.EncodeToString([]byte(loginsite.User + ":" + loginsite.Password))
	checkNoSecret(t, dir, loginsite.Password, enc, b64)
	// The POST is indexed under its replay key, never under its URL.
	recs, err := st.Records(context.Background(), stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	postKeyed := 0
	for _, r := range recs {
		if r.URL == "http://shop.test/login?next=/account" {
			t.Errorf("the POST is indexed under its URL: %+v", r)
		}
		if strings.HasPrefix(r.URL, "http://shop.test/login?next=/account&__wb_method=post&__wb_post_data=") {
			postKeyed++
		}
	}
	if postKeyed == 0 {
		t.Error("no index row under the POST's replay key")
	}
	checkSession(t, st, stats.CaptureID, []string{"shop.test alice", "intra.test alice", "basic.test alice"})
}

// checkSession checks the saved session names the logins and holds the
// shop's session cookie, and no password.
func checkSession(t *testing.T, st store.Store, capture int64, want []string) {
	t.Helper()
	saved, err := st.Sessions(context.Background(), capture)
	if err != nil || len(saved) != 1 {
		t.Fatalf("sessions: %v, %v", saved, err)
	}
	if bytes.Contains(saved[0].State, []byte(loginsite.Password)) {
		t.Error("the saved session holds the password")
	}
	sess, err := siteauth.UnmarshalSession(saved[0].State)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range siteauth.LoggedIn([]siteauth.Session{sess}) {
		got = append(got, l.Host+" "+l.Account)
	}
	for _, w := range want {
		if !strings.Contains(strings.Join(got, ","), w) {
			t.Errorf("logged in: %q, want %q among them", got, w)
		}
	}
	has := false
	for _, c := range sess.Cookies {
		has = has || c.Name == "session"
	}
	if !has {
		t.Errorf("saved cookies %+v lack the session", sess.Cookies)
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestLoginResumeKeepsSession: a capture stopped after its login resumes
// with the saved session: the protected page left over is fetched logged
// in, and the login form is not posted again; on SQLite and PostgreSQL.
func TestLoginResumeKeepsSession(t *testing.T) {
	dsns := pgtest.StoreDSNs(t, "sharc_login")
	for name, dsn := range dsns {
		t.Run(name, func(t *testing.T) { testLoginResume(t, dsn) })
	}
}

func testLoginResume(t *testing.T, dsn func(t *testing.T, dir string) string) {
	site := loginsite.New()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var once sync.Once
	site.Hold = func(r *http.Request) {
		first := false
		once.Do(func() { first = true })
		if first {
			cancel() // stop the crawl while the protected page is asked
			<-r.Context().Done()
		}
	}
	shop, intra, basic := httptest.NewServer(site.Shop()), httptest.NewServer(site.Digest()), httptest.NewServer(site.Basic())
	defer shop.Close()
	defer intra.Close()
	defer basic.Close()
	dir := t.TempDir()
	src := loginJob(t, dir, shop, intra, basic)
	st := openStore(t, dsn(t, dir))
	opts := crawler.Options{Secrets: loginSecrets()}
	first, _ := crawler.New(testJob(t, dir, src), st, scheduler.NewRegistry(), zaptest.NewLogger(t), opts).Run(ctx)
	if first.StopReason == "finished" {
		t.Fatalf("the first run finished: %+v", first)
	}
	if n := site.LoginPosts(); n != 1 {
		t.Fatalf("first run posted the login %d times", n)
	}
	second, err := crawler.New(testJob(t, dir, src), st, scheduler.NewRegistry(), zaptest.NewLogger(t), opts).Run(context.Background())
	if err != nil || second.StopReason != "finished" || !second.Resumed {
		t.Fatalf("resume: %v, %+v", err, second)
	}
	if n := site.LoginPosts(); n != 1 {
		t.Errorf("after the resume the login was posted %d times, want 1", n)
	}
	_, resps := warcExchanges(t, filepath.Join(dir, "warcs"))
	if got := resps["http://shop.test/account/orders"]; len(got) == 0 || !strings.Contains(got[len(got)-1], loginsite.Protected) {
		t.Errorf("orders after the resume: %d responses, the last without the protected text", len(got))
	}
	checkSession(t, st, second.CaptureID, []string{"shop.test alice"})
}

// TestLoginFailure: a wrong password is tried once, recorded with why it
// failed, and the host is crawled logged out (the protected page is the
// login form, not its content); a resume does not try it again, so an
// account is not locked out.
func TestLoginFailure(t *testing.T) {
	site := loginsite.New()
	shop, intra, basic := httptest.NewServer(site.Shop()), httptest.NewServer(site.Digest()), httptest.NewServer(site.Basic())
	defer shop.Close()
	defer intra.Close()
	defer basic.Close()
	dir := t.TempDir()
	src := loginJob(t, dir, shop, intra, basic)
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	sec := loginSecrets()
	sec.Credentials["shop"] = siteauth.Credential{Username: loginsite.User, Password: "wrong"}
	stats, err := crawler.New(testJob(t, dir, src), st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{Secrets: sec}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v, %+v", err, stats)
	}
	_, resps := warcExchanges(t, filepath.Join(dir, "warcs"))
	for _, r := range resps["http://shop.test/account/orders"] {
		if strings.Contains(r, loginsite.Protected) {
			t.Error("protected content archived without a login")
		}
	}
	saved, err := st.Sessions(context.Background(), stats.CaptureID)
	if err != nil || len(saved) != 1 {
		t.Fatalf("sessions %v %v", saved, err)
	}
	sess, _ := siteauth.UnmarshalSession(saved[0].State)
	failed := 0
	for _, l := range sess.Logins {
		if l.Host == "shop.test" && l.Account == loginsite.User {
			if l.OK || !strings.Contains(l.Note, "not under http://shop.test/account") {
				t.Errorf("login record %+v, want a failure saying where the login ended", l)
			}
			failed++
		}
	}
	if failed != 1 {
		t.Errorf("%d failed login records, want 1: %+v", failed, sess.Logins)
	}
	if n := site.LoginPosts(); n != 1 {
		t.Errorf("login posted %d times, want 1", n)
	}
	// A missing credential fails the run before anything is fetched.
	_, err = crawler.New(testJob(t, t.TempDir(), strings.Replace(src, dir, t.TempDir(), 1)), st, scheduler.NewRegistry(), zaptest.NewLogger(t),
		crawler.Options{}).Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), `credential "shop" is not granted`) || !strings.Contains(err.Error(), "SHARC_CREDENTIALS_SHOP_PASSWORD") {
		t.Errorf("run without the credential: %v", err)
	}
}
