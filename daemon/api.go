package daemon

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/crawler/upload"
	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/daemon/console"
	"github.com/sharc-archive/sharc/internal/version"
	"github.com/sharc-archive/sharc/store"
)

// maxJobBytes bounds a submitted job file.
const maxJobBytes = 1 << 20

// FrontierInfo is one host's frontier.
type FrontierInfo struct {
	Job     string        `json:"job"`
	Capture int64         `json:"capture"`
	Host    string        `json:"host"`
	Live    bool          `json:"live"`   // from the running crawler (else from the store)
	Parked  bool          `json:"parked"` // live, but the host is parked: its URLs come from the store
	Queued  int           `json:"queued"`
	Delay   float64       `json:"delay_seconds"`
	URLs    []FrontierURL `json:"urls"`
	Dropped []string      `json:"dropped,omitempty"`
}

// FrontierURL is one queued URL.
type FrontierURL struct {
	URL     string `json:"url"`
	HopPath string `json:"hop_path"`
	Via     string `json:"via,omitempty"`
}

// FrontierEdit is the body of POST …/frontier: drop the host's queued URLs
// matching DropPattern (Go regexp), and/or set its delay (Go duration).
type FrontierEdit struct {
	DropPattern string `json:"drop_pattern,omitempty"`
	Delay       string `json:"delay,omitempty"`
}

// WARCInfo is one WARC file of a capture.
type WARCInfo struct {
	Name  string `json:"name"`
	Bytes int64  `json:"bytes"`
	Open  bool   `json:"open"` // still being written
	// Object is the s3:// URL of the file's verified upload, "" if none.
	Object string `json:"object,omitempty"`
	// Local: the file is on this daemon's disk (not once delete_local
	// removed it after the upload).
	Local bool `json:"local"`
}

// route is one API endpoint; routes() is the single list the router and
// the OpenAPI test read.
type route struct {
	method, path string
	h            func(w http.ResponseWriter, r *http.Request) error
	// need is the least role that may call it; act names a
	// state-changing call in the audit trail.
	need access.Role
	act  access.Action
}

// read, operate and administer build routes of each role.
func read(method, path string, h func(http.ResponseWriter, *http.Request) error) route {
	return route{method: method, path: path, h: h, need: access.Viewer}
}

func operate(method, path string, act access.Action, h func(http.ResponseWriter, *http.Request) error) route {
	return route{method: method, path: path, h: h, need: access.Operator, act: act}
}

func administer(method, path string, act access.Action, h func(http.ResponseWriter, *http.Request) error) route {
	return route{method: method, path: path, h: h, need: access.Admin, act: act}
}

func (d *Daemon) routes() []route {
	return []route{
		read("GET", "/api/v1/version", d.getVersion),
		read("GET", "/api/v1/whoami", d.getWhoami),
		read("GET", "/api/v1/cluster", d.getCluster),
		operate("POST", "/api/v1/jobs", access.ActSubmit, d.postJob),
		read("GET", "/api/v1/jobs", d.getJobs),
		read("GET", "/api/v1/jobs/{name}", d.getJob),
		operate("DELETE", "/api/v1/jobs/{name}", access.ActArchive, d.deleteJob),
		read("GET", "/api/v1/jobs/{name}/captures", d.getCaptures),
		read("GET", "/api/v1/jobs/{name}/runs", d.getRuns),
		read("GET", "/api/v1/jobs/{name}/changes", d.getJobChanges),
		read("GET", "/api/v1/jobs/{name}/status", d.getStatus),
		read("GET", "/api/v1/jobs/{name}/audit", d.getJobAudit),
		operate("POST", "/api/v1/jobs/{name}/pause", access.ActPause, d.postAction(d.Pause)),
		operate("POST", "/api/v1/jobs/{name}/resume", access.ActResume, d.postAction(d.Resume)),
		operate("POST", "/api/v1/jobs/{name}/cancel", access.ActCancel, d.postAction(d.Cancel)),
		read("GET", "/api/v1/jobs/{name}/hosts/{host}/frontier", d.getFrontier),
		operate("POST", "/api/v1/jobs/{name}/hosts/{host}/frontier", access.ActFrontier, d.postFrontier),
		read("GET", "/api/v1/captures/{id}", d.getCapture),
		read("GET", "/api/v1/captures/{id}/report", d.getReport),
		operate("POST", "/api/v1/captures/{id}/report", access.ActReport, d.postReport),
		read("GET", "/api/v1/captures/{id}/warcs", d.getWARCs),
		read("GET", "/api/v1/captures/{id}/warcs/{file}", d.getWARC),
		read("GET", "/api/v1/captures/{id}/wacz", d.getWACZ),
		read("GET", "/api/v1/captures/{id}/graphml", d.getGraphML),
		read("GET", "/api/v1/captures/{id}/changes", d.getChanges),
		read("GET", "/api/v1/captures/{id}/diff", d.getDiff),
		read("GET", "/api/v1/captures/{id}/logs/{file}", d.getLog),
		read("GET", "/api/v1/captures/{id}/log", d.getLogSearch),
		read("GET", "/api/v1/captures/{id}/refresh", d.getRefreshCycle),
		read("GET", "/api/v1/captures/{id}/reports/{file}", d.getFolderReport),
		operate("POST", "/api/v1/waczs", access.ActWACZUpload, d.postWACZ),
		read("GET", "/api/v1/waczs", d.getWACZs),
		read("GET", "/api/v1/waczs/{upload}", d.getWACZUpload),
		administer("DELETE", "/api/v1/waczs/{upload}", access.ActWACZDelete, d.deleteWACZ),
		administer("GET", "/api/v1/users", "", d.getUsers),
		administer("POST", "/api/v1/users", access.ActUserAdd, d.postUser),
		administer("DELETE", "/api/v1/users/{user}", access.ActUserRevoke, d.deleteUser),
		administer("GET", "/api/v1/audit", "", d.getAudit),
	}
}

