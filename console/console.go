package console

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"
)

// SessionTTL is how long a console login lasts.
const SessionTTL = 12 * time.Hour

// maxSessions bounds the sessions kept; the oldest is dropped past it.
const maxSessions = 1000

// logLines is how many crawl.log lines a capture page shows.
const logLines = 40

// cookieName is the session cookie.
const cookieName = "sharc_session"

// Console serves the web console under /ui/ (and redirects / there).
type Console struct {
	api   http.Handler // the daemon's API, called in-process
	token string       // the daemon's token; "" when the API is open
	log   *zap.Logger
	now   func() time.Time

	mu       sync.Mutex
	sessions map[string]time.Time // session ID → expiry
}

// New returns the console over the daemon's API handler. token is the
// daemon's bearer token ("" for an open, loopback-only daemon: then no
// login is asked).
func New(api http.Handler, token string, log *zap.Logger) *Console {
	if log == nil {
		log = zap.NewNop()
	}
	return &Console{api: api, token: token, log: log, now: time.Now, sessions: map[string]time.Time{}}
}

// Register mounts the console's routes on mux.
func (c *Console) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/ui/", http.StatusSeeOther) })
	mux.HandleFunc("GET /ui/console.css", c.css)
	mux.HandleFunc("GET /ui/login", c.loginPage)
	mux.HandleFunc("POST /ui/login", c.login)
	mux.HandleFunc("POST /ui/logout", c.logout)
	mux.Handle("GET /ui/{$}", c.auth(c.jobsPage))
	mux.Handle("GET /ui/jobs/{name}", c.auth(c.jobPage))
	mux.Handle("GET /ui/jobs/{name}/series", c.auth(c.seriesPage))
	mux.Handle("GET /ui/captures/{id}", c.auth(c.capturePage))
	mux.Handle("GET /ui/captures/{id}/report", c.auth(c.reportPage))
	mux.Handle("GET /ui/captures/{id}/tree", c.auth(c.treePage))
	mux.Handle("GET /ui/captures/{id}/graphml", c.auth(c.graphMLFile))
}

func (c *Console) css(w http.ResponseWriter, _ *http.Request) {
	b, _ := assets.ReadFile("assets/console.css")
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Write(b)
}

// auth lets a request with a live session through, and sends others to
// the login page.
func (c *Console) auth(h func(http.ResponseWriter, *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if c.token != "" && !c.validSession(r) {
			http.Redirect(w, r, "/ui/login", http.StatusSeeOther)
			return
		}
		setPageHeaders(w)
		if err := h(w, r); err != nil {
			c.fail(w, err)
		}
	})
}

// setPageHeaders keeps pages out of frames of other origins and out of
// caches: they show a running crawl.
func setPageHeaders(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Frame-Options", "SAMEORIGIN")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'")
}

// fail shows an API error as a page.
func (c *Console) fail(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	var ae *apiError
	if errors.As(err, &ae) {
		status = ae.Status
	} else {
		c.log.Error("console page", zap.Error(err))
	}
	w.WriteHeader(status)
	c.render(w, "login", page{Title: http.StatusText(status), Error: err.Error(), LoggedIn: true})
}

// page is what every template gets.
type page struct {
	Title     string
	Refresh   int // seconds; 0: none
	LoggedIn  bool
	Error     string
	Jobs      []jobView
	Status    *statusView
	Captures  []captureView
	Capture   captureView
	HasReport bool
	Log       string
	LogLines  int
	Tree      *treeView
	Series    *seriesView
	CaptureID string
}

func (c *Console) render(w http.ResponseWriter, name string, p page) {
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, name, p); err != nil {
		c.log.Error("console template", zap.String("page", name), zap.Error(err))
		http.Error(w, "page failed", http.StatusInternalServerError)
		return
	}
	if w.Header().Get("Content-Type") == "" {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
	}
	w.Write(buf.Bytes())
}

func (c *Console) jobsPage(w http.ResponseWriter, r *http.Request) error {
	var jobs []jobView
	if err := c.get(r.Context(), "/api/v1/jobs", &jobs); err != nil {
		return err
	}
	refresh := 0
	for _, j := range jobs {
		if j.State == "running" || j.State == "queued" {
			refresh = 5
		}
	}
	c.render(w, "jobs", page{Title: "Jobs", Jobs: jobs, Refresh: refresh, LoggedIn: c.token != ""})
	return nil
}

