package console

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"
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
// segment "ID.EXPIRY.MAC" that lets its holder read one capture's replay
// until EXPIRY (Unix seconds), MAC being HMAC-SHA256 over "replay ID
// EXPIRY" with a key only the daemon holds. Not the API token: a replayed
// page may see its own URL, and the capability opens nothing else.
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

func (k *Capabilities) mac(id int64, exp int64) []byte {
	m := hmac.New(sha256.New, k.key)
	fmt.Fprintf(m, "replay %d %d", id, exp)
	return m.Sum(nil)
}

// Mint returns a capability for capture id, valid for CapabilityTTL to
// CapabilityTTL + CapabilityStep.
func (k *Capabilities) Mint(id int64) string {
	exp := k.now().Add(CapabilityTTL).Truncate(CapabilityStep).Add(CapabilityStep).Unix()
	return fmt.Sprintf("%d.%d.%s", id, exp, hex.EncodeToString(k.mac(id, exp)))
}

// Check returns the capture a capability opens, or errCapability; the
// MAC is compared in constant time.
func (k *Capabilities) Check(capability string) (int64, error) {
	parts := strings.Split(capability, ".")
	if len(parts) != 3 {
		return 0, errCapability
	}
	id, err1 := strconv.ParseInt(parts[0], 10, 64)
	exp, err2 := strconv.ParseInt(parts[1], 10, 64)
	got, err3 := hex.DecodeString(parts[2])
	if err1 != nil || err2 != nil || err3 != nil || id <= 0 {
		return 0, errCapability
	}
	if !hmac.Equal(got, k.mac(id, exp)) || k.now().Unix() >= exp {
		return 0, errCapability
	}
	return id, nil
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
}

// SetReplayOrigin makes the console's replay page frame ro (nil: no
// replay origin is open, and the page says so).
func (c *Console) SetReplayOrigin(ro *ReplayOrigin) { c.replay = ro }

// ReplayHandler serves the replay origin: under /r/CAPABILITY/ the embed
// page and the capture's WACZ (capture.wacz), and under
// /r/CAPABILITY/rwp/ ReplayWeb.page's ui.js and sw.js: the service
// worker's scope is rwp/, the replaybase, which holds the replayed pages
// but not the embed page (a worker controlling its own embed page would
// answer it from its cache on the next load). Nothing else: no API, no
// console page, no cookie read.
func (c *Console) ReplayHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /r/{cap}/{$}", c.replayOriginPage)
	mux.HandleFunc("GET /r/{cap}/{file}", c.replayOriginFile)
	mux.HandleFunc("GET /r/{cap}/rwp/{file}", c.replayOriginFile)
	mux.HandleFunc("GET /r/{cap}/rwp/{$}", c.replayAppPage)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "not found: this origin serves only replays", http.StatusNotFound)
	})
	return mux
}

// capture checks the request's capability; it answers 403 and returns
// false when refused.
func (c *Console) capture(w http.ResponseWriter, r *http.Request) (int64, bool) {
	if c.replay == nil {
		http.NotFound(w, r)
		return 0, false
	}
	id, err := c.replay.Caps.Check(r.PathValue("cap"))
	if err != nil {
		http.Error(w, err.Error()+": reload the console's replay page for a fresh one", http.StatusForbidden)
		return 0, false
	}
	return id, true
}

// replayOriginFile serves ui.js, sw.js or capture.wacz of the capability's
// capture.
func (c *Console) replayOriginFile(w http.ResponseWriter, r *http.Request) {
	id, ok := c.capture(w, r)
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
	case !rwp && name == "capture.wacz":
		c.serveWACZ(w, r, strconv.FormatInt(id, 10))
	default:
		http.NotFound(w, r)
	}
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
	if _, ok := c.capture(w, r); !ok {
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	// Framed by the embed page, itself framed by the console.
	w.Header().Set("Content-Security-Policy", "frame-ancestors 'self' "+c.replay.Console(r))
	io.WriteString(w, replayApp)
}

// replayEmbed is the replay origin's page: ReplayWeb.page alone, framed
// by the console's replay page.
var replayEmbed = template.Must(template.New("embed").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Replay of capture {{.ID}}</title>
<style>html, body { margin: 0; height: 100%; } replay-web-page { display: block; height: 100%; }</style></head>
<body><script src="{{.Base}}rwp/ui.js"></script>
<replay-web-page source="{{.Base}}capture.wacz" replaybase="{{.Base}}rwp/" url="{{.URL}}" {{if .TS}}ts="{{.TS}}" {{end}}embed="replayonly"></replay-web-page>
</body></html>
`))

// replayOriginPage serves the embed page at ?url= and ?ts= (checked as
// the console's replay page checks them).
func (c *Console) replayOriginPage(w http.ResponseWriter, r *http.Request) {
	id, ok := c.capture(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	u, ts := q.Get("url"), q.Get("ts")
	if err := checkReplayTarget(u, ts); err != nil || u == "" {
		http.Error(w, "want ?url= an http(s) URL and an optional ?ts= of 14 digits", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors "+c.replay.Console(r))
	base := "/r/" + r.PathValue("cap") + "/"
	if err := replayEmbed.Execute(w, struct {
		ID            int64
		Base, URL, TS string
	}{id, base, u, ts}); err != nil {
		c.log.Debug("replay embed page", zap.Error(err))
	}
}

// checkReplayTarget checks a replay's ?url= (empty or http(s)) and ?ts=
// (empty or 14 digits).
func checkReplayTarget(u, ts string) error {
	if ts != "" && !ts14.MatchString(ts) {
		return &apiError{Status: http.StatusBadRequest, Message: fmt.Sprintf("ts: want 14 digits (YYYYMMDDhhmmss), got %q", ts)}
	}
	if pu, err := url.Parse(u); u != "" && (err != nil || (pu.Scheme != "http" && pu.Scheme != "https")) {
		return &apiError{Status: http.StatusBadRequest, Message: "url: want an http(s) URL"}
	}
	return nil
}
