package crawler

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/browserfetch"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
)

// Authenticated capture (issue 30). A job with auth: or cookies: gets a
// cookie jar for the capture: every request carries the cookies the jar
// holds for its URL (so its request record shows them), every response's
// Set-Cookie goes into it. Before the first page of a host with form
// logins is fetched, the crawler logs in: it GETs the login page, fills
// the form found there (hidden fields kept) with the credential and posts
// it, follows the redirects, and checks the login worked; each exchange
// is archived as any other (crawl.log hop P, annotation "login"). Basic
// and Digest are answered when a host's 401 asks for them; later
// requests to the host send the answer at once.
//
// The session (the jar's cookies and the logins made) is saved with the
// capture (store.SetSession) right after each login, at most every
// sessionSaveEvery when cookies change, and when the run stops; a
// resumed capture sets it again and does not log in a second time.
//
// Passwords never reach the archive: the login POST's request record has
// the password's bytes replaced by '*' (same length, so Content-Length
// holds), and a Basic Authorization field is masked the same way. The
// session cookies are kept as sent: they are what the pages were
// captured with.

// sessionSaveEvery bounds how often a changed jar is saved.
const sessionSaveEvery = 30 * time.Second

// maxLoginRedirects bounds the redirects a login follows.
const maxLoginRedirects = 5

// maxCookiesFile bounds a cookies.txt read at set-up.
const maxCookiesFile = 16 << 20

// annLogin marks the crawl.log lines of a login's exchanges.
const annLogin = "login"

// authState is a run's session: the jar, the logins by host and what was
// done. Nil when the job has neither auth: nor cookies: and no browser
// profile is given.
type authState struct {
	jar     *siteauth.Jar
	secrets siteauth.Secrets
	logins  map[string][]job.Login // by host

	mu    sync.Mutex
	hosts map[string]*hostAuth
	done  []siteauth.LoginRecord // logins made or tried, this run and restored

	saveMu   sync.Mutex
	lastSave time.Time
	now      func() time.Time
}

// hostAuth is one host's login state.
type hostAuth struct {
	formMu   sync.Mutex // held while the host's form logins run
	formDone bool

	// Basic and Digest: the challenge answered, under authState.mu.
	challenge *siteauth.Challenge
	cred      siteauth.Credential
	nc        uint32
	recorded  bool
}

// setUpAuth makes the run's session (Run has checked the grants:
// checkGranted): loads the browser profile's and the granted cookies,
// and on resume sets this node's saved session again.
func (c *Crawler) setUpAuth(ctx context.Context) error {
	j := c.job
	if len(j.Auth) == 0 && j.Cookies == "" && c.opts.BrowserProfile == "" {
		return nil
	}
	sec := c.opts.Secrets
	now := c.opts.Now
	if now == nil {
		now = time.Now
	}
	a := &authState{jar: siteauth.NewJar(now), secrets: sec, logins: map[string][]job.Login{}, hosts: map[string]*hostAuth{}, now: now}
	for _, l := range j.Auth {
		a.logins[l.Host] = append(a.logins[l.Host], l)
	}
	if p := c.opts.BrowserProfile; p != "" {
		cs, err := profileCookies(ctx, p)
		if err != nil {
			return err
		}
		a.jar.Import(cs)
	}
	if j.Cookies != "" {
		cs, err := readCookies(ctx, j.Cookies, sec)
		if err != nil {
			return err
		}
		a.jar.Import(cs)
	}
	if c.resumed {
		saved, err := c.store.Sessions(ctx, c.capture.ID)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		for _, s := range saved {
			if s.Node != c.coord.node() {
				continue
			}
			sess, err := siteauth.UnmarshalSession(s.State)
			if err != nil {
				c.log.Warn("saved session unreadable: logging in again", zap.Error(err))
				continue
			}
			a.jar.Import(sess.Cookies)
			a.done = append(a.done, sess.Logins...)
		}
	}
	c.auth = a
	return nil
}

