package crawler

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
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
	"github.com/sharc-archive/sharc/frontier/urlcanon"
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
	// Folder is the capture's folder (see package jobdir); empty for a
	// capture begun before capture folders, whose files stay in warc.dir.
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
	ran      atomic.Bool // Run was called (ErrRunTwice)
	coord    coordinator // single node or cluster node (coord.go)
	fetch    *fetcher
	prov     *provenance // connection records written once (provenance.go)
	robots   *robotsCache
	scope    *scope
	frontier *frontier.Frontier
	held     atomic.Pointer[frontier.Frontier] // frontier, for Held while Run sets it up
	warc     *warc.Writer
	clog     *crawllog.Writer
	folder   jobdir.Folder // the capture's folder; "" for a capture begun before folders
	warcDir  string        // where this capture's WARC files go
	capture  store.Capture
	cl       *cluster           // the cluster node's state; nil on a single node
	upl      *uploads           // nil unless the job sets warc.upload
	browser  *browserfetch.Pool // nil unless the job sets capture.browser
	auth     *authState         // the session; nil unless the job sets auth: or cookies: (login.go)

	// toCommit feeds the group committer (see committer).
	toCommit chan *archived
	// busy tells the committer whether more exchanges may come soon.
	busy *workload
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
// from before capture folders keeps writing where it began: WARC files in
// warc.dir and crawl-ID.log beside them, so no capture is split.
func (c *Crawler) setUpFolder(ctx context.Context, yamlText []byte, node string) (string, error) {
	root := c.job.WARC.Dir
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", fmt.Errorf("warc dir: %w", err)
	}
	f := jobdir.Path(root, c.capture.ID, c.capture.Started)
	legacy := false
	if c.resumed && !f.Exists() {
		ends, err := c.store.FileEnds(ctx, c.capture.ID)
		if err != nil {
			return "", fmt.Errorf("store: %w", err)
		}
		legacy = len(ends) > 0
	}
	logPath := c.opts.CrawlLogPath
	if legacy {
		c.warcDir = root
		if logPath == "" {
			logPath = filepath.Join(root, fmt.Sprintf("crawl-%d.log", c.capture.ID))
			if node != "" {
				logPath = filepath.Join(root, fmt.Sprintf("crawl-%d-%s.log", c.capture.ID, node))
			}
		}
		return logPath, nil
	}
	if err := jobdir.Create(f, yamlText); err != nil {
		return "", err
	}
	c.folder, c.warcDir = f, f.WARCs()
	if logPath == "" {
		logPath = f.CrawlLog(node)
	}
	return logPath, nil
}

