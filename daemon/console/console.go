package console

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/daemon/apitypes"
)

// SessionTTL is how long a console login lasts.
const SessionTTL = 12 * time.Hour

// maxSessions bounds the sessions kept; the oldest is dropped past it.
const maxSessions = 1000

// logLines is how many crawl.log lines a capture page shows.
const logLines = 40

// listRuns and pageRuns are how many of a job's latest runs the job
// list and the job page show.
const (
	listRuns = 3
	pageRuns = 50
)

// cookieName is the session cookie.
const cookieName = "sharc_session"

// Console serves the web console under /ui/ (and redirects / there).
type Console struct {
	api  Daemon   // the daemon, asked in-process
	acct Accounts // who a token or session is (the daemon too)
	log  *zap.Logger
	now  func() time.Time
	// openCSRF is the form token of an open daemon (no token, so no
	// login and no session): it still keeps other sites' forms out.
	openCSRF string

	// replay is the replay origin the replay page frames (nil: none).
	replay *ReplayOrigin

	mu       sync.Mutex
	sessions map[string]session // session ID → its expiry and form token
}

// session is one login: it ends at exp, and every form it posts carries
// csrf (the synchroniser token, on top of the SameSite=Strict cookie).
type session struct {
	exp  time.Time
	csrf string
	// tokenHash is the SHA-256 of the token the person logged in with:
	// every page checks it again, so revoking the account ends the
	// session.
	tokenHash string
}

// Accounts is what the console needs of the daemon's accounts.
type Accounts interface {
	// Authenticate returns who holds the token with this SHA-256 (hex);
	// "" asks whether the daemon is open (no token, no accounts).
	Authenticate(ctx context.Context, tokenHash string) (access.Principal, error)
	// Record adds an audit entry for an action the console handles
	// itself (log in, log out).
	Record(ctx context.Context, p access.Principal, act access.Action, path string, status int, detail string)
}

// New returns the console of daemon d, which also says who holds a
// token; on an open, loopback-only daemon (no token, no accounts) no
// login is asked.
func New(d Daemon, log *zap.Logger) *Console {
	if log == nil {
		log = zap.NewNop()
	}
	return &Console{api: d, acct: d, log: log, now: time.Now, sessions: map[string]session{}, openCSRF: randomHex()}
}

// Register mounts the console's routes on mux.
func (c *Console) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/ui/", http.StatusSeeOther) })
	mux.HandleFunc("GET /ui/console.css", c.css)
	mux.HandleFunc("GET /ui/console.js", c.js)
	mux.HandleFunc("GET /ui/login", c.loginPage)
	mux.HandleFunc("POST /ui/login", c.login)
	mux.HandleFunc("POST /ui/logout", c.logout)
	mux.Handle("GET /ui/{$}", c.auth(c.jobsPage))
	mux.Handle("GET /ui/jobs/{name}", c.auth(c.jobPage))
	mux.Handle("GET /ui/jobs/{name}/series", c.auth(c.seriesPage))
	mux.Handle("GET /ui/jobs/{name}/status.json", c.auth(c.statusJSON))
	mux.Handle("POST /ui/jobs/{name}/{action}", c.auth(c.act))
	mux.Handle("GET /ui/submit", c.auth(c.submitPage))
	mux.Handle("GET /ui/schedules", c.auth(c.schedulesPage))
	mux.Handle("GET /ui/cluster", c.auth(c.clusterPage))
	mux.Handle("POST /ui/submit", c.auth(c.submit))
	mux.Handle("GET /ui/captures/{id}/log", c.auth(c.logChunk))
	mux.Handle("GET /ui/captures/{id}", c.auth(c.capturePage))
	mux.Handle("GET /ui/captures/{id}/report", c.auth(c.reportPage))
	mux.Handle("POST /ui/captures/{id}/report", c.auth(c.buildReport))
	mux.Handle("GET /ui/captures/{id}/tree", c.auth(c.treePage))
	mux.Handle("GET /ui/captures/{id}/changes", c.auth(c.changesPage))
	mux.Handle("GET /ui/captures/{id}/diff", c.auth(c.diffPage))
	mux.Handle("GET /ui/captures/{id}/quality", c.auth(c.qualityPage))
	mux.Handle("GET /ui/captures/{id}/replay", c.auth(c.replayPage))
	mux.Handle("GET /ui/jobs/{name}/replay", c.auth(c.jobReplayPage))
	mux.Handle("GET /ui/uploads", c.auth(c.uploadsPage))
	mux.Handle("POST /ui/uploads", c.auth(c.upload))
	mux.Handle("POST /ui/uploads/{upload}/delete", c.auth(c.deleteUpload))
	mux.Handle("GET /ui/uploads/{upload}/replay", c.auth(c.uploadReplayPage))
	mux.Handle("GET /ui/captures/{id}/wacz", c.auth(c.waczFile))
	mux.HandleFunc("GET /ui/replay/{file}", c.replayAsset) // LICENSE and VERSION; the code is on the replay origin
	mux.Handle("GET /ui/captures/{id}/graphml", c.auth(c.graphMLFile))
	mux.Handle("GET /ui/accounts", c.auth(c.accountsPage))
	mux.Handle("POST /ui/accounts", c.auth(c.addAccount))
	mux.Handle("POST /ui/accounts/{user}/revoke", c.auth(c.revokeAccount))
	mux.Handle("GET /ui/audit", c.auth(c.auditPage))
}