// checkGranted fails a job whose credentials or cookie file the
// operator did not grant: before a capture exists, as a job error.
func checkGranted(j *job.Job, sec siteauth.Secrets) error {
	for i, l := range j.Auth {
		if l.Credential == "" {
			continue
		}
		cred, ok := sec.Credentials[l.Credential]
		if !ok {
			return fmt.Errorf("auth[%d]: credential %q is not granted: give it in the --credentials file, as %s and %s, or in the daemon config's secrets",
				i, l.Credential, siteauth.EnvName(l.Credential, "USERNAME"), siteauth.EnvName(l.Credential, "PASSWORD"))
		}
		if !cred.Allows(l.Host) {
			return fmt.Errorf("auth[%d]: credential %q is not granted for host %s (its hosts: %s)", i, l.Credential, l.Host, strings.Join(cred.Hosts, ", "))
		}
	}
	if j.Cookies != "" {
		if _, _, ok := sec.CookieSource(j.Cookies); !ok {
			return fmt.Errorf("cookies: %q is not granted: name it under cookies: (a cookies.txt) or profiles: (a Chromium profile) in the --credentials file or the daemon config's secrets", j.Cookies)
		}
	}
	return nil
}

// readCookies reads the cookies.txt or Chromium profile the operator
// granted as name.
func readCookies(ctx context.Context, name string, sec siteauth.Secrets) ([]siteauth.Cookie, error) {
	path, profile, ok := sec.CookieSource(name)
	if !ok {
		return nil, fmt.Errorf("cookies: %q is not granted", name)
	}
	if profile {
		return profileCookies(ctx, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("cookies %q: %w", name, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxCookiesFile+1))
	if err != nil {
		return nil, fmt.Errorf("cookies %q: %w", name, err)
	}
	if len(b) > maxCookiesFile {
		return nil, fmt.Errorf("cookies %q: larger than %d bytes", name, maxCookiesFile)
	}
	cs, err := siteauth.ParseCookiesTxt(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("cookies %q: %w", name, err)
	}
	return cs, nil
}

// host returns host's state, made on first use.
func (a *authState) host(h string) *hostAuth {
	a.mu.Lock()
	defer a.mu.Unlock()
	ha := a.hosts[h]
	if ha == nil {
		ha = &hostAuth{}
		a.hosts[h] = ha
	}
	return ha
}

// loginsFor returns the job's logins for host (host:port or host).
func (a *authState) loginsFor(host string) []job.Login {
	if ls, ok := a.logins[host]; ok {
		return ls
	}
	if h, _, found := strings.Cut(host, ":"); found {
		return a.logins[h]
	}
	return nil
}

// doneBefore reports whether a login of key on host was made (or tried
// and failed: a wrong password is not tried again on resume, so an
// account is not locked out) by this capture.
func (a *authState) doneBefore(host, key string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, r := range a.done {
		if r.Host == host && r.Key == key {
			return true
		}
	}
	return false
}

func (a *authState) record(r siteauth.LoginRecord) {
	a.mu.Lock()
	a.done = append(a.done, r)
	a.mu.Unlock()
}

// session is what is saved.
func (a *authState) session() siteauth.Session {
	a.mu.Lock()
	logins := append([]siteauth.LoginRecord(nil), a.done...)
	a.mu.Unlock()
	return siteauth.Session{Cookies: a.jar.Export(), Logins: logins}
}

// saveSession saves the session with the capture; force saves even when
// nothing changed or the last save was recent.
func (c *Crawler) saveSession(ctx context.Context, force bool) {
	a := c.auth
	if a == nil {
		return
	}
	if !force {
		if !a.saveMu.TryLock() {
			return // another worker is saving
		}
	} else {
		a.saveMu.Lock()
	}
	defer a.saveMu.Unlock()
	now := a.now()
	if !force && (!a.jar.Changed() || now.Sub(a.lastSave) < sessionSaveEvery) {
		return
	}
	b, err := a.session().Marshal()
	if err == nil {
		err = c.store.SetSession(context.WithoutCancel(ctx), store.Session{CaptureID: c.capture.ID, Node: c.coord.node(), State: b, Updated: now})
	}
	if err != nil {
		c.log.Warn("saving the session", zap.Error(err))
		return
	}
	a.lastSave = now
}

// withSession adds the jar's cookies and a known Basic or Digest answer
// to a request of rawURL.
func (c *Crawler) withSession(host, method, rawURL string, extra http.Header) http.Header {
	u, err := url.Parse(rawURL)
	if err != nil {
		return extra
	}
	h := extra.Clone()
	if h == nil {
		h = http.Header{}
	}
	if v := c.auth.jar.Header(u); v != "" && h.Get("Cookie") == "" {
		h.Set("Cookie", v)
	}
	// Digest hashes the request target as sent: the fetcher keeps the
	// path as the page wrote it (requestURL), which net/url may re-escape.
	target := u.RequestURI()
	if ru, err := requestURL(rawURL); err == nil {
		target = ru.RequestURI()
	}
	if v := c.auth.answer(host, method, target); v != "" {
		h.Set("Authorization", v)
	}
	return h
}

// answer is the Authorization value for a request of target (path and
// query) on host, from the challenge the host asked before; "" if none.
func (a *authState) answer(host, method, target string) string {
	a.mu.Lock()
	ha := a.hosts[host]
	if ha == nil || ha.challenge == nil {
		a.mu.Unlock()
		return ""
	}
	ha.nc++
	ch, cred, nc := *ha.challenge, ha.cred, ha.nc
	a.mu.Unlock()
	if ch.Scheme == "basic" {
		return siteauth.BasicAuthorization(cred)
	}
	v, err := siteauth.Digest{Challenge: ch, Cred: cred}.Authorization(method, target, nc)
	if err != nil {
		return ""
	}
	return v
}

// keepCookies puts a response's cookies in the jar.
func (a *authState) keepCookies(rawURL string, f *fetched) {
	if f == nil {
		return
	}
	cs := (&http.Response{Header: f.Header}).Cookies()
	if len(cs) == 0 {
		return
	}
	if u, err := url.Parse(rawURL); err == nil {
		a.jar.SetCookies(u, cs)
	}
}

// challenged takes up a 401's challenge when the host has a Basic or
// Digest login: it reports whether the request should be sent again.
func (a *authState) challenged(host string, f *fetched) bool {
	if f == nil || f.Status != http.StatusUnauthorized {
		return false
	}
	var l *job.Login
	for _, x := range a.loginsFor(host) {
		if x.Kind == job.AuthBasic || x.Kind == job.AuthDigest {
			l = &x
			break
		}
	}
	if l == nil {
		return false
	}
	ch, ok := siteauth.Find(siteauth.ParseChallenges(f.Header.Values("WWW-Authenticate")), string(l.Kind))
	if !ok {
		return false
	}
	cred := a.secrets.Credentials[l.Credential]
	a.mu.Lock()
	defer a.mu.Unlock()
	ha := a.hosts[host]
	if ha == nil {
		ha = &hostAuth{}
		a.hosts[host] = ha
	}
	// Answered already with this very challenge: the credential is
	// wrong; asking again would only repeat the 401. A Digest nonce the
	// server calls stale is a new challenge.
	if ha.challenge != nil && ha.challenge.Params["nonce"] == ch.Params["nonce"] && ha.challenge.Params["realm"] == ch.Params["realm"] &&
		!strings.EqualFold(ch.Params["stale"], "true") {
		return false
	}
	ha.challenge, ha.cred, ha.nc = &ch, cred, 0
	return true
}

// settled records a host's Basic or Digest login once its answer was
// accepted.
func (a *authState) settled(host string, f *fetched) {
	a.mu.Lock()
	ha := a.hosts[host]
	if ha == nil || ha.challenge == nil || ha.recorded || f.Status == http.StatusUnauthorized {
		a.mu.Unlock()
		return
	}
	ha.recorded = true
	rec := siteauth.LoginRecord{Host: host, Kind: ha.challenge.Scheme, Account: ha.cred.Username, OK: true, At: a.now()}
	a.done = append(a.done, rec)
	a.mu.Unlock()
}

// getWithSession is get for a job with a session: cookies and a known
// answer go with the request, cookies of the response go into the jar,
// and a 401 the host's Basic or Digest login can answer is asked again
// once with the answer (the 401 itself is not archived).
func (c *Crawler) getWithSession(ctx context.Context, host, rawURL string, extra http.Header) (*fetched, error) {
	a := c.auth
	f, err := c.getRaw(ctx, host, rawURL, c.withSession(host, http.MethodGet, rawURL, extra))
	a.keepCookies(rawURL, f)
	if err == nil && a.challenged(host, f) {
		_ = f.Close()
		f, err = c.getRaw(ctx, host, rawURL, c.withSession(host, http.MethodGet, rawURL, extra))
		a.keepCookies(rawURL, f)
	}
	if err == nil {
		a.settled(host, f)
		maskAuthorization(f)
	}
	c.saveSession(ctx, false)
	return f, err
}

// loginFirst logs in to t's host before its first page is fetched, when
// the job has form logins for it that this capture has not made. Workers
// fetching the host meanwhile wait for it. An error is the archive's
// failure; a failed login is logged and recorded, and the crawl goes on
// logged out.
func (c *Crawler) loginFirst(ctx context.Context, worker int, t frontier.Task) error {
	a := c.auth
	if a == nil || t.Prereq {
		return nil
	}
	ls := a.loginsFor(t.Host)
	if len(ls) == 0 {
		return nil
	}
	ha := a.host(t.Host)
	ha.formMu.Lock()
	defer ha.formMu.Unlock()
	if ha.formDone {
		return nil
	}
	made := false
	for _, l := range ls {
		if l.Kind != job.AuthForm {
			continue
		}
		key := l.LoginURL + " " + l.Credential
		if a.doneBefore(t.Host, key) {
			continue
		}
		rec, err := c.formLogin(ctx, worker, t, l)
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return nil // abandoned: not recorded, so the resumed run logs in
		}
		rec.Host, rec.Kind, rec.Key, rec.At = t.Host, string(job.AuthForm), key, a.now()
		a.record(rec)
		made = true
		if rec.OK {
			c.log.Info("logged in", zap.String("host", t.Host), zap.String("account", rec.Account), zap.String("login_url", l.LoginURL))
		} else {
			c.log.Warn("login failed: crawling the host logged out", zap.String("host", t.Host), zap.String("account", rec.Account),
				zap.String("login_url", l.LoginURL), zap.String("why", rec.Note))
		}
	}
	if ctx.Err() != nil {
		return nil // abandoned: tried again by the resumed run
	}
	ha.formDone = true
	if made {
		c.saveSession(ctx, true) // before any page: a resume must not log in again
	}
	return nil
}

