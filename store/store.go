package store

import (
	"context"
	"errors"
	"time"

	"github.com/sharc-archive/sharc/warc"
)

// ErrNotFound is returned when a looked-up row does not exist.
var ErrNotFound = errors.New("store: not found")

// URLState is the life cycle of a frontier URL within a capture.
type URLState string

const (
	StateQueued  URLState = "queued"  // discovered, not yet fetched
	StateVisited URLState = "visited" // visit archived (or finally failed, see Outcome)
	StateDone    URLState = "done"    // nothing left to do (single-visit: visited; visit-revisit: revisited)
	StateBlocked URLState = "blocked" // excluded by robots.txt or scope after discovery
	StateFailed  URLState = "failed"  // gave up after retries
)

// Job is a named crawl job with its YAML text.
type Job struct {
	ID      int64
	Name    string
	YAML    string
	Created time.Time
	// Archived is when the job was archived (DELETE in the daemon's API);
	// zero while it is active.
	Archived time.Time
}

// CaptureStatus is where a capture is in its life: open (running or
// paused, resumable) or final.
type CaptureStatus string

const (
	// CaptureStatusRunning is open: being crawled, or interrupted and
	// resumed by the next run of its job. At most one per job.
	CaptureStatusRunning CaptureStatus = "running"
	// CaptureStatusPaused is open but stopped by an operator (or a
	// disk-full alert): the daemon resumes it only when asked.
	CaptureStatusPaused CaptureStatus = "paused"
	// CaptureStatusFinished: the crawl completed or reached a limit.
	CaptureStatusFinished CaptureStatus = "finished"
	// CaptureStatusFailed: set-up failed before the first seed was
	// committed (or a run stopped for good); nothing to resume.
	CaptureStatusFailed CaptureStatus = "failed"
	// CaptureStatusCancelled: cancelled through the daemon's API.
	CaptureStatusCancelled CaptureStatus = "cancelled"
	// CaptureStatusAbandoned: dropped by an operator from the command
	// line (sharc crawl --abandon-running) so the job can start afresh.
	CaptureStatusAbandoned CaptureStatus = "abandoned"
)

// Open reports whether a capture with this status may still be resumed.
func (s CaptureStatus) Open() bool {
	return s == CaptureStatusRunning || s == CaptureStatusPaused
}

// Capture is one run of a job.
type Capture struct {
	ID       int64
	JobID    int64
	Started  time.Time
	Finished time.Time // zero while running
	Status   CaptureStatus
	Strategy string
	Mode     string // "single-visit" or "visit-revisit"
	// Report is the capture quality report's summary (JSON without the
	// pages, whose rows EachReportPage reads), empty until written.
	// Captures reported before migration 0008 hold the whole report here.
	Report []byte
	// Owner is the job file and settings that started the capture (see
	// CaptureOwner); zero for captures started before migration 0006,
	// except that an open one's JobYAML holds its job's YAML as of then.
	Owner CaptureOwner
	// StopReason is why its crawl stopped for good (the crawler's stop
	// reasons: finished, max_pages, max_bytes, max_duration, ...); ""
	// while open or when not recorded (before migration 0018).
	StopReason string
}

// Completeness says whether a capture got everything its scope asked
// for: the one value every report, summary and page shows.
type Completeness string

const (
	// Complete: finished because the frontier ran dry.
	Complete Completeness = "complete"
	// Incomplete: stopped by a limit, cancelled, failed or abandoned.
	Incomplete Completeness = "incomplete"
	// InProgress: still open (running or paused); anything said of it is
	// provisional.
	InProgress Completeness = "in progress"
	// Unrecorded: finished before SHARC recorded why it stopped.
	Unrecorded Completeness = "not recorded"
)

// Completeness is the capture's completeness from its status and stop
// reason.
func (c Capture) Completeness() Completeness {
	switch {
	case c.Status.Open():
		return InProgress
	case c.Status != CaptureStatusFinished:
		return Incomplete
	case c.StopReason == "finished":
		return Complete
	case c.StopReason == "":
		return Unrecorded
	}
	return Incomplete
}

// CaptureOwner records which job file started a capture and with what
// settings, so a later run of a job of the same name can tell whether it
// may resume the capture (package crawler decides; the store only keeps
// the text).
type CaptureOwner struct {
	// JobFile names the job file as the operator gave it (sharc crawl:
	// its absolute path; the daemon: the submitted file name).
	JobFile string
	// JobYAML is the effective job (job.Marshal) the capture started with.
	JobYAML string
	// StoreIdentity is the Identity of the store the capture was started
	// in ("" for captures started before it was recorded): runs and
	// nodes agree they share the capture's store by it, not by the DSN
	// text of their job files.
	StoreIdentity string
}

