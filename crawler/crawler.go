// Package crawler runs one capture of a crawl job: a pool of fetchers takes
// tasks from the per-host frontier (ordered by the job's scheduler strategy),
// archives every exchange into WARC files, indexes the records in the store
// and logs each URI to crawl.log. A capture interrupted by Ctrl-C, SIGTERM or
// SIGKILL resumes where it stopped when the same job runs again.
package crawler

import (
	"context"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/changerate"
	"github.com/sharc-archive/sharc/crawllog"
	"github.com/sharc-archive/sharc/extract"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/job"
	"github.com/sharc-archive/sharc/netguard"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/traps"
	"github.com/sharc-archive/sharc/urlcanon"
	"github.com/sharc-archive/sharc/warc"
)

// Software names the crawler in warcinfo records.
const Software = "SHARC/0.1 (+https://github.com/sharc-archive/sharc)"

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
	// CrawlLogPath overrides where crawl.log goes (default: beside the WARCs,
	// crawl-CAPTUREID.log).
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
	// WARCGzipLevel is the DEFLATE level of the WARC records, 1–9 (0: the
	// default, 6); see warc.Config.GzipLevel. Not yet a job field.
	WARCGzipLevel int
	// DialCheck, if non-nil, is called with each resolved address the
	// network guard let through, just before connecting; an error refuses
	// the connection. Tests use it as a safety net that no packet leaves
	// loopback even if the guard were broken.
	DialCheck func(network, address string) error
}

// Stats are a capture's running counters.
type Stats struct {
	CaptureID  int64
	Resumed    bool
	Fetched    int64 // URIs with an HTTP response archived (pages and prerequisites)
	Failed     int64
	Blocked    int64 // precluded by robots.txt
	Discovered int64 // URLs in the frontier
	Queued     int64 // not yet finished
	Bytes      int64 // response bytes received
	Records    int64
	Elapsed    time.Duration
	StopReason string // "finished", "interrupted", "max_pages", "max_bytes", "max_duration"
	WARCFiles  []string
	CrawlLog   string
}

// Crawler runs captures of one job.
type Crawler struct {
	job      *job.Job
	store    store.Store
	log      *zap.Logger
	reg      *scheduler.Registry
	opts     Options
	fetch    *fetcher
	robots   *robotsCache
	scope    *scope
	frontier *frontier.Frontier
	held     atomic.Pointer[frontier.Frontier] // frontier, for Held while Run sets it up
	warc     *warc.Writer
	clog     *crawllog.Writer
	capture  store.Capture
	cl       *cluster // nil unless Options.Cluster

	// toCommit feeds the group committer (see committer).
	toCommit chan *archived
	// commitErr, once set, is the failed group commit that ended the
	// WARC unit; only the committer touches it.
	commitErr error
	// parkMu serialises numbering URLs (commit) with loading a parked
	// host (activate), so no URL is assigned to a host whose rows are
	// being read.
	parkMu sync.Mutex

	dedup *dedup // payload digest → first response with it, bounded

	started time.Time
	resumed bool

	rates          changerate.Source
	useHistory     bool // the cascade reads capture history (one store query per new URL)
	smMu           sync.Mutex
	sitemapsSeen   map[string]struct{}
	sitemapCount   map[string]int                // sitemaps queued per host (limits.max_sitemaps_per_host)
	sitemapEntries map[string]extract.SitemapURL // by SURT: changefreq/lastmod for the rate cascade, while their sitemap commits
	sitemapSlots   chan struct{}                 // bounds sitemaps read at once (maxSitemapsAtOnce)

	traps *traps.Checker // limits: URL-level trap defences
	drops *dropLog       // dropped URLs logged lately

	fetched, failed, blocked, bytes, records, pages atomic.Int64
	finished                                        atomic.Int64
	stop                                            context.CancelCauseFunc
}

// New prepares a crawler for j using st as index and frontier store.
func New(j *job.Job, st store.Store, reg *scheduler.Registry, log *zap.Logger, opts Options) *Crawler {
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 10 * time.Second
	}
	return &Crawler{job: j, store: st, reg: reg, log: log, opts: opts}
}

// errLimit is the cancellation cause when a scope limit stops the crawl.
type errLimit struct{ reason string }

