package console

import (
	"context"
	"io"
	"net/http"

	"github.com/sharc-archive/sharc/crawler/report"
)

// Daemon is what the console asks of the daemon it runs in (package
// daemon implements it). Every call acts as the principal in its context
// (access.WithPrincipal: the console puts the session's person there), and
// the daemon checks that principal's role and writes the audit entry
// exactly as for the same REST call, so the console can do nothing its
// person's token could not do through the API. A refusal is an *APIError
// with the status and message the API would answer.
type Daemon interface {
	Accounts
	API
	Reports
}

// API answers the console's requests of the daemon's REST API in-process,
// as the routes of docs/api.md answer them (same roles, same audit).
type API interface {
	// Ask answers one request with the API's whole answer, whatever
	// its status.
	Ask(ctx context.Context, q Request) (*Answer, error)
	// ServeAPI streams the answer to r straight to w: a WACZ read by
	// ranges, never held in memory.
	ServeAPI(w http.ResponseWriter, r *http.Request)
}

// Reports reads stored quality reports as a stream.
type Reports interface {
	// Report calls summary with capture id's stored report (Pages and
	// Blocked empty), then page with each page in URL order: a report
	// of a million pages is never held whole. An error of a callback
	// stops the reading and is returned.
	Report(ctx context.Context, id int64, summary func(*report.Report) error, page func(*report.Page) error) error
}

// Request is one request of the API: Method (GET when ""), Path with its
// query, the headers that matter (Content-Type, Range) and a body.
type Request struct {
	Method string
	Path   string
	Header http.Header
	Body   io.Reader
}

// Answer is the API's answer to a Request.
type Answer struct {
	Status int
	Header http.Header
	Body   []byte
}