func (c *Console) css(w http.ResponseWriter, _ *http.Request) {
	b, _ := assets.ReadFile("assets/console.css")
	w.Header().Set("Content-Type", "text/css; charset=utf-8")
	w.Write(b)
}

// js is the pages' one script (assets/console.js): the job page's live
// counters and the capture page's live crawl.log tail.
func (c *Console) js(w http.ResponseWriter, _ *http.Request) {
	b, _ := assets.ReadFile("assets/console.js")
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Write(b)
}

// auth lets a request with a live session through, and sends others to
// the login page.
func (c *Console) auth(h func(http.ResponseWriter, *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ss, ok := c.who(r)
		if !ok {
			http.Redirect(w, r, "/ui/login", http.StatusSeeOther)
			return
		}
		// The API calls this request makes in-process act as p.
		r = r.WithContext(context.WithValue(access.WithPrincipal(r.Context(), p), sessionKey{}, ss))
		setPageHeaders(w)
		if err := h(w, r); err != nil {
			c.fail(w, r, err)
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
func (c *Console) fail(w http.ResponseWriter, r *http.Request, err error) {
	status := http.StatusInternalServerError
	var ae *APIError
	if errors.As(err, &ae) {
		status = ae.Status
	} else {
		c.log.Error("console page", zap.Error(err))
	}
	w.WriteHeader(status)
	c.render(w, "login", page{Title: http.StatusText(status), Error: shown(err), Who: whoOf(r)})
}

// page is what every template gets.
type page struct {
	Title       string
	Refresh     int      // seconds; 0: none
	Who         *whoView // the logged-in person; nil on the login page
	Admin       *adminView
	Error       string
	Jobs        []jobRow
	Status      *apitypes.Status
	Captures    []apitypes.CaptureInfo
	Runs        []apitypes.RunInfo
	Capture     apitypes.CaptureInfo
	HasReport   bool
	Log         string
	LogSize     int64 // the crawl.log's size when the page was made
	LogLines    int
	LogSearch   *logSearchView
	CSRF        string // the session's form token
	Editor      *editorView
	Tree        *treeView
	Plots       []*seriesView
	Scatter     *scatterView
	Quality     *qualityView
	Replay      *replayView
	Diff        *diffView
	Uploads     *uploadsView
	ClusterInfo *apitypes.ClusterInfo
	Now         time.Time
	CaptureID   string
	Job         string
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
	infos, err := c.api.Jobs(r.Context())
	if err != nil {
		return err
	}
	refresh := 0
	jobs := make([]jobRow, len(infos))
	for i, j := range infos {
		if j.State == "running" || j.State == "queued" {
			refresh = 5
		}
		jobs[i].JobInfo = j
		if jobs[i].Runs, err = c.api.Runs(r.Context(), j.Name, listRuns); err != nil {
			return err
		}
	}
	c.render(w, "jobs", page{Title: "Jobs", Jobs: jobs, Refresh: refresh, Who: whoOf(r)})
	return nil
}

func (c *Console) jobPage(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	st, err := c.api.Status(r.Context(), name)
	if err != nil {
		return err
	}
	caps, err := c.api.Captures(r.Context(), name)
	if err != nil {
		return err
	}
	runs, err := c.api.Runs(r.Context(), name, pageRuns)
	if err != nil {
		return err
	}
	ss, _ := c.sessionOf(r)
	// No meta refresh: console.js polls the status and updates the
	// counters in place (and reloads the page when the state changes).
	p := page{Title: "Job " + name, Status: &st, Captures: caps, Runs: runs, Who: whoOf(r), CSRF: ss.csrf, Job: name}
	c.render(w, "job", p)
	return nil
}

func (c *Console) capturePage(w http.ResponseWriter, r *http.Request) error {
	id, err := captureID(r)
	if err != nil {
		return err
	}
	cv, err := c.api.Capture(r.Context(), captureNum(id))
	if err != nil {
		return err
	}
	ss, _ := c.sessionOf(r)
	p := page{Title: "Capture " + id, Capture: cv, HasReport: cv.HasReport, LogLines: logLines, Who: whoOf(r), CSRF: ss.csrf}
	p.Log, p.LogSize = c.logTail(r.Context(), id)
	p.LogSearch = c.logSearch(r.Context(), id, r.URL.Query())
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
	w.Write(rec.Body)
	return nil
}

// logTail is the end of the capture's crawl.log (its last 16 KiB), cut
// to whole lines, and the log's size then (where the page's live tail
// goes on from); "" when there is none.
func (c *Console) logTail(ctx context.Context, id string) (string, int64) {
	part, err := c.api.CrawlLog(ctx, captureNum(id), -logTailBytes, logTailBytes)
	if err != nil {
		return "", 0
	}
	lines := strings.Split(strings.TrimRight(string(part.Text), "\n"), "\n")
	if part.From > 0 && len(lines) > 1 {
		lines = lines[1:] // the first may be cut
	}
	if len(lines) > logLines {
		lines = lines[len(lines)-logLines:]
	}
	return strings.Join(lines, "\n"), part.Size
}

// logTailBytes is how much of the crawl.log's end the capture page reads.
const logTailBytes = 16 << 10

// logChunkMax bounds one answer of the live tail: a reader far behind
// catches up in several polls.
const logChunkMax = 64 << 10

// logChunk answers the capture page's live tail (console.js): the
// crawl.log's bytes from ?from= on, at most logChunkMax, as
// {"next": OFFSET, "text": "…"}; text ends at a line's end unless a
// single line is longer than a chunk.
func (c *Console) logChunk(w http.ResponseWriter, r *http.Request) error {
	id, err := captureID(r)
	if err != nil {
		return err
	}
	from, err := strconv.ParseInt(r.URL.Query().Get("from"), 10, 64)
	if err != nil || from < 0 {
		return &APIError{Status: http.StatusBadRequest, Message: "from: want a byte offset"}
	}
	out := struct {
		Next int64  `json:"next"`
		Text string `json:"text"`
	}{Next: from}
	part, err := c.api.CrawlLog(r.Context(), captureNum(id), from, logChunkMax)
	if err != nil {
		return err
	}
	b := part.Text // empty: nothing new yet
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		b = b[:i+1]
	} else if len(b) < logChunkMax {
		b = nil // a line still being written
	}
	out.Next, out.Text = from+int64(len(b)), string(b)
	w.Header().Set("Content-Type", "application/json")
	return json.NewEncoder(w).Encode(out)
}

// contentRange reads "bytes FIRST-LAST/TOTAL".
func contentRange(h string) (first, total int64, ok bool) {
	var last int64
	if _, err := fmt.Sscanf(h, "bytes %d-%d/%d", &first, &last, &total); err != nil || first < 0 || last < first || total <= last {
		return 0, 0, false
	}
	return first, total, true
}

// captureNum is the number of an id captureID checked.
func captureNum(id string) int64 {
	n, _ := strconv.ParseInt(id, 10, 64)
	return n
}

func captureID(r *http.Request) (string, error) {
	id := r.PathValue("id")
	if n, err := strconv.ParseInt(id, 10, 64); err != nil || n <= 0 {
		return "", &APIError{Status: http.StatusBadRequest, Message: fmt.Sprintf("capture id: want a positive integer, got %q", id)}
	}
	return id, nil
}

func (c *Console) loginPage(w http.ResponseWriter, r *http.Request) {
	if _, _, ok := c.who(r); ok {
		http.Redirect(w, r, "/ui/", http.StatusSeeOther)
		return
	}
	setPageHeaders(w)
	c.render(w, "login", page{Title: "Log in"})
}

// login starts a session for the holder of the form's token: an
// account's or the daemon's bootstrap token. Tokens are compared by
// their SHA-256, the bootstrap one in constant time.
func (c *Console) login(w http.ResponseWriter, r *http.Request) {
	setPageHeaders(w)
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	tok := r.PostFormValue("token")
	p, err := c.acct.Authenticate(r.Context(), access.HashToken(tok))
	if tok == "" || err != nil {
		c.log.Warn("console login refused", zap.String("remote", r.RemoteAddr))
		w.WriteHeader(http.StatusUnauthorized)
		c.render(w, "login", page{Title: "Log in", Error: "That token is neither an active account's nor this daemon's."})
		return
	}
	p.Remote, p.Via = r.RemoteAddr, access.ViaConsole
	id := c.newSession(access.HashToken(tok))
	c.acct.Record(r.Context(), p, access.ActLogin, r.URL.Path, http.StatusSeeOther, "")
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: id, Path: "/ui/", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil, MaxAge: int(SessionTTL / time.Second)})
	http.Redirect(w, r, "/ui/", http.StatusSeeOther)
}