func (c *Console) jobPage(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	var st statusView
	if err := c.get(r.Context(), "/api/v1/jobs/"+url.PathEscape(name)+"/status", &st); err != nil {
		return err
	}
	var caps []captureView
	if err := c.get(r.Context(), "/api/v1/jobs/"+url.PathEscape(name)+"/captures", &caps); err != nil {
		return err
	}
	p := page{Title: "Job " + name, Status: &st, Captures: caps, LoggedIn: c.token != ""}
	if st.State == "running" || st.State == "queued" {
		p.Refresh = 3
	}
	c.render(w, "job", p)
	return nil
}

func (c *Console) capturePage(w http.ResponseWriter, r *http.Request) error {
	id, err := captureID(r)
	if err != nil {
		return err
	}
	var cv captureView
	if err := c.get(r.Context(), "/api/v1/captures/"+id, &cv); err != nil {
		return err
	}
	p := page{Title: "Capture " + id, Capture: cv, HasReport: cv.HasReport, LogLines: logLines, LoggedIn: c.token != ""}
	p.Log = c.logTail(r.Context(), id)
	if cv.Status == "running" {
		p.Refresh = 5
	}
	c.render(w, "capture", p)
	return nil
}

// reportPage shows the capture's quality report as the API renders it.
func (c *Console) reportPage(w http.ResponseWriter, r *http.Request) error {
	id, err := captureID(r)
	if err != nil {
		return err
	}
	rec, err := c.call(r.Context(), "/api/v1/captures/"+id+"/report?format=html", nil)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(rec.Body.Bytes())
	return nil
}

// logTail is the end of the capture's crawl.log (a Range request for its
// last 16 KiB), cut to whole lines; "" when there is none.
func (c *Console) logTail(ctx context.Context, id string) string {
	rec, err := c.call(ctx, "/api/v1/captures/"+id+"/logs/crawl.log", http.Header{"Range": {"bytes=-16384"}})
	if err != nil {
		return ""
	}
	lines := strings.Split(strings.TrimRight(rec.Body.String(), "\n"), "\n")
	if rec.Code == http.StatusPartialContent && len(lines) > 1 {
		lines = lines[1:] // the first may be cut
	}
	if len(lines) > logLines {
		lines = lines[len(lines)-logLines:]
	}
	return strings.Join(lines, "\n")
}

func captureID(r *http.Request) (string, error) {
	id := r.PathValue("id")
	if n, err := strconv.ParseInt(id, 10, 64); err != nil || n <= 0 {
		return "", &apiError{Status: http.StatusBadRequest, Message: fmt.Sprintf("capture id: want a positive integer, got %q", id)}
	}
	return id, nil
}

func (c *Console) loginPage(w http.ResponseWriter, r *http.Request) {
	if c.token == "" || c.validSession(r) {
		http.Redirect(w, r, "/ui/", http.StatusSeeOther)
		return
	}
	setPageHeaders(w)
	c.render(w, "login", page{Title: "Log in"})
}

// login checks the token in constant time and starts a session.
func (c *Console) login(w http.ResponseWriter, r *http.Request) {
	setPageHeaders(w)
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	got := sha256.Sum256([]byte(r.PostFormValue("token")))
	want := sha256.Sum256([]byte(c.token))
	if c.token == "" || subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
		w.WriteHeader(http.StatusUnauthorized)
		c.render(w, "login", page{Title: "Log in", Error: "That is not this daemon's token."})
		return
	}
	id := c.newSession()
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: id, Path: "/ui/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil, MaxAge: int(SessionTTL / time.Second)})
	http.Redirect(w, r, "/ui/", http.StatusSeeOther)
}

func (c *Console) logout(w http.ResponseWriter, r *http.Request) {
	if ck, err := r.Cookie(cookieName); err == nil {
		c.mu.Lock()
		delete(c.sessions, ck.Value)
		c.mu.Unlock()
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/ui/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
	http.Redirect(w, r, "/ui/login", http.StatusSeeOther)
}

func (c *Console) newSession() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	for k, exp := range c.sessions {
		if now.After(exp) {
			delete(c.sessions, k)
		}
	}
	if len(c.sessions) >= maxSessions {
		var oldest string
		for k, exp := range c.sessions {
			if oldest == "" || exp.Before(c.sessions[oldest]) {
				oldest = k
			}
		}
		delete(c.sessions, oldest)
	}
	c.sessions[id] = now.Add(SessionTTL)
	return id
}

func (c *Console) validSession(r *http.Request) bool {
	ck, err := r.Cookie(cookieName)
	if err != nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	exp, ok := c.sessions[ck.Value]
	return ok && c.now().Before(exp)
}