// Handler is the daemon's HTTP handler: the API (bearer token), /metrics
// (bearer token), /healthz and /readyz (open: they reveal nothing). Run
// serves it behind the HTTP hardening of harden.go, which this lacks.
func (d *Daemon) Handler() http.Handler {
	h, _ := d.handlers(nil)
	return h
}

// handlers returns the daemon's handler and, with ro, the replay origin's
// (the console's replay page frames it; nil without ro).
func (d *Daemon) handlers(ro *console.ReplayOrigin) (http.Handler, http.Handler) {
	mux := http.NewServeMux()
	for _, rt := range d.routes() {
		h := rt.h
		mux.Handle(rt.method+" "+rt.path, d.auth(rt.need, rt.act, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if err := h(w, r); err != nil {
				d.writeError(w, r, err)
			}
		})))
	}
	mux.Handle("GET /metrics", d.auth(access.Viewer, "", promhttp.HandlerFor(d.metrics.reg, promhttp.HandlerOpts{})))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok\n") })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		if !d.ready.Load() {
			http.Error(w, "not ready: migrating or resuming captures", http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ready\n")
	})
	d.methodNotAllowed(mux)
	// The web console asks this same API in-process (consoleapi.go).
	con := console.New(&daemonConsole{Daemon: d, api: mux}, d.log)
	con.Register(mux)
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		d.auth(access.Viewer, "", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, http.StatusNotFound, &APIError{Message: "no such endpoint: " + r.Method + " " + r.URL.Path})
		})).ServeHTTP(w, r)
	})
	if ro == nil {
		return mux, nil
	}
	con.SetReplayOrigin(ro)
	return mux, con.ReplayHandler()
}

// methodNotAllowed answers 405 with an Allow header for a known path asked
// with a method it does not serve (RFC 9110 §15.5.6), after the token
// check. A pattern without a method is less specific than the routes'
// "METHOD /path" ones, so it only sees the other methods. /metrics,
// /healthz and /readyz are GET only too.
func (d *Daemon) methodNotAllowed(mux *http.ServeMux) {
	allow := map[string][]string{"/metrics": {"GET"}, "/healthz": {"GET"}, "/readyz": {"GET"}}
	var paths []string
	for _, rt := range d.routes() {
		if allow[rt.path] == nil {
			paths = append(paths, rt.path)
		}
		allow[rt.path] = append(allow[rt.path], rt.method)
	}
	paths = append(paths, "/metrics", "/healthz", "/readyz")
	for _, p := range paths {
		methods := allow[p]
		if slices.Contains(methods, "GET") {
			methods = append(methods, "HEAD") // ServeMux answers HEAD with the GET handler
		}
		slices.Sort(methods)
		h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", strings.Join(methods, ", "))
			writeJSON(w, http.StatusMethodNotAllowed, &APIError{Message: fmt.Sprintf("method %s not allowed on %s (allowed: %s)", r.Method, r.URL.Path, strings.Join(methods, ", "))})
		})
		if p == "/healthz" || p == "/readyz" {
			mux.Handle(p, h)
			continue
		}
		mux.Handle(p, d.auth(access.Viewer, "", h))
	}
}

// bearerToken is the token of an "Authorization: Bearer TOKEN" header.
// The scheme is case-insensitive (RFC 9110 §11.1), so "bearer" and
// "BEARER" are accepted too.
func bearerToken(header string) (string, bool) {
	scheme, tok, ok := strings.Cut(strings.TrimSpace(header), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	return strings.TrimSpace(tok), true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}

func (d *Daemon) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var ae *APIError
	var je job.Errors
	switch {
	case errors.As(err, &ae):
	case errors.As(err, &je):
		ae = &APIError{Status: http.StatusBadRequest, Message: "invalid job"}
		for _, e := range je {
			ae.Details = append(ae.Details, e.Error())
		}
	case errors.Is(err, errNotFound), errors.Is(err, store.ErrNotFound):
		ae = &APIError{Status: http.StatusNotFound, Message: err.Error()}
	case errors.Is(err, errConflict):
		ae = &APIError{Status: http.StatusConflict, Message: err.Error()}
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		ae = &APIError{Status: http.StatusServiceUnavailable, Message: err.Error()}
	default:
		d.log.Error("API request failed", zap.String("method", r.Method), zap.String("path", r.URL.Path), zap.Error(err))
		ae = &APIError{Status: http.StatusInternalServerError, Message: err.Error()}
	}
	writeJSON(w, ae.Status, ae)
}

func badRequest(format string, args ...any) error {
	return &APIError{Status: http.StatusBadRequest, Message: fmt.Sprintf(format, args...)}
}

