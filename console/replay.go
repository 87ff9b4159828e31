package console

import (
	"embed"
	"io/fs"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"github.com/sharc-archive/sharc/daemon/access"
)

// ReplayWeb.page's own build (scripts/vendor-replay.sh copies it from the
// npm lockfile's package; not committed). The README is always there, so
// the pattern matches in a build without the files.
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
// ?url= it opens the job's first seed: ReplayWeb.page is embedded
// replay-only (its own collection browser is not, so none of its UI's
// requests leave the daemon).
func (c *Console) replayPage(w http.ResponseWriter, r *http.Request) error {
	id, err := captureID(r)
	if err != nil {
		return err
	}
	var cv captureView
	if err := c.get(r.Context(), "/api/v1/captures/"+id, &cv); err != nil {
		return err
	}
	q := r.URL.Query()
	rv := &replayView{Built: hasReplay() && c.replay != nil, URL: q.Get("url"), TS: q.Get("ts")}
	if err := checkReplayTarget(rv.URL, rv.TS); err != nil {
		return err
	}
	if rv.URL == "" { // the job's first seed: replay-only embedding needs a page
		var jv jobView
		if err := c.get(r.Context(), "/api/v1/jobs/"+url.PathEscape(cv.Job), &jv); err == nil && len(jv.Seeds) > 0 {
			rv.URL = jv.Seeds[0]
		}
	}
	if v, err := replayFS.ReadFile("replay/VERSION"); err == nil {
		rv.Version = strings.TrimSpace(string(v))
	}
	if rv.Built && rv.URL != "" {
		origin := c.replay.Base(r)
		tq := url.Values{"url": {rv.URL}}
		if rv.TS != "" {
			tq.Set("ts", rv.TS)
		}
		rv.Frame = origin + "/r/" + c.replay.Caps.Mint(cv.ID) + "/?" + tq.Encode()
		w.Header().Set("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'; frame-src "+origin)
	}
	c.render(w, "replay", page{Title: "Replay of capture " + id, Capture: cv, CaptureID: id, Replay: rv, Who: whoOf(r)})
	return nil
}

type replayView struct {
	Built   bool // ReplayWeb.page is embedded and the replay origin open
	Version string
	URL, TS string
	Frame   string // the replay origin's page, with its capability
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

// serveWACZ streams capture id's WACZ from the API, as waczFile says.
func (c *Console) serveWACZ(w http.ResponseWriter, r *http.Request, id string) {
	req := r.Clone(r.Context())
	req.URL = &url.URL{Path: "/api/v1/captures/" + id + "/wacz"}
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
	c.api.ServeHTTP(w, req)
}
