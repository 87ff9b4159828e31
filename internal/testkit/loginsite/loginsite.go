package loginsite

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/sharc-archive/sharc/crawler/siteauth"
)

// The accounts the site accepts. The password has characters form
// encoding escapes, so a test sees the crawler encode it.
const (
	User     = "alice"
	Password = "s3cret&pw=1 ok"
	// Realm is the Basic and Digest realm.
	Realm = "intranet"
	// Protected is text only a logged-in page shows.
	Protected = "Order 1234 for alice: secret content"
	// DigestText and BasicText are what the intranet pages say.
	DigestText = "digest intranet page"
	BasicText  = "basic intranet page"
)

// Site is the shop and intranet handlers with their state.
type Site struct {
	mu         sync.Mutex
	sessions   map[string]bool
	csrf       map[string]bool
	loginPosts int
	nonce      string
	// Hold, if set, is called before /account/orders answers: a test
	// stops a crawl there.
	Hold func(r *http.Request)
}

// New makes a site.
func New() *Site {
	return &Site{sessions: map[string]bool{}, csrf: map[string]bool{}, nonce: token()}
}

// LoginPosts is how many times the login form was posted.
func (s *Site) LoginPosts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.loginPosts
}

func token() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

func page(w http.ResponseWriter, body string) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = io.WriteString(w, "<!doctype html><html><body>"+body+"</body></html>")
}

func hasCookie(r *http.Request, name, value string) bool {
	c, err := r.Cookie(name)
	return err == nil && (value == "" || c.Value == value)
}

// Shop serves the shop host.
func (s *Site) Shop() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			_, _ = io.WriteString(w, "User-agent: *\nAllow: /\n")
			return
		}
		if r.URL.Path == "/consent" {
			s.consent(w, r)
			return
		}
		if !hasCookie(r, "consent", "yes") {
			page(w, `<h1>We value your privacy</h1><p>Accept cookies to continue.</p><a href="/consent">Manage consent</a>`)
			return
		}
		switch r.URL.Path {
		case "/":
			page(w, `<h1>Shop</h1><a href="/about">About</a> <a href="/account">My account</a>`)
		case "/about":
			page(w, `<h1>About the shop</h1>`)
		case "/login":
			s.login(w, r)
		case "/logout":
			if c, err := r.Cookie("session"); err == nil {
				s.mu.Lock()
				delete(s.sessions, c.Value)
				s.mu.Unlock()
			}
			http.Redirect(w, r, "/", http.StatusSeeOther)
		case "/account", "/account/orders":
			if !s.loggedIn(r) {
				http.Redirect(w, r, "/login", http.StatusFound)
				return
			}
			if r.URL.Path == "/account" {
				page(w, `<h1>Welcome `+User+`</h1><a href="/account/orders">Orders</a> <a href="/logout">Log out</a>`)
				return
			}
			if s.Hold != nil {
				s.Hold(r)
			}
			page(w, `<p>`+Protected+`</p><a href="/logout">Log out</a>`)
		default:
			http.NotFound(w, r)
		}
	})
}

func (s *Site) loggedIn(r *http.Request) bool {
	c, err := r.Cookie("session")
	if err != nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions[c.Value]
}

func (s *Site) consent(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		if r.ParseForm() == nil && r.PostForm.Get("agree") == "yes" {
			http.SetCookie(w, &http.Cookie{Name: "consent", Value: "yes", Path: "/", MaxAge: 86400})
		}
		http.Redirect(w, r, "/", http.StatusSeeOther)
		return
	}
	page(w, `<form method="post" action="/consent"><label><input type="checkbox" name="agree" value="yes"> I agree</label><button>Save</button></form>`)
}

func (s *Site) login(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		tok := token()
		s.mu.Lock()
		s.csrf[tok] = true
		s.mu.Unlock()
		http.SetCookie(w, &http.Cookie{Name: "csrf", Value: tok, Path: "/login", HttpOnly: true})
		page(w, `<form method="post" action="/login?next=/account"><input type="hidden" name="csrf" value="`+tok+`">
<input name="user"> <input type="password" name="pass"> <input type="submit" value="Log in"></form>`)
		return
	}
	s.mu.Lock()
	s.loginPosts++
	s.mu.Unlock()
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	tok := r.PostForm.Get("csrf")
	s.mu.Lock()
	okTok := s.csrf[tok] && hasCookie(r, "csrf", tok)
	s.mu.Unlock()
	if !okTok || r.PostForm.Get("user") != User || r.PostForm.Get("pass") != Password {
		w.WriteHeader(http.StatusForbidden)
		page(w, `<p>Wrong user name or password.</p>`)
		return
	}
	sid := token()
	s.mu.Lock()
	s.sessions[sid] = true
	s.mu.Unlock()
	http.SetCookie(w, &http.Cookie{Name: "session", Value: sid, Path: "/", HttpOnly: true})
	http.Redirect(w, r, r.URL.Query().Get("next"), http.StatusSeeOther)
}

// Basic serves a host behind HTTP Basic (net/http's own parsing).
func (s *Site) Basic() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		if u, p, ok := r.BasicAuth(); !ok || u != User || p != Password {
			w.Header().Set("WWW-Authenticate", `Basic realm="`+Realm+`"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		page(w, `<p>`+BasicText+` `+r.URL.Path+`</p><a href="/b">b</a>`)
	})
}

// Digest serves a host behind HTTP Digest, SHA-256 with qop=auth,
// checking each answer as RFC 7616 §3.4.1 computes it.
func (s *Site) Digest() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		if !s.digestOK(r) {
			w.Header().Set("WWW-Authenticate", fmt.Sprintf(`Digest realm="%s", qop="auth", algorithm=SHA-256, nonce="%s", opaque="op"`, Realm, s.nonce))
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		page(w, `<p>`+DigestText+` `+r.URL.Path+`</p><a href="/d">d</a>`)
	})
}

func (s *Site) digestOK(r *http.Request) bool {
	h := r.Header.Get("Authorization")
	if !strings.HasPrefix(h, "Digest ") {
		return false
	}
	ch, ok := siteauth.Find(siteauth.ParseChallenges([]string{h}), "digest")
	if !ok {
		return false
	}
	p := ch.Params
	sum := func(v string) string { x := sha256.Sum256([]byte(v)); return hex.EncodeToString(x[:]) }
	ha1 := sum(User + ":" + Realm + ":" + Password)
	ha2 := sum(r.Method + ":" + p["uri"])
	want := sum(ha1 + ":" + s.nonce + ":" + p["nc"] + ":" + p["cnonce"] + ":auth:" + ha2)
	return p["username"] == User && p["nonce"] == s.nonce && p["uri"] == r.URL.RequestURI() && p["qop"] == "auth" && p["response"] == want
}
