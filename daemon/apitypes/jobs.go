package apitypes

import (
	"strings"
	"time"

	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/store"
)

// JobInfo is a job as the API shows it.
type JobInfo struct {
	Name      string    `json:"name"`
	ID        int64     `json:"id"`
	State     string    `json:"state"` // idle, queued, running, paused
	Alert     string    `json:"alert,omitempty"`
	Seeds     []string  `json:"seeds"`
	Strategy  string    `json:"strategy"`
	Mode      string    `json:"mode"`
	WARCDir   string    `json:"warc_dir"`
	Schedule  string    `json:"schedule,omitempty"`
	NextRun   time.Time `json:"next_run,omitzero"`
	Capture   int64     `json:"capture,omitempty"` // of the running run, once opened
	Submitted time.Time `json:"submitted"`
	Archived  time.Time `json:"archived,omitzero"`
	LastRun   *RunInfo  `json:"last_run,omitempty"`
	// Live is the running capture's counts now (GET /jobs): the job
	// list shows them, not the previous run's.
	Live *LiveCounts `json:"live,omitempty"`
	YAML string      `json:"yaml,omitempty"`
}

// LiveCounts are a running capture's counts, all its runs included, as
// the status API gives them.
type LiveCounts struct {
	Capture    int64   `json:"capture"`
	Resumed    bool    `json:"resumed"`
	Fetched    int64   `json:"fetched"`
	Failed     int64   `json:"failed"`
	Queued     int64   `json:"queued"`
	Elapsed    float64 `json:"elapsed_seconds"`
	Discovered int64   `json:"discovered"`
}

// RunInfo is one run of a job's capture (a start, a resume or a
// scheduled start), as kept in the store: last_run and GET …/runs.
// Fetched, Failed, Records and Bytes are what this run archived.
type RunInfo struct {
	ID         int64     `json:"id"`
	Capture    int64     `json:"capture"`
	Node       string    `json:"node,omitempty"` // cluster mode: the node that ran it
	StopReason string    `json:"stop_reason"`    // the crawler's, or paused, cancelled, alert, interrupted, killed
	Scheduled  time.Time `json:"scheduled,omitzero"`
	Started    time.Time `json:"started"`
	Ended      time.Time `json:"ended,omitzero"`
	Fetched    int64     `json:"fetched"`
	Failed     int64     `json:"failed"`
	Records    int64     `json:"records"`
	Bytes      int64     `json:"bytes"`
	Elapsed    float64   `json:"elapsed_seconds"`
	Error      string    `json:"error,omitempty"`
}

// CaptureInfo is one capture of a job.
type CaptureInfo struct {
	ID     int64               `json:"id"`
	Job    string              `json:"job"`
	Status store.CaptureStatus `json:"status"`
	// StopReason and Completeness are the capture's one account of how
	// it ended, as its report, the CLI and the console give it.
	StopReason   string             `json:"stop_reason,omitempty"`
	Completeness store.Completeness `json:"completeness"`
	Started      time.Time          `json:"started"`
	Finished     time.Time          `json:"finished,omitzero"`
	Strategy     string             `json:"strategy"`
	Mode         string             `json:"mode"`
	HasReport    bool               `json:"has_report"`
	// Folder is the capture's folder on the daemon's file system (WARCs,
	// crawl.log, reports; docs/job-folder.md), empty for a capture begun
	// before capture folders and not opened since (jobdir.Migrate).
	Folder string `json:"folder,omitempty"`
	// Totals are the stored report's page counts by status (absent
	// without a report): what the console's series plot stacks.
	Totals *report.Totals `json:"totals,omitempty"`
}

// Status is a job's live state: enough to answer "why is it slow".
type Status struct {
	Job      string  `json:"job"`
	State    string  `json:"state"`
	Alert    string  `json:"alert,omitempty"`
	Capture  int64   `json:"capture,omitempty"`
	Resumed  bool    `json:"resumed"`
	Fetched  int64   `json:"fetched"`
	Failed   int64   `json:"failed"`
	Blocked  int64   `json:"robots_blocked"`
	Known    int64   `json:"discovered"`
	Queued   int64   `json:"queued"`
	InFlight int     `json:"in_flight"`
	Bytes    int64   `json:"bytes"`
	Records  int64   `json:"records"`
	Elapsed  float64 `json:"elapsed_seconds"`
	Rate     float64 `json:"pages_per_second"`
	// Phase is visit or revisit while a capture runs (crawler.Stats.Phase).
	Phase string `json:"phase,omitempty"`
	// ETA estimates the seconds left of a running capture (remainingSeconds).
	ETA   float64          `json:"eta_seconds,omitempty"`
	Hosts []HostStatusJSON `json:"hosts"`
	// HostsTotal counts every host; Hosts is cut to ?hosts=N (default 50),
	// the ones with the most queued URLs first.
	HostsTotal int `json:"hosts_total"`
	// Errors and ErrorsByClass add up every host's errors (all hosts,
	// not only those listed): the top row and the host rows count the
	// same failures of the same capture.
	Errors        int64       `json:"errors"`
	ErrorsByClass ErrorCounts `json:"errors_by_class"`
	// HostsAsOf is when the hosts were last seen, for a job whose run has
	// stopped (paused, idle): its rows are the last known, not live.
	HostsAsOf time.Time `json:"hosts_as_of,omitzero"`
}

// HostStatusJSON is one host queue in Status.
type HostStatusJSON struct {
	Host           string    `json:"host"`
	URLs           int       `json:"urls"`
	Finished       int       `json:"finished"`
	Queued         int       `json:"queued"`
	InFlight       int       `json:"in_flight"`
	NextReady      time.Time `json:"next_ready"`
	PolitenessWait float64   `json:"politeness_wait_seconds"`
	Delay          float64   `json:"delay_seconds"`
	CrawlDelay     float64   `json:"robots_crawl_delay_seconds"`
	Fetched        int64     `json:"fetched"`
	Errors         int64     `json:"errors"`
	// ErrorsByClass counts the failed fetches by class, every class
	// present (HostErrorClasses); blocked includes robots exclusions,
	// which Errors leaves out.
	ErrorsByClass ErrorCounts `json:"errors_by_class"`
	Bytes         int64       `json:"bytes"`
	FetchRate     float64     `json:"fetches_per_second"`
	// Parked: the host's URLs are only in the store (max_active_hosts);
	// WaitingForSlot: it has work and waits for an active host's place.
	Parked         bool `json:"parked"`
	WaitingForSlot bool `json:"waiting_for_slot"`
}

// APIError is every error response body.
type APIError struct {
	Status  int      `json:"-"`
	Message string   `json:"error"`
	Details []string `json:"details,omitempty"`
}

func (e *APIError) Error() string {
	if len(e.Details) > 0 {
		return e.Message + ":\n" + strings.Join(e.Details, "\n")
	}
	return e.Message
}
