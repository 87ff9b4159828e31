package console

import (
	"context"
	"io"
	"net/http"

	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/daemon/apitypes"
	"github.com/sharc-archive/sharc/store"
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
// as the routes of docs/api.md answer them (same roles, same audit). The
// typed methods are what the pages read, each named by its route; Ask is
// for the rest (forms that post, bodies the console passes on as they
// come).
type API interface {
	// Jobs is GET /api/v1/jobs: the jobs not archived, by name.
	Jobs(ctx context.Context) ([]apitypes.JobInfo, error)
	// Job is GET /api/v1/jobs/{name}.
	Job(ctx context.Context, name string) (apitypes.JobInfo, error)
	// Runs is GET /api/v1/jobs/{name}/runs?limit=limit, newest first.
	Runs(ctx context.Context, name string, limit int) ([]apitypes.RunInfo, error)
	// Status is GET /api/v1/jobs/{name}/status.
	Status(ctx context.Context, name string) (apitypes.Status, error)
	// Captures is GET /api/v1/jobs/{name}/captures, oldest first.
	Captures(ctx context.Context, name string) ([]apitypes.CaptureInfo, error)
	// Capture is GET /api/v1/captures/{id}.
	Capture(ctx context.Context, id int64) (apitypes.CaptureInfo, error)
	// Diff is GET /api/v1/captures/{id}/diff?url=u, with &against= unless
	// against is 0.
	Diff(ctx context.Context, id int64, u string, against int64) (apitypes.PageDiff, error)
	// LogSearch is GET /api/v1/captures/{id}/log: one page of the
	// capture's crawl.log lines that q keeps.
	LogSearch(ctx context.Context, id int64, q apitypes.LogQuery) (apitypes.LogSearch, error)
	// Changes is GET /api/v1/captures/{id}/changes: the capture's URLs
	// against the previous capture's, limit of them (every k-th with
	// sample).
	Changes(ctx context.Context, id int64, limit int, sample bool) (apitypes.CaptureChanges, error)
	// Series is GET /api/v1/jobs/{name}/changes: each finished capture's
	// URLs counted against the one before, oldest first.
	Series(ctx context.Context, name string) ([]apitypes.SeriesPoint, error)
	// Cluster is GET /api/v1/cluster: each open capture's nodes.
	Cluster(ctx context.Context) (apitypes.ClusterInfo, error)
	// Users is GET /api/v1/users: every account (an admin's).
	Users(ctx context.Context) ([]apitypes.UserInfo, error)
	// AddAccount is POST /api/v1/users: the account with its token.
	AddAccount(ctx context.Context, name, role string) (apitypes.NewUser, error)
	// RevokeAccount is DELETE /api/v1/users/{name}.
	RevokeAccount(ctx context.Context, name string) error
	// AuditTrail is GET /api/v1/audit: the oldest limit entries (job's
	// only, unless ""), oldest first.
	AuditTrail(ctx context.Context, job string, limit int) ([]store.AuditEntry, error)
	// CrawlLog reads the capture's crawl.log (GET
	// /api/v1/captures/{id}/logs/crawl.log): at most limit bytes from
	// byte from on, or with from < 0 its last -from bytes.
	CrawlLog(ctx context.Context, id, from int64, limit int) (LogPart, error)
	// Uploads is GET /api/v1/waczs, newest first.
	Uploads(ctx context.Context) ([]apitypes.WACZUpload, error)
	// Upload is GET /api/v1/waczs/{upload}.
	Upload(ctx context.Context, id string) (apitypes.WACZUpload, error)
	// DeleteUpload is DELETE /api/v1/waczs/{upload}.
	DeleteUpload(ctx context.Context, id string) error
	// Act is POST /api/v1/jobs/{name}/{a}: pause, resume or cancel.
	Act(ctx context.Context, name string, a JobAction) (apitypes.JobInfo, error)
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

// LogPart is a run of a crawl.log's bytes: Text from byte From on, of a
// log of Size bytes when it was read.
type LogPart struct {
	From, Size int64
	Text       []byte
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
