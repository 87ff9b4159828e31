package crawler

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/extract"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/netguard"
	"github.com/sharc-archive/sharc/crawler/traps"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/internal/spool"
	"github.com/sharc-archive/sharc/internal/version"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// ErrRunTwice is returned by a second Run of one Crawler: its per-run
// state (frontier, outputs, counters) serves one run only. Make a new
// Crawler with New to run the job again (it resumes the capture).
var ErrRunTwice = errors.New("crawler: Run called twice on one Crawler (make a new one with New)")

// Run runs (or resumes) the job's capture until it is complete, a limit is
// reached or ctx is cancelled. Cancellation is a clean stop: in-flight
// fetches are abandoned, WARC files closed, and the capture stays "running"
// in the store so the next Run resumes it. A running capture started with
// other defining settings is refused (*OwnerError), and a new capture
// whose set-up fails before its seeds are committed is marked failed.
// Run may be called once per Crawler (ErrRunTwice).
func (c *Crawler) Run(ctx context.Context) (_ Stats, err error) {
	if !c.ran.CompareAndSwap(false, true) {
		return Stats{}, ErrRunTwice
	}
	c.started = time.Now()
	yamlText, err := recordedJob(c.job)
	if err != nil {
		return Stats{}, err
	}
	// What can fail without the store fails before a capture exists.
	if err := checkSeeds(c.job); err != nil {
		return Stats{}, err
	}
	if err := checkGranted(c.job, c.opts.Secrets); err != nil {
		return Stats{}, err
	}
	// A job built in code is checked as Parse checks one: a bad proxy
	// must not quietly become a direct connection.
	if msg := job.ProxyProblem(c.job.Fetch.Proxy); msg != "" {
		return Stats{}, fmt.Errorf("fetch.proxy %q: %s", c.job.Fetch.Proxy, msg)
	}
	if msg := OperatorProxyProblem(c.opts.Proxy); msg != "" {
		return Stats{}, fmt.Errorf("operator proxy %s: %s", redactProxy(c.opts.Proxy), msg)
	}
	if err := checkWritableDir(c.job.WARC.Dir); err != nil {
		return Stats{}, fmt.Errorf("warc dir: %w", err)
	}
	// The bucket is checked before a capture exists (warc.upload).
	upc, err := uploadClient(ctx, c.job.WARC.Upload, c.opts.Uploader)
	if err != nil {
		return Stats{}, err
	}
	c.upl = &uploads{client: upc}
	if err := c.newCoordinator(); err != nil {
		return Stats{}, err
	}
	// Before the capture is opened: its .open files are repaired only
	// under the lock (see ownership.go).
	lock, err := c.ownCapture(ctx)
	if err != nil {
		return Stats{}, err
	}
	defer c.releaseCapture(ctx, lock)
	ctx, stopBeat := c.heartbeat(ctx, lock)
	defer func() {
		stopBeat()
		if cause := context.Cause(ctx); errors.Is(cause, store.ErrCaptureBusy) {
			err = errors.Join(err, cause)
		}
	}()
	capture, resumed, err := c.openCapture(ctx, string(yamlText))
	if capture.ID != 0 {
		c.log = c.log.With(zap.String("job", c.job.Name), zap.Int64("capture", capture.ID))
	}
	seeded := resumed || c.coord.shared() // cluster nodes settle their capture together
	defer func() {
		if err != nil && !seeded && capture.ID != 0 {
			c.failSetUp(ctx, capture.ID, err)
		}
	}()
	if err != nil {
		return Stats{}, err
	}
	c.capture, c.resumed = capture, resumed
	logPath, err := c.setUp(ctx, yamlText)
	if err != nil {
		return Stats{}, err
	}
	if err := c.coord.start(ctx); err != nil {
		_ = c.closeOutputs() // logged; err is what the run reports
		return Stats{}, err
	}
	seeded = true
	c.log.Info("capture started", zap.Bool("resumed", resumed), zap.String("strategy", c.job.Scheduler.Strategy),
		zap.Int("frontier", c.frontier.Size()))
	c.obs().Started(capture.ID, resumed)
	st, workErr, cause := c.crawl(ctx)
	st.CrawlLog, st.Folder = logPath, string(c.folder)
	return c.settle(ctx, st, workErr, cause)
}