func (d *Daemon) getVersion(w http.ResponseWriter, r *http.Request) error {
	// The build's one version (internal/version), as in its WARCs and WACZs.
	writeJSON(w, http.StatusOK, map[string]string{"version": version.String(), "software": version.Software()})
	return nil
}

// yamlTypes are the media types a job submission may declare.
var yamlTypes = []string{"application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml"}

func (d *Daemon) postJob(w http.ResponseWriter, r *http.Request) error {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || !slices.Contains(yamlTypes, mt) {
		return &APIError{Status: http.StatusUnsupportedMediaType,
			Message: fmt.Sprintf("Content-Type %q: a job is YAML: send Content-Type: application/yaml", r.Header.Get("Content-Type"))}
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxJobBytes+1))
	if err != nil {
		return badRequest("reading body: %v", err)
	}
	if len(body) > maxJobBytes {
		return &APIError{Status: http.StatusRequestEntityTooLarge, Message: "job larger than 1 MiB"}
	}
	// Errors name the file the client sent, as `sharc crawl FILE` would.
	name := r.URL.Query().Get("filename")
	if name == "" {
		name = "job.yaml"
	}
	note := noteOf(r.Context())
	note.digest = yamlDigest(body)
	replace, err := queryBool(r, ReplaceParam)
	if err != nil {
		return err
	}
	info, err := d.SubmitReplacing(r.Context(), body, filepath.Base(name), replace)
	if err != nil {
		note.detail = err.Error()
		return err
	}
	note.job = info.Name
	writeJSON(w, http.StatusCreated, info)
	return nil
}

func (d *Daemon) getJobs(w http.ResponseWriter, r *http.Request) error {
	archived, err := queryBool(r, "archived")
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d.jobList(archived))
	return nil
}

