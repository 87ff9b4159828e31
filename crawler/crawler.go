package crawler

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/browserfetch"
	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/extract"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/crawler/traps"
	"github.com/sharc-archive/sharc/crawler/upload"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// Record phases: a visit, a revisit, or one download serving as both when
// the last visit and the first revisit collapse (Def. 5.5).
const (
	PhaseVisit        = "visit"
	PhaseRevisit      = "revisit"
	PhaseVisitRevisit = "visit+revisit"
)

// Options tune a crawl beyond the job file.
type Options struct {
	// Progress, if non-nil, is called about every ProgressEvery with the
	// current counters.
	Progress      func(Stats)
	ProgressEvery time.Duration
	// CrawlLogPath overrides where crawl.log goes (default: the capture
	// folder's logs/crawl.log, see package jobdir).
	CrawlLogPath string
	Observer     Observer // receives fetch, decision and WARC events (metrics); nil for none
	// Rates, if non-nil, replaces the job's change-rate cascade (e.g. an
	// oracle in experiments that know the true rates).
	Rates changerate.Source
	// Cluster, if non-nil, runs this process as one node of several
	// sharing the capture (see cluster.go); nil is the single-node crawl.
	Cluster *ClusterOptions
	// JobFile names the job file this run comes from (sharc crawl: its
	// absolute path; the daemon: the submitted file name). A new capture
	// records it as its owner, and a refused run names it (OwnerError).
	JobFile string
	// Resume makes the run continue the job's running capture only: it
	// fails with ErrNoRunningCapture instead of starting a new one.
	Resume bool
	// DigestCache is how many payload digests deduplication keeps in
	// memory (0: DefaultDigestCache). Digests beyond it are looked up in
	// the store, so it trades memory for store queries, never exactness.
	DigestCache int
	// WARCGzipLevel, when not 0, overrides the job's warc.gzip_level
	// (benchmarks compare levels on one job); see warc.Config.GzipLevel.
	WARCGzipLevel int
	// DialCheck, if non-nil, is called with each resolved address the
	// network guard let through, just before connecting; an error refuses
	// the connection. Tests use it as a safety net that no packet leaves
	// loopback even if the guard were broken.
	DialCheck func(network, address string) error
	// Uploader, if non-nil, builds the client of the job's warc.upload
	// (the daemon: from its remotes, dialling through its network guard);
	// nil reads the credentials from the environment variables the job
	// names (`sharc crawl`), and refuses warc.upload.remote.
	Uploader func(ctx context.Context, u *job.Upload) (*upload.Client, error)
	// ReadRatesModel, if non-nil, reads the file rates_model names (the
	// daemon: only inside its models_dir); nil reads it as a path.
	ReadRatesModel func(name string) ([]byte, error)
	// RobotsRetry is how long a robots.txt that failed is waited for
	// before it is asked again (0: DefaultRobotsRetry); tests shorten it.
	RobotsRetry time.Duration
	// Wait makes a run whose capture another live process owns wait
	// until it stops (bounded by the run's context) instead of failing
	// at once with a *store.CaptureBusyError.
	Wait bool
	// OwnerHeartbeat is how often the owner record is refreshed
	// (0: DefaultOwnerHeartbeat); OwnerRetry how often a waiting run
	// tries the lock again (0: DefaultOwnerRetry).
	OwnerHeartbeat, OwnerRetry time.Duration
	// Now, if non-nil, is the clock of the owner record (tests).
	Now func() time.Time
	// TLSRoots, if non-nil, are the root certificates server chains are
	// verified against instead of the system's (tests).
	TLSRoots *x509.CertPool
	// Proxy, if set, is the operator's forward proxy, used instead of the
	// job's fetch.proxy: "http://[user:password@]host:port". Its
	// credentials come from the operator (sharc crawl's SHARC_PROXY, the
	// daemon's config), never from a job file; they are sent to the proxy
	// only (Proxy-Authorization) and never archived or logged.
	Proxy string
	// SiteScripts is the directory of site-specific behaviour scripts
	// (capture.browser.behaviors: site) the operator grants: sharc
	// crawl's --site-scripts, the daemon's site_scripts. A job never
	// names it; a job asking for site behaviours without one is refused.
	SiteScripts string
	// Secrets are the credentials and cookies.txt files the operator
	// grants the run by name (sharc crawl's --credentials file and
	// SHARC_CREDENTIALS_*, the daemon's config): the job's auth: entries
	// and cookies: name them. Never read from a job; never logged.
	Secrets siteauth.Secrets
	// BrowserProfile, if set, is a Chromium profile directory (sharc
	// crawl --browser-profile) whose cookies the capture's jar starts
	// with: a browser's logged-in session (browserfetch.ProfileCookies).
	BrowserProfile string
}