// setUp makes the run's folder, outputs and frontier, and
// returns the crawl.log path. On error nothing stays open.
func (c *Crawler) setUp(ctx context.Context, yamlText []byte) (string, error) {
	prefix := c.coord.warcPrefix(c.job.WARC.Prefix)
	logPath, err := c.setUpFolder(ctx, yamlText, c.coord.node())
	if err != nil {
		return "", err
	}
	if c.resumed {
		// A node repairs only its own files: the others' may be open.
		if err := c.repairWARCFiles(ctx, filepath.Join(c.warcDir, c.coord.repairPattern(prefix))); err != nil {
			return "", err
		}
		if err := c.repairCrawlLog(ctx, logPath); err != nil {
			return "", err
		}
	}
	if c.earlier, err = c.earlierTotals(ctx, c.capture.ID, c.resumed); err != nil {
		return "", err
	}
	if c.limitBase, err = c.captureLimitBase(ctx); err != nil {
		return "", err
	}
	if err := c.openOutputs(ctx, prefix, logPath); err != nil {
		return "", err
	}
	c.setUpState()
	if err := c.setUpAuth(ctx); err != nil {
		_ = c.closeOutputs() // logged; err is what the run reports
		return "", err
	}
	if err := c.setUpBrowser(); err != nil {
		_ = c.closeOutputs() // logged; err is what the run reports
		return "", err
	}
	if err := c.setUpRates(ctx); err != nil {
		_ = c.closeOutputs() // logged; err is what the run reports
		return "", err
	}
	fcfg, err := c.frontierConfig(ctx)
	if err != nil {
		_ = c.closeOutputs() // logged; err is what the run reports
		return "", err
	}
	c.frontier = frontier.New(fcfg)
	c.held.Store(c.frontier)
	c.wired, c.admitters = c.chain.wire(c), c.wireCandidates()
	return logPath, nil
}

// openOutputs opens the WARC writer (continuing the capture's serials)
// and crawl.log.
func (c *Crawler) openOutputs(ctx context.Context, prefix, logPath string) error {
	j := c.job
	serial, err := c.nextSerial(ctx, c.capture.ID, c.resumed, prefix)
	if err != nil {
		return err
	}
	hostname, _ := os.Hostname()
	c.warc, err = warc.NewWriter(warc.Config{
		Dir: c.warcDir, Prefix: prefix, MaxSize: j.WARC.MaxSize, Digest: j.WARC.Digest, GzipLevel: c.gzipLevel(), FirstSerial: serial,
		Software: version.Software(), Operator: j.WARC.Operator, JobName: j.Name, RobotsPolicy: j.Robots,
		UserAgent: j.UserAgent, Hostname: hostname, OnClose: c.warcClosed,
		Description: fmt.Sprintf("capture %d of job %s, strategy %s, mode %s", c.capture.ID, j.Name, j.Scheduler.Strategy, j.Capture.Mode),
	}, c.log)
	if err != nil {
		return fmt.Errorf("warc: %w", err)
	}
	if c.clog, err = crawllog.Open(logPath); err != nil {
		_ = c.warc.Close()
		return err
	}
	ownPrefix := "" // a cluster node uploads only its own files
	if c.coord.shared() {
		ownPrefix = prefix
	}
	c.startUploads(ctx, c.warcDir, ownPrefix) // the capture folder's warcs/
	return nil
}

// mostInFlight is the most requests the job allows in flight to one host:
// per_host or a host's own parallel.
func mostInFlight(p job.Politeness) int {
	n := p.PerHost
	for _, h := range p.Hosts {
		n = max(n, h.Parallel)
	}
	return n
}