func (c *Crawler) closeOutputs() {
	if c.fetch != nil {
		c.fetch.pool.close()
	}
	if err := c.warc.Close(); err != nil {
		c.log.Error("closing WARC", zap.Error(err))
	}
	c.finishUploads() // after Close, which queues the last files
	if err := c.clog.Close(); err != nil {
		c.log.Error("closing crawl.log", zap.Error(err))
	}
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

func hostPoliteness(j *job.Job) map[string]frontier.Politeness {
	if len(j.Politeness.Hosts) == 0 {
		return nil
	}
	out := map[string]frontier.Politeness{}
	for h, hp := range j.Politeness.Hosts {
		p := frontier.Politeness{Delay: j.Politeness.Delay, DelayFactor: j.Politeness.DelayFactor, MaxDelay: j.Politeness.MaxDelay, PerHost: hp.Parallel}
		if p.PerHost < 1 {
			p.PerHost = j.Politeness.PerHost
		}
		if hp.Delay != nil {
			p.Delay = *hp.Delay
			if p.MaxDelay < p.Delay {
				p.MaxDelay = p.Delay
			}
		}
		out[h] = p
	}
	return out
}

// repairWARCFiles closes the .open files (matching pattern) an interrupted
// run left behind, truncating each to the end of its last indexed record:
// bytes after that belong to exchanges whose URLs are still queued and
// will be fetched again.
func (c *Crawler) repairWARCFiles(ctx context.Context, pattern string) error {
	ends, err := c.store.FileEnds(ctx, c.capture.ID)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	open, err := filepath.Glob(pattern)
	if err != nil {
		return err
	}
	for _, p := range open {
		final := strings.TrimSuffix(filepath.Base(p), ".open")
		keep, ok := ends[final]
		if !ok {
			// No record of this file is indexed: nothing in it counts.
			c.log.Warn("removing interrupted WARC with no indexed record", zap.String("file", p))
			if err := os.Remove(p); err != nil {
				return fmt.Errorf("repair %s: %w", p, err)
			}
			continue
		}
		fp, cut, err := warc.Repair(p, keep, c.log)
		if err != nil {
			return fmt.Errorf("repair %s: %w", p, err)
		}
		c.log.Warn("repaired interrupted WARC", zap.String("file", fp), zap.Int64("bytes_cut", cut))
		c.warcClosed(fp)
	}
	return nil
}

// seed puts the job's seeds into a new capture.
func (c *Crawler) seed(ctx context.Context) error {
	if c.refreshing() {
		return c.seedRefresh(ctx)
	}
	var cands []frontier.URL
	for _, s := range c.job.Seeds {
		u, err := urlcanon.Canonical("", s)
		if err != nil {
			return fmt.Errorf("seed %q: %w", s, err)
		}
		cands = append(cands, c.newURL(u, "", "", -1))
	}
	cands = c.scope.filter(cands, c.job.Fetch.MaxRedirects)
	if len(cands) == 0 {
		return errors.New("no seed is in scope")
	}
	_, _, err := c.commit(ctx, store.Batch{CaptureID: c.capture.ID}, cands, nil)
	return err
}

// restore reloads the frontier of a resumed capture. With max_active_hosts
// every host starts parked (a few numbers each) and is loaded when it
// becomes active.
func (c *Crawler) restore(ctx context.Context) error {
	if c.job.SeedScopes != nil {
		// Per-seed scopes judge a URL by its parent's seed: every row's,
		// parked hosts' too, is needed once to know them.
		rows, err := c.store.Frontier(ctx, c.capture.ID)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		c.scope.rebuildOrigins(rows)
	}
	if c.job.MaxActiveHosts > 0 {
		hosts, err := c.store.FrontierHosts(ctx, c.capture.ID)
		if err != nil {
			return fmt.Errorf("store: %w", err)
		}
		for _, h := range hosts {
			c.finished.Add(int64(h.Finished))
			c.frontier.Park(h.Host, h.NextSeq, h.URLs, h.URLs > h.Finished)
			// The summary already counts the host, so status needs no
			// capture-wide query later (unfinished includes visited pages
			// awaiting their revisit).
			c.frontier.SetParkedCounts(h.Host, frontier.ParkedCounts{URLs: h.URLs, Finished: h.Finished,
				Queued: h.URLs - h.Finished, Work: h.URLs > h.Finished}, false)
		}
		return nil
	}
	rows, err := c.store.Frontier(ctx, c.capture.ID)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return c.restoreRows(rows, true)
}

// activate loads the parked host that waited longest into the frontier
// (the frontier's Activate hook, called by a worker with nothing better
// to do).
func (c *Crawler) activate(ctx context.Context) error {
	c.parkMu.Lock()
	defer c.parkMu.Unlock()
	host, ok := c.frontier.Unpark()
	if !ok {
		return nil
	}
	rows, err := c.store.HostFrontier(ctx, c.capture.ID, host)
	if err == nil {
		// Finished URLs were counted when they finished (or at resume).
		err = c.restoreRows(rows, false)
	}
	if err != nil {
		c.frontier.Repark(host)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("activating host %s: %w", host, err)
	}
	c.log.Debug("host activated", zap.String("host", host), zap.Int("urls", len(rows)))
	return c.frontier.Activated(host)
}

// restoreRows puts stored frontier rows (by host, then Seq) back into the
// frontier; count adds their finished ones to the finished counter.
func (c *Crawler) restoreRows(rows []store.FrontierURL, count bool) error {
	for _, r := range rows {
		done := r.State == store.StateDone || r.State == store.StateFailed || r.State == store.StateBlocked
		visited := r.State == store.StateVisited
		if done {
			if count {
				c.finished.Add(1)
			}
		} else {
			c.noteHost(r.Host, r.URL)
		}
		if strings.HasPrefix(r.URL, "https://") {
			c.scope.noteHTTPS(r.Host)
		}
		if count {
			// Query variants of a resumed capture count again; a host loaded
			// after parking was counted when its URLs were admitted (or,
			// parked at resume, is not: each resume may add one limit's worth).
			c.traps.Restore(r.URL)
		}
		u := frontier.URL{URL: r.URL, SURT: r.SURT, Host: r.Host, Seq: r.Seq, Parent: r.ParentSeq, HopPath: r.HopPath, Via: r.Via, Rate: r.Rate, RateSource: r.RateSource}
		if err := c.frontier.Restore(u, visited, done); err != nil {
			return err
		}
	}
	return nil
}

// noteHost queues the robots.txt prerequisite the first time a host is
// seen.
// noteHost queues host's robots.txt before the first of its pages, via,
// which crawl.log names as robots.txt's via (Heritrix's prerequisite is
// logged with the URI that needed it).
func (c *Crawler) noteHost(host, via string) {
	if c.job.Robots != "obey" {
		return
	}
	if !c.robots.markSeen(host) {
		_ = c.frontier.AddPrereq(host, c.robotsURL(host, via))
	}
}

func (c *Crawler) robotsURL(host, via string) frontier.URL {
	scheme := "http"
	if c.scope.https[host] {
		scheme = "https"
	}
	u := scheme + "://" + host + "/robots.txt"
	return frontier.URL{URL: u, SURT: urlcanon.SURT(u), Host: host, Parent: -1, HopPath: crawllog.HopPrereq, Via: via}
}

func frontierRow(capture int64, u frontier.URL) store.FrontierURL {
	return store.FrontierURL{CaptureID: capture, URL: u.URL, SURT: u.SURT, Host: u.Host, Seq: u.StoreSeq, ParentSeq: u.Parent,
		HopPath: u.HopPath, Via: u.Via, Rate: u.Rate, RateSource: u.RateSource, State: store.StateQueued}
}

// work is one fetcher: it takes tasks until the frontier is done or ctx
// ends. Only store or WARC failures (which would lose data) end it with an
// error; fetch failures are logged outcomes.
func (c *Crawler) work(ctx context.Context, worker int) error {
	for {
		t, err := c.frontier.Next(ctx)
		if errors.Is(err, frontier.ErrDone) || ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return err
		}
		c.busy.start()
		err = c.processSafely(ctx, worker, t)
		c.busy.stop()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
	}
}