// FrontierURL is one URL of a capture's frontier.
type FrontierURL struct {
	CaptureID int64
	URL       string // canonical URL
	SURT      string // SURT form of URL: the dedup key within a capture
	Host      string // lower-case host[:port] as in URL: the politeness queue
	Seq       int    // dense per (capture, host) discovery index: scheduler.Page.ID
	ParentSeq int    // Seq of the page it was discovered on, -1 for seeds
	HopPath   string // Heritrix discovery path, e.g. "LLE"
	Via       string // URL of the page it was discovered on, "" for seeds
	Rate      float64
	// RateSource names the change-rate source (history, predictor,
	// sitemap, default) that produced Rate; "" for URLs stored before the
	// column existed.
	RateSource string
	State      URLState
	// Attempts counts fetch attempts so far.
	Attempts int
}

// HostSummary is one host of a capture's frontier, in a few numbers.
type HostSummary struct {
	Host string
	URLs int
	// Finished counts URLs with nothing left to do: done, failed or
	// blocked (a visited URL may still get its revisit).
	Finished int
	// NextSeq is one more than the host's highest Seq: the first free one.
	NextSeq int
}

// Record is one archived WARC record as indexed.
type Record struct {
	CaptureID     int64
	URL           string
	SURT          string
	Time          time.Time // WARC-Date
	RecordType    warc.RecordType
	RecordID      string // WARC-Record-ID
	Status        int    // HTTP status, 0 for non-HTTP records
	MIME          string
	PayloadDigest string // e.g. "sha1:BASE32..." as in WARC-Payload-Digest
	// PayloadSHA256 is "sha256:HEX" of the payload whatever the WARC's
	// digest (the report's fingerprint); "" when unknown (records indexed
	// before migration 0022, records without a payload of their own).
	PayloadSHA256 string
	TextDigest    string // digest of normalised visible text, may be ""
	Length        int64  // payload length in bytes
	ETag          string
	LastModified  string
	WARCFile      string // file name (no directory) once closed, i.e. without ".open"
	Offset        int64  // byte offset of the record in the (compressed) file
	RecordLength  int64  // bytes the record takes in the file
	Phase         string // "visit" or "revisit"
}

// UploadState is where a closed WARC file is in its upload to object
// storage.
type UploadState string

const (
	// UploadPending: queued or failed so far; the file is still local.
	UploadPending UploadState = "pending"
	// UploadDone: the object was written and verified (size, checksum).
	UploadDone UploadState = "uploaded"
)

// WARCUpload is one closed WARC file's upload to object storage.
type WARCUpload struct {
	CaptureID int64
	File      string // file name as in Record.WARCFile
	LocalPath string // where the file was when it was queued
	State     UploadState
	ObjectURL string // s3://bucket/key once uploaded, "" before
	Size      int64  // bytes, once uploaded
	SHA256    string // lower-case hex of the file, once uploaded
	LastError string // the last failed attempt's error, "" if none
	Updated   time.Time
}

// StateChange sets the state of one URL.
type StateChange struct {
	SURT     string
	State    URLState
	Attempts int
}

// Batch is what the crawler commits atomically after one or more fetches:
// the records it wrote, the URL states they settle and the URLs they
// discovered. Because records, states and discoveries land in one
// transaction, a crash never leaves a URL marked done without its records
// nor records without their URL's state.
type Batch struct {
	CaptureID  int64
	Records    []Record
	States     []StateChange
	Discovered []FrontierURL // inserted unless the SURT is already in the capture
	// Fresh are URLs the committer knows the capture does not have yet
	// (the crawler's frontier has never seen them). PostgreSQL inserts
	// them without probing for a conflict first; should one be in the
	// capture after all, the commit is made again with Fresh treated as
	// Discovered, so the outcome is the same either way.
	Fresh []FrontierURL
	// Log, if set, records the length of a node's crawl.log in the same
	// transaction (see LogMark).
	Log *LogMark
	// Epochs, in cluster mode, names the lease epoch (Lease.Epoch) under
	// which the committing node fetched each host of the batch's records
	// and states: ClusterCommit refuses the whole batch (ErrStaleLease) if
	// any of those hosts is now leased to another node or at another
	// epoch. Single-node commits leave it nil.
	Epochs map[string]int64
	// Provenance indexes the connection records (dns:, resolve:, TLS)
	// written with the batch's exchanges (see HostProvenance).
	Provenance []HostProvenance
	// Graphs are the page graphs of the batch's pages (SetPageGraphs),
	// stored in the same transaction: a page's graph is kept exactly when
	// its records are. An invalid one (PageGraph.Check) fails the commit.
	Graphs []PageGraph
}