func (c *Console) logout(w http.ResponseWriter, r *http.Request) {
	if p, ss, ok := c.who(r); ok && ss.tokenHash != "" {
		c.acct.Record(r.Context(), p, access.ActLogout, r.URL.Path, http.StatusSeeOther, "")
	}
	if ck, err := r.Cookie(cookieName); err == nil {
		c.mu.Lock()
		delete(c.sessions, ck.Value)
		c.mu.Unlock()
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/ui/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil})
	http.Redirect(w, r, "/ui/login", http.StatusSeeOther)
}

func (c *Console) newSession(tokenHash string) string {
	id := randomHex()
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	for k, ss := range c.sessions {
		if now.After(ss.exp) {
			delete(c.sessions, k)
		}
	}
	if len(c.sessions) >= maxSessions {
		var oldest string
		for k, ss := range c.sessions {
			if oldest == "" || ss.exp.Before(c.sessions[oldest].exp) {
				oldest = k
			}
		}
		delete(c.sessions, oldest)
	}
	c.sessions[id] = session{exp: now.Add(SessionTTL), csrf: randomHex(), tokenHash: tokenHash}
	return id
}

// randomHex is 256 random bits in hex: a session ID or a form token.
func randomHex() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

type sessionKey struct{}

// who is the request's person and session: on an open daemon everyone,
// with the console's own form token (openCSRF); else the holder of a live
// session whose token still authenticates. ok is false otherwise.
func (c *Console) who(r *http.Request) (access.Principal, session, bool) {
	if p, err := c.acct.Authenticate(r.Context(), ""); err == nil {
		p.Remote, p.Via = r.RemoteAddr, access.ViaConsole
		return p, session{csrf: c.openCSRF}, true
	}
	ck, err := r.Cookie(cookieName)
	if err != nil {
		return access.Principal{}, session{}, false
	}
	c.mu.Lock()
	ss, ok := c.sessions[ck.Value]
	c.mu.Unlock()
	if !ok || !c.now().Before(ss.exp) {
		return access.Principal{}, session{}, false
	}
	p, err := c.acct.Authenticate(r.Context(), ss.tokenHash)
	if err != nil {
		return access.Principal{}, session{}, false
	}
	p.Remote, p.Via = r.RemoteAddr, access.ViaConsole
	return p, ss, true
}

// sessionOf returns the session auth found for the request.
func (c *Console) sessionOf(r *http.Request) (session, bool) {
	if ss, ok := r.Context().Value(sessionKey{}).(session); ok {
		return ss, true
	}
	_, ss, ok := c.who(r)
	return ss, ok
}

// whoView is the header's "logged in as" and what the pages offer.
type whoView struct {
	Name, Role string
	// Open: a daemon without tokens, so nobody logs in or out.
	Open       bool
	CanOperate bool
	IsAdmin    bool
}

func whoOf(r *http.Request) *whoView {
	p, ok := access.FromContext(r.Context())
	if !ok {
		return nil
	}
	return &whoView{Name: p.Name, Role: string(p.Role), Open: p.Name == access.OpenName,
		CanOperate: p.Role.Allows(access.Operator), IsAdmin: p.Role.Allows(access.Admin)}
}

// csrfOK checks the form's token against the session's in constant time.
func (c *Console) csrfOK(r *http.Request) bool {
	ss, ok := c.sessionOf(r)
	got := r.PostFormValue("csrf")
	return ok && got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(ss.csrf)) == 1
}
