package console

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/daemon/apitypes"
)

// CapabilityTTL is how long a replay capability lasts at least: the
// console page that mints it is reloaded for a fresh one. Its expiry is
// rounded up to CapabilityStep, so the replays opened within one step
// share a capability, hence one service worker scope and one collection
// ReplayWeb.page loads and keeps in the browser's storage, not one each.
const (
	CapabilityTTL  = time.Hour
	CapabilityStep = 10 * time.Minute
)

// Capabilities mint and check the replay origin's capabilities: a path
// segment "SUBJECT.EXPIRY.MAC" that lets its holder read one subject's
// replay until EXPIRY (Unix seconds), MAC being HMAC-SHA256 over "replay
// SUBJECT EXPIRY" with a key only the daemon holds. The subject is a
// capture's ID (digits), "u" and an uploaded WACZ's ID, or "j" and a
// job's name in hex (the collection of its captures). Not the API token:
// a replayed page may see its own URL, and the capability opens nothing
// else.
type Capabilities struct {
	key []byte
	now func() time.Time
}

// NewCapabilities returns capabilities under key (at least 32 random
// bytes; a new key at each daemon start ends every earlier capability).
func NewCapabilities(key []byte, now func() time.Time) *Capabilities {
	if now == nil {
		now = time.Now
	}
	return &Capabilities{key: key, now: now}
}

// errCapability is every refused capability's error: a forged, expired or
// malformed one, or one of another capture, are told apart by no one.
var errCapability = errors.New("replay capability refused")

// SubjectKind is what a capability's subject names.
type SubjectKind int

// The subjects a capability opens.
const (
	SubjectCapture SubjectKind = iota + 1 // one capture's package
	SubjectUpload                         // one uploaded WACZ
	SubjectJob                            // a job's captures, as one collection
)

// Subject is what one capability opens.
type Subject struct {
	Kind    SubjectKind
	Capture int64  // SubjectCapture
	Name    string // SubjectUpload: the upload's ID; SubjectJob: the job's name
}

// uploadID is an uploaded WACZ's ID (the daemon draws 16 hex digits).
var uploadID = regexp.MustCompile(`^[0-9a-f]{16}$`)

// encode is the subject as a capability's first segment.
func (s Subject) encode() (string, bool) {
	switch s.Kind {
	case SubjectCapture:
		return strconv.FormatInt(s.Capture, 10), s.Capture > 0
	case SubjectUpload:
		return "u" + s.Name, uploadID.MatchString(s.Name)
	case SubjectJob:
		return "j" + hex.EncodeToString([]byte(s.Name)), s.Name != ""
	}
	return "", false
}

// decodeSubject reads a capability's first segment.
func decodeSubject(seg string) (Subject, bool) {
	switch {
	case strings.HasPrefix(seg, "u"):
		return Subject{Kind: SubjectUpload, Name: seg[1:]}, uploadID.MatchString(seg[1:])
	case strings.HasPrefix(seg, "j"):
		b, err := hex.DecodeString(seg[1:])
		return Subject{Kind: SubjectJob, Name: string(b)}, err == nil && len(b) > 0
	}
	id, err := strconv.ParseInt(seg, 10, 64)
	return Subject{Kind: SubjectCapture, Capture: id}, err == nil && id > 0
}

func (k *Capabilities) mac(subject string, exp int64) []byte {
	m := hmac.New(sha256.New, k.key)
	fmt.Fprintf(m, "replay %s %d", subject, exp)
	return m.Sum(nil)
}

// Mint returns a capability for capture id, valid for CapabilityTTL to
// CapabilityTTL + CapabilityStep.
func (k *Capabilities) Mint(id int64) string {
	return k.MintSubject(Subject{Kind: SubjectCapture, Capture: id})
}

// MintSubject returns a capability for s ("" for a subject that cannot
// be named), valid as Mint's.
func (k *Capabilities) MintSubject(s Subject) string {
	seg, ok := s.encode()
	if !ok {
		return ""
	}
	exp := k.now().Add(CapabilityTTL).Truncate(CapabilityStep).Add(CapabilityStep).Unix()
	return fmt.Sprintf("%s.%d.%s", seg, exp, hex.EncodeToString(k.mac(seg, exp)))
}

