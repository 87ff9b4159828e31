package console

import (
	"embed"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// ReplayWeb.page's own build (scripts/vendor-replay.sh copies it from the
// npm lockfile's package; not committed). The README is always there, so
// the pattern matches in a build without the files.
//
//go:embed replay
var replayFS embed.FS

// replayFiles are the build's files the console serves under /ui/replay/.
var replayFiles = map[string]string{
	"ui.js":   "text/javascript; charset=utf-8",
	"sw.js":   "text/javascript; charset=utf-8",
	"LICENSE": "text/plain; charset=utf-8",
	"VERSION": "text/plain; charset=utf-8",
}

// hasReplay says whether this build embeds ReplayWeb.page.
func hasReplay() bool {
	_, err := fs.Stat(replayFS, "replay/ui.js")
	return err == nil
}

// replayAsset serves one file of ReplayWeb.page's build. sw.js is served
// under /ui/replay/, so the service worker's scope is /ui/replay/ (the
// replaybase the replay page gives): it sees the replayed pages' requests
// and nothing of the console's.
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

// replayPage embeds ReplayWeb.page over the capture's WACZ, as the daemon
// serves it, opened at ?url= (default: the collection's page list) and
// ?ts= (a visit's or revisit's time, 14 digits; without it, the
// latest). Without ?url= it opens the job's first seed: ReplayWeb.page is
// embedded replay-only (its own collection browser is not, so none of
// its UI's requests leave the daemon).
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
	rv := &replayView{Built: hasReplay(), Source: "/ui/captures/" + id + "/wacz", URL: q.Get("url"), TS: q.Get("ts")}
	if rv.TS != "" && !ts14.MatchString(rv.TS) {
		return &apiError{Status: http.StatusBadRequest, Message: fmt.Sprintf("ts: want 14 digits (YYYYMMDDhhmmss), got %q", rv.TS)}
	}
	if u, err := url.Parse(rv.URL); rv.URL != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https")) {
		return &apiError{Status: http.StatusBadRequest, Message: "url: want an http(s) URL"}
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
	c.render(w, "replay", page{Title: "Replay of capture " + id, Capture: cv, CaptureID: id, Replay: rv, LoggedIn: c.token != ""})
	return nil
}

type replayView struct {
	Built           bool
	Version         string
	Source, URL, TS string
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
	req := r.Clone(r.Context())
	req.URL = &url.URL{Path: "/api/v1/captures/" + id + "/wacz"}
	req.RequestURI = req.URL.Path
	req.Header = http.Header{}
	for _, h := range []string{"Range", "If-Range", "If-Modified-Since", "If-None-Match"} {
		if v := r.Header.Get(h); v != "" {
			req.Header.Set(h, v)
		}
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	c.api.ServeHTTP(w, req)
	return nil
}