// jobList is GET /jobs: the jobs (archived ones or the others) by name,
// each running one with its counts now.
func (d *Daemon) jobList(archived bool) []JobInfo {
	d.mu.Lock()
	out := make([]JobInfo, 0, len(d.jobs))
	var runs []*run // out[i]'s run, nil when none
	for _, js := range d.jobs {
		if js.archived.IsZero() != archived {
			out = append(out, d.infoLocked(js, false))
			runs = append(runs, js.run)
		}
	}
	d.mu.Unlock()
	// The crawlers are asked after d.mu is released (as getStatus does).
	for i, rn := range runs {
		if rn != nil && rn.started.Load() {
			s, _ := rn.cr.Status()
			out[i].Live = &LiveCounts{Capture: s.CaptureID, Resumed: s.Resumed, Fetched: s.Fetched, Failed: s.Failed, Queued: s.Queued,
				Discovered: s.Discovered, Elapsed: s.Elapsed.Seconds()}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// jobLocked returns the named job's state, or errNotFound; d.mu must be
// held.
func (d *Daemon) jobLocked(name string) (*jobState, error) {
	js := d.jobs[name]
	if js == nil {
		return nil, fmt.Errorf("%w: job %s", errNotFound, name)
	}
	return js, nil
}

// readJob calls read with the named job's state while holding d.mu, or
// returns errNotFound. Handlers copy what they need inside read and do
// their store and network work after the lock is released, so a slow
// client never holds up the daemon.
func (d *Daemon) readJob(name string, read func(js *jobState)) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	js, err := d.jobLocked(name)
	if err != nil {
		return err
	}
	read(js)
	return nil
}

// queryCount reads the non-negative count in the URL query parameter key,
// or def when it is absent.
func queryCount(r *http.Request, key string, def int) (int, error) {
	v := r.URL.Query().Get(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, badRequest("%s: want a count, got %q", key, v)
	}
	return n, nil
}

func (d *Daemon) getJob(w http.ResponseWriter, r *http.Request) error {
	info, err := d.jobInfo(r.PathValue("name"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, info)
	return nil
}

// jobInfo is GET /jobs/{name}: the job with its YAML.
func (d *Daemon) jobInfo(name string) (JobInfo, error) {
	var info JobInfo
	err := d.readJob(name, func(js *jobState) { info = d.infoLocked(js, true) })
	return info, err
}

func (d *Daemon) infoLocked(js *jobState, withYAML bool) JobInfo {
	j := js.job
	info := JobInfo{Name: js.name, ID: js.id, State: js.state, Alert: js.alert, Seeds: j.Seeds, Strategy: j.Scheduler.Strategy,
		Mode: j.Capture.Mode, WARCDir: j.WARC.Dir, NextRun: js.next, Submitted: js.submitted, Archived: js.archived}
	if j.Schedule != nil {
		info.Schedule = j.Schedule.Spec
	}
	if js.run != nil {
		info.Capture = js.run.captureID.Load()
	}
	if js.lastRun.ID != 0 {
		ri := runInfo(js.lastRun)
		info.LastRun = &ri
	}
	if withYAML {
		info.YAML = d.submittable(js.yaml)
	}
	return info
}

func (d *Daemon) postAction(act func(context.Context, string) (JobInfo, error)) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error {
		info, err := act(r.Context(), r.PathValue("name"))
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, info)
		return nil
	}
}

// captureInfo describes capture c of job jobName, whose job folder is root.
func captureInfo(c store.Capture, jobName, root string) CaptureInfo {
	ci := CaptureInfo{ID: c.ID, Job: jobName, Status: c.Status, StopReason: c.StopReason, Completeness: c.Completeness(), Started: c.Started, Finished: c.Finished,
		Strategy: c.Strategy, Mode: c.Mode, HasReport: len(c.Report) > 0}
	// The summary is a few kB (report.BuildAndStore); one that does not
	// parse leaves Totals out rather than failing the listing.
	if r, err := report.ReadJSON(c.Report); ci.HasReport && err == nil {
		ci.Totals = &r.Totals
	}
	if f := jobdir.Path(root, c.ID, c.Started); f.Exists() {
		ci.Folder = string(f)
	}
	return ci
}

func (d *Daemon) getCaptures(w http.ResponseWriter, r *http.Request) error {
	out, err := d.captureList(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// captureList is GET /jobs/{name}/captures: the job's captures, oldest
// first.
func (d *Daemon) captureList(ctx context.Context, name string) ([]CaptureInfo, error) {
	var id int64
	var root string
	if err := d.readJob(name, func(js *jobState) { id, root = js.id, js.job.WARC.Dir }); err != nil {
		return nil, err
	}
	caps, err := d.st.Captures(ctx, id)
	if err != nil {
		return nil, err
	}
	out := make([]CaptureInfo, len(caps))
	for i, c := range caps {
		out[i] = captureInfo(c, name, root)
	}
	return out, nil
}

func (d *Daemon) getStatus(w http.ResponseWriter, r *http.Request) error {
	limit, err := queryCount(r, "hosts", defaultStatusHosts)
	if err != nil {
		return err
	}
	st, err := d.jobStatus(r.Context(), r.PathValue("name"), clampLimit(limit, maxStatusHosts))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, st)
	return nil
}

// defaultStatusHosts is how many hosts a job's status lists unless asked
// (?hosts=N).
const defaultStatusHosts = 50

// jobStatus is GET /jobs/{name}/status: the job's counts and its hosts
// (the limit most queued; 0: all), live while it runs, else the last
// known.
func (d *Daemon) jobStatus(ctx context.Context, name string, limit int) (Status, error) {
	var st Status
	var rn *run
	var stored int64 // a job whose counts only the store knows (after a restart)
	var mode string
	var last []HostStatusJSON // a stopped run's last host rows
	var lastAt time.Time
	var storedHosts lastHostRows // js.lastHosts as read, for a job only the store knows
	var js *jobState
	if err := d.readJob(name, func(j *jobState) {
		js = j
		st = Status{Job: js.name, State: js.state, Alert: js.alert, Hosts: []HostStatusJSON{}}
		rn, mode = js.run, js.job.Capture.Mode
		if rn == nil && js.last.CaptureID != 0 && js.lastHosts.capture == js.last.CaptureID {
			last, lastAt = js.lastHosts.rows, js.lastHosts.at
		}
		storedHosts = js.lastHosts
		if rn == nil && js.last.CaptureID != 0 {
			s := js.last
			st.Capture, st.Resumed, st.Fetched, st.Failed, st.Blocked = s.CaptureID, s.Resumed, s.Fetched, s.Failed, s.Blocked
			st.Known, st.Queued, st.Bytes, st.Records, st.Elapsed = s.Discovered, s.Queued, s.Bytes, s.Records, s.Elapsed.Seconds()
		} else if rn == nil {
			stored = js.id
		}
	}); err != nil {
		return Status{}, err
	}
	if stored != 0 {
		if err := d.storedStatus(ctx, stored, &st); err != nil {
			return Status{}, err
		}
		if st.Capture != 0 {
			// No run since the daemon started: the hosts as the store
			// and the crawl.log have them, read once and kept.
			if storedHosts.capture != st.Capture {
				storedHosts = d.storedHostRows(ctx, js, st.Capture)
			}
			last, lastAt = storedHosts.rows, storedHosts.at
		}
	}
	if rn != nil && rn.started.Load() {
		s, _ := rn.cr.Status()
		st.Capture, st.Resumed, st.Fetched, st.Failed, st.Blocked = s.CaptureID, s.Resumed, s.Fetched, s.Failed, s.Blocked
		st.Known, st.Queued, st.Bytes, st.Records, st.Elapsed = s.Discovered, s.Queued, s.Bytes, s.Records, s.Elapsed.Seconds()
		st.Phase = s.Phase
		st.ETA = remainingSeconds(s, mode)
		rows := rn.hostRows(ctx, d.log, time.Now(), 0)
		hosts := make([]HostStatusJSON, len(rows))
		for i, h := range rows {
			hosts[i] = h.HostStatusJSON
		}
		addHostTotals(&st, hosts, limit)
	} else {
		addHostTotals(&st, last, limit)
		if len(last) > 0 {
			st.HostsAsOf = lastAt
		}
	}
	if st.Elapsed > 0 {
		st.Rate = float64(st.Fetched) / st.Elapsed
	}
	return st, nil
}

// remainingSeconds estimates how long a running capture has left: the
// downloads its queued URLs still need at the run's rate so far. A URL of a
// visit–revisit capture in its visit phase needs two (its visit and its
// revisit, Algorithm 1), one in the revisit phase or a single-visit
// capture. URLs found later add to it, so it is a lower bound; 0 when the
// run has no rate yet.
func remainingSeconds(s crawler.Stats, mode string) float64 {
	own := s.Fetched - s.Earlier.Fetched
	if own <= 0 || s.Elapsed <= 0 || s.Queued <= 0 {
		return 0
	}
	left := float64(s.Queued)
	if mode == job.ModeVisitRevisit && s.Phase == crawler.PhaseVisit {
		left *= 2
	}
	return left / (float64(own) / s.Elapsed.Seconds())
}

// storedStatus fills st with the counts of the job's newest capture as
// the store holds them: no run of it since the daemon started.
func (d *Daemon) storedStatus(ctx context.Context, jobID int64, st *Status) error {
	caps, err := d.st.Captures(ctx, jobID)
	if err != nil || len(caps) == 0 {
		return err
	}
	c := caps[len(caps)-1]
	t, err := d.st.CaptureTotals(ctx, c.ID)
	if err != nil {
		return err
	}
	st.Capture, st.Fetched, st.Failed, st.Blocked, st.Records, st.Bytes = c.ID, t.Fetched, t.Failed, t.Blocked, t.Records, t.Bytes
	return nil
}

// liveOrStored returns the job's running crawler (once started) or, when
// none runs, the job's newest open (running or paused) capture ID.
func (d *Daemon) liveOrStored(ctx context.Context, name string) (js *jobState, rn *run, capID int64, err error) {
	if err := d.readJob(name, func(j *jobState) { js, rn = j, j.run }); err != nil {
		return nil, nil, 0, err
	}
	if rn != nil && rn.started.Load() {
		return js, rn, rn.captureID.Load(), nil
	}
	caps, err := d.st.Captures(ctx, js.id)
	if err != nil {
		return nil, nil, 0, err
	}
	for i := len(caps) - 1; i >= 0; i-- {
		if caps[i].Finished.IsZero() {
			return js, nil, caps[i].ID, nil
		}
	}
	return js, nil, 0, fmt.Errorf("%w: job %s has no open capture", errConflict, name)
}

// maxFrontierURLs bounds the URLs one frontier answer lists: a host's
// queue may hold millions, and the answer is built in memory. A limit of
// 0 or above it lists this many; queued still counts them all.
const maxFrontierURLs = 10000

// clampLimit is what a list asked for limit items (0: all) gives when
// no answer may list more than most: an answer is built in memory, and a
// viewer's token may ask again and again.
func clampLimit(limit, most int) int {
	if limit <= 0 || limit > most {
		return most
	}
	return limit
}

// maxStatusHosts and maxRuns bound a status's host rows and a run list
// (see clampLimit): a capture may span a million hosts, a job scheduled
// every minute runs half a million times a year.
const (
	maxStatusHosts = 10000
	maxRuns        = 1000
)

func (d *Daemon) getFrontier(w http.ResponseWriter, r *http.Request) error {
	limit, err := queryCount(r, "limit", 100)
	if err != nil {
		return err
	}
	host := strings.ToLower(r.PathValue("host"))
	js, rn, capID, err := d.liveOrStored(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
	}
	info, err := d.frontierInfo(r.Context(), js, rn, capID, host, limit)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, info)
	return nil
}

// frontierInfo is a host's queue: counted, and at most clampLimit(limit, maxFrontierURLs)
// of its URLs listed, from the running crawler or from the store; a
// stored host is counted and read a page at most, never loaded whole.
func (d *Daemon) frontierInfo(ctx context.Context, js *jobState, rn *run, capID int64, host string, limit int) (FrontierInfo, error) {
	limit = clampLimit(limit, maxFrontierURLs)
	info := FrontierInfo{Job: js.name, Capture: capID, Host: host, URLs: []FrontierURL{}}
	if rn != nil {
		q, ok, err := rn.cr.HostFrontier(ctx, host, limit)
		if err != nil {
			return info, err
		}
		if !ok {
			return info, fmt.Errorf("%w: host %s is not in capture %d", errNotFound, host, capID)
		}
		info.Live, info.Parked, info.Queued, info.Delay = true, q.Status.Parked, q.Queued, q.Delay.Seconds()
		for _, u := range q.URLs {
			info.URLs = append(info.URLs, FrontierURL{URL: u.URL, HopPath: u.HopPath, Via: u.Via})
		}
		return info, nil
	}
	counts, err := d.st.HostCounts(ctx, capID, host)
	if err != nil {
		return info, err
	}
	if counts.URLs == 0 {
		return info, fmt.Errorf("%w: host %s is not in capture %d", errNotFound, host, capID)
	}
	rows, err := d.st.HostQueued(ctx, capID, host, -1, limit)
	if err != nil {
		return info, err
	}
	info.Queued = counts.Queued
	for _, u := range rows {
		info.URLs = append(info.URLs, FrontierURL{URL: u.URL, HopPath: u.HopPath, Via: u.Via})
	}
	d.mu.Lock()
	info.Delay = js.job.Politeness.Delay.Seconds()
	if hp, ok := js.job.Politeness.Hosts[host]; ok && hp.Delay != nil {
		info.Delay = hp.Delay.Seconds()
	}
	d.mu.Unlock()
	return info, nil
}

func (d *Daemon) postFrontier(w http.ResponseWriter, r *http.Request) error {
	var edit FrontierEdit
	dec := json.NewDecoder(io.LimitReader(r.Body, 64<<10))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&edit); err != nil {
		return badRequest("body: %v (want {\"drop_pattern\": REGEXP, \"delay\": DURATION})", err)
	}
	if edit.DropPattern == "" && edit.Delay == "" {
		return badRequest("body: give drop_pattern and/or delay")
	}
	var re *regexp.Regexp
	if edit.DropPattern != "" {
		var err error
		if re, err = regexp.Compile(edit.DropPattern); err != nil {
			return badRequest("drop_pattern: %v", err)
		}
	}
	var delay time.Duration
	if edit.Delay != "" {
		var err error
		if delay, err = time.ParseDuration(edit.Delay); err != nil || delay < 0 {
			return badRequest("delay: want a duration such as 2s, got %q", edit.Delay)
		}
	}
	host := strings.ToLower(r.PathValue("host"))
	js, rn, capID, err := d.liveOrStored(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
	}
	var dropped []string
	if re != nil {
		if rn != nil {
			dropped, err = rn.cr.DropMatching(r.Context(), host, re)
		} else {
			dropped, err = d.dropStored(r.Context(), capID, host, re)
		}
		if err != nil {
			return err
		}
	}
	if edit.Delay != "" {
		if err := d.setHostDelay(r.Context(), js, host, delay); err != nil {
			return err
		}
		if rn != nil {
			if _, err := rn.cr.SetHostDelay(host, delay); err != nil {
				return err
			}
		}
	}
	d.log.Info("frontier edited", zap.String("job", js.name), zap.String("host", host), zap.Int("dropped", len(dropped)), zap.String("delay", edit.Delay))
	info, err := d.frontierInfo(r.Context(), js, rn, capID, host, 100)
	if err != nil && !errors.Is(err, errNotFound) {
		return err
	}
	info.Dropped = dropped
	writeJSON(w, http.StatusOK, info)
	return nil
}

