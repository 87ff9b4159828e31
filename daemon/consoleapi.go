package daemon

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/daemon/console"
	"github.com/sharc-archive/sharc/store"
)

// daemonConsole is the daemon as its web console sees it (console.Daemon):
// every call goes through the same auth as the REST route it stands for,
// so the session's person has exactly their token's role, and the audit
// trail gets the same entries.
type daemonConsole struct {
	*Daemon              // Authenticate and Record (authz.go)
	api     http.Handler // the daemon's routes, each behind auth
}

var _ console.Daemon = (*daemonConsole)(nil)

// Ask runs q through the API's routes and keeps the whole answer.
func (dc *daemonConsole) Ask(ctx context.Context, q console.Request) (*console.Answer, error) {
	method := q.Method
	if method == "" {
		method = http.MethodGet
	}
	req, err := http.NewRequestWithContext(ctx, method, q.Path, q.Body)
	if err != nil {
		return nil, fmt.Errorf("console request %s %s: %w", method, q.Path, err)
	}
	if _, sized := q.Body.(*bytes.Reader); q.Body != nil && !sized {
		req.ContentLength = -1 // a stream: its length is unknown
	}
	req.RequestURI = req.URL.RequestURI()
	for k, vs := range q.Header {
		req.Header[k] = vs
	}
	a := newAnswer()
	dc.api.ServeHTTP(a, req)
	a.WriteHeader(http.StatusOK) // a handler that wrote nothing, as net/http answers
	return &console.Answer{Status: a.status, Header: a.header, Body: a.body.Bytes()}, nil
}

// ServeAPI streams the API's answer to r (a WACZ read by ranges) to w.
func (dc *daemonConsole) ServeAPI(w http.ResponseWriter, r *http.Request) { dc.api.ServeHTTP(w, r) }

// Report hands the stored report of capture id to summary and page as
// GET /api/v1/captures/{id}/report reads it, under that route's role.
func (dc *daemonConsole) Report(ctx context.Context, id int64, summary func(*report.Report) error, page func(*report.Page) error) error {
	idText := strconv.FormatInt(id, 10)
	return dc.as(ctx, "GET /api/v1/captures/{id}/report", pathArgs{"id": idText}, func(ctx context.Context) error {
		c, _, err := dc.capture(ctx, idText)
		if err != nil {
			return err
		}
		stored, err := report.Load(dc.st, c)
		if errors.Is(err, report.ErrNoReport) {
			return fmt.Errorf("%w: capture %d has no report yet (it is written when the capture finishes; POST this path, or `sharc report %d`, builds it)", errNotFound, c.ID, c.ID)
		}
		if err != nil {
			return err
		}
		if err := summary(stored.Report); err != nil {
			return err
		}
		return stored.EachPage(ctx, page)
	})
}

// Jobs is GET /api/v1/jobs.
func (dc *daemonConsole) Jobs(ctx context.Context) (out []JobInfo, err error) {
	return out, dc.as(ctx, "GET /api/v1/jobs", nil, func(context.Context) error { out = dc.jobList(false); return nil })
}

// Job is GET /api/v1/jobs/{name}.
func (dc *daemonConsole) Job(ctx context.Context, name string) (out JobInfo, err error) {
	return out, dc.as(ctx, "GET /api/v1/jobs/{name}", pathArgs{"name": name}, func(context.Context) (err error) {
		out, err = dc.jobInfo(name)
		return err
	})
}

// Runs is GET /api/v1/jobs/{name}/runs?limit=limit.
func (dc *daemonConsole) Runs(ctx context.Context, name string, limit int) (out []RunInfo, err error) {
	return out, dc.as(ctx, "GET /api/v1/jobs/{name}/runs", pathArgs{"name": name}, func(ctx context.Context) (err error) {
		out, err = dc.runList(ctx, name, limit)
		return err
	})
}

// Status is GET /api/v1/jobs/{name}/status (the default 50 hosts).
func (dc *daemonConsole) Status(ctx context.Context, name string) (out Status, err error) {
	return out, dc.as(ctx, "GET /api/v1/jobs/{name}/status", pathArgs{"name": name}, func(ctx context.Context) (err error) {
		out, err = dc.jobStatus(ctx, name, defaultStatusHosts)
		return err
	})
}

// Captures is GET /api/v1/jobs/{name}/captures.
func (dc *daemonConsole) Captures(ctx context.Context, name string) (out []CaptureInfo, err error) {
	return out, dc.as(ctx, "GET /api/v1/jobs/{name}/captures", pathArgs{"name": name}, func(ctx context.Context) (err error) {
		out, err = dc.captureList(ctx, name)
		return err
	})
}