// Stats are a capture's running counters.
type Stats struct {
	CaptureID  int64
	Resumed    bool
	Fetched    int64 // URIs with an HTTP response archived (pages, prerequisites, browser pages' sub-resources)
	Failed     int64
	Blocked    int64 // precluded by robots.txt
	Discovered int64 // URLs in the frontier
	Queued     int64 // not yet finished
	Bytes      int64 // response bytes received
	Records    int64 // index rows: every WARC record but the warcinfo opening each file
	Responses  int64 // this run's response records (Fetched − Earlier.Fetched = Responses + Revisits)
	Revisits   int64 // this run's revisit records: unchanged, not modified or duplicate payloads
	// CommitGroups counts this run's group commits (one store
	// transaction each, over one WARC fsync, or a few when the indexer
	// fell behind the writer): Fetched/CommitGroups is how many pages a
	// commit served.
	CommitGroups int64
	// Serial is the group committer's time by step and the pages it
	// committed (serial.go): Serial.PerPage() is the serial time per
	// page that bounds the run's rate on any number of cores.
	Serial SerialTimes
	// Phase is PhaseVisit until this run downloads its first revisit (or
	// visit+revisit, the pyramid's apex, Def. 5.5) task, PhaseRevisit
	// after: a visit–revisit capture visits every page before it
	// revisits any (Algorithm 1), so the phase only moves forward.
	Phase      string
	Elapsed    time.Duration
	StopReason StopReason // see stopreason.go
	WARCFiles  []string
	CrawlLog   string
	// Folder is the capture's folder (see package jobdir), the one
	// source of where its files are (WARCDir); empty only when the run
	// stopped before it opened the capture.
	Folder string

	// Earlier is what the capture's earlier runs archived when this run
	// resumed it; Fetched, Failed, Blocked, Bytes and Records include it
	// (this run's own are the difference). Bytes of earlier runs are their
	// archived response payloads. Zero for a new capture and for a
	// cluster node, which counts its own run only.
	Earlier store.CaptureTotals

	// Uploaded counts WARC files uploaded (warc.upload) by this run, its
	// own and earlier runs' pending ones; UploadError says why others
	// were not (they stay local and pending), "" if none failed.
	Uploaded    int
	UploadError string

	// LoggedIn says which hosts the capture crawled logged in and as
	// whom, "HOST as ACCOUNT (KIND)", this run's logins and the ones a
	// resume carried on with (login.go); nil without any.
	LoggedIn []string
}

// Crawler runs one capture run of one job (see doc.go for the contract).
// Its configuration, set by New, never changes; its per-run state is made
// by Run, which may be called once.
type Crawler struct {
	config
	runState
}

// config is what New is given, and the chain of stages assembled from
// the job. Run only adds fields to log.
type config struct {
	job        *job.Job
	store      store.Store
	log        *zap.Logger
	reg        *scheduler.Registry
	opts       Options
	chain      chain            // the stages each task goes through (chain.go)
	candidates []candidateStage // the stages each new URL goes through (candidates.go)
}