// setUpState makes the fetcher and the run's caches and filters.
func (c *Crawler) setUpState() {
	j := c.job
	maxHeader := j.Fetch.MaxHeaderBytes
	if maxHeader <= 0 { // a job built in code rather than parsed
		maxHeader = job.DefaultMaxHeaderBytes
	}
	c.fetch = &fetcher{pool: newConnPool(mostInFlight(j.Politeness)), userAgent: j.UserAgent, connectTimeout: j.Fetch.ConnectTimeout, timeout: j.Fetch.Timeout,
		maxBody: j.Fetch.MaxBodyBytes, maxHeader: maxHeader, resolve: j.Resolve,
		spools: spool.NewPool(c.warcDir, 0, max(j.Workers, 1)), newHash: c.newPayloadHash, formatDigest: c.formatDigest, digestIsSHA256: j.WARC.Digest == warc.DigestSHA256,
		guard: netguard.New(j.Fetch.AllowAddresses), dialCheck: c.opts.DialCheck, bufs: make(chan []byte, max(j.Workers, 1)),
		resolver: newResolver(time.Now), tlsRoots: c.opts.TLSRoots, now: time.Now}
	switch {
	case c.opts.Proxy != "":
		c.fetch.proxy, _ = url.Parse(c.opts.Proxy) // checked by Run (OperatorProxyProblem)
	case j.Fetch.Proxy != "":
		c.fetch.proxy, _ = url.Parse(j.Fetch.Proxy) // checked by Run (job.ProxyProblem)
	}
	c.prov = newProvenance()
	c.textBufs = make(chan []byte, max(j.Workers, 1))
	c.robots = newRobotsCache(j.UserAgent, c.opts.RobotsRetry)
	// A resumed capture's earlier responses, and other nodes', are in the
	// store only: the cache starts empty and misses ask the store.
	c.dedup = newDedup(c.store, c.capture.ID, c.opts.DigestCache, !c.resumed && !c.coord.shared())
	c.scope = newScope(j)
	c.sitemapsSeen, c.sitemapCount, c.sitemapEntries = map[string]struct{}{}, map[string]int{}, map[string]extract.SitemapURL{}
	c.sitemapNamers = map[string][]string{}
	c.sitemapSlots = make(chan struct{}, maxSitemapsAtOnce)
	c.traps, c.drops = traps.New(trapLimits(j.Limits, c.store.MaxURLBytes()), nil), newDropLog()
}

// setUpRates makes the change-rate cascade the job names, unless
// Options.Rates replaces it.
func (c *Crawler) setUpRates(ctx context.Context) error {
	j := c.job
	if c.rates = c.opts.Rates; c.rates != nil {
		return nil
	}
	model, err := loadRatesModel(j.RatesModel, c.opts.ReadRatesModel)
	if err != nil {
		return err
	}
	cascade, err := changerate.New(changerate.Config{Order: j.ChangeRates, PolitenessDelay: c.delta(),
		Tau: changerate.DefaultTau, DefaultRate: j.DefaultRate, Predictor: model}, c.log)
	if err != nil {
		return fmt.Errorf("change rates: %w", err)
	}
	c.rates = cascade
	for _, n := range cascade.Order() {
		c.useHistory = c.useHistory || n == changerate.SourceHistory
	}
	if c.useHistory {
		// A first capture has no history to read: skip the query per URL.
		has, err := c.store.HasHistory(ctx, c.capture.ID)
		c.useHistory = err != nil || has
	}
	return nil
}