// Capture is GET /api/v1/captures/{id}.
func (dc *daemonConsole) Capture(ctx context.Context, id int64) (out CaptureInfo, err error) {
	idText := strconv.FormatInt(id, 10)
	return out, dc.as(ctx, "GET /api/v1/captures/{id}", pathArgs{"id": idText}, func(ctx context.Context) (err error) {
		out, err = dc.captureByID(ctx, idText)
		return err
	})
}

// Diff is GET /api/v1/captures/{id}/diff?url=u[&against=against].
func (dc *daemonConsole) Diff(ctx context.Context, id int64, u string, against int64) (out PageDiff, err error) {
	idText, againstText := strconv.FormatInt(id, 10), ""
	if against != 0 {
		againstText = strconv.FormatInt(against, 10)
	}
	return out, dc.as(ctx, "GET /api/v1/captures/{id}/diff", pathArgs{"id": idText}, func(ctx context.Context) (err error) {
		out, err = dc.pageDiff(ctx, idText, u, againstText)
		return err
	})
}

// LogSearch is GET /api/v1/captures/{id}/log with q's parameters.
func (dc *daemonConsole) LogSearch(ctx context.Context, id int64, q LogQuery) (out LogSearch, err error) {
	idText := strconv.FormatInt(id, 10)
	return out, dc.as(ctx, "GET /api/v1/captures/{id}/log", pathArgs{"id": idText}, func(ctx context.Context) (err error) {
		out, err = dc.searchLogs(ctx, idText, q)
		return err
	})
}

// Changes is GET /api/v1/captures/{id}/changes?limit=limit&sample=sample.
func (dc *daemonConsole) Changes(ctx context.Context, id int64, limit int, sample bool) (out CaptureChanges, err error) {
	idText := strconv.FormatInt(id, 10)
	return out, dc.as(ctx, "GET /api/v1/captures/{id}/changes", pathArgs{"id": idText}, func(ctx context.Context) (err error) {
		out, err = dc.captureChanges(ctx, idText, limit, sample)
		return err
	})
}

// Series is GET /api/v1/jobs/{name}/changes.
func (dc *daemonConsole) Series(ctx context.Context, name string) (out []SeriesPoint, err error) {
	return out, dc.as(ctx, "GET /api/v1/jobs/{name}/changes", pathArgs{"name": name}, func(ctx context.Context) (err error) {
		out, err = dc.jobSeries(ctx, name)
		return err
	})
}

// Cluster is GET /api/v1/cluster.
func (dc *daemonConsole) Cluster(ctx context.Context) (out ClusterInfo, err error) {
	return out, dc.as(ctx, "GET /api/v1/cluster", nil, func(ctx context.Context) (err error) {
		out, err = dc.clusterInfo(ctx)
		return err
	})
}

// Users is GET /api/v1/users.
func (dc *daemonConsole) Users(ctx context.Context) (out []UserInfo, err error) {
	return out, dc.as(ctx, "GET /api/v1/users", nil, func(ctx context.Context) (err error) {
		out, err = dc.users(ctx)
		return err
	})
}

// AddAccount is POST /api/v1/users.
func (dc *daemonConsole) AddAccount(ctx context.Context, name, role string) (out NewUser, err error) {
	return out, dc.asAnswering(ctx, "POST /api/v1/users", nil, http.StatusCreated, func(ctx context.Context) (err error) {
		out, err = dc.addUser(ctx, name, role)
		return err
	})
}

// RevokeAccount is DELETE /api/v1/users/{user}.
func (dc *daemonConsole) RevokeAccount(ctx context.Context, name string) error {
	return dc.asAnswering(ctx, "DELETE /api/v1/users/{user}", pathArgs{"user": name}, http.StatusNoContent, func(ctx context.Context) error {
		return dc.revokeUser(ctx, name)
	})
}

// AuditTrail is GET /api/v1/audit?job=job&limit=limit.
func (dc *daemonConsole) AuditTrail(ctx context.Context, job string, limit int) (out []store.AuditEntry, err error) {
	return out, dc.as(ctx, "GET /api/v1/audit", nil, func(ctx context.Context) (err error) {
		out, err = dc.auditEntries(ctx, store.AuditFilter{Job: job, Limit: min(max(limit, 1), maxAuditLimit)})
		return err
	})
}

// CrawlLog is GET /api/v1/captures/{id}/logs/crawl.log with a Range:
// limit bytes from from, or with from < 0 the last -from.
func (dc *daemonConsole) CrawlLog(ctx context.Context, id, from int64, limit int) (out console.LogPart, err error) {
	idText := strconv.FormatInt(id, 10)
	return out, dc.as(ctx, "GET /api/v1/captures/{id}/logs/{file}", pathArgs{"id": idText, "file": crawllogName}, func(ctx context.Context) (err error) {
		out, err = dc.readCrawlLog(ctx, idText, from, limit)
		return err
	})
}