// runState is one Run's state: made by Run's set-up, then shared by the
// workers, the committer and the coordinator's loop under the locks and
// atomics noted.
type runState struct {
	ran       atomic.Bool // Run was called (ErrRunTwice)
	coord     coordinator // single node or cluster node (coord.go)
	fetch     *fetcher
	prov      *provenance // connection records written once (provenance.go)
	robots    *robotsCache
	scope     *scope
	frontier  *frontier.Frontier
	held      atomic.Pointer[frontier.Frontier] // frontier, for Held while Run sets it up
	warc      *warc.Writer
	clog      *crawllog.Writer
	folder    jobdir.Folder // the capture's folder
	warcDir   string        // where this capture's WARC files go
	capture   store.Capture
	cl        *cluster           // the cluster node's state; nil on a single node
	upl       *uploads           // nil unless the job sets warc.upload
	browser   *browserfetch.Pool // nil unless the job sets capture.browser
	auth      *authState         // the session; nil unless the job sets auth: or cookies: (login.go)
	wired     chain              // config's chain, each stage given its parts of this run (wire)
	admitters []candidateStage   // config's candidates, likewise (wireCandidates)

	// toCommit feeds the group committer (see committer).
	toCommit chan *archived
	// busy tells the committer whether more exchanges may come soon.
	busy *workload
	// pendingSlots bounds the exchanges handed off (handOff) and not yet
	// committed: pendingPerWorker × workers.
	pendingSlots chan struct{}
	// afterCommits counts the handed-off tasks whose chain has not
	// finished (afterCommit); the run waits for them before it ends.
	afterCommits sync.WaitGroup
	// failRun stops the run with a task's error, the first one kept
	// (runWorkers).
	failRun func(error)
	// serial times the committer's steps (serial.go).
	serial *serialTimes
	// commitErr, once set, is the failed group commit that ended the
	// WARC unit; the committer's two stages share it under commitMu
	// (failure, setFailure).
	commitMu  sync.Mutex
	commitErr error
	// parkMu serialises numbering URLs (commit) with loading a parked
	// host (activate), so no URL is assigned to a host whose rows are
	// being read.
	parkMu sync.Mutex
	// logMu serialises writing a commit's crawl.log lines with the commit
	// that records their mark (logThenMark), so every line before a
	// recorded mark belongs to a landed commit. Taken after parkMu or
	// cl.mu, never before.
	logMu sync.Mutex

	dedup *dedup // payload digest → first response with it, bounded

	// textBufs holds idle buffers for the normalised text textDigest
	// hashes: one per page was a tenth of the crawler's own allocations.
	textBufs chan []byte

	// refreshRepo is a new refresh cycle's repository, read when it is
	// seeded and handed to its driver (refresh.go); nil otherwise.
	refreshRepo *refreshRepo

	started time.Time
	resumed bool
	// earlier is what the capture's earlier runs archived (a resume);
	// stats adds it to this run's counters.
	earlier store.CaptureTotals
	// limitBase is what the capture held when this run started, which
	// scope.max_pages and max_bytes count on from (limits.go): earlier
	// for a single process; every node's records for a cluster node.
	limitBase store.CaptureTotals

	rates          changerate.Source
	useHistory     bool // the cascade reads capture history (one store query per new URL)
	smMu           sync.Mutex
	sitemapsSeen   map[string]struct{}
	sitemapNamers  map[string][]string           // by SURT: the hosts whose robots.txt named the sitemap (or its index)
	sitemapCount   map[string]int                // sitemaps queued per host (limits.max_sitemaps_per_host)
	sitemapEntries map[string]extract.SitemapURL // by SURT: changefreq/lastmod for the rate cascade, while their sitemap commits
	sitemapSlots   chan struct{}                 // bounds sitemaps read at once (maxSitemapsAtOnce)

	traps *traps.Checker // limits: URL-level trap defences
	drops *dropLog       // dropped URLs logged lately

	fetched, failed, blocked, bytes, records, pages atomic.Int64
	finished                                        atomic.Int64
	responses, revisits                             atomic.Int64 // by record type (countRecords)
	groups                                          atomic.Int64 // group commits that landed
	revisitPhase                                    atomic.Int64 // downloads of a revisit (or visit+revisit) task this run
	handed                                          atomic.Int64 // pages handed to the committer this run (writeStage)
	stop                                            context.CancelCauseFunc
}

// New prepares a crawler for j using st as index and frontier store.
func New(j *job.Job, st store.Store, reg *scheduler.Registry, log *zap.Logger, opts Options) *Crawler {
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 10 * time.Second
	}
	return &Crawler{config: config{job: j, store: st, reg: reg, log: log, opts: opts, chain: assemble(j), candidates: assembleCandidates(j)}}
}

// errLimit is the cancellation cause when a scope limit stops the crawl.
type errLimit struct{ reason StopReason }