// processSafely is process with a panic turned into a failed URL: no page
// the network serves may end a capture, and a bug met on one URL (a
// parser's, say) costs that URL only. The stack goes to the log.
func (c *Crawler) processSafely(ctx context.Context, worker int, t frontier.Task) (err error) {
	defer func() {
		if p := recover(); p != nil {
			c.log.Error("crawler error: URL failed", zap.String("url", t.URL.URL), zap.Any("panic", p), zap.Stack("stack"))
			err = c.finishUnfetched(ctx, worker, t, crawllog.CodeRuntimeError, store.StateFailed, annCrawlerError)
		}
	}()
	return c.process(ctx, worker, t)
}

// visitOf returns the visit in this capture of a revisit's URL, or nil.
func (c *Crawler) visitOf(ctx context.Context, t frontier.Task) *store.Record {
	v, err := c.store.LastCapture(ctx, t.URL.URL)
	if err != nil || v.CaptureID != c.capture.ID {
		return nil
	}
	return &v
}

// revisitHold is how long a revisit must wait so that it starts in a later
// UTC second than its visit's WARC-Date. Replay tools key captures by URL
// and 14-digit timestamp: ReplayWeb.page drops a revisit in its visit's
// second ("Skipping duplicate revisit") and pywb cannot ask for it. The
// dates themselves are never shifted.
func revisitHold(visit *store.Record, now time.Time) time.Duration {
	if visit == nil {
		return 0
	}
	notBefore := visit.Time.UTC().Truncate(time.Second).Add(time.Second)
	if now.Before(notBefore) {
		return notBefore.Sub(now)
	}
	return 0
}

// requestHeaders returns the conditional-GET headers of a fetch: a
// revisit's from its visit (unless capture.revisit_request is full, which
// asks unconditionally so an unchanged page is proven by its digest), a
// visit's from the URL's last capture when fetch.conditional_get is set.
func (c *Crawler) requestHeaders(ctx context.Context, t frontier.Task, visit *store.Record) http.Header {
	switch {
	case c.browser != nil && c.job.Capture.Browser.Matches(t.URL.URL):
		// A browser page is rendered again whatever its document's
		// validators say: a script may fill it from responses that changed.
		return nil
	case t.Action == scheduler.Revisit && c.job.Capture.RevisitRequest == job.RevisitFull:
		return nil
	case t.Action == scheduler.Revisit && visit != nil:
		return validatorsOf(*visit)
	case t.Action == scheduler.Revisit || c.job.Fetch.ConditionalGet || c.refreshing():
		return c.validators(ctx, t)
	}
	return nil
}