// dropStored marks a stopped capture's queued URLs of host matching re
// "blocked", so the resumed run never fetches them. It reads the host's
// queue a page at a time and holds only the matches, which it marks in
// one transaction.
func (d *Daemon) dropStored(ctx context.Context, capID int64, host string, re *regexp.Regexp) ([]string, error) {
	b := store.Batch{CaptureID: capID}
	var out []string
	err := store.EachHostQueued(ctx, d.st, capID, host, func(u store.FrontierURL) error {
		if re.MatchString(u.URL) {
			b.States = append(b.States, store.StateChange{SURT: u.SURT, State: store.StateBlocked, Attempts: u.Attempts})
			out = append(out, u.URL)
		}
		return nil
	})
	if err != nil || len(out) == 0 {
		return nil, err
	}
	return out, d.st.Commit(ctx, b)
}

// setHostDelay records a host delay in the job (politeness.hosts), so the
// next run and every resume keep it.
func (d *Daemon) setHostDelay(ctx context.Context, js *jobState, host string, delay time.Duration) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	j, err := d.parse([]byte(js.yaml), "job "+js.name)
	if err != nil {
		return err
	}
	if j.Politeness.Hosts == nil {
		j.Politeness.Hosts = map[string]job.HostPoliteness{}
	}
	hp, ok := j.Politeness.Hosts[host]
	if !ok {
		hp.Parallel = j.Politeness.PerHost
	}
	hp.Delay = &delay
	j.Politeness.Hosts[host] = hp
	if j.Politeness.MaxDelay < delay {
		j.Politeness.MaxDelay = delay
	}
	text, err := j.Marshal()
	if err != nil {
		return err
	}
	if _, err := d.parse(text, "job "+js.name); err != nil {
		return badRequest("host %s: %v", host, err)
	}
	if _, err := d.st.UpsertJob(ctx, js.name, string(text)); err != nil {
		return err
	}
	js.yaml, js.job = string(text), j
	return nil
}

