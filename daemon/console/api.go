package console

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// The console's view of the API's answers (docs/openapi.yaml): only the
// fields its pages show.
type jobView struct {
	Name     string    `json:"name"`
	State    string    `json:"state"`
	Alert    string    `json:"alert"`
	Seeds    []string  `json:"seeds"`
	Strategy string    `json:"strategy"`
	Mode     string    `json:"mode"`
	Schedule string    `json:"schedule"`
	NextRun  time.Time `json:"next_run"`
	LastRun  *runView  `json:"last_run"`
	Live     *struct {
		Capture int64 `json:"capture"`
		Resumed bool  `json:"resumed"`
		Fetched int64 `json:"fetched"`
		Failed  int64 `json:"failed"`
		Queued  int64 `json:"queued"`
	} `json:"live"`
	// Runs are the job's latest runs (GET …/runs), newest first: the
	// job list's history.
	Runs []runView `json:"-"`
}

// runView is one run of a job's capture (GET /api/v1/jobs/{name}/runs).
type runView struct {
	Capture    int64     `json:"capture"`
	Node       string    `json:"node"`
	StopReason string    `json:"stop_reason"`
	Scheduled  time.Time `json:"scheduled"`
	Started    time.Time `json:"started"`
	Ended      time.Time `json:"ended"`
	Fetched    int64     `json:"fetched"`
	Failed     int64     `json:"failed"`
	Records    int64     `json:"records"`
	Elapsed    float64   `json:"elapsed_seconds"`
	Error      string    `json:"error"`
}

type statusView struct {
	State      string     `json:"state"`
	Alert      string     `json:"alert"`
	Capture    int64      `json:"capture"`
	Resumed    bool       `json:"resumed"`
	Fetched    int64      `json:"fetched"`
	Failed     int64      `json:"failed"`
	Blocked    int64      `json:"robots_blocked"`
	Known      int64      `json:"discovered"`
	Queued     int64      `json:"queued"`
	InFlight   int        `json:"in_flight"`
	Records    int64      `json:"records"`
	Elapsed    float64    `json:"elapsed_seconds"`
	Rate       float64    `json:"pages_per_second"`
	Phase      string     `json:"phase"`
	ETA        float64    `json:"eta_seconds"`
	Hosts      []hostView `json:"hosts"`
	HostsTotal int        `json:"hosts_total"`
	Errors     int64      `json:"errors"`
	HostsAsOf  time.Time  `json:"hosts_as_of"`
}

type hostView struct {
	Host           string       `json:"host"`
	Queued         int          `json:"queued"`
	InFlight       int          `json:"in_flight"`
	NextReady      time.Time    `json:"next_ready"`
	PolitenessWait float64      `json:"politeness_wait_seconds"`
	Delay          float64      `json:"delay_seconds"`
	RobotsDelay    float64      `json:"robots_crawl_delay_seconds"`
	Fetched        int64        `json:"fetched"`
	Errors         int64        `json:"errors"`
	ByClass        errorClasses `json:"errors_by_class"`
	Rate           float64      `json:"fetches_per_second"`
	Parked         bool         `json:"parked"`
	WaitingForSlot bool         `json:"waiting_for_slot"`
}

// errorClasses are a host's failed fetches by class, as the daemon's
// status API counts them (daemon.HostErrorClasses).
type errorClasses struct {
	HTTP4xx int64 `json:"http_4xx"`
	HTTP5xx int64 `json:"http_5xx"`
	Network int64 `json:"network"`
	Blocked int64 `json:"blocked"`
	Other   int64 `json:"other"`
}

type captureView struct {
	ID     int64  `json:"id"`
	Job    string `json:"job"`
	Status string `json:"status"`
	// StopReason and Completeness are the daemon's one account of how
	// the capture ended.
	StopReason   string      `json:"stop_reason"`
	Completeness string      `json:"completeness"`
	Started      time.Time   `json:"started"`
	Finished     time.Time   `json:"finished"`
	Strategy     string      `json:"strategy"`
	Mode         string      `json:"mode"`
	HasReport    bool        `json:"has_report"`
	Totals       *totalsView `json:"totals"`
}

// totalsView is a stored report's page counts (report.Totals).
type totalsView struct {
	Pages                  int `json:"pages"`
	Coherent               int `json:"coherent"`
	Changed                int `json:"changed"`
	ChangedInsignificantly int `json:"changed_insignificantly"`
	Deleted                int `json:"deleted"`
	New                    int `json:"new"`
	Failed                 int `json:"failed"`
	DownloadedOnce         int `json:"downloaded_once"`
}

// APIError is an answer other than 2xx, with the API's message and
// details (a job's problems, one "FILE:LINE: FIELD: MSG" each).
type APIError struct {
	Status  int
	Message string
	Details []string
}

func (e *APIError) Error() string { return fmt.Sprintf("%d: %s", e.Status, e.Message) }

// call GETs path of the API in-process (see do).
func (c *Console) call(ctx context.Context, path string, header http.Header) (*Answer, error) {
	return c.do(ctx, http.MethodGet, path, header, nil)
}

// do asks the daemon's API in-process, as the context's principal, and
// returns its answer; a non-2xx answer is an *APIError too.
func (c *Console) do(ctx context.Context, method, path string, header http.Header, body []byte) (*Answer, error) {
	a, err := c.api.Ask(ctx, Request{Method: method, Path: path, Header: header, Body: bytes.NewReader(body)})
	if err != nil {
		return nil, err
	}
	if a.Status/100 != 2 {
		return a, answerError(a)
	}
	return a, nil
}

// answerError is the *APIError of a non-2xx answer.
func answerError(a *Answer) error {
	var body struct {
		Error   string   `json:"error"`
		Details []string `json:"details"`
	}
	_ = json.Unmarshal(a.Body, &body)
	return &APIError{Status: a.Status, Message: body.Error, Details: body.Details}
}

// get decodes a JSON answer of the API into out.
func (c *Console) get(ctx context.Context, path string, out any) error {
	a, err := c.call(ctx, path, nil)
	if err != nil {
		return err
	}
	return json.NewDecoder(io.LimitReader(bytes.NewReader(a.Body), maxAnswer)).Decode(out)
}

// maxAnswer bounds what the console decodes from one API answer.
const maxAnswer = 64 << 20