func (c *Crawler) backoff(attempt int) time.Duration {
	d := c.job.Fetch.RetryBackoff << attempt
	if d <= 0 || d > 10*time.Minute {
		d = 10 * time.Minute
	}
	return d
}

// validators returns conditional-GET headers from the last capture of the
// URL (for revisits: its visit in this capture).
func (c *Crawler) validators(ctx context.Context, t frontier.Task) http.Header {
	rec, err := c.store.LastCapture(ctx, t.URL.URL)
	if err != nil {
		return nil
	}
	return validatorsOf(rec)
}

// validatorsOf returns the conditional-GET headers rec's validators make,
// or nil when it has none.
func validatorsOf(rec store.Record) http.Header {
	h := http.Header{}
	if rec.ETag != "" {
		h.Set("If-None-Match", rec.ETag)
	}
	if rec.LastModified != "" {
		h.Set("If-Modified-Since", rec.LastModified)
	}
	if len(h) == 0 {
		return nil
	}
	return h
}

// finishUnfetched settles a URL that got no HTTP response.
func (c *Crawler) finishUnfetched(ctx context.Context, worker int, t frontier.Task, code crawllog.Code, state store.URLState, note string) error {
	c.obs().Unfetched(t.Host, int(code))
	b := store.Batch{CaptureID: c.capture.ID, States: []store.StateChange{{SURT: t.SURT, State: state, Attempts: t.Attempt + 1}}}
	var ann []string
	if note != "" {
		ann = []string{note}
	}
	e := crawllog.Entry{Time: time.Now(), Status: int(code), Size: -1, URI: t.URL.URL, HopPath: t.HopPath, Via: t.Via, Worker: worker, Annotations: ann}
	c.logMu.Lock()
	var logErr error
	b.Log, logErr = c.logThenMark([]crawllog.Entry{e})
	err := c.store.Commit(ctx, b)
	c.logMu.Unlock()
	if err != nil {
		return err // the store's errors say "store: …"
	}
	switch state {
	case store.StateBlocked:
		c.blocked.Add(1)
	default:
		c.failed.Add(1)
	}
	c.finished.Add(1)
	c.frontier.Done(t, frontier.Result{Fetched: state != store.StateBlocked})
	return logErr
}

// robotsFailed handles a robots.txt that answered 5xx or could not be
// fetched. Within fetch.retries it is asked again after the usual backoff,
// then RobotsRounds times a retry interval apart, while the host's pages
// wait for it (deferred on it, as before a first fetch). After the last
// round the host is closed for a retry interval: its pages fail with -61
// annotated with robots.txt's status. An unreachable robots.txt's line
// carries its own Heritrix code (-2, -4, -6, …) and tries ("3t"); a 5xx
// answer is archived like any response. done is false when the caller
// archives the 5xx response.
func (c *Crawler) robotsFailed(worker int, t frontier.Task, f *fetched, err error, now time.Time) (done bool, _ error) {
	final, isFinal := refused(err) // an oversized header: no retry cures it
	switch {
	case isFinal:
	case t.Attempt < c.job.Fetch.Retries:
		c.frontier.Done(t, frontier.Result{Fetched: true, Retry: c.backoff(t.Attempt)})
		return true, nil
	case t.Attempt < c.job.Fetch.Retries+RobotsRounds-1:
		c.log.Warn("robots.txt unavailable; the host's pages wait for it to be asked again", zap.String("host", t.Host),
			zap.Duration("after", c.robots.retry), zap.Int("round", t.Attempt-c.job.Fetch.Retries+1), zap.Error(err))
		c.frontier.Done(t, frontier.Result{Fetched: true, Retry: c.robots.retry})
		return true, nil
	}
	code, note := crawllog.CodeRetriesGaveUp, fmt.Sprintf("%dt", t.Attempt+1)
	var fe *fetchError
	switch {
	case isFinal:
		code, note = final.Code, final.Note
	case errors.As(err, &fe):
		code = fe.Code
	}
	cause := strconv.Itoa(int(code))
	if err == nil {
		cause = strconv.Itoa(f.Status)
	}
	c.robots.setUnreachable(t.Host, now, ":"+cause)
	c.log.Warn("robots.txt unavailable after its retries; the host's pages fail (-61) and the host is closed", zap.String("host", t.Host),
		zap.Duration("for", c.robots.retry), zap.Error(err))
	if err == nil {
		return false, nil
	}
	c.frontier.Done(t, frontier.Result{Fetched: true})
	return true, c.clog.Log(crawllog.Entry{Time: now, Status: int(code), Size: -1, URI: t.URL.URL, HopPath: t.HopPath, Via: t.Via, Worker: worker, Annotations: []string{note}})
}