// Store is the index and frontier. Implementations are safe for concurrent
// use.
type Store interface {
	// Migrate applies the schema in migrations/ (idempotent).
	Migrate(ctx context.Context) error
	// UpsertJob creates the job or updates its YAML, returning it.
	UpsertJob(ctx context.Context, name, yaml string) (Job, error)
	// OpenCapture returns the job's running capture if there is one (resumed
	// == true), else starts a new one.
	OpenCapture(ctx context.Context, jobID int64, strategy, mode string) (c Capture, resumed bool, err error)
	// RunningCapture returns the running capture of the job named name,
	// or ErrNotFound if the job is unknown or has none. It reads only, so
	// a run can check it may resume the capture before touching the job.
	RunningCapture(ctx context.Context, name string) (Capture, error)
	// SetCaptureOwner records the job file and settings that own a
	// capture (a new capture, or an old one adopted on resume).
	SetCaptureOwner(ctx context.Context, captureID int64, o CaptureOwner) error
	// SetStopReason records why the capture's crawl stopped for good
	// (before FinishCapture).
	SetStopReason(ctx context.Context, captureID int64, reason string) error
	// FinishCapture sets a capture's final status (not running or paused)
	// and finish time.
	FinishCapture(ctx context.Context, captureID int64, status CaptureStatus) error
	// Capture returns one capture.
	Capture(ctx context.Context, captureID int64) (Capture, error)
	// Captures lists a job's captures, oldest first.
	Captures(ctx context.Context, jobID int64) ([]Capture, error)
	// SetReport stores a capture's quality report summary, after its page
	// rows (Reports.AddReportPages): a stored summary marks the report
	// complete.
	SetReport(ctx context.Context, captureID int64, report []byte) error
	// Reports streams what the quality report reads and stores.
	Reports
	// Changes compares a capture with an earlier one (the console's
	// change plots).
	Changes

	// Commit applies a batch in one transaction.
	Commit(ctx context.Context, b Batch) error
	// Frontier returns every URL of a capture (for resume), ordered by host
	// then Seq.
	Frontier(ctx context.Context, captureID int64) ([]FrontierURL, error)

	// HostFrontier returns every URL of one host of a capture, ordered by
	// Seq: what a crawl loads when it activates a parked host (see
	// frontier's MaxActive). Seqs may have gaps (a discovery that lost a
	// race on the capture's SURT keeps its seq unused).
	HostFrontier(ctx context.Context, captureID int64, host string) ([]FrontierURL, error)
	// FrontierHosts summarises a capture's frontier per host, ordered by
	// host: what a resumed crawl that holds only some hosts in memory
	// needs to know of the others.
	FrontierHosts(ctx context.Context, captureID int64) ([]HostSummary, error)
	// HostCounts counts one host's URLs of a capture by state (all zero
	// for a host the capture does not have), reading none of them.
	HostCounts(ctx context.Context, captureID int64, host string) (HostCounts, error)
	// HostQueued returns up to limit of one host's queued URLs whose Seq
	// is above afterSeq, ordered by Seq (limit ≤ 0: all of them): one page
	// of a host's queue, so that a caller answering a request holds no
	// more than it asks for. The last Seq returned starts the next page;
	// -1 starts the first.
	HostQueued(ctx context.Context, captureID int64, host string, afterSeq, limit int) ([]FrontierURL, error)
	// URLCount counts a capture's URLs in every state, reading none of
	// them: what a caller checks before it loads a whole Frontier.
	URLCount(ctx context.Context, captureID int64) (int, error)

	// Records returns a capture's records ordered by SURT then time (CDXJ
	// order).
	Records(ctx context.Context, captureID int64) ([]Record, error)
	// LastCapture returns the newest response record of url archived by an
	// earlier capture or this one (for conditional GET), or ErrNotFound.
	LastCapture(ctx context.Context, url string) (Record, error)
	// FirstByDigest returns the capture's first response record with the
	// payload digest (earliest WARC-Date, ties by insertion order): the
	// original a later identical payload of the capture is archived as a
	// revisit of. found is false if the capture has no such response;
	// revisit and other record types never match, nor do other captures'
	// records.
	FirstByDigest(ctx context.Context, captureID int64, digest string) (r Record, found bool, err error)
	// FileEnds returns, per WARC file name of the capture, the end offset of
	// the last indexed record (offset + record length): the length an .open
	// file is truncated to on repair.
	FileEnds(ctx context.Context, captureID int64) (map[string]int64, error)
	// CaptureTotals counts what a capture has archived so far, over all
	// its runs: a resumed run starts its counters from these.
	CaptureTotals(ctx context.Context, captureID int64) (CaptureTotals, error)
	// History returns every response and revisit record of url across all
	// captures, oldest first (by time, then insertion order); nil if there
	// are none. It is the evidence the change-rate "history" source reads:
	// the intervals between successive fetches and whether the payload
	// digest changed between them.
	History(ctx context.Context, url string) ([]Record, error)
	// HasHistory reports whether any capture other than captureID has
	// records. When none has, History can only return captureID's own
	// records, which the change-rate history source leaves out, so a first
	// capture skips one History query per discovered URL.
	HasHistory(ctx context.Context, captureID int64) (bool, error)
	// SetWARCUpload records where a closed WARC file of a capture is in
	// its upload to object storage (package upload), keyed by capture and
	// file name. An uploaded row is never set back to pending: a late
	// retry of a file another run already uploaded changes nothing.
	SetWARCUpload(ctx context.Context, u WARCUpload) error
	// WARCUploads returns a capture's upload rows ordered by file name;
	// nil if none.
	WARCUploads(ctx context.Context, captureID int64) ([]WARCUpload, error)
	// PendingWARCUploads returns the pending upload rows of every capture
	// of a job, ordered by capture then file: what a new run of the job
	// uploads before it crawls.
	PendingWARCUploads(ctx context.Context, jobID int64) ([]WARCUpload, error)
	// JobCaptureSizes returns, for the most recent capture with status
	// "finished" of captureID's job other than captureID itself, the
	// number of URLs per host in its frontier, not counting URLs blocked by
	// robots.txt or scope (they are never fetched). It is the estimated
	// site size used when a job says "estimated_size: auto". The map is
	// empty if there is no such capture; an unknown captureID is
	// ErrNotFound.
	JobCaptureSizes(ctx context.Context, captureID int64) (map[string]int, error)
	// SetRefreshCycle stores (or replaces) the metrics of a refresh
	// cycle, keyed by its capture; counts that contradict each other
	// (planned above budget, changed above downloads, …) are refused.
	SetRefreshCycle(ctx context.Context, r RefreshCycle) error
	// RefreshCycle returns a capture's refresh-cycle metrics, ErrNotFound
	// if it has none.
	RefreshCycle(ctx context.Context, captureID int64) (RefreshCycle, error)
	// CrawlLogMark returns the crawl.log length recorded by node's last
	// committed batch that carried a LogMark; ErrNotFound if none did.
	CrawlLogMark(ctx context.Context, captureID int64, node string) (int64, error)
	// SetSession saves (or replaces) a node's session of a capture: the
	// crawler's cookie jar and logins (issue 30); more than
	// MaxSessionBytes is refused.
	SetSession(ctx context.Context, s Session) error
	// Sessions returns a capture's saved sessions, one per node, ordered
	// by node; nil if none was saved.
	Sessions(ctx context.Context, captureID int64) ([]Session, error)
	// InFrontier reports which of surts are in the capture's frontier
	// (the urls table, whatever their state).
	InFrontier(ctx context.Context, captureID int64, surts []string) (map[string]bool, error)
	// SetPageGraphs stores (or replaces) the out-links, features and
	// categories of pages of a capture, one row per URL; a refresh cycle
	// of a later capture reads them (PageGraphs).
	SetPageGraphs(ctx context.Context, captureID int64, gs []PageGraph) error
	// PageGraphs returns a capture's page rows, by URL.
	PageGraphs(ctx context.Context, captureID int64) ([]PageGraph, error)
	// LockCapture makes h the owner of the capture of job h.Job, without
	// waiting: a *CaptureBusyError (ErrCaptureBusy) names the holders
	// when another live process owns it. A cluster node locks shared:
	// nodes share a capture, but exclude a single process and a second
	// process of the same node name. The lock dies with its process
	// (docs/architecture.md, "One owner per capture").
	LockCapture(ctx context.Context, h CaptureHolder, shared bool) (CaptureLock, error)
	// MaxURLBytes is the longest URL (and SURT) the store can index, 0
	// for no limit: PostgreSQL's B-tree entries hold at most 2704 bytes,
	// so a longer URL would fail its commit, and with it the crawl.
	MaxURLBytes() int

	Close() error
}

// PostgresMaxURLBytes is PostgreSQL's MaxURLBytes: its B-tree entries
// hold at most 2704 bytes (a third of a page), and an index of records
// puts a URL beside a time and an ID; the margin covers their headers.
const PostgresMaxURLBytes = 2500