// Check returns the capture a capture's capability opens, or
// errCapability (for every other capability too).
func (k *Capabilities) Check(capability string) (int64, error) {
	s, err := k.CheckSubject(capability)
	if err != nil || s.Kind != SubjectCapture {
		return 0, errCapability
	}
	return s.Capture, nil
}

// CheckSubject returns the subject a capability opens, or errCapability;
// the MAC is compared in constant time.
func (k *Capabilities) CheckSubject(capability string) (Subject, error) {
	parts := strings.Split(capability, ".")
	if len(parts) != 3 {
		return Subject{}, errCapability
	}
	s, ok := decodeSubject(parts[0])
	exp, err2 := strconv.ParseInt(parts[1], 10, 64)
	got, err3 := hex.DecodeString(parts[2])
	if !ok || err2 != nil || err3 != nil {
		return Subject{}, errCapability
	}
	if !hmac.Equal(got, k.mac(parts[0], exp)) || k.now().Unix() >= exp {
		return Subject{}, errCapability
	}
	return s, nil
}

// ReplayOrigin is where the console's replay lives: a second listener of
// the daemon, so replayed pages' scripts run on an origin other than the
// console's and the browser's same-origin policy keeps them from reading
// console pages (docs/console.md, "Replay").
type ReplayOrigin struct {
	Caps *Capabilities
	// Base is the replay origin's URL as a browser that asked the console
	// with r reaches it ("http://host:port").
	Base func(r *http.Request) string
	// Console is the console's origin as the replay page's browser
	// reaches it (frame-ancestors).
	Console func(r *http.Request) string
	// OpenUpload opens an uploaded WACZ's file by its ID (nil: no
	// uploads). Its bytes are served on the replay origin only, never on
	// the console's: a hostile upload's content cannot run as the console.
	OpenUpload func(ctx context.Context, id string) (*os.File, error)
}

// SetReplayOrigin makes the console's replay page frame ro (nil: no
// replay origin is open, and the page says so).
func (c *Console) SetReplayOrigin(ro *ReplayOrigin) { c.replay = ro }

// ReplayHandler serves the replay origin: under /r/CAPABILITY/ the embed
// page and the subject's package (capture.wacz, upload.wacz, or a job's
// collection.json listing c/ID.wacz of each of its captures), and under
// /r/CAPABILITY/rwp/ ReplayWeb.page's ui.js and sw.js: the service
// worker's scope is rwp/, the replaybase, which holds the replayed pages
// but not the embed page (a worker controlling its own embed page would
// answer it from its cache on the next load). Nothing else: no API, no
// console page, no cookie read.
func (c *Console) ReplayHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /r/{cap}/{$}", c.replayOriginPage)
	mux.HandleFunc("GET /r/{cap}/{file}", c.replayOriginFile)
	mux.HandleFunc("GET /r/{cap}/c/{file}", c.replayCollectionMember)
	mux.HandleFunc("GET /r/{cap}/rwp/{file}", c.replayOriginFile)
	mux.HandleFunc("GET /r/{cap}/rwp/{$}", c.replayAppPage)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "not found: this origin serves only replays", http.StatusNotFound)
	})
	return mux
}

// subject checks the request's capability; it answers 403 and returns
// false when refused.
func (c *Console) subject(w http.ResponseWriter, r *http.Request) (Subject, bool) {
	if c.replay == nil {
		http.NotFound(w, r)
		return Subject{}, false
	}
	s, err := c.replay.Caps.CheckSubject(r.PathValue("cap"))
	if err != nil {
		http.Error(w, err.Error()+": reload the console's replay page for a fresh one", http.StatusForbidden)
		return Subject{}, false
	}
	return s, true
}