// errLoginArchive wraps a login exchange that could not be archived.
var errLoginArchive = errors.New("login exchange not archived")

// formLogin runs one form login: GET the login page, post its form,
// follow the redirects, check. The record's OK and Note say how it went.
func (c *Crawler) formLogin(ctx context.Context, worker int, via frontier.Task, l job.Login) (siteauth.LoginRecord, error) {
	cred := c.auth.secrets.Credentials[l.Credential]
	rec := siteauth.LoginRecord{Account: cred.Username}
	form, note, err := c.loginForm(ctx, worker, via, l)
	if err != nil || note != "" {
		rec.Note = note
		return rec, err
	}
	req, note := loginRequest(l, cred, form)
	if note != "" {
		rec.Note = note
		return rec, nil
	}
	last, at, note, err := c.loginPost(ctx, worker, via, req)
	if err != nil || note != "" {
		rec.Note = note
		return rec, err
	}
	defer last.Close()
	if rec.Note = c.loginCheck(l, at, last); rec.Note == "" {
		rec.OK = true
	}
	return rec, nil
}

// loginForm fetches (and archives) the login page and finds its form; a
// note says why there is none to post.
func (c *Crawler) loginForm(ctx context.Context, worker int, via frontier.Task, l job.Login) (siteauth.Form, string, error) {
	page, err := c.loginExchange(ctx, worker, via, http.MethodGet, l.LoginURL, nil, nil, nil)
	if err != nil {
		return siteauth.Form{}, "", err
	}
	if page == nil {
		return siteauth.Form{}, fmt.Sprintf("login page %s: no response", l.LoginURL), nil
	}
	defer page.Close()
	if page.Status != http.StatusOK {
		return siteauth.Form{}, fmt.Sprintf("login page %s answered %d", l.LoginURL, page.Status), nil
	}
	base, _ := url.Parse(l.LoginURL)
	want := []string{l.UsernameField, l.PasswordField}
	if l.Credential == "" {
		want = nil
		for k := range l.Fields {
			want = append(want, k)
		}
	}
	form, err := siteauth.FindForm(page.decoded(c.job.Fetch.MaxBodyBytes), base, want)
	if err != nil && l.Credential == "" {
		// A consent wall's fields may be added by a script: post the
		// fields alone to the page's first form or, with none, back to it.
		form, err = siteauth.FindForm(page.decoded(c.job.Fetch.MaxBodyBytes), base, nil)
		if err != nil {
			form, err = siteauth.Form{Action: base, Method: http.MethodPost, Values: url.Values{}}, nil
		}
	}
	if err != nil {
		return siteauth.Form{}, fmt.Sprintf("%v with inputs %q on %s", err, want, l.LoginURL), nil
	}
	if !sameHost(form.Action, l.Host) {
		return siteauth.Form{}, fmt.Sprintf("the form posts to %s, not host %s: the credential is not sent there", form.Action.Host, l.Host), nil
	}
	return form, "", nil
}