// capture returns a capture and the job it belongs to.
func (d *Daemon) capture(ctx context.Context, idText string) (store.Capture, *jobState, error) {
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil || id <= 0 {
		return store.Capture{}, nil, badRequest("capture id: want a positive integer, got %q", idText)
	}
	c, err := d.st.Capture(ctx, id)
	if err != nil {
		return store.Capture{}, nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, js := range d.jobs {
		if js.id == c.JobID {
			return c, js, nil
		}
	}
	return store.Capture{}, nil, fmt.Errorf("%w: capture %d belongs to a job this daemon does not know", errNotFound, id)
}

func (d *Daemon) getCapture(w http.ResponseWriter, r *http.Request) error {
	ci, err := d.captureByID(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, ci)
	return nil
}

// captureByID is GET /captures/{id}.
func (d *Daemon) captureByID(ctx context.Context, idText string) (CaptureInfo, error) {
	c, js, err := d.capture(ctx, idText)
	if err != nil {
		return CaptureInfo{}, err
	}
	d.mu.Lock()
	root := js.job.WARC.Dir
	d.mu.Unlock()
	return captureInfo(c, js.name, root), nil
}

// getReport serves the capture's stored quality report as JSON, or
// rendered as CSV or HTML with ?format=.
func (d *Daemon) getReport(w http.ResponseWriter, r *http.Request) error {
	c, _, err := d.capture(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	format := r.URL.Query().Get("format")
	ctype, ok := map[string]string{"": "application/json", "json": "application/json", "csv": "text/csv; charset=utf-8", "html": "text/html; charset=utf-8"}[format]
	if !ok {
		return badRequest("unknown format %q (valid: json, csv, html)", format)
	}
	stored, err := report.Load(d.st, c)
	if errors.Is(err, report.ErrNoReport) {
		return fmt.Errorf("%w: capture %d has no report yet (it is written when the capture finishes; POST this path, or `sharc report %d`, builds it)", errNotFound, c.ID, c.ID)
	}
	if err != nil {
		return err
	}
	// The pages stream from the index as they are written: a report of a
	// million pages is never held whole. An error after the first byte can
	// only cut the body short (the status is sent).
	w.Header().Set("Content-Type", ctype)
	if err := stored.Render(r.Context(), w, format); err != nil {
		d.log.Error("streaming report", zap.Int64("capture", c.ID), zap.Error(err))
	}
	return nil
}

// warcDir returns the directory of a capture's WARC files: its capture
// folder's warcs/ under the job folder (package jobdir).
func (d *Daemon) warcDir(js *jobState, c store.Capture) string {
	d.mu.Lock()
	root := js.job.WARC.Dir
	d.mu.Unlock()
	return jobdir.WARCDir(root, c.ID, c.Started)
}

func (d *Daemon) getWARCs(w http.ResponseWriter, r *http.Request) error {
	c, js, err := d.capture(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	ends, err := d.st.FileEnds(r.Context(), c.ID)
	if err != nil {
		return err
	}
	uploads, err := d.st.WARCUploads(r.Context(), c.ID)
	if err != nil {
		return err
	}
	objects := map[string]store.WARCUpload{}
	for _, u := range uploads {
		if u.State == store.UploadDone {
			objects[u.File] = u
		}
	}
	dir := d.warcDir(js, c)
	out := []WARCInfo{}
	for name := range ends {
		wi := WARCInfo{Name: name, Object: objects[name].ObjectURL}
		if fi, err := os.Stat(filepath.Join(dir, name)); err == nil {
			wi.Bytes, wi.Local = fi.Size(), true
		} else if fi, err := os.Stat(filepath.Join(dir, name+".open")); err == nil {
			wi.Bytes, wi.Open, wi.Local = fi.Size(), true, true
		} else if wi.Object != "" {
			wi.Bytes = objects[name].Size
		} else {
			continue
		}
		out = append(out, wi)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	writeJSON(w, http.StatusOK, out)
	return nil
}

// getWARC streams one closed WARC file. Only names the index lists for
// the capture are served, so no path can leave the WARC directory.
func (d *Daemon) getWARC(w http.ResponseWriter, r *http.Request) error {
	c, js, err := d.capture(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	name := r.PathValue("file")
	ends, err := d.st.FileEnds(r.Context(), c.ID)
	if err != nil {
		return err
	}
	if _, ok := ends[name]; !ok || name != filepath.Base(name) {
		return fmt.Errorf("%w: capture %d has no WARC file %q", errNotFound, c.ID, name)
	}
	ok, err := serveFile(w, r, filepath.Join(d.warcDir(js, c), name), "application/warc", name, "")
	if err == nil && !ok {
		return d.serveObject(w, r, js, c.ID, name)
	}
	return err
}

// serveObject serves a listed WARC file missing from disk from its
// verified copy in object storage (uploaded, then removed by
// warc.upload.delete_local), with Range support. An object that is gone
// or no longer matches the upload's record is a 502 before any byte; a
// whole-file download whose bytes turn out altered is cut short before
// its last bytes (see upload.Reader), never a complete 200.
func (d *Daemon) serveObject(w http.ResponseWriter, r *http.Request, js *jobState, captureID int64, name string) error {
	u, err := d.uploadedRow(r.Context(), captureID, name)
	if err != nil {
		return err
	}
	cl, err := d.readClient(js.name)
	if err != nil {
		return fmt.Errorf("%w: WARC file %s is no longer on this daemon's disk; its verified copy is %s, but %w", errConflict, name, u.ObjectURL, err)
	}
	obj, err := cl.Open(r.Context(), u.ObjectURL, u.Size, u.SHA256)
	if err != nil {
		return &APIError{Status: http.StatusBadGateway, Message: fmt.Sprintf("WARC file %s: reading its copy in object storage: %v", name, err)}
	}
	defer obj.Close()
	w.Header().Set("Content-Type", "application/warc")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	http.ServeContent(w, r, name, obj.ModTime(), obj)
	return nil
}

// uploadedRow returns the verified upload of a WARC file missing from
// disk, or explains why there is none: the file is still being written.
func (d *Daemon) uploadedRow(ctx context.Context, captureID int64, name string) (store.WARCUpload, error) {
	ups, err := d.st.WARCUploads(ctx, captureID)
	if err != nil {
		return store.WARCUpload{}, err
	}
	for _, u := range ups {
		if u.File == name && u.State == store.UploadDone {
			return u, nil
		}
	}
	return store.WARCUpload{}, fmt.Errorf("%w: WARC file %s is still being written", errConflict, name)
}

// readClient builds a client to read a job's uploaded objects through
// the remote its warc.upload names (as for uploads: the daemon's
// credentials, dialled through the network guard).
func (d *Daemon) readClient(jobName string) (*upload.Client, error) {
	d.mu.Lock()
	var u *job.Upload
	if js := d.jobs[jobName]; js != nil {
		u = js.job.WARC.Upload
	}
	d.mu.Unlock()
	if u == nil {
		return nil, errors.New("the job sets no warc.upload to read it with")
	}
	return d.uploadClient(context.Background(), u)
}

// getWACZ serves the WACZ written when the capture finished
// (Config.WACZOnFinish), or else the capture's snapshot package, built
// once per capture state to a file (serveSnapshotWACZ): either way with
// Content-Length and Range, which ReplayWeb.page needs to read it. The
// capture must not be running (its last WARC is still open).
func (d *Daemon) getWACZ(w http.ResponseWriter, r *http.Request) error {
	c, js, err := d.capture(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if ok, err := serveBuiltWACZ(w, r, js.name, c.ID, d.warcDir(js, c)); ok || err != nil {
		return err
	}
	if ok, err := serveKeptSnapshot(w, r, js.name, c.ID, d.warcDir(js, c), r.URL.Query().Get("snapshot")); ok || err != nil {
		return err
	}
	return d.serveSnapshotWACZ(w, r, js.name, c, d.warcDir(js, c))
}

// stageWARCs returns a directory holding every closed WARC file of the
// capture: its WARC directory, or, when some were uploaded and removed,
// a temporary one with verified copies fetched back (upload.Stage);
// cleanup removes it.
func (d *Daemon) stageWARCs(ctx context.Context, jobName string, c store.Capture, dir string) (string, func(), error) {
	ends, err := d.st.FileEnds(ctx, c.ID)
	if err != nil {
		return "", nil, err
	}
	rows, err := d.st.WARCUploads(ctx, c.ID)
	if err != nil {
		return "", nil, err
	}
	names := make([]string, 0, len(ends))
	for n := range ends {
		names = append(names, n)
	}
	cl, cerr := d.readClient(jobName)
	if cerr != nil {
		cl = nil
	}
	staged, cleanup, err := upload.Stage(ctx, cl, dir, names, rows)
	if err != nil {
		if cerr != nil {
			err = fmt.Errorf("%w (%w)", err, cerr)
		}
		return "", nil, &APIError{Status: http.StatusBadGateway, Message: fmt.Sprintf("capture %d: fetching WARC files back from object storage: %v", c.ID, err)}
	}
	return staged, cleanup, nil
}

// waczInput gathers a capture's WARCs, CDXJ index, pages and report
// (wacz.FromCapture, as `sharc export wacz` does).
// warcDir is where the capture's WARCs live (its folder's warcs/), dir
// where they were staged to be read.
func (d *Daemon) waczInput(ctx context.Context, jobName string, c store.Capture, dir, warcDir string) (wacz.Input, error) {
	return d.waczInputFrom(ctx, d.st, jobName, c, dir, warcDir)
}

// waczInputFrom is waczInput reading the capture's records from src (a
// running capture's snapshot: only those in its committed prefix).
func (d *Daemon) waczInputFrom(ctx context.Context, src wacz.Source, jobName string, c store.Capture, dir, warcDir string) (wacz.Input, error) {
	in, err := wacz.FromCapture(ctx, src, c.ID, dir, d.log)
	if errors.Is(err, wacz.ErrWARCMissing) {
		return in, fmt.Errorf("%w: %w (pause or wait for the capture)", errConflict, err)
	}
	if err != nil {
		return in, err
	}
	in.Created, in.Software = time.Now(), version.Software()
	custody, err := d.custody(ctx, jobName)
	if err != nil {
		return in, err
	}
	in.Extras = append(in.Extras, wacz.Extra{Path: wacz.PathAudit, Data: custody})
	// The capture folder's evidence (report, crawl.log, Heritrix's
	// reports, the masked job file); the audit trail is the store's above.
	var folder jobdir.Folder
	if filepath.Base(warcDir) == jobdir.WARCsDir {
		folder = jobdir.Folder(filepath.Dir(warcDir))
	}
	extras, err := wacz.EvidenceExtras(folder, false)
	if err != nil {
		return in, err
	}
	in.Extras = append(in.Extras, extras...)
	return in, nil
}

// RefreshCycleInfo is a refresh capture's cycle (capture.mode refresh):
// what the policy planned under the budget and what the fetches found.
type RefreshCycleInfo struct {
	Capture     int64   `json:"capture"`
	Policy      string  `json:"policy"`
	Budget      int     `json:"budget"`
	Repository  int     `json:"repository"`
	Planned     int     `json:"planned"`
	Samples     int     `json:"samples"`
	Rounds      int     `json:"rounds"`
	Downloads   int     `json:"downloads"`
	Changed     int     `json:"changed"`
	ChangeRatio float64 `json:"change_ratio"`
}

// getRefreshCycle serves the metrics of a refresh capture's cycle; other
// captures have none (404).
func (d *Daemon) getRefreshCycle(w http.ResponseWriter, r *http.Request) error {
	c, _, err := d.capture(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	cyc, err := d.st.RefreshCycle(r.Context(), c.ID)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("%w: capture %d is not a refresh cycle (capture.mode refresh)", errNotFound, c.ID)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, RefreshCycleInfo{Capture: cyc.CaptureID, Policy: cyc.Policy, Budget: cyc.Budget, Repository: cyc.Repository,
		Planned: cyc.Planned, Samples: cyc.Samples, Rounds: cyc.Rounds, Downloads: cyc.Downloads, Changed: cyc.Changed, ChangeRatio: cyc.ChangeRatio})
	return nil
}