// replayPrincipal is who the replay origin's requests to the API are: its
// capability was checked, and a capability is minted only for a
// logged-in person's page.
func replayPrincipal(r *http.Request) context.Context {
	if _, ok := access.FromContext(r.Context()); ok {
		return r.Context()
	}
	return access.WithPrincipal(r.Context(), access.Principal{Name: access.ReplayName, Role: access.Viewer, Remote: r.RemoteAddr, Via: access.ViaConsole})
}

// replayOriginFile serves ui.js, sw.js, or the capability's package:
// capture.wacz, upload.wacz or collection.json.
func (c *Console) replayOriginFile(w http.ResponseWriter, r *http.Request) {
	s, ok := c.subject(w, r)
	if !ok {
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	rwp := strings.HasSuffix(strings.TrimSuffix(r.URL.Path, r.PathValue("file")), "/rwp/")
	switch name := r.PathValue("file"); {
	case rwp && (name == "ui.js" || name == "sw.js"):
		b, err := replayFS.ReadFile("replay/" + name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(b)
	case !rwp && name == "capture.wacz" && s.Kind == SubjectCapture:
		c.serveWACZ(w, r, strconv.FormatInt(s.Capture, 10))
	case !rwp && name == "upload.wacz" && s.Kind == SubjectUpload:
		c.serveUpload(w, r, s.Name)
	case !rwp && name == "collection.json" && s.Kind == SubjectJob:
		c.serveCollection(w, r, s.Name)
	default:
		http.NotFound(w, r)
	}
}

// serveUpload serves an uploaded WACZ with Content-Length and Range, as
// application/zip with nosniff (set by the caller), on the replay origin
// only.
func (c *Console) serveUpload(w http.ResponseWriter, r *http.Request, id string) {
	if c.replay.OpenUpload == nil {
		http.NotFound(w, r)
		return
	}
	f, err := c.replay.OpenUpload(r.Context(), id)
	if err != nil {
		http.Error(w, "no such upload", http.StatusNotFound)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		http.Error(w, "upload unreadable", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", "attachment")
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, "upload.wacz", fi.ModTime(), f)
}

// collectionMember is one package of a job's collection, in ReplayWeb.page's
// multi-WACZ JSON (wabac.js MultiWACZ.loadWACZFiles reads resources' name
// and path, the path relative to the JSON's URL).
type collectionMember struct {
	Name string `json:"name"`
	Path string `json:"path"`
}

// collectionCaptures lists the captures of job whose package can be
// served (not running: its last WARC is still open), oldest first.
func (c *Console) collectionCaptures(ctx context.Context, job string) ([]apitypes.CaptureInfo, error) {
	all, err := c.api.Captures(ctx, job)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, cv := range all {
		if cv.Status != "running" {
			out = append(out, cv)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// serveCollection serves a job's captures as one multi-WACZ collection:
// ReplayWeb.page loads every package and shows each URL's captures on
// its time line.
func (c *Console) serveCollection(w http.ResponseWriter, r *http.Request, job string) {
	caps, err := c.collectionCaptures(replayPrincipal(r), job)
	if err != nil {
		http.Error(w, "the job's captures could not be listed", http.StatusNotFound)
		return
	}
	res := make([]collectionMember, 0, len(caps))
	for _, cv := range caps {
		res = append(res, collectionMember{Name: fmt.Sprintf("capture-%d.wacz", cv.ID), Path: fmt.Sprintf("c/%d.wacz", cv.ID)})
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-cache")
	json.NewEncoder(w).Encode(map[string]any{"profile": "multi-wacz-package", "title": "job " + job, "resources": res})
}

// replayCollectionMember serves c/ID.wacz of a job collection's
// capability: capture ID's package, when the capture is the job's.
func (c *Console) replayCollectionMember(w http.ResponseWriter, r *http.Request) {
	s, ok := c.subject(w, r)
	if !ok {
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	idText, isWACZ := strings.CutSuffix(r.PathValue("file"), ".wacz")
	id, err := strconv.ParseInt(idText, 10, 64)
	if s.Kind != SubjectJob || !isWACZ || err != nil || id <= 0 {
		http.NotFound(w, r)
		return
	}
	if cv, err := c.api.Capture(replayPrincipal(r), id); err != nil || cv.Job != s.Name {
		http.NotFound(w, r)
		return
	}
	c.serveWACZ(w, r, strconv.FormatInt(id, 10))
}

// replayApp is the page ReplayWeb.page's worker serves at its scope (sw.js
// registered with serveIndex: getIndexHtml), for the replay frame the
// embed page opens there. The worker answers it once it controls the
// scope; a frame that loads before (a slow first start) reaches the
// network, which answers the same page instead of a 404.
const replayApp = `<!doctype html>
<html><head><script src="./ui.js"></script></head>
<body><replay-app-main></replay-app-main></body></html>
`

// replayAppPage serves replayApp under a capability.
func (c *Console) replayAppPage(w http.ResponseWriter, r *http.Request) {
	if _, ok := c.subject(w, r); !ok {
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	// Framed by the embed page, itself framed by the console.
	w.Header().Set("Content-Security-Policy", "frame-ancestors 'self' "+c.replay.Console(r))
	io.WriteString(w, replayApp)
}

// replayEmbed is the replay origin's page: ReplayWeb.page alone, framed
// by the console's replay page. Embedded in its default mode, with its
// location bar (the URL, and the date of the capture shown with a menu
// of the others) and its page list, all read from the package: none of
// its UI's requests leave the daemon (the page's CSP is 'self').
var replayEmbed = template.Must(template.New("embed").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Replay of {{.What}}</title>
<style>html, body { margin: 0; height: 100%; } replay-web-page { display: block; height: 100%; }</style></head>
<body><script src="{{.Base}}rwp/ui.js"></script>
<replay-web-page source="{{.Base}}{{.Source}}" replaybase="{{.Base}}rwp/" {{if .URL}}url="{{.URL}}" {{end}}{{if .TS}}ts="{{.TS}}" {{end}}embed="default"></replay-web-page>
</body></html>
`))

// sourceOf is the package file the embed page loads for s, and what the
// page's title calls it.
func sourceOf(s Subject) (source, what string) {
	switch s.Kind {
	case SubjectUpload:
		return "upload.wacz", "uploaded WACZ " + s.Name
	case SubjectJob:
		return "collection.json", "the captures of job " + s.Name
	}
	return "capture.wacz", "capture " + strconv.FormatInt(s.Capture, 10)
}

// replayOriginPage serves the embed page at ?url= and ?ts= (checked as
// the console's replay page checks them; without ?url=, ReplayWeb.page
// opens on its list of the package's pages).
func (c *Console) replayOriginPage(w http.ResponseWriter, r *http.Request) {
	s, ok := c.subject(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	u, ts := q.Get("url"), q.Get("ts")
	if err := checkReplayTarget(u, ts); err != nil {
		http.Error(w, "want ?url= an http(s) URL and an optional ?ts= of 14 digits", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors "+c.replay.Console(r))
	base := "/r/" + r.PathValue("cap") + "/"
	source, what := sourceOf(s)
	if v := q.Get("v"); s.Kind == SubjectCapture && packageKeyForm.MatchString(v) {
		source += "?v=" + v // a running capture's package (daemon/console/replay.go)
	}
	if err := replayEmbed.Execute(w, struct {
		What, Base, Source, URL, TS string
	}{what, base, source, u, ts}); err != nil {
		c.log.Debug("replay embed page", zap.Error(err))
	}
}

// checkReplayTarget checks a replay's ?url= (empty or http(s)) and ?ts=
// (empty or 14 digits).
func checkReplayTarget(u, ts string) error {
	if ts != "" && !ts14.MatchString(ts) {
		return &APIError{Status: http.StatusBadRequest, Message: fmt.Sprintf("ts: want 14 digits (YYYYMMDDhhmmss), got %q", ts)}
	}
	if pu, err := url.Parse(u); u != "" && (err != nil || (pu.Scheme != "http" && pu.Scheme != "https")) {
		return &APIError{Status: http.StatusBadRequest, Message: "url: want an http(s) URL"}
	}
	return nil
}