// frontierConfig is the frontier the job asks for.
func (c *Crawler) frontierConfig(ctx context.Context) (frontier.Config, error) {
	j := c.job
	// estimated_size: auto takes each host's size in the job's previous
	// finished capture, else the number of the host's URLs known when its
	// pages start (its sitemaps are fetched first, so their entries count).
	estimate := func(_ string, known int) int { return j.Capture.EstimatedSize }
	if j.Capture.EstimatedSize == 0 {
		sizes, err := c.store.JobCaptureSizes(ctx, c.capture.ID)
		if err != nil {
			return frontier.Config{}, fmt.Errorf("store: %w", err)
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
	c.coord.configure(&fcfg)
	return fcfg, nil
}

// crawl runs the workers, the committer, the coordinator's background
// loop and the progress reports until the frontier is done, a limit or a
// failure stops the run, or ctx ends; then it closes the outputs. It
// returns the counters, the first work error and why the run stopped.
func (c *Crawler) crawl(ctx context.Context) (st Stats, workErr, cause error) {
	runCtx, stop := context.WithCancelCause(ctx)
	c.stop = stop
	defer stop(nil)
	defer c.startLimits()()
	stopProgress := c.startProgress()
	c.toCommit = make(chan *archived, c.job.Workers)
	c.pendingSlots = make(chan struct{}, pendingPerWorker*max(c.job.Workers, 1))
	c.busy = newWorkload()
	c.serial = newSerialTimes(nil)
	committerDone := make(chan struct{})
	go func() {
		defer close(committerDone)
		c.committer(ctx, c.toCommit) // not runCtx: what was fetched is committed
	}()
	workErr = c.runWorkers(runCtx, stop)
	c.closeBrowser()
	close(c.toCommit)
	<-committerDone
	c.saveSession(ctx, true) // the session as the run leaves it (login.go)
	stopProgress()
	closeErr := c.closeOutputs()
	st = c.stats(c.started, c.resumed)
	st.WARCFiles = c.warc.Files()
	st.LoggedIn = c.auth.loggedIn()
	if workErr == nil {
		// A commit that failed after a limit or an interrupt had stopped
		// the run is not the workers' error (its waiter saw a cancelled
		// context), nor is a WARC file that could not be closed: either
		// leaves records the index lacks or names, so the capture must
		// stay open for the resume that repairs them, not be finished.
		workErr = errors.Join(c.failure(), closeErr)
	}
	return st, workErr, context.Cause(runCtx)
}

// runWorkers runs the job's workers and the coordinator's background loop
// until all end; the first error stops the others and is returned.
func (c *Crawler) runWorkers(ctx context.Context, stop context.CancelCauseFunc) error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	fail := func(err error) {
		mu.Lock()
		if first == nil {
			first = err
		}
		mu.Unlock()
		stop(err)
	}
	c.failRun = fail
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := c.coord.background(ctx); err != nil {
			fail(err)
		}
	}()
	if c.refreshing() {
		// The cycle's policy adds its URLs round by round: the frontier
		// stays open (before any worker asks it) until the policy is done.
		release := c.frontier.Hold()
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer release()
			if err := c.driveRefresh(ctx); err != nil && ctx.Err() == nil {
				fail(err)
			}
		}()
	}
	for w := 1; w <= c.job.Workers; w++ {
		wg.Add(1)
		go func(worker int) {
			defer wg.Done()
			if err := c.work(ctx, worker); err != nil {
				fail(err)
			}
		}(w)
	}
	wg.Wait()
	// Tasks handed to the committer finish after their workers have
	// gone; their errors count as the workers' did.
	c.afterCommits.Wait()
	mu.Lock()
	defer mu.Unlock()
	return first
}

// startProgress calls Options.Progress every ProgressEvery until the
// returned function is called.
func (c *Crawler) startProgress() (stop func()) {
	if c.opts.Progress == nil {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		tk := time.NewTicker(c.opts.ProgressEvery)
		defer tk.Stop()
		for {
			select {
			case <-done:
				return
			case <-tk.C:
				c.opts.Progress(c.stats(c.started, c.resumed))
			}
		}
	}()
	return func() { close(done) }
}

// settle maps why the run stopped to its StopReason and lets the
// coordinator settle the capture.
func (c *Crawler) settle(ctx context.Context, st Stats, workErr, cause error) (Stats, error) {
	var lim errLimit
	switch {
	case workErr != nil:
		st.StopReason = StopFailed
		c.coord.abandon(ctx, st.CrawlLog)
		return st, workErr
	case errors.As(cause, &lim):
		st.StopReason = lim.reason
	case ctx.Err() != nil:
		st.StopReason = StopInterrupted
		if err := c.coord.interrupted(ctx); err != nil {
			return st, err
		}
		c.log.Info("capture interrupted; run the job again to resume")
		return st, nil
	default:
		st.StopReason = StopFinished
	}
	if c.refreshing() {
		if err := c.settleRefresh(ctx); err != nil {
			return st, err
		}
	}
	return st, c.coord.finish(ctx, st)
}

// gzipLevel is the WARC records' DEFLATE level: Options.WARCGzipLevel if
// set, else the job's (0 for a job built in code: the writer's default).
func (c *Crawler) gzipLevel() int {
	if c.opts.WARCGzipLevel != 0 {
		return c.opts.WARCGzipLevel
	}
	return c.job.WARC.GzipLevel
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