// Uploads is GET /api/v1/waczs.
func (dc *daemonConsole) Uploads(ctx context.Context) (out []WACZUpload, err error) {
	return out, dc.as(ctx, "GET /api/v1/waczs", nil, func(context.Context) (err error) {
		out, err = dc.Daemon.Uploads()
		return err
	})
}

// Upload is GET /api/v1/waczs/{upload}.
func (dc *daemonConsole) Upload(ctx context.Context, id string) (out WACZUpload, err error) {
	return out, dc.as(ctx, "GET /api/v1/waczs/{upload}", pathArgs{"upload": id}, func(context.Context) (err error) {
		out, err = dc.upload(id)
		return err
	})
}

// DeleteUpload is DELETE /api/v1/waczs/{upload} (an admin's).
func (dc *daemonConsole) DeleteUpload(ctx context.Context, id string) error {
	return dc.asAnswering(ctx, "DELETE /api/v1/waczs/{upload}", pathArgs{"upload": id}, http.StatusNoContent, func(ctx context.Context) error {
		return dc.deleteUpload(ctx, id)
	})
}

// Act is POST /api/v1/jobs/{name}/{pause,resume,cancel}: an operator's
// action, audited as that route audits it.
func (dc *daemonConsole) Act(ctx context.Context, name string, a console.JobAction) (out JobInfo, err error) {
	act := map[console.JobAction]func(context.Context, string) (JobInfo, error){
		console.ActionPause: dc.Pause, console.ActionResume: dc.Resume, console.ActionCancel: dc.Cancel}[a]
	if act == nil {
		return out, &APIError{Status: http.StatusNotFound, Message: "no such action: " + string(a)}
	}
	return out, dc.as(ctx, "POST /api/v1/jobs/{name}/"+string(a), pathArgs{"name": name}, func(ctx context.Context) (err error) {
		out, err = act(ctx, name)
		return err
	})
}

// pathArgs are the wildcards of a route's path ({name}, {id}, …).
type pathArgs map[string]string

// as runs fn as the API's route pattern ("METHOD /path/{wildcard}") with
// args in its path, a success answering 200: behind that route's auth
// (role and audit, from routes()), so a refusal, or an error of fn, is
// the *APIError the API would answer.
func (dc *daemonConsole) as(ctx context.Context, pattern string, args pathArgs, fn func(context.Context) error) error {
	return dc.asAnswering(ctx, pattern, args, http.StatusOK, fn)
}

// asAnswering is as for a route whose success is status ok (201 Created,
// 204 No Content), which the audit entry records as the API's does.
func (dc *daemonConsole) asAnswering(ctx context.Context, pattern string, args pathArgs, ok int, fn func(context.Context) error) error {
	var rt route
	for _, r := range dc.routes() {
		if r.method+" "+r.path == pattern {
			rt = r
		}
	}
	if rt.path == "" {
		return fmt.Errorf("console: no API route %s", pattern)
	}
	path := rt.path
	for k, v := range args {
		path = strings.ReplaceAll(path, "{"+k+"}", url.PathEscape(v))
	}
	req, err := http.NewRequestWithContext(ctx, rt.method, path, nil)
	if err != nil {
		return fmt.Errorf("console request %s: %w", path, err)
	}
	req.RequestURI = path
	for k, v := range args {
		req.SetPathValue(k, v)
	}
	a := newAnswer()
	dc.auth(rt.need, rt.act, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := fn(r.Context()); err != nil {
			dc.writeError(w, r, err)
			return
		}
		w.WriteHeader(ok)
	})).ServeHTTP(a, req)
	if a.status == 0 || a.status/100 == 2 {
		return nil
	}
	ae := &APIError{Status: a.status}
	_ = json.Unmarshal(a.body.Bytes(), ae)
	return ae
}

// answer keeps an in-process answer of the API for the console: its
// status, headers and body.
type answer struct {
	header http.Header
	status int // 0 until written
	body   bytes.Buffer
}

var _ http.ResponseWriter = (*answer)(nil)

func newAnswer() *answer { return &answer{header: http.Header{}} }

func (a *answer) Header() http.Header { return a.header }

func (a *answer) WriteHeader(code int) {
	if a.status == 0 {
		a.status = code
	}
}

func (a *answer) Write(b []byte) (int, error) {
	a.WriteHeader(http.StatusOK)
	return a.body.Write(b)
}