// loginReq is the request that submits a login form.
type loginReq struct {
	method, target string
	hdr            http.Header
	body           []byte
	mask           []byte // the password as posted, masked in the record
}

// loginRequest fills form with the credential and the job's fields; a
// note says why it cannot be sent.
func loginRequest(l job.Login, cred siteauth.Credential, form siteauth.Form) (loginReq, string) {
	vals := form.Values
	for k, v := range l.Fields {
		vals.Set(k, v)
	}
	if l.Credential != "" {
		if form.Method != http.MethodPost {
			return loginReq{}, "the login form is sent with GET: a password in a URL would be archived and logged"
		}
		vals.Set(l.UsernameField, cred.Username)
		vals.Set(l.PasswordField, cred.Password)
	}
	r := loginReq{method: form.Method, target: form.Action.String(), hdr: http.Header{"Referer": {l.LoginURL}}, body: []byte(vals.Encode())}
	if r.method == http.MethodGet {
		u := *form.Action
		u.RawQuery = vals.Encode()
		r.target, r.body = u.String(), nil
		return r, ""
	}
	base, _ := url.Parse(l.LoginURL)
	r.hdr.Set("Content-Type", "application/x-www-form-urlencoded")
	r.hdr.Set("Origin", base.Scheme+"://"+base.Host)
	if l.Credential != "" && cred.Password != "" {
		r.mask = []byte(url.QueryEscape(l.PasswordField) + "=" + url.QueryEscape(cred.Password))
	}
	return r, ""
}