func (e errLimit) Error() string { return "limit reached: " + string(e.reason) }

// setUpFolder makes (or, resuming, finds) the capture's folder under the
// job folder (warc.dir) and returns the crawl.log path. A capture resumed
// from before capture folders (its files flat in warc.dir) is moved into
// its folder first (jobdir.Migrate), so every capture has one.
func (c *Crawler) setUpFolder(ctx context.Context, yamlText []byte, node string) (string, error) {
	root := c.job.WARC.Dir
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", fmt.Errorf("warc dir: %w", err)
	}
	f := jobdir.Path(root, c.capture.ID, c.capture.Started)
	if c.resumed && !f.Exists() {
		if _, err := MigrateFolder(ctx, c.store, root, c.capture); err != nil {
			return "", err
		}
	}
	if err := jobdir.Create(f, yamlText); err != nil {
		return "", err
	}
	c.folder, c.warcDir = f, f.WARCs()
	logPath := c.opts.CrawlLogPath
	if logPath == "" {
		logPath = f.CrawlLog(node)
	}
	return logPath, nil
}

// MigrateFolder is capture c's folder under the job folder root, after
// moving a capture written before capture folders into it
// (jobdir.Migrate; the store's index names its WARC files). Only the
// capture's owner may call it: a resumed run, or the daemon for a
// stopped capture of its job.
func MigrateFolder(ctx context.Context, st store.Store, root string, c store.Capture) (jobdir.Folder, error) {
	ends, err := st.FileEnds(ctx, c.ID)
	if err != nil {
		return "", fmt.Errorf("store: %w", err)
	}
	names := make([]string, 0, len(ends))
	for n := range ends {
		names = append(names, n)
	}
	return jobdir.Migrate(root, c.ID, c.Started, names)
}

func (c *Crawler) closeOutputs() error {
	if c.fetch != nil {
		c.fetch.pool.close()
	}
	var errs []error
	if err := c.warc.Close(); err != nil {
		c.log.Error("closing WARC", zap.Error(err))
		errs = append(errs, fmt.Errorf("closing WARC (resume repairs the file left .open): %w", err))
	}
	c.finishUploads() // after Close, which queues the last files
	if err := c.clog.Close(); err != nil {
		c.log.Error("closing crawl.log", zap.Error(err))
		errs = append(errs, fmt.Errorf("closing crawl.log: %w", err))
	}
	return errors.Join(errs...)
}

func (c *Crawler) stats(start time.Time, resumed bool) Stats {
	size := int64(c.frontier.Size())
	phase := PhaseVisit
	if c.revisitPhase.Load() > 0 {
		phase = PhaseRevisit
	}
	return Stats{
		CaptureID: c.capture.ID, Resumed: resumed,
		Fetched: c.earlier.Fetched + c.fetched.Load(), Failed: c.earlier.Failed + c.failed.Load(), Blocked: c.earlier.Blocked + c.blocked.Load(),
		Discovered: size, Queued: size - c.finished.Load(), Bytes: c.earlier.Bytes + c.bytes.Load(), Records: c.earlier.Records + c.records.Load(),
		Responses: c.responses.Load(), Revisits: c.revisits.Load(), CommitGroups: c.groups.Load(), Serial: c.serial.snapshot(), Phase: phase,
		Elapsed: time.Since(start), Earlier: c.earlier,
		Uploaded: c.upl.uploaded(), UploadError: c.upl.failure(),
	}
}

// HostStatus is one host queue's live state, to answer "why is it slow".
type HostStatus = frontier.HostStatus

// Status returns the running capture's counters and per-host queue states
// (next-ready times show politeness waits). It is safe to call while Run
// is running; before Run it returns zero values.
func (c *Crawler) Status() (Stats, []HostStatus) {
	if c.frontier == nil {
		return Stats{}, nil
	}
	return c.stats(c.started, c.resumed), c.frontier.Status()
}

// Held reports what the running capture's frontier holds in memory: the
// active hosts, their URLs, and the parked hosts (max_active_hosts). Safe
// to call while Run is running; zero before.
func (c *Crawler) Held() (activeHosts, activeURLs, parkedHosts int) {
	f := c.held.Load()
	if f == nil {
		return 0, 0, 0
	}
	return f.Held()
}
