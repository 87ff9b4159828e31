package daemon

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/daemon/console"
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
	return dc.as(ctx, access.Viewer, "", "/api/v1/captures/"+idText+"/report", idText, func(ctx context.Context) error {
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

// as runs fn behind auth(need, act) as a GET of path (capture id), like
// the route of that path: a refusal, or an error of fn, is the
// *console.APIError the API would answer.
func (dc *daemonConsole) as(ctx context.Context, need access.Role, act access.Action, path, id string, fn func(context.Context) error) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, path, nil)
	if err != nil {
		return fmt.Errorf("console request %s: %w", path, err)
	}
	req.RequestURI = path
	req.SetPathValue("id", id)
	a := newAnswer()
	dc.auth(need, act, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := fn(r.Context()); err != nil {
			dc.writeError(w, r, err)
		}
	})).ServeHTTP(a, req)
	if a.status == 0 || a.status/100 == 2 {
		return nil
	}
	var ae APIError
	_ = json.Unmarshal(a.body.Bytes(), &ae)
	return &console.APIError{Status: a.status, Message: ae.Message, Details: ae.Details}
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