// loginPost sends the form and follows its redirects, archiving each
// exchange; it returns the last response (the caller closes it) and where
// it was, or a note saying why there is none.
func (c *Crawler) loginPost(ctx context.Context, worker int, via frontier.Task, r loginReq) (*fetched, string, string, error) {
	last, err := c.loginExchange(ctx, worker, via, r.method, r.target, r.hdr, r.body, r.mask)
	if err != nil || last == nil {
		return nil, "", fmt.Sprintf("login post to %s: no response", r.target), err
	}
	at := r.target
	for hop := 0; hop < maxLoginRedirects && last.Status/100 == 3 && last.Header.Get("Location") != ""; hop++ {
		next, cerr := urlcanon.Canonical(at, last.Header.Get("Location"))
		_ = last.Close()
		if cerr != nil {
			return nil, "", fmt.Sprintf("login redirect: %v", cerr), nil
		}
		at = next
		if last, err = c.loginExchange(ctx, worker, via, http.MethodGet, at, nil, nil, nil); err != nil || last == nil {
			return nil, "", fmt.Sprintf("login redirect to %s: no response", at), err
		}
	}
	return last, at, "", nil
}

// loginCheck says why a login's outcome fails the job's success test, ""
// when it passes.
func (c *Crawler) loginCheck(l job.Login, at string, last *fetched) string {
	s := l.Success
	if s == (job.LoginCheck{}) {
		if last.Status >= 400 {
			return fmt.Sprintf("the login ended with status %d", last.Status)
		}
		return ""
	}
	if s.Cookie != "" {
		u, _ := url.Parse(l.LoginURL)
		if !c.auth.jar.Has(u, s.Cookie) {
			return fmt.Sprintf("no cookie %q after the login", s.Cookie)
		}
	}
	if s.URLPrefix != "" && !strings.HasPrefix(at, s.URLPrefix) {
		return fmt.Sprintf("the login ended at %s, not under %s", at, s.URLPrefix)
	}
	if s.Text != "" && !bytes.Contains(last.decodedBytes(c.job.Fetch.MaxBodyBytes), []byte(s.Text)) {
		return fmt.Sprintf("the login's last page does not say %q", s.Text)
	}
	return ""
}

func sameHost(u *url.URL, host string) bool {
	return strings.EqualFold(u.Host, host) || strings.EqualFold(u.Hostname(), host)
}