func (e errLimit) Error() string { return "limit reached: " + e.reason }

// Run runs (or resumes) the job's capture until it is complete, a limit is
// reached or ctx is cancelled. Cancellation is a clean stop: in-flight
// fetches are abandoned, WARC files closed, and the capture stays "running"
// in the store so the next Run resumes it. A running capture started with
// other defining settings is refused (*OwnerError), and a new capture
// whose set-up fails before its seeds are committed is marked failed.
func (c *Crawler) Run(ctx context.Context) (_ Stats, err error) {
	start := time.Now()
	j := c.job
	yamlText, err := j.Marshal()
	if err != nil {
		return Stats{}, fmt.Errorf("encode job: %w", err)
	}
	// What can fail without the store fails before a capture exists.
	if err := checkSeeds(j); err != nil {
		return Stats{}, err
	}
	if err := checkWritableDir(j.WARC.Dir); err != nil {
		return Stats{}, fmt.Errorf("warc dir: %w", err)
	}
	capture, resumed, err := c.openCapture(ctx, string(yamlText))
	if capture.ID != 0 {
		c.log = c.log.With(zap.String("job", j.Name), zap.Int64("capture", capture.ID))
	}
	seeded := resumed || c.opts.Cluster != nil // cluster nodes settle their capture together
	defer func() {
		if err != nil && !seeded && capture.ID != 0 {
			c.failSetUp(ctx, capture.ID, err)
		}
	}()
	if err != nil {
		return Stats{}, err
	}
	c.capture, c.started, c.resumed = capture, start, resumed
	log := c.log
	if err := os.MkdirAll(j.WARC.Dir, 0o755); err != nil {
		return Stats{}, fmt.Errorf("warc dir: %w", err)
	}
	prefix := j.WARC.Prefix
	if c.opts.Cluster != nil {
		if c.cl, err = c.newCluster(); err != nil {
			return Stats{}, err
		}
		prefix = warcPrefix(prefix, c.cl.Node)
		log = log.With(zap.String("node", c.cl.Node))
		c.log = log
	}
	if resumed {
		// A node repairs only its own files: the others' may be open.
		pattern := "*.warc.gz.open"
		if c.cl != nil {
			pattern = prefix + "-*.warc.gz.open"
		}
		if err := c.repairWARCFiles(ctx, filepath.Join(j.WARC.Dir, pattern)); err != nil {
			return Stats{}, err
		}
	}
	hostname, _ := os.Hostname()
	c.warc, err = warc.NewWriter(warc.Config{
		Dir: j.WARC.Dir, Prefix: prefix, MaxSize: j.WARC.MaxSize, Digest: j.WARC.Digest, GzipLevel: c.opts.WARCGzipLevel,
		Software: Software, Operator: j.WARC.Operator, JobName: j.Name, RobotsPolicy: j.Robots,
		UserAgent: j.UserAgent, Hostname: hostname,
		Description: fmt.Sprintf("capture %d of job %s, strategy %s, mode %s", capture.ID, j.Name, j.Scheduler.Strategy, j.Capture.Mode),
	}, log)
	if err != nil {
		return Stats{}, fmt.Errorf("warc: %w", err)
	}
	logPath := c.opts.CrawlLogPath
	if logPath == "" {
		logPath = filepath.Join(j.WARC.Dir, fmt.Sprintf("crawl-%d.log", capture.ID))
		if c.cl != nil {
			logPath = filepath.Join(j.WARC.Dir, fmt.Sprintf("crawl-%d-%s.log", capture.ID, c.cl.Node))
		}
	}
	if c.clog, err = crawllog.Open(logPath); err != nil {
		_ = c.warc.Close()
		return Stats{}, err
	}
	maxHeader := j.Fetch.MaxHeaderBytes
	if maxHeader <= 0 { // a job built in code rather than parsed
		maxHeader = job.DefaultMaxHeaderBytes
	}
	c.fetch = &fetcher{pool: newConnPool(), userAgent: j.UserAgent, connectTimeout: j.Fetch.ConnectTimeout, timeout: j.Fetch.Timeout,
		maxBody: j.Fetch.MaxBodyBytes, maxHeader: maxHeader, resolve: j.Resolve,
		spoolDir: j.WARC.Dir, newHash: c.newPayloadHash, formatDigest: c.formatDigest,
		guard: netguard.New(j.Fetch.AllowAddresses), dialCheck: c.opts.DialCheck, bufs: make(chan []byte, max(j.Workers, 1))}
	c.robots = newRobotsCache(j.UserAgent)
	// A resumed capture's earlier responses, and other nodes', are in the
	// store only: the cache starts empty and misses ask the store.
	c.dedup = newDedup(c.store, capture.ID, c.opts.DigestCache, !resumed && c.cl == nil)
	c.scope = newScope(j)
	c.sitemapsSeen, c.sitemapCount, c.sitemapEntries = map[string]struct{}{}, map[string]int{}, map[string]extract.SitemapURL{}
	c.sitemapSlots = make(chan struct{}, maxSitemapsAtOnce)
	c.traps, c.drops = traps.New(trapLimits(j.Limits), nil), newDropLog()
	if c.rates = c.opts.Rates; c.rates == nil {
		model, err := loadRatesModel(j.RatesModel)
		if err != nil {
			c.closeOutputs()
			return Stats{}, err
		}
		cascade, err := changerate.New(changerate.Config{Order: j.ChangeRates, PolitenessDelay: c.delta(),
			Tau: changerate.DefaultTau, DefaultRate: j.DefaultRate, Predictor: model}, log)
		if err != nil {
			c.closeOutputs()
			return Stats{}, fmt.Errorf("change rates: %w", err)
		}
		c.rates = cascade
		for _, n := range cascade.Order() {
			c.useHistory = c.useHistory || n == changerate.SourceHistory
		}
		if c.useHistory {
			// A first capture has no history to read: skip the query per URL.
			has, err := c.store.HasHistory(ctx, capture.ID)
			c.useHistory = err != nil || has
		}
	}
	// estimated_size: auto takes each host's size in the job's previous
	// finished capture, else the number of the host's URLs known when its
	// pages start (its sitemaps are fetched first, so their entries count).
	estimate := func(_ string, known int) int { return j.Capture.EstimatedSize }
	if j.Capture.EstimatedSize == 0 {
		sizes, err := c.store.JobCaptureSizes(ctx, capture.ID)
		if err != nil {
			c.closeOutputs()
			return Stats{}, fmt.Errorf("store: %w", err)
		}
		estimate = func(host string, known int) int {
			if n := sizes[host]; n > 0 {
				return n
			}
			return known
		}
	}
	fcfg := frontier.Config{
		Politeness:     frontier.Politeness{Delay: j.Politeness.Delay, DelayFactor: j.Politeness.DelayFactor, MaxDelay: j.Politeness.MaxDelay, PerHost: j.Politeness.PerHost},
		HostPoliteness: hostPoliteness(j),
		NewStrategy: func(string) (scheduler.Strategy, error) {
			return c.reg.New(j.Scheduler.Strategy, scheduler.Params{Tau: j.Scheduler.Tau})
		},
		EstimatedSize: estimate,
		MaxHostURLs:   j.Limits.MaxPagesPerHost,
	}
	if c.cl == nil && j.MaxActiveHosts > 0 {
		// Cluster nodes bound their hosts by leases instead.
		fcfg.MaxActive, fcfg.Activate = j.MaxActiveHosts, c.activate
	}
	c.frontier = frontier.New(fcfg)
	c.held.Store(c.frontier)

	switch {
	case c.cl != nil:
		err = c.clusterStart(ctx)
	case resumed:
		err = c.restore(ctx)
	default:
		err = c.seed(ctx)
	}
	if err != nil {
		c.closeOutputs()
		return Stats{}, err
	}
	seeded = true
	log.Info("capture started", zap.Bool("resumed", resumed), zap.String("strategy", j.Scheduler.Strategy),
		zap.Int("frontier", c.frontier.Size()))
	c.obs().Started(capture.ID, resumed)

	runCtx, stop := context.WithCancelCause(ctx)
	c.stop = stop
	defer stop(nil)
	if j.Scope.MaxDuration > 0 {
		t := time.AfterFunc(j.Scope.MaxDuration, func() { stop(errLimit{"max_duration"}) })
		defer t.Stop()
	}
	progressDone := make(chan struct{})
	if c.opts.Progress != nil {
		go func() {
			tk := time.NewTicker(c.opts.ProgressEvery)
			defer tk.Stop()
			for {
				select {
				case <-progressDone:
					return
				case <-tk.C:
					c.opts.Progress(c.stats(start, resumed))
				}
			}
		}()
	}
	c.toCommit = make(chan *archived, j.Workers)
	committerDone := make(chan struct{})
	go func() {
		defer close(committerDone)
		c.committer(ctx, c.toCommit)
	}()
	var wg sync.WaitGroup
	var workErr atomic.Value
	if c.cl != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := c.clusterLoop(runCtx); err != nil {
				workErr.CompareAndSwap(nil, err)
				stop(err)
			}
			// Ended by ctx, a limit or a failure: let the workers go.
			c.cl.release()
		}()
	}
	for w := 1; w <= j.Workers; w++ {
		wg.Add(1)
		go func(worker int) {
			defer wg.Done()
			if err := c.work(runCtx, worker); err != nil {
				workErr.CompareAndSwap(nil, err)
				stop(err)
			}
		}(w)
	}
	wg.Wait()
	close(c.toCommit)
	<-committerDone
	close(progressDone)
	c.closeOutputs()

	st := c.stats(start, resumed)
	st.WARCFiles = c.warc.Files()
	st.CrawlLog = logPath
	cause := context.Cause(runCtx)
	var lim errLimit
	switch {
	case workErr.Load() != nil:
		st.StopReason = "failed"
		if c.cl != nil {
			if err := c.cl.Leaser.LeaveCluster(context.WithoutCancel(ctx), capture.ID, c.cl.Node, c.maxGap()); err != nil {
				log.Error("cluster: leaving", zap.Error(err))
			}
		}
		return st, workErr.Load().(error)
	case errors.As(cause, &lim):
		st.StopReason = lim.reason
	case ctx.Err() != nil:
		st.StopReason = "interrupted"
		if c.cl != nil {
			if _, err := c.clusterFinish(ctx); err != nil {
				return st, err
			}
		}
		log.Info("capture interrupted; run the job again to resume")
		return st, nil
	default:
		st.StopReason = "finished"
	}
	if c.cl != nil {
		// A limit stops this node only; the capture finishes when the
		// cluster's work is done.
		finished, err := c.clusterFinish(ctx)
		if err != nil {
			return st, err
		}
		if !finished {
			log.Info("node stopped; the cluster continues the capture", zap.String("reason", st.StopReason))
			return st, nil
		}
		log.Info("capture finished", zap.String("reason", st.StopReason), zap.Int64("fetched", st.Fetched))
		return st, nil
	}
	if err := c.store.FinishCapture(context.WithoutCancel(ctx), capture.ID, store.CaptureStatusFinished); err != nil {
		return st, fmt.Errorf("store: %w", err)
	}
	log.Info("capture finished", zap.String("reason", st.StopReason), zap.Int64("fetched", st.Fetched))
	return st, nil
}