// leaseGone reports whether the node may no longer fetch t's host (a
// cluster lease lost or past its deadline, coordinator.mayFetch); the
// task is then handed back unfetched, its URL still queued in the store
// for the host's next holder.
func (c *Crawler) leaseGone(t frontier.Task) bool {
	if c.coord.mayFetch(t.Host) {
		return false
	}
	c.frontier.Done(t, frontier.Result{Requeue: time.Millisecond})
	return true
}

// processRobots fetches and archives a host's robots.txt.
func (c *Crawler) processRobots(ctx context.Context, worker int, t frontier.Task) error {
	if c.leaseGone(t) {
		return nil
	}
	f, err := c.get(ctx, t.Host, t.URL.URL, nil)
	f, final, err, fatal := c.followRobotsRedirects(ctx, worker, t, f, err)
	if f != nil {
		defer f.Close() // releases the spooled response
	}
	if fatal != nil {
		return fatal // a redirect could not be archived
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	now := time.Now()
	if addressDenied(err) {
		// The host's pages would be refused too: fail them without
		// waiting for retries (robotsAddressDenied), robots.txt is asked
		// again after robotsRetry.
		c.robots.setAddressDenied(t.Host, now)
		c.log.Info("robots.txt address denied by the network guard", zap.String("host", t.Host), zap.Error(err))
		c.frontier.Done(t, frontier.Result{Fetched: true})
		return c.clog.Log(crawllog.Entry{Time: now, Status: int(crawllog.CodeBlockedGuard), Size: -1, URI: t.URL.URL, HopPath: t.HopPath, Via: t.Via, Worker: worker, Annotations: []string{annAddressDenied}})
	}
	if err != nil || f.Status >= 500 {
		done, lerr := c.robotsFailed(worker, t, f, err, now)
		if done {
			return lerr
		}
	}
	delay, sitemaps := c.robots.set(t.Host, f.Status, f.decodedBytes(maxRobotsBytes), now)
	if cap := c.job.Politeness.CrawlDelayCap; delay > cap {
		delay = cap
	}
	var drops []drop
	for _, s := range sitemaps {
		u, err := urlcanon.Canonical(final.URL.URL, strings.TrimSpace(s))
		if err != nil {
			drops = append(drops, canonicalizeStage{}.malformed(s, "PM", t.URL.URL))
			continue
		}
		c.nameSitemap(u, t.Host)
		if d := c.addSitemap(u, t.URL.URL, t.HopPath+crawllog.HopManifest); d != nil {
			drops = append(drops, *d)
		}
	}
	c.bytes.Add(f.Response.Size())
	if _, err := c.submit(&archived{t: final, f: f, entry: fetchEntry(worker, final, f, nil)}); err != nil {
		return err
	}
	c.fetched.Add(1)
	c.frontier.Done(t, frontier.Result{Fetched: true, Duration: f.Duration, MinDelay: delay})
	c.obs().Fetched(t.Host, f.Status, f.Response.Size(), f.Duration)
	return c.logDrops(worker, drops)
}

// maxRobotsRedirects is how many consecutive redirects of a robots.txt
// are followed: RFC 9309 §2.3.1.2 asks for at least five.
const maxRobotsRedirects = 5

// followRobotsRedirects follows robots.txt's redirects, across hosts too
// (RFC 9309 §2.3.1.2), archiving each redirect as it goes; the rules of
// the robots.txt reached apply to t's host. It returns the last response
// (or fetch error) and the task it answers: t, or t with the URL of the
// last hop (hop path "PR…", via the URL that redirected to it). Each hop
// goes through the network guard like any fetch; a redirect left after
// the fifth hop (or with an unusable Location) is the answer, which
// robots.txt reads as "no rules" like any non-2xx, non-5xx status. fatal
// is a failure to archive a redirect (the store's or the WARC's).
func (c *Crawler) followRobotsRedirects(ctx context.Context, worker int, t frontier.Task, f *fetched, err error) (_ *fetched, _ frontier.Task, _, fatal error) {
	cur := t
	for hop := 0; hop < maxRobotsRedirects && err == nil && f.Status/100 == 3 && ctx.Err() == nil; hop++ {
		next, err2 := urlcanon.Canonical(cur.URL.URL, f.Header.Get("Location"))
		if err2 != nil || f.Header.Get("Location") == "" {
			break
		}
		c.bytes.Add(f.Response.Size())
		_, serr := c.submit(&archived{t: cur, f: f, entry: fetchEntry(worker, cur, f, nil)})
		_ = f.Close()
		if serr != nil {
			return nil, cur, nil, serr
		}
		c.fetched.Add(1)
		via := cur.URL.URL
		cur.URL = frontier.URL{URL: next, SURT: urlcanon.SURT(next), Host: t.Host, Parent: -1, HopPath: cur.HopPath + "R", Via: via}
		cur.Attempt = 0
		f, err = c.get(ctx, urlcanon.Host(next), next, nil)
	}
	return f, cur, err, nil
}

// buildExchange builds and compresses a's WARC records (warc.Writer.Build),
// the CPU-heavy part of archiving it, in the worker that fetched it,
// before it joins a commit group: the group then only appends and syncs,
// and a group's turn is shorter. A failure is the exchange's, reported
// when its group is written.
func (c *Crawler) buildExchange(a *archived) {
	t, f := a.t, a.f
	prov, tlsFields, err := c.connRecords(f.Conn)
	if err != nil {
		a.buildErr = err
		return
	}
	a.prov = prov
	ex := warc.Exchange{TargetURI: t.URL.URL, IP: f.IP, Date: f.Start, Request: f.Request, ResponseBlob: f.Response, Revisit: a.rev,
		Outlinks: a.outlinks, Resources: a.resources, TLS: tlsFields}
	if f.Truncated {
		ex.Truncated = "length"
	} else {
		// The fetcher hashed the body as it arrived; the writer need not
		// hash it a second time (it checks the hint can apply).
		ex.Payload = &warc.PayloadHint{Digest: f.Digest, Len: f.BodyLen}
	}
	a.built, a.buildErr = c.warc.Build(ex)
}

// writeGroup appends a group's built records to the WARC file, in order,
// with one sync for the group (warc.Writer.WriteBuiltAll), and fills each
// exchange's index rows or error into results. Only the committer calls
// it.
func (c *Crawler) writeGroup(ctx context.Context, group []*archived, results []archivedResult) {
	var built []*warc.Built
	var at []int // results index of each built
	carried := make([][]string, len(group))
	for i, a := range group {
		if a.buildErr != nil {
			releaseProv(a.prov)
			results[i].err = fmt.Errorf("warc: %w", a.buildErr)
			continue
		}
		carried[i] = c.prov.carry(a)
		built, at = append(built, a.built), append(at, i)
	}
	appended := c.warc.AppendBuiltAll(context.WithoutCancel(ctx), built)
	sw := stopwatchFrom(ctx)
	sw.lap(SerialWARC)
	written, errs := appended.Sync()
	sw.lap(SerialSync)
	for k, i := range at {
		if errs[k] != nil {
			for _, key := range carried[i] {
				delete(c.prov.written, key) // not written after all
			}
			results[i].err = fmt.Errorf("warc: %w", errs[k])
			continue
		}
		c.noteWritten(written[k])
		results[i].recs = c.indexRows(group[i], written[k])
		results[i].prov = provRows(group[i], written[k])
	}
}

// indexRows are the store records of an exchange's written WARC records.
func (c *Crawler) indexRows(a *archived, written []warc.Written) []store.Record {
	t, f := a.t, a.f
	phase := PhaseVisit
	switch t.Action {
	case scheduler.Revisit:
		phase = PhaseRevisit
	case scheduler.VisitRevisit:
		phase = PhaseVisitRevisit
	}
	key := t.URL.URL
	if a.indexURL != "" {
		key = a.indexURL
	}
	surt := urlcanon.SURT(key)
	recs := make([]store.Record, 0, len(written))
	for _, w := range written {
		if w.Provenance {
			continue // indexed apart (host_provenance), never replayed
		}
		r := store.Record{
			CaptureID: c.capture.ID, URL: key, SURT: surt, Time: f.Start, RecordType: w.Type, RecordID: w.RecordID,
			WARCFile: w.File, Offset: w.Offset, RecordLength: w.Length, Phase: phase,
		}
		if warc.HTTPExchange(w.Type) {
			r.Status, r.MIME, r.PayloadDigest, r.Length = f.Status, mediaType(f.Header.Get("Content-Type")), w.PayloadDigest, f.BodyLen
			r.ETag, r.LastModified = f.Header.Get("ETag"), f.Header.Get("Last-Modified")
			r.TextDigest = a.textDigest
			if f.BodyLen > 0 || w.Type == warc.Response {
				// A 304 revisit has no payload of its own.
				r.PayloadSHA256 = f.SHA256
			}
			if a.rev != nil && a.rev.Profile == warc.ProfileIdenticalPayload {
				r.PayloadDigest = f.Digest
			}
		}
		if w.Type == warc.Resource {
			// A browser page's screenshot or DOM: indexed under its own
			// urn: target, as the WARC record names it.
			r.URL, r.SURT, r.MIME, r.PayloadDigest, r.Length = w.TargetURI, w.TargetURI, a.resourceType(w.TargetURI), w.PayloadDigest, w.PayloadLength
		}
		recs = append(recs, r)
	}
	return recs
}

func mediaType(ct string) string {
	if ct == "" {
		return ""
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return strings.ToLower(strings.TrimSpace(strings.Split(ct, ";")[0]))
	}
	return mt
}

// payloadDigest computes the WARC-Payload-Digest of an entity body the way
// the WARC writer labels it, for deduplication before writing.
func (c *Crawler) payloadDigest(body []byte) string {
	h := c.newPayloadHash()
	h.Write(body)
	return c.formatDigest(h.Sum(nil))
}

// newPayloadHash and formatDigest are payloadDigest in two steps, for
// bodies hashed while they stream in.
func (c *Crawler) newPayloadHash() hash.Hash { return warc.NewDigestHash(c.job.WARC.Digest) }

func (c *Crawler) formatDigest(sum []byte) string { return warc.FormatDigest(c.job.WARC.Digest, sum) }

// textDigest is the digest of a page's normalised title and visible text
// (extract.NormalizedText of title+" "+text: case, punctuation and
// digit-only tokens do not count), in the payload digest's notation. The
// report's similarity test normalises the same way. The two are
// normalised into one buffer, not joined first.
func (c *Crawler) textDigest(title, text string) string {
	var buf []byte
	select {
	case buf = <-c.textBufs:
	default:
	}
	buf = extract.AppendNormalized(slices.Grow(buf[:0], len(title)+1+len(text)), title)
	buf = extract.AppendNormalized(buf, text)
	d := c.payloadDigest(buf)
	if cap(buf) <= maxKeptTextBuffer {
		select {
		case c.textBufs <- buf:
		default:
		}
	}
	return d
}

// maxKeptTextBuffer bounds the text buffers kept for reuse: a huge
// page's is left to the garbage collector.
const maxKeptTextBuffer = 1 << 20

// discovered is what a response points to: its candidate URLs (before
// admit), the outlinks recorded in its metadata record, the malformed
// references met, annotations for its crawl.log line and its text digest.
type discovered struct {
	cands      []frontier.URL
	outlinks   []warc.Outlink
	malformed  []drop
	ann        []string
	textDigest string
	graph      *store.PageGraph // refresh.record_graph: the page's links and features
	// frames are the iframe and frame documents the page names, kept
	// only when the job has frame-only block rules (blockInFrames).
	frames []string
}

// discover reads a response's Location and, for a 2xx, its links (at most
// limits.max_outlinks; extraction counts the rest), sitemap entries and
// visible text.
//
// dom, when set, is the page as a browser rendered it (browser.go): links
// and text are read from it rather than from the response's body.
func (c *Crawler) discover(t frontier.Task, f *fetched, dom []byte) discovered {
	var d discovered
	if loc := f.Header.Get("Location"); f.Status/100 == 3 && loc != "" {
		if u, err := urlcanon.Canonical(t.URL.URL, loc); err == nil {
			d.cands = append(d.cands, c.candidate(t, u, 'R'))
			d.outlinks = append(d.outlinks, warc.Outlink{URL: u, Hop: 'R', Context: "http/location"})
		} else if !errors.Is(err, urlcanon.ErrScheme) {
			d.malformed = append(d.malformed, canonicalizeStage{}.malformed(loc, t.HopPath+"R", t.URL.URL))
		}
	}
	if f.Status/100 == 2 {
		ctype, body, size := f.Header.Get("Content-Type"), f.decoded(c.job.Fetch.MaxBodyBytes), f.BodyLen
		if dom != nil {
			ctype, body, size = "text/html; charset=utf-8", bytes.NewReader(dom), int64(len(dom))
		}
		res, err := extract.ExtractFrom(ctype, t.URL.URL, body, extract.Options{MaxLinks: c.job.Limits.MaxOutlinks, SizeHint: size})
		if err != nil {
			d.ann = append(d.ann, "extract-error")
			c.log.Debug("extraction", zap.String("url", t.URL.URL), zap.Error(err))
		}
		if res.Title != "" || res.Text != "" {
			d.textDigest = c.textDigest(res.Title, res.Text)
		}
		d.graph = c.pageGraph(t, f, res)
		if res.LinksDropped > 0 {
			d.ann = append(d.ann, outlinksCut(res.LinksDropped))
		}
		for _, ref := range res.Malformed {
			d.malformed = append(d.malformed, canonicalizeStage{}.malformed(ref, t.HopPath+"L", t.URL.URL))
		}
		// Sized once: grown by doubling, they were most of what
		// discover itself allocated.
		d.cands = slices.Grow(d.cands, len(res.Links)+len(res.Sitemap)+len(res.SitemapIndex))
		d.outlinks = slices.Grow(d.outlinks, len(res.Links))
		for _, l := range res.Links {
			d.cands = append(d.cands, c.candidate(t, l.URL, byte(l.Hop)))
			d.outlinks = append(d.outlinks, warc.Outlink{URL: l.URL, Hop: byte(l.Hop), Context: l.Context})
			if len(c.job.Fetch.BlockInFrames) > 0 && isFrameContext(l.Context) {
				d.frames = append(d.frames, l.URL)
			}
		}
		for _, s := range res.Sitemap {
			d.cands = append(d.cands, c.candidate(t, s.Loc, 'M'))
		}
		for _, s := range res.SitemapIndex {
			d.cands = append(d.cands, c.candidate(t, s, 'M'))
		}
	}
	if c.refreshing() {
		d.cands = nil // a refresh cycle fetches its plan only
	}
	return d
}

// candidate builds a frontier URL discovered on t's page. Its parent is
// t's seq in the store's numbering when both are on one host; a seq of
// another host would mean nothing to this host's strategy.
func (c *Crawler) candidate(t frontier.Task, u string, hop byte) frontier.URL {
	cand := c.newURL(u, t.HopPath+string(hop), t.URL.URL, t.StoreSeq)
	if cand.Host != t.Host {
		cand.Parent = -1
	}
	return cand
}

// fetchEntry is the crawl.log line of an archived fetch but for what the
// committer adds (see logEntry).
func fetchEntry(worker int, t frontier.Task, f *fetched, ann []string) crawllog.Entry {
	// Size is the body, as Heritrix's crawl.log has it (headers not
	// counted); the MIME column is cut as Heritrix cuts it (crawllog).
	e := crawllog.Entry{Status: f.Status, Size: f.BodyLen, URI: t.URL.URL, HopPath: t.HopPath, Via: t.Via,
		MIME: f.Header.Get("Content-Type"), Worker: worker, FetchStart: f.Start, Duration: f.Duration, Annotations: ann}
	if t.Attempt > 0 {
		e.Annotations = append(e.Annotations, fmt.Sprintf("%dt", t.Attempt+1))
	}
	return e
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

// loadRatesModel reads the predictor a job names (rates_model), or returns
// nil when it names none.
func loadRatesModel(path string, read func(string) ([]byte, error)) (*changerate.Predictor, error) {
	if path == "" {
		return nil, nil
	}
	if read == nil {
		read = os.ReadFile
	}
	data, err := read(path)
	if err != nil {
		return nil, fmt.Errorf("rates_model: %w", err)
	}
	var p changerate.Predictor
	if err := json.Unmarshal(data, &p); err != nil {
		// json's message quotes the offending byte: never echo a file's
		// content, it may not be a model at all.
		return nil, fmt.Errorf("rates_model %s: not a model written by `sharc rates train` (%s)", path, jsonProblem(err))
	}
	return &p, nil
}

// jsonProblem says where a JSON document went wrong without quoting it.
func jsonProblem(err error) string {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return fmt.Sprintf("invalid JSON at byte %d", syn.Offset)
	}
	return "JSON of another shape"
}