// loginExchange sends one request of a login with the session, archives
// it (hop P from the page that asked for the login, annotated "login"),
// keeps its cookies and returns it; the caller closes it. mask, if set,
// is the password's bytes in the body, masked in the request record. A
// request that got no response is logged and returns nil, nil.
func (c *Crawler) loginExchange(ctx context.Context, worker int, via frontier.Task, method, rawURL string, hdr http.Header, body, mask []byte) (*fetched, error) {
	cu, err := urlcanon.Canonical(rawURL, rawURL)
	if err != nil {
		cu = rawURL
	}
	t := frontier.Task{URL: c.newURL(cu, via.HopPath+crawllog.HopPrereq, via.URL.URL, -1), Action: via.Action}
	h := c.withSession(t.Host, method, cu, hdr)
	f, err := c.fetch.send(ctx, method, cu, h, body)
	if err != nil {
		c.logEmbedFailure(worker, t, err)
		return nil, nil
	}
	c.auth.keepCookies(cu, f)
	maskAuthorization(f)
	a := &archived{t: t, f: f, entry: fetchEntry(worker, t, f, []string{annLogin})}
	if method != http.MethodGet {
		maskBody(f, mask)
		a.indexURL = postKey(cu, f.Request)
	}
	c.bytes.Add(f.Response.Size())
	if _, err := c.submit(a); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("%w: %w", errLoginArchive, err)
	}
	c.fetched.Add(1)
	c.obs().Fetched(t.Host, f.Status, f.Response.Size(), f.Duration)
	return f, nil
}

// maskBody replaces the password in a request record's body by as many
// '*': the record's length and Content-Length stay true.
func maskBody(f *fetched, secret []byte) {
	if len(secret) == 0 {
		return
	}
	i := bytes.Index(f.Request, []byte("\r\n\r\n"))
	if i < 0 {
		return
	}
	body := f.Request[i+4:]
	eq := bytes.IndexByte(secret, '=')
	for off := 0; off < len(body); {
		j := bytes.Index(body[off:], secret)
		if j < 0 {
			return
		}
		j += off
		for k := j + eq + 1; k < j+len(secret); k++ {
			body[k] = '*'
		}
		off = j + len(secret)
	}
}

// maskAuthorization masks a Basic Authorization field's credentials in
// the request record (base64 of the password); a Digest answer is a hash
// and stays.
func maskAuthorization(f *fetched) {
	const field = "\r\nAuthorization: Basic "
	i := bytes.Index(f.Request, []byte(field))
	if i < 0 {
		return
	}
	for k := i + len(field); k < len(f.Request) && f.Request[k] != '\r'; k++ {
		f.Request[k] = '*'
	}
}

// postKey is the index URL of a POST: its URL with the query pywb and
// ReplayWeb.page key POSTs by (__wb_method=post&__wb_post_data=BASE64 of
// the body), from the masked request record, so the POST's response
// answers only its own replayed POST and never a GET of the URL.
func postKey(rawURL string, request []byte) string {
	body := []byte{}
	if i := bytes.Index(request, []byte("\r\n\r\n")); i >= 0 {
		body = request[i+4:]
	}
	sep := "?"
	if strings.Contains(rawURL, "?") {
		sep = "&"
	}
	return rawURL + sep + "__wb_method=post&__wb_post_data=" + base64.StdEncoding.EncodeToString(body)
}

// pageCookies are the jar's cookies for a page loaded in the browser
// (browserfetch.Options.Cookies).
func (a *authState) pageCookies(pageURL string) []*http.Cookie {
	u, err := url.Parse(pageURL)
	if err != nil {
		return nil
	}
	return a.jar.Cookies(u)
}

// profileCookies reads a Chromium profile's cookies (Chromium decrypts
// them: browserfetch.ProfileCookies) as jar entries.
func profileCookies(ctx context.Context, dir string) ([]siteauth.Cookie, error) {
	cs, err := browserfetch.ProfileCookies(ctx, "", dir)
	if err != nil {
		return nil, fmt.Errorf("browser profile: %w", err)
	}
	out := make([]siteauth.Cookie, 0, len(cs))
	for _, c := range cs {
		host := strings.TrimPrefix(c.Domain, ".")
		scheme := "http"
		if c.Secure {
			scheme = "https"
		}
		e := siteauth.Cookie{URL: scheme + "://" + host + c.Path, Name: c.Name, Value: c.Value, Path: c.Path, Secure: c.Secure, HTTPOnly: c.HTTPOnly}
		if strings.HasPrefix(c.Domain, ".") {
			e.Domain = host
		}
		if !c.Session && c.Expires > 0 {
			e.Expires = time.Unix(int64(c.Expires), 0).UTC()
		}
		out = append(out, e)
	}
	return out, nil
}

// loggedIn is Stats.LoggedIn; nil on a nil state.
func (a *authState) loggedIn() []string {
	if a == nil {
		return nil
	}
	var out []string
	for _, l := range siteauth.LoggedIn([]siteauth.Session{{Logins: a.session().Logins}}) {
		out = append(out, fmt.Sprintf("%s as %s (%s)", l.Host, l.Account, l.Kind))
	}
	return out
}