func (c *Crawler) closeOutputs() {
	if c.fetch != nil {
		c.fetch.pool.close()
	}
	if err := c.warc.Close(); err != nil {
		c.log.Error("closing WARC", zap.Error(err))
	}
	if err := c.clog.Close(); err != nil {
		c.log.Error("closing crawl.log", zap.Error(err))
	}
}

func (c *Crawler) stats(start time.Time, resumed bool) Stats {
	size := int64(c.frontier.Size())
	return Stats{
		CaptureID: c.capture.ID, Resumed: resumed,
		Fetched: c.fetched.Load(), Failed: c.failed.Load(), Blocked: c.blocked.Load(),
		Discovered: size, Queued: size - c.finished.Load(), Bytes: c.bytes.Load(), Records: c.records.Load(),
		Elapsed: time.Since(start),
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
	}
	return nil
}

// seed puts the job's seeds into a new capture.
func (c *Crawler) seed(ctx context.Context) error {
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
			c.noteHost(r.Host)
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
func (c *Crawler) noteHost(host string) {
	if c.job.Robots != "obey" {
		return
	}
	if !c.robots.markSeen(host) {
		_ = c.frontier.AddPrereq(host, c.robotsURL(host))
	}
}

func (c *Crawler) robotsURL(host string) frontier.URL {
	scheme := "http"
	if c.scope.https[host] {
		scheme = "https"
	}
	u := scheme + "://" + host + "/robots.txt"
	return frontier.URL{URL: u, SURT: urlcanon.SURT(u), Host: host, Parent: -1, HopPath: "P"}
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
		if err := c.processSafely(ctx, worker, t); err != nil {
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

// process fetches one task, archives and indexes it, and reports it done.
func (c *Crawler) process(ctx context.Context, worker int, t frontier.Task) error {
	c.obs().Decision(t.Action, t.Prereq)
	if t.Prereq {
		if t.Interleaved {
			return c.processSitemap(ctx, worker, t)
		}
		return c.processRobots(ctx, worker, t)
	}
	now := time.Now()
	if c.job.Robots == "obey" {
		u, err := requestURL(t.URL.URL)
		if err != nil {
			return c.finishUnfetched(ctx, worker, t, crawllog.CodeUnfetchable, store.StateFailed, annMalformed)
		}
		switch c.robots.verdict(t.Host, u.RequestURI(), now) {
		case robotsUnknown:
			c.frontier.Defer(t, c.robotsURL(t.Host))
			return nil
		case robotsDisallowed:
			return c.finishUnfetched(ctx, worker, t, crawllog.CodeRobots, store.StateBlocked, "robots")
		case robotsUnavailable:
			// Heritrix's -61: the prerequisite failed. The page is not
			// excluded by the site, so it is failed, not blocked.
			return c.finishUnfetched(ctx, worker, t, crawllog.CodePrereqFailed, store.StateFailed, "robots-unavailable")
		case robotsAddressDenied:
			return c.finishUnfetched(ctx, worker, t, crawllog.CodeBlockedGuard, store.StateFailed, annAddressDenied)
		}
	}
	var hdr http.Header
	if c.job.Fetch.ConditionalGet || t.Action == scheduler.Revisit {
		hdr = c.validators(ctx, t)
	}
	f, err := c.fetch.fetch(ctx, t.URL.URL, hdr)
	if f != nil {
		defer f.Close() // releases the spooled response
	}
	if ctx.Err() != nil {
		return ctx.Err() // abandoned: the URL stays queued for the resumed run
	}
	// Refusals retrying cannot cure (the network guard, an oversized
	// header) fail the URL at once.
	if fe, ok := refused(err); ok {
		c.log.Info("fetch refused", zap.String("url", t.URL.URL), zap.Error(err))
		return c.finishUnfetched(ctx, worker, t, fe.Code, store.StateFailed, fe.Note)
	}
	if err != nil || f.Status == http.StatusTooManyRequests || f.Status >= 500 {
		if t.Attempt < c.job.Fetch.Retries {
			wait := c.backoff(t.Attempt)
			if f != nil {
				if ra := retryAfter(f.Header, time.Now()); ra > wait {
					wait = ra
				}
			}
			c.log.Debug("retrying", zap.String("url", t.URL.URL), zap.Int("attempt", t.Attempt+1), zap.Duration("after", wait), zap.Error(err))
			var d time.Duration
			if f != nil {
				d = f.Duration
			}
			c.frontier.Done(t, frontier.Result{Fetched: true, Duration: d, Retry: wait})
			return nil
		}
		if err != nil {
			code := crawllog.CodeRetriesGaveUp
			var fe *fetchError
			if errors.As(err, &fe) {
				code = fe.Code
			}
			c.log.Info("giving up", zap.String("url", t.URL.URL), zap.Int("attempts", t.Attempt+1), zap.Error(err))
			return c.finishUnfetched(ctx, worker, t, code, store.StateFailed, fmt.Sprintf("%dt", t.Attempt+1))
		}
		// A 5xx/429 after the last retry is archived like any response.
	}
	return c.archive(ctx, worker, t, f)
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
	if err := c.store.Commit(ctx, b); err != nil {
		return err // the store's errors say "store: …"
	}
	// The line goes out right after the URL is settled (see commit).
	logErr := c.clog.Log(e)
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

// processRobots fetches and archives a host's robots.txt.
func (c *Crawler) processRobots(ctx context.Context, worker int, t frontier.Task) error {
	f, err := c.fetch.fetch(ctx, t.URL.URL, nil)
	if f != nil {
		defer f.Close() // releases the spooled response
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
		return c.clog.Log(crawllog.Entry{Time: now, Status: int(crawllog.CodeBlockedGuard), Size: -1, URI: t.URL.URL, HopPath: "P", Worker: worker, Annotations: []string{annAddressDenied}})
	}
	if err != nil || f.Status >= 500 {
		final, isFinal := refused(err) // an oversized header: no retry cures it
		if t.Attempt < c.job.Fetch.Retries && !isFinal {
			c.frontier.Done(t, frontier.Result{Fetched: true, Retry: c.backoff(t.Attempt)})
			return nil
		}
		c.robots.setUnreachable(t.Host, now)
		c.log.Warn("robots.txt unreachable; host paused", zap.String("host", t.Host), zap.Error(err))
		if err != nil {
			c.frontier.Done(t, frontier.Result{Fetched: true})
			e := crawllog.Entry{Time: now, Status: int(crawllog.CodePrereqFailed), Size: -1, URI: t.URL.URL, HopPath: "P", Worker: worker}
			if isFinal {
				e.Status, e.Annotations = int(final.Code), []string{final.Note}
			}
			return c.clog.Log(e)
		}
	}
	delay, sitemaps := c.robots.set(t.Host, f.Status, f.decodedBytes(maxRobotsBytes), now)
	if cap := c.job.Politeness.CrawlDelayCap; delay > cap {
		delay = cap
	}
	var drops []drop
	for _, s := range sitemaps {
		u, err := urlcanon.Canonical(t.URL.URL, strings.TrimSpace(s))
		if err != nil {
			drops = append(drops, drop{s, "PM", t.URL.URL, crawllog.CodeUnfetchable, annMalformed})
		} else if d := c.addSitemap(u, t.URL.URL, "M"); d != nil {
			drops = append(drops, *d)
		}
	}
	c.bytes.Add(f.Response.Size())
	if _, err := c.submit(&archived{t: t, f: f, entry: fetchEntry(worker, t, f, nil)}); err != nil {
		return err
	}
	c.fetched.Add(1)
	c.frontier.Done(t, frontier.Result{Fetched: true, Duration: f.Duration, MinDelay: delay})
	c.obs().Fetched(t.Host, f.Status, f.Response.Size(), f.Duration)
	return c.logDrops(worker, drops)
}

// writeExchange archives one fetch and converts the written records to index
// rows. Only the committer calls it.
func (c *Crawler) writeExchange(ctx context.Context, t frontier.Task, f *fetched, rev *warc.RevisitOf, outlinks []warc.Outlink, textDigest string) ([]store.Record, error) {
	ex := warc.Exchange{TargetURI: t.URL.URL, IP: f.IP, Date: f.Start, Request: f.Request, ResponseBlob: f.Response, Revisit: rev, Outlinks: outlinks}
	if f.Truncated {
		ex.Truncated = "length"
	}
	written, err := c.warc.WriteExchange(context.WithoutCancel(ctx), ex)
	if err != nil {
		return nil, fmt.Errorf("warc: %w", err)
	}
	c.noteWritten(written)
	phase := PhaseVisit
	switch t.Action {
	case scheduler.Revisit:
		phase = PhaseRevisit
	case scheduler.VisitRevisit:
		phase = PhaseVisitRevisit
	}
	surt := urlcanon.SURT(t.URL.URL)
	recs := make([]store.Record, 0, len(written))
	for _, w := range written {
		r := store.Record{
			CaptureID: c.capture.ID, URL: t.URL.URL, SURT: surt, Time: f.Start, RecordType: w.Type, RecordID: w.RecordID,
			WARCFile: w.File, Offset: w.Offset, RecordLength: w.Length, Phase: phase,
		}
		if w.Type == "response" || w.Type == "revisit" {
			r.Status, r.MIME, r.PayloadDigest, r.Length = f.Status, mediaType(f.Header.Get("Content-Type")), w.PayloadDigest, f.BodyLen
			r.ETag, r.LastModified = f.Header.Get("ETag"), f.Header.Get("Last-Modified")
			r.TextDigest = textDigest
			if rev != nil && rev.Profile == warc.ProfileIdenticalPayload {
				r.PayloadDigest = f.Digest
			}
		}
		recs = append(recs, r)
	}
	return recs, nil
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
func (c *Crawler) newPayloadHash() hash.Hash {
	if c.job.WARC.Digest == "sha256" {
		return sha256.New()
	}
	return sha1.New()
}

func (c *Crawler) formatDigest(sum []byte) string {
	if c.job.WARC.Digest == "sha256" {
		return "sha256:" + hex.EncodeToString(sum)
	}
	return "sha1:" + base32.StdEncoding.EncodeToString(sum)
}

// textDigest is the digest of a page's normalised title and visible text
// (extract.NormalizedText of title+" "+text: case, punctuation and
// digit-only tokens do not count), in the payload digest's notation. The
// report's similarity test normalises the same way. The two are
// normalised into one buffer, not joined first.
func (c *Crawler) textDigest(title, text string) string {
	buf := extract.AppendNormalized(make([]byte, 0, len(title)+1+len(text)), title)
	return c.payloadDigest(extract.AppendNormalized(buf, text))
}

// archive handles an HTTP response: dedup, link extraction, WARC, index,
// frontier, crawl.log.
func (c *Crawler) archive(ctx context.Context, worker int, t frontier.Task, f *fetched) error {
	c.bytes.Add(f.Response.Size())
	var rev *warc.RevisitOf
	var ann []string
	digest := f.Digest
	// textDigest fingerprints the normalised visible text, so a job can
	// count only text changes as changes (capture.change_signal: text).
	var textDigest string
	var visit *store.Record
	newPayload := false // deduplication found no original for it
	if t.Action == scheduler.Revisit {
		// A revisit refers to its own visit (thesis §3.2): unchanged means
		// identical to the version archived earlier in this capture.
		if v, err := c.store.LastCapture(ctx, t.URL.URL); err == nil && v.CaptureID == c.capture.ID {
			visit = &v
		}
	}
	switch {
	case f.Status == http.StatusNotModified:
		prev := visit
		if prev == nil {
			if p, err := c.store.LastCapture(ctx, t.URL.URL); err == nil {
				prev = &p
			}
		}
		if prev != nil {
			rev = &warc.RevisitOf{Profile: warc.ProfileServerNotModified, RefersTo: prev.RecordID, RefersToURI: prev.URL, RefersToDate: prev.Time}
			ann = append(ann, "notModified")
			textDigest = prev.TextDigest
		}
	case visit != nil && f.Status == visit.Status && digest == visit.PayloadDigest:
		// The same answer as the visit (a 200 with the same payload, or the
		// same 404 twice): unchanged.
		rev = &warc.RevisitOf{Profile: warc.ProfileIdenticalPayload, RefersTo: visit.RecordID, RefersToURI: visit.URL, RefersToDate: visit.Time}
		ann = append(ann, "unchanged")
	case visit != nil:
		ann = append(ann, "changed")
	case f.Status/100 == 2 && f.BodyLen > 0:
		prev, dup, err := c.dedup.first(ctx, digest)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err() // abandoned: the URL stays queued for the resumed run
			}
			return fmt.Errorf("store: %w", err)
		}
		if dup {
			rev = &warc.RevisitOf{Profile: warc.ProfileIdenticalPayload, RefersTo: prev.recordID, RefersToURI: prev.uri, RefersToDate: prev.date}
			ann = append(ann, "duplicate:digest")
		}
		newPayload = !dup
	}
	found := c.discover(t, f)
	ann = append(ann, found.ann...)
	if found.textDigest != "" {
		textDigest = found.textDigest
	}
	cands, drops := c.admit(found.cands)
	drops = append(found.malformed, drops...)
	if f.Truncated {
		ann = append(ann, "truncated")
	}

	state := store.StateDone
	if t.Action == scheduler.Visit && c.job.Capture.Mode == job.ModeVisitRevisit {
		state = store.StateVisited
	}
	_, err := c.submit(&archived{t: t, f: f, rev: rev, outlinks: found.outlinks, cands: cands, textDigest: textDigest, newPayload: newPayload,
		states: []store.StateChange{{SURT: t.SURT, State: state, Attempts: t.Attempt + 1}}, entry: fetchEntry(worker, t, f, ann)})
	if err != nil {
		return err
	}
	c.fetched.Add(1)
	if state == store.StateDone {
		c.finished.Add(1)
	}
	n := c.pages.Add(1)
	c.frontier.Done(t, frontier.Result{Fetched: true, Duration: f.Duration})
	c.obs().Fetched(t.Host, f.Status, f.Response.Size(), f.Duration)
	if err := c.logDrops(worker, drops); err != nil {
		return err
	}
	c.checkLimits(n)
	return nil
}

// discovered is what a response points to: its candidate URLs (before
// admit), the outlinks recorded in its metadata record, the malformed
// references met, annotations for its crawl.log line and its text digest.
type discovered struct {
	cands      []frontier.URL
	outlinks   []warc.Outlink
	malformed  []drop
	ann        []string
	textDigest string
}

// discover reads a response's Location and, for a 2xx, its links (at most
// limits.max_outlinks; extraction counts the rest), sitemap entries and
// visible text.
func (c *Crawler) discover(t frontier.Task, f *fetched) discovered {
	var d discovered
	if loc := f.Header.Get("Location"); f.Status/100 == 3 && loc != "" {
		if u, err := urlcanon.Canonical(t.URL.URL, loc); err == nil {
			d.cands = append(d.cands, c.candidate(t, u, 'R'))
			d.outlinks = append(d.outlinks, warc.Outlink{URL: u, Hop: 'R', Context: "http/location"})
		} else if !errors.Is(err, urlcanon.ErrScheme) {
			d.malformed = append(d.malformed, drop{loc, t.HopPath + "R", t.URL.URL, crawllog.CodeUnfetchable, annMalformed})
		}
	}
	if f.Status/100 == 2 {
		res, err := extract.ExtractFrom(f.Header.Get("Content-Type"), t.URL.URL, f.decoded(c.job.Fetch.MaxBodyBytes),
			extract.Options{MaxLinks: c.job.Limits.MaxOutlinks, SizeHint: f.BodyLen})
		if err != nil {
			d.ann = append(d.ann, "extract-error")
			c.log.Debug("extraction", zap.String("url", t.URL.URL), zap.Error(err))
		}
		if res.Title != "" || res.Text != "" {
			d.textDigest = c.textDigest(res.Title, res.Text)
		}
		if res.LinksDropped > 0 {
			d.ann = append(d.ann, outlinksCut(res.LinksDropped))
		}
		for _, ref := range res.Malformed {
			d.malformed = append(d.malformed, drop{ref, t.HopPath + "L", t.URL.URL, crawllog.CodeUnfetchable, annMalformed})
		}
		for _, l := range res.Links {
			d.cands = append(d.cands, c.candidate(t, l.URL, byte(l.Hop)))
			d.outlinks = append(d.outlinks, warc.Outlink{URL: l.URL, Hop: byte(l.Hop), Context: l.Context})
		}
		for _, s := range res.Sitemap {
			d.cands = append(d.cands, c.candidate(t, s.Loc, 'M'))
		}
		for _, s := range res.SitemapIndex {
			d.cands = append(d.cands, c.candidate(t, s, 'M'))
		}
	}
	return d
}

func (c *Crawler) checkLimits(pages int64) {
	s := c.job.Scope
	switch {
	case s.MaxPages > 0 && pages >= int64(s.MaxPages):
		c.stop(errLimit{"max_pages"})
	case s.MaxBytes > 0 && c.bytes.Load() >= s.MaxBytes:
		c.stop(errLimit{"max_bytes"})
	}
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
	e := crawllog.Entry{Status: f.Status, Size: f.Response.Size(), URI: t.URL.URL, HopPath: t.HopPath, Via: t.Via,
		MIME: mediaType(f.Header.Get("Content-Type")), Worker: worker, FetchStart: f.Start, Duration: f.Duration, Annotations: ann}
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
func loadRatesModel(path string) (*changerate.Predictor, error) {
	if path == "" {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("rates_model: %w", err)
	}
	var p changerate.Predictor
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("rates_model %s: %w", path, err)
	}
	return &p, nil
}
