package console

import (
	"embed"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/daemon/apitypes"
)

// ReplayWeb.page's own build, committed (scripts/vendor-replay.sh updates
// it from the npm lockfile's package; daemon/console/replay/README.md), so every
// build embeds it.
//
//go:embed replay
var replayFS embed.FS

// replayFiles are the build's files the console serves under /ui/replay/:
// its licence and version. The code (ui.js, sw.js) is served only on the
// replay origin (replayorigin.go).
var replayFiles = map[string]string{
	"LICENSE": "text/plain; charset=utf-8",
	"VERSION": "text/plain; charset=utf-8",
}

// hasReplay says whether this build embeds ReplayWeb.page.
func hasReplay() bool {
	_, err := fs.Stat(replayFS, "replay/ui.js")
	return err == nil
}

// replayAsset serves ReplayWeb.page's licence or version.
func (c *Console) replayAsset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	ctype, ok := replayFiles[name]
	b, err := replayFS.ReadFile("replay/" + name)
	if !ok || err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(b)
}

// ts14 is a WARC-style 14-digit timestamp, what ReplayWeb.page's ts takes.
var ts14 = regexp.MustCompile(`^[0-9]{14}$`)

// replayPage frames ReplayWeb.page, served by the replay origin over
// the capture's WACZ with a fresh capability, opened at ?url= and ?ts= (a
// visit's or revisit's time, 14 digits; without it, the latest). Without
// ?url= it opens the job's first seed. ReplayWeb.page is embedded with
// its location bar (the URL, the capture's date and a menu of its other
// dates) and its page list, all read from the package: none of its UI's
// requests leave the daemon.
func (c *Console) replayPage(w http.ResponseWriter, r *http.Request) error {
	id, err := captureID(r)
	if err != nil {
		return err
	}
	cv, err := c.api.Capture(r.Context(), captureNum(id))
	if err != nil {
		return err
	}
	q := r.URL.Query()
	rv := c.newReplayView(q.Get("url"), q.Get("ts"))
	if err := checkReplayTarget(rv.URL, rv.TS); err != nil {
		return err
	}
	if rv.URL == "" { // the job's first seed
		if jv, err := c.api.Job(r.Context(), cv.Job); err == nil && len(jv.Seeds) > 0 {
			rv.URL = jv.Seeds[0]
		}
	}
	rv.What = "Capture " + id + " of job " + cv.Job + " (" + whenText(cv.Started) + ")"
	rv.Back, rv.BackText = "/ui/captures/"+id, "back to the capture"
	rv.Collection = "/ui/jobs/" + url.PathEscape(cv.Job) + "/replay"
	if cv.Status == "running" {
		// The API packages what it has committed so far, built again
		// at most every 30 s (daemon snapshotEvery).
		rv.Note = "This capture is running: the replay shows the pages it had committed when its package was built, which is at most every 30 seconds while it writes."
	}
	// The frame names the package it loads (a package built for the
	// capture's state; none for the one written when it finished):
	// ReplayWeb.page keeps a source's index, so another package needs
	// another source URL, and its ranges are read from that package
	// while it is kept. A paused or cancelled capture's package changes
	// too, when it is resumed and paused again or reported.
	rv.Package = c.packageKey(r, id)
	if cv.Status == "running" && rv.Package == "" {
		rv.Note = "This capture is running and has no package to replay yet: it has committed no page so far (or its package could not be built; the API's GET /api/v1/captures/" + id + "/wacz says why). Reload this page in a moment."
	} else {
		rv.frame(c, w, r, Subject{Kind: SubjectCapture, Capture: cv.ID})
	}
	c.render(w, "replay", page{Title: "Replay of capture " + id, Capture: cv, CaptureID: id, Replay: rv, Who: whoOf(r)})
	return nil
}

// jobReplayPage replays a job's captures together as one collection
// (ReplayWeb.page's multi-WACZ): each URL's captures are on its time line,
// and the page lists them with their dates.
func (c *Console) jobReplayPage(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("name")
	jv, err := c.api.Job(r.Context(), name)
	if err != nil {
		return err
	}
	caps, err := c.collectionCaptures(r.Context(), name)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	rv := c.newReplayView(q.Get("url"), q.Get("ts"))
	if err := checkReplayTarget(rv.URL, rv.TS); err != nil {
		return err
	}
	if rv.URL == "" && len(jv.Seeds) > 0 {
		rv.URL = jv.Seeds[0]
	}
	rv.What = fmt.Sprintf("The %d captures of job %s", len(caps), name)
	rv.Back, rv.BackText = "/ui/jobs/"+url.PathEscape(name), "back to the job"
	for _, cv := range caps {
		rv.Timeline = append(rv.Timeline, timelineEntry{ID: cv.ID, When: whenText(cv.Started), TS: cv.Started.UTC().Format("20060102150405"), Status: string(cv.Status),
			Link: "/ui/captures/" + strconv.FormatInt(cv.ID, 10) + "/replay?" + url.Values{"url": {rv.URL}}.Encode()})
	}
	if len(caps) > 0 {
		rv.frame(c, w, r, Subject{Kind: SubjectJob, Name: name})
	}
	c.render(w, "replay", page{Title: "Replay of job " + name, Job: name, Replay: rv, Who: whoOf(r)})
	return nil
}

// whenText is a time as the console shows it: "2026-11-28 17:29:39 UTC".
func whenText(t time.Time) string { return funcs["when"].(func(time.Time) string)(t) }

// tsText shows a 14-digit WARC timestamp as a date ("" stays "").
func tsText(ts string) string {
	t, err := time.Parse("20060102150405", ts)
	if err != nil {
		return ts
	}
	return whenText(t)
}

// newReplayView is a replay page's view at url and ts.
func (c *Console) newReplayView(u, ts string) *replayView {
	rv := &replayView{Built: hasReplay() && c.replay != nil, URL: u, TS: ts, When: tsText(ts)}
	if v, err := replayFS.ReadFile("replay/VERSION"); err == nil {
		rv.Version = strings.TrimSpace(string(v))
	}
	return rv
}

// frame points the view's frame at the replay origin's page for s, with
// a fresh capability, and lets the console page frame it.
func (rv *replayView) frame(c *Console, w http.ResponseWriter, r *http.Request, s Subject) {
	if !rv.Built {
		return
	}
	origin := c.replay.Base(r)
	tq := url.Values{}
	if rv.URL != "" {
		tq.Set("url", rv.URL)
	}
	if rv.TS != "" {
		tq.Set("ts", rv.TS)
	}
	if rv.Package != "" {
		tq.Set("v", rv.Package)
	}
	rv.Frame = origin + "/r/" + c.replay.Caps.MintSubject(s) + "/"
	if len(tq) > 0 {
		rv.Frame += "?" + tq.Encode()
	}
	w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; frame-src "+origin)
}

type replayView struct {
	Built   bool // ReplayWeb.page is embedded and the replay origin open
	Version string
	// Package is the ETag of a running capture's package (the API's
	// snapshot key), passed to the frame as ?v=.
	Package string
	URL, TS string
	When    string // TS as a date
	Frame   string // the replay origin's page, with its capability
	// What is replayed, and the page to go back to.
	What, Back, BackText string
	// Collection is the job's collection page (a capture's replay).
	Collection string
	// Timeline lists a collection's captures, oldest first.
	Timeline []timelineEntry
	// Upload is the replayed upload (an upload's replay).
	Upload *apitypes.WACZUpload
	// Note says why nothing is framed.
	Note string
}

// timelineEntry is one capture of a collection's time line.
type timelineEntry struct {
	ID               int64
	When, TS, Status string
	Link             string
}

// waczFile passes the request to the API's WACZ download in-process, with
// the daemon's token and the browser's Range headers, and streams the
// answer: ReplayWeb.page reads the package by ranges, and a package built
// on the fly is never held in memory.
func (c *Console) waczFile(w http.ResponseWriter, r *http.Request) error {
	id, err := captureID(r)
	if err != nil {
		return err
	}
	c.serveWACZ(w, r, id)
	return nil
}

// packageKeyForm is an API snapshot key (daemon snapshotKeyLen hex
// digits): the ?v= of a replay of a running capture.
var packageKeyForm = regexp.MustCompile(`^[0-9a-f]{16}$`)

// packageKey asks the API (HEAD, in-process; it builds the package if
// needed, as the frame's first read would) for the ETag of capture id's
// package: "" when it has none or answers otherwise.
func (c *Console) packageKey(r *http.Request, id string) string {
	req := r.Clone(r.Context())
	req.Method = http.MethodHead
	req.URL = &url.URL{Path: "/api/v1/captures/" + id + "/wacz"}
	req.RequestURI = req.URL.Path
	req.Header = http.Header{}
	rec := &headRecorder{h: http.Header{}}
	c.api.ServeAPI(rec, req)
	if rec.code != 0 && rec.code != http.StatusOK {
		return ""
	}
	if k := strings.Trim(rec.h.Get("ETag"), `"`); packageKeyForm.MatchString(k) {
		return k
	}
	return ""
}

// headRecorder keeps an answer's status and headers and drops its body.
type headRecorder struct {
	h    http.Header
	code int
}

func (h *headRecorder) Header() http.Header { return h.h }
func (h *headRecorder) WriteHeader(code int) {
	if h.code == 0 {
		h.code = code
	}
}
func (h *headRecorder) Write(b []byte) (int, error) {
	h.WriteHeader(http.StatusOK)
	return len(b), nil
}

// serveWACZ streams capture id's WACZ from the API, as waczFile says;
// a ?v= of the snapshot form asks for that package while it is kept.
func (c *Console) serveWACZ(w http.ResponseWriter, r *http.Request, id string) {
	req := r.Clone(r.Context())
	req.URL = &url.URL{Path: "/api/v1/captures/" + id + "/wacz"}
	if v := r.URL.Query().Get("v"); packageKeyForm.MatchString(v) {
		req.URL.RawQuery = url.Values{"snapshot": {v}}.Encode()
	}
	req.RequestURI = req.URL.Path
	req.Header = http.Header{}
	for _, h := range []string{"Range", "If-Range", "If-Modified-Since", "If-None-Match"} {
		if v := r.Header.Get(h); v != "" {
			req.Header.Set(h, v)
		}
	}
	if _, ok := access.FromContext(req.Context()); !ok {
		// The replay origin's request: its capability was checked, and
		// a capability is minted only for a logged-in person's page.
		req = req.WithContext(access.WithPrincipal(req.Context(), access.Principal{Name: access.ReplayName, Role: access.Viewer, Remote: r.RemoteAddr, Via: access.ViaConsole}))
	}
	c.api.ServeAPI(w, req)
}
