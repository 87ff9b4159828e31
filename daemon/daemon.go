package daemon

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/crawler/netguard"
	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// Job states as the API reports them.
const (
	stateIdle    = "idle"    // no capture open
	stateQueued  = "queued"  // a capture waits for a free slot
	stateRunning = "running" // a capture is being crawled
	statePaused  = "paused"  // a capture is open but stopped until resumed
)

// Options tune a daemon beyond its config file.
type Options struct {
	// Now is the clock schedules are checked against; nil means
	// time.Now. Tests pass a fast clock to see "every 1m" fire in seconds.
	Now func() time.Time
	// Tick is how often schedules are checked; default 1s.
	Tick time.Duration
	// Registry supplies the scheduler strategies; nil means
	// scheduler.NewRegistry().
	Registry *scheduler.Registry
	// Getenv reads the daemon's environment (remotes' credentials); nil
	// means os.Getenv.
	Getenv func(string) string
	// GraphMaxURLs is the most URLs of a capture GET …/graphml builds a
	// tree of; 0 means crawltree.MaxURLs. Tests lower it to see a refusal
	// without storing a million URLs.
	GraphMaxURLs int
}

// Daemon runs jobs' captures and serves the API. Create it with New, then
// call Run once.
type Daemon struct {
	cfg Config
	// secrets are the credentials and cookie files of cfg.Secrets, read
	// once at start; never served or logged.
	secrets siteauth.Secrets
	opts    Options
	log     *zap.Logger
	st      store.DB
	reg     *scheduler.Registry
	allow   []netip.Prefix // Config.AllowAddresses: the most a job may allow
	getenv  func(string) string
	// s3Transport dials remotes through the network guard with the
	// daemon's allow_addresses only.
	s3Transport http.RoundTripper
	// sign signs finished captures' packages (Config.WACZSigning).
	sign    waczSigner
	leaser  crawler.Leaser // non-nil in cluster mode (Config.Node set)
	now     func() time.Time
	metrics *metrics
	ready   atomic.Bool
	// HTTP hardening (harden.go): connection caps over both listeners,
	// the per-request middleware, and TLS (nil: plain HTTP).
	conns *connLimiter
	hard  *hardener
	tls   *tls.Config
	// snapshots builds the WACZ of a capture without a finished one
	// once per capture state (waczfile.go).
	snapshots snapshotBuilds
	// uploading is held while a WACZ is uploaded (one at a time).
	uploading sync.Mutex

	mu         sync.Mutex
	replayAddr string // the replay origin's listener, once Run opened it
	jobs       map[string]*jobState
	slots      chan struct{}
	runs       sync.WaitGroup
	// runCtx is the parent of every capture run; cancelled on shutdown
	// (the capture stays "running" in the store and resumes on restart).
	runCtx    context.Context
	cancelAll context.CancelFunc
}

// jobState is the daemon's view of one job. Guarded by Daemon.mu.
type jobState struct {
	name      string
	id        int64
	yaml      string // as stored (job.Marshal of the resolved job)
	job       *job.Job
	state     string
	alert     string
	next      time.Time // next scheduled capture; zero without schedule
	run       *run
	last      crawler.Stats // of the last run that ended
	lastErr   string
	submitted time.Time
	// file is the job file name the job was submitted as; its new
	// captures record it as their owner (crawler.Options.JobFile).
	file string
	// left is the capture this node stopped working on while the cluster
	// goes on (a limit of this node): the cluster poll does not rejoin it.
	left int64

	// lastRun is the newest run in the store (last_run).
	lastRun store.Run
	// lastHosts are the host rows of the last run that stopped: a paused
	// job's host table shows them instead of emptying.
	lastHosts lastHostRows
	// archived is when the job was archived (DELETE); an archived job is
	// kept for its captures, never run or scheduled.
	archived time.Time
	// due is the schedule time the next startLocked fulfils (zero for a
	// start by hand); the run records it as its schedule anchor.
	due time.Time
}

// run is one execution of crawler.Run for a job.
type run struct {
	cr     *crawler.Crawler
	obs    *runObserver
	cancel context.CancelFunc
	done   chan struct{}
	// intent is why the run is being stopped, if it is (intentNone
	// otherwise). Guarded by Daemon.mu.
	intent    stopIntent
	started   atomic.Bool
	captureID atomic.Int64
	since     time.Time
	scheduled time.Time // the schedule time that started it
	jobID     int64     // js.id when the run started
	id        int64     // in the store's run history; 0 if not recorded
	// finishErr is what went wrong once the capture had stopped (its
	// report failed, WARC files were not uploaded), if anything; set by
	// execute before settle, which raises it as the job's alert.
	finishErr error
}

// New validates cfg, opens and migrates the store. It does not start
// anything; call Run.
func New(ctx context.Context, cfg Config, log *zap.Logger, opts Options) (*Daemon, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	allow, err := cfg.AllowedRanges()
	if err != nil {
		return nil, err
	}
	if log == nil {
		log = zap.NewNop()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Tick <= 0 {
		opts.Tick = time.Second
	}
	if opts.Registry == nil {
		opts.Registry = scheduler.NewRegistry()
	}
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	if cfg.MaxConcurrentJobs <= 0 {
		cfg.MaxConcurrentJobs = DefaultMaxConcurrentJobs
	}
	if cfg.DrainTimeout <= 0 {
		cfg.DrainTimeout = DefaultDrainTimeout
	}
	if cfg.Node != "" && cfg.Poll <= 0 {
		cfg.Poll = DefaultPoll
	}
	cfg.applyHTTPDefaults()
	secrets, err := loadSecrets(cfg.Secrets)
	if err != nil {
		return nil, err
	}
	tlsCfg, err := loadTLS(cfg)
	if err != nil {
		return nil, err
	}
	sign, err := loadWACZSigning(cfg.WACZSigning, netguard.New(allow).Transport())
	if err != nil {
		return nil, err
	}
	st, err := store.Open(ctx, cfg.Store, log)
	if err != nil {
		return nil, err
	}
	if err := st.Migrate(ctx); err != nil {
		st.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	d := &Daemon{cfg: cfg, opts: opts, log: log, st: st, reg: opts.Registry, now: opts.Now, allow: allow, secrets: secrets,
		getenv: opts.Getenv, s3Transport: netguard.New(allow).Transport(), sign: sign,
		jobs: map[string]*jobState{}, slots: make(chan struct{}, cfg.MaxConcurrentJobs),
		conns: newConnLimiter(cfg.MaxConnsPerClient, cfg.MaxConns), tls: tlsCfg,
		hard: &hardener{write: cfg.WriteTimeout, hosts: newHostPolicy(cfg.PublicHosts, cfg.Listen, cfg.ReplayListen)}}
	if cfg.Node != "" {
		leaser, ok := st.(crawler.Leaser)
		if !ok {
			st.Close()
			return nil, fmt.Errorf("node: cluster mode needs a PostgreSQL store; store is %s", store.Redact(cfg.Store))
		}
		d.leaser = leaser
	}
	d.metrics = newMetrics(d)
	d.metrics.reg.MustRegister(d.conns.collectors()...)
	if cfg.Node != "" {
		d.metrics.reg.MustRegister(&clusterGauges{d: d}) // daemon/cluster_metrics.go
	}
	return d, nil
}

// Run loads the jobs, resumes every capture the store says is running,
// serves the API on ln and starts scheduled captures until ctx ends. Then it
// drains: the API stops, every capture stops fetching, closes its WARCs and
// commits (waiting at most DrainTimeout), and the store closes. Captures
// stopped this way stay "running" and resume on the next start.
func (d *Daemon) Run(ctx context.Context, ln net.Listener) error {
	d.runCtx, d.cancelAll = context.WithCancel(context.WithoutCancel(ctx))
	defer d.cancelAll()
	defer d.st.Close()
	if d.cfg.Token == "" {
		d.log.Warn("no API token set: the API is open to every local user", zap.String("listen", ln.Addr().String()))
	}
	srv, rsrv, srvErr, err := d.serve(ln)
	if err != nil {
		return err
	}
	defer rsrv.Close()
	if err := d.load(ctx); err != nil {
		_ = srv.Close()
		return err
	}
	d.ready.Store(true)
	d.log.Info("daemon ready", zap.String("listen", ln.Addr().String()), zap.String("replay_listen", rsrv.Addr),
		zap.String("store", store.Redact(d.cfg.Store)), zap.Int("jobs", len(d.snapshot())))

	tk := time.NewTicker(d.opts.Tick)
	defer tk.Stop()
	var poll <-chan time.Time // nil (never ready) without cluster mode
	if d.leaser != nil {
		pt := time.NewTicker(d.cfg.Poll)
		defer pt.Stop()
		poll = pt.C
	}
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case err = <-srvErr:
			break loop
		case <-tk.C:
			d.checkSchedules()
		case <-poll:
			d.clusterPoll(ctx)
		}
	}
	d.ready.Store(false)
	d.log.Info("draining: stopping captures", zap.Duration("max_wait", d.cfg.DrainTimeout))
	shutCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	_ = srv.Shutdown(shutCtx)
	cancel()
	d.cancelAll()
	drained := make(chan struct{})
	go func() { d.runs.Wait(); close(drained) }()
	select {
	case <-drained:
		d.log.Info("drained: every capture committed and its WARCs closed")
	case <-time.After(d.cfg.DrainTimeout):
		d.log.Error("drain timeout: some captures did not stop in time; they resume from their last commit on restart")
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// serve starts the API's server on ln and the replay origin's on its own
// listener (listenReplay); errors of either end up on srvErr.
func (d *Daemon) serve(ln net.Listener) (srv, rsrv *http.Server, srvErr chan error, err error) {
	rln, err := d.listenReplay(ln.Addr())
	if err != nil {
		return nil, nil, nil, err
	}
	ro, err := d.replayOrigin(ln.Addr(), rln.Addr())
	if err != nil {
		rln.Close()
		return nil, nil, nil, err
	}
	d.mu.Lock()
	d.replayAddr = rln.Addr().String()
	d.mu.Unlock()
	h, rh := d.handlers(ro)
	ln, srv = d.listenServer(ln, h)
	rln, rsrv = d.listenServer(rln, rh)
	rsrv.Addr = rln.Addr().String()
	srvErr = make(chan error, 2)
	go func() { srvErr <- srv.Serve(ln) }()
	go func() { srvErr <- rsrv.Serve(rln) }()
	return srv, rsrv, srvErr, nil
}

// ReplayAddr is the replay origin's listening address ("" before Run
// opened it).
func (d *Daemon) ReplayAddr() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.replayAddr
}

// load reads every job from the store and resumes open captures.
func (d *Daemon) load(ctx context.Context) error {
	rows, err := d.st.Jobs(ctx)
	if err != nil {
		return err
	}
	for _, row := range rows {
		j, err := d.parse([]byte(row.YAML), "job "+row.Name)
		if err != nil {
			d.log.Error("stored job no longer valid; skipped", zap.String("job", row.Name), zap.Error(err))
			continue
		}
		caps, err := d.st.Captures(ctx, row.ID)
		if err != nil {
			return err
		}
		js := &jobState{name: row.Name, id: row.ID, yaml: row.YAML, job: j, state: stateIdle, submitted: row.Created, archived: row.Archived}
		anchor, err := d.loadRuns(ctx, js)
		if err != nil {
			return err
		}
		if !js.archived.IsZero() {
			d.mu.Lock()
			d.jobs[row.Name] = js // its captures stay reachable by ID
			d.mu.Unlock()
			continue
		}
		if err := d.runnable(j); err != nil {
			d.keepRefused(js, caps, err)
			continue
		}
		d.metrics.register(row.Name, lastSuccess(caps))
		d.mu.Lock()
		d.jobs[row.Name] = js
		var lastStart time.Time
		if n := len(caps); n > 0 {
			last := caps[n-1]
			lastStart, js.file = last.Started, last.Owner.JobFile
			switch last.Status {
			case store.CaptureStatusRunning:
				d.log.Info("resuming interrupted capture", zap.String("job", row.Name), zap.Int64("capture", last.ID))
				d.startLocked(js)
			case store.CaptureStatusPaused:
				js.state = statePaused
			}
		} else if j.Schedule == nil {
			// Submitted but never started (crash right after submit).
			d.startLocked(js)
		}
		if j.Schedule != nil {
			js.next = d.nextOnLoad(j.Schedule, anchor, lastStart)
		}
		d.mu.Unlock()
	}
	return nil
}

// keepRefused lists a stored job whose captures may not start (it
// predates the sandbox, or leaves it now) with an alert saying what to
// change; the job and its captures stay as they are, nothing is deleted.
func (d *Daemon) keepRefused(js *jobState, caps []store.Capture, err error) {
	js.alert = sandboxAlert(err)
	if n := len(caps); n > 0 {
		js.file = caps[n-1].Owner.JobFile
		if caps[n-1].Status == store.CaptureStatusPaused {
			js.state = statePaused
		}
	}
	d.log.Error("stored job leaves the daemon's sandbox: its captures are not started", zap.String("job", js.name), zap.String("alert", js.alert))
	d.metrics.register(js.name, lastSuccess(caps))
	d.mu.Lock()
	d.jobs[js.name] = js
	d.mu.Unlock()
}

// parse validates a job the way `sharc crawl` does, and refuses one
// that asks for addresses beyond the daemon's allow_addresses. Every job
// the daemon runs goes through here (submitted, reloaded on start, or
// found in a cluster's store), so a narrowed config also stops stored jobs.
func (d *Daemon) parse(data []byte, filename string) (*job.Job, error) {
	j, err := job.Parse(data, filename, d.reg.Names(), d.reg.VisitRevisit)
	if err != nil {
		return nil, err
	}
	if err := d.checkAllowAddresses(j); err != nil {
		return nil, err
	}
	return j, nil
}

// checkAllowAddresses refuses (403) a job whose fetch.allow_addresses is
// not contained in the daemon's allow_addresses, naming each offending
// range.
func (d *Daemon) checkAllowAddresses(j *job.Job) error {
	var over []string
	for _, p := range j.Fetch.AllowAddresses {
		if !netguard.Covers(d.allow, p) {
			over = append(over, p.String())
		}
	}
	if len(over) == 0 {
		return nil
	}
	limit := "none"
	if len(d.allow) > 0 {
		limit = strings.Join(netguard.Format(d.allow), ", ")
	}
	ae := &APIError{Status: http.StatusForbidden,
		Message: fmt.Sprintf("job %s: fetch.allow_addresses %s is not within this daemon's allow_addresses (%s)", j.Name, strings.Join(over, ", "), limit)}
	for _, o := range over {
		ae.Details = append(ae.Details, fmt.Sprintf("fetch.allow_addresses: %s is outside the daemon's allow_addresses; remove it from the job or ask the operator to widen allow_addresses in the daemon's config", o))
	}
	return ae
}

// errConflict marks requests the job's state does not allow (HTTP 409).
var errConflict = errors.New("conflict")

// errNotFound marks unknown jobs and captures (HTTP 404).
var errNotFound = errors.New("not found")

// Submit validates and stores a job and, unless it has a cron schedule,
// starts its first capture. A job with an open capture cannot be replaced.
// It replaces an idle job of the same name with other settings, as
// SubmitReplacing with replace set; the API asks for that explicitly.
func (d *Daemon) Submit(ctx context.Context, data []byte, filename string) (JobInfo, error) {
	return d.SubmitReplacing(ctx, data, filename, true)
}

// ReplaceParam is the query parameter (replace=true) with which a
// submission may replace an existing job with other settings; without it
// the API answers 409 with a message naming it.
const ReplaceParam = "replace"

// SubmitReplacing is Submit; without replace, a job whose name an active
// job has with other settings is refused (409): submitting it would
// replace that job and continue its capture series with other seeds or
// scope. The same settings again only start a new capture.
func (d *Daemon) SubmitReplacing(ctx context.Context, data []byte, filename string, replace bool) (JobInfo, error) {
	j, err := d.parse(data, filename)
	if err != nil {
		return JobInfo{}, err
	}
	given, err := d.sandboxSubmitted(data, j)
	if err != nil {
		return JobInfo{}, err
	}
	if err := d.checkJob(j, given); err != nil {
		return JobInfo{}, err
	}
	if err := d.prepareWARCDir(j.WARC.Dir); err != nil {
		return JobInfo{}, err
	}
	// The job names its store for the record only (the daemon runs it on
	// d.st): never with the credentials, which the stored text, the
	// capture folder's job.yaml and its WACZ would carry to viewers.
	j.Store = store.Describe(d.cfg.Store)
	text, err := j.Marshal()
	if err != nil {
		return JobInfo{}, fmt.Errorf("encode job: %w", err)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.checkOwner(ctx, j, filename); err != nil {
		return JobInfo{}, err
	}
	js := d.jobs[j.Name]
	if js != nil && js.state != stateIdle {
		return JobInfo{}, fmt.Errorf("%w: job %s has a %s capture; cancel it before replacing the job", errConflict, j.Name, js.state)
	}
	if js != nil && !replace && js.archived.IsZero() && js.yaml != string(text) {
		return JobInfo{}, &APIError{Status: http.StatusConflict,
			Message: fmt.Sprintf("job %s exists with other settings: submitting replaces it and continues its capture series with these; resend with ?%s=true to replace it", j.Name, ReplaceParam)}
	}
	if js != nil && d.leaser != nil {
		// Other nodes may run a capture this node does not (yet).
		if cp, open, err := d.clusterOpenCapture(ctx, js); err != nil {
			return JobInfo{}, err
		} else if open {
			return JobInfo{}, fmt.Errorf("%w: job %s has a %s capture (%d) in the cluster; cancel it before replacing the job", errConflict, j.Name, cp.Status, cp.ID)
		}
	}
	// Store before starting so a crash right now still knows the job.
	row, err := d.st.UpsertJob(ctx, j.Name, string(text))
	if err != nil {
		return JobInfo{}, err
	}
	if js == nil {
		js = &jobState{name: j.Name, state: stateIdle, submitted: row.Created}
		d.jobs[j.Name] = js
		d.metrics.register(j.Name, time.Time{})
	}
	js.id, js.yaml, js.job, js.alert, js.next, js.file, js.archived = row.ID, string(text), j, "", time.Time{}, filename, time.Time{}
	now := d.now()
	switch {
	case j.Schedule == nil:
		d.startLocked(js)
	case j.Schedule.Every > 0:
		// An interval schedule starts now and repeats from now (its
		// anchor); cron waits for its time.
		js.due = now
		d.startLocked(js)
		js.next = j.Schedule.Next(now)
	default:
		js.next = j.Schedule.Next(now)
	}
	d.log.Info("job submitted", zap.String("job", j.Name), zap.String("state", js.state), logTime("next", js.next))
	return d.infoLocked(js, true), nil
}

// checkOwner refuses (409) a job whose name has an open capture, running
// or paused, started with other defining settings: resuming it with this
// job's would archive another capture into it (see crawler.OwnerError).
// Whether the store's open capture came from this daemon or from `sharc
// crawl` on the same store does not matter.
func (d *Daemon) checkOwner(ctx context.Context, j *job.Job, filename string) error {
	row, err := d.st.JobByName(ctx, j.Name)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	caps, err := d.st.Captures(ctx, row.ID)
	if err != nil || len(caps) == 0 || !caps[len(caps)-1].Status.Open() {
		return err
	}
	storeID, err := crawler.StoreIdentity(ctx, d.st)
	if err != nil {
		return err
	}
	_, err = crawler.CheckOwnerIn(caps[len(caps)-1], j, filename, storeID)
	var owner *crawler.OwnerError
	if !errors.As(err, &owner) {
		return err
	}
	ae := &APIError{Status: http.StatusConflict, Message: fmt.Sprintf("%v. Cancel it (POST /api/v1/jobs/%s/cancel) to submit a job with other settings under this name, or submit the job that started it",
		err, j.Name)}
	for _, ch := range owner.Changes {
		ae.Details = append(ae.Details, ch.String())
	}
	return ae
}

// startLocked starts a capture run of js (new, or resuming its running
// capture; in cluster mode, joining the cluster's running capture). d.mu
// must be held.
func (d *Daemon) startLocked(js *jobState) { d.startJoinLocked(js, joinSpec{}) }

// startJoinLocked is startLocked with limits on which capture a clustered
// run may open (see joinStore).
func (d *Daemon) startJoinLocked(js *jobState, spec joinSpec) {
	// Each run gets its own parse of the job: operators may edit the
	// daemon's copy (host delays) while the crawler reads its own.
	j, err := d.parse([]byte(js.yaml), "job "+js.name)
	if err != nil {
		j = js.job // cannot happen: the text was produced from a valid job
	}
	if err := d.runnable(j); err != nil {
		// Re-checked at every start: a stored job may predate the
		// sandbox, and links can appear in data_dir after submission.
		js.alert = sandboxAlert(err)
		d.log.Error("capture not started: the job leaves its sandbox", zap.String("job", js.name), zap.String("alert", js.alert))
		return
	}
	ctx, cancel := context.WithCancel(d.runCtx)
	r := &run{cancel: cancel, done: make(chan struct{}), since: time.Now(), scheduled: js.due, jobID: js.id}
	js.due = time.Time{}
	r.obs = newRunObserver(d.metrics, js.name, &r.started, func(id int64) { r.captureID.Store(id) })
	if d.leaser == nil {
		// Alone, this daemon's crawl.log holds every earlier run of the
		// capture; a cluster node's would miss the other nodes' runs.
		obs, root := r.obs, j.WARC.Dir
		obs.earlier = func(id int64) { d.seedHostCounts(obs, root, id) }
	}
	js.run, js.state, js.alert = r, stateQueued, ""
	opts := crawler.Options{Observer: r.obs, ProgressEvery: time.Hour, JobFile: js.file,
		Uploader: d.uploadClient, ReadRatesModel: d.readModel, Proxy: d.cfg.Proxy, SiteScripts: d.cfg.SiteScripts, Secrets: d.secrets}
	var st store.Store = d.st
	if d.leaser != nil {
		opts.Cluster = &crawler.ClusterOptions{Node: d.cfg.Node, Leaser: d.leaser, LeaseTTL: d.cfg.LeaseTTL, Poll: d.cfg.Poll, MaxHosts: d.cfg.MaxHosts}
		if spec != (joinSpec{}) {
			st = joinStore{Store: d.st, spec: spec}
		}
	}
	r.cr = crawler.New(j, st, d.reg, d.log, opts)
	d.runs.Add(1)
	go d.execute(ctx, js, r, j)
}

// execute waits for a slot, runs the crawler and settles the capture's
// status according to why it stopped.
func (d *Daemon) execute(ctx context.Context, js *jobState, r *run, j *job.Job) {
	defer d.runs.Done()
	defer close(r.done)
	defer r.cancel()
	d.beginRun(js.name, r)
	select {
	case d.slots <- struct{}{}:
	case <-ctx.Done():
		d.settle(js, r, crawler.Stats{StopReason: crawler.StopInterrupted}, nil)
		return
	}
	d.mu.Lock()
	if js.run == r {
		js.state = stateRunning
	}
	d.mu.Unlock()
	d.metrics.runStarted(js.name, time.Now())
	stats, err := r.cr.Run(ctx)
	wantReport := err == nil && stats.StopReason != crawler.StopInterrupted && stats.CaptureID != 0
	if wantReport && d.leaser != nil {
		// A node that stopped (a limit of its own) leaves an unfinished
		// capture to the cluster: the node that finishes it reports.
		cp, cerr := d.st.Capture(context.WithoutCancel(ctx), stats.CaptureID)
		wantReport = cerr == nil && cp.Status == store.CaptureStatusFinished
	}
	if wantReport {
		r.finishErr = d.finish(context.WithoutCancel(ctx), js.name, j, stats)
	}
	if stats.UploadError != "" && stats.StopReason != crawler.StopInterrupted {
		up := fmt.Errorf("WARC files of capture %d were not uploaded (they stay on disk, pending; the next run of the job uploads them): %s",
			stats.CaptureID, stats.UploadError)
		if r.finishErr != nil {
			up = fmt.Errorf("%w; %w", r.finishErr, up) // one line, for the alert
		}
		r.finishErr = up
	}
	<-d.slots
	d.settle(js, r, stats, err)
}

// finish finishes a capture the run stopped, as `sharc crawl` does
// (crawler.Finish), with the daemon's chain of custody in its folder and
// its WACZ. A failure leaves the capture intact and is returned for the
// job's alert.
func (d *Daemon) finish(ctx context.Context, jobName string, j *job.Job, stats crawler.Stats) error {
	_, err := crawler.Finish(ctx, d.st, j, stats, crawler.FinishOptions{Log: d.log,
		Custody: func(ctx context.Context, f jobdir.Folder) error { return d.writeCustody(ctx, jobName, f) },
		Package: func(ctx context.Context, warcDir string) error {
			d.finishedWACZ(ctx, jobName, stats, warcDir)
			return nil
		}})
	if err != nil {
		d.log.Error("quality report", zap.Int64("capture", stats.CaptureID), zap.Error(err))
		return fmt.Errorf("capture %d is archived and indexed, but its quality report failed (`sharc report --rebuild` makes it again): %w",
			stats.CaptureID, err)
	}
	return nil
}

// settle records how a run ended: finished (idle), paused, cancelled,
// interrupted by shutdown (left running for the next start) or stopped by
// an error (paused with an alert so nothing is retried blindly).
func (d *Daemon) settle(js *jobState, r *run, stats crawler.Stats, runErr error) {
	ctx := context.Background()
	d.mu.Lock()
	intent := r.intent
	d.mu.Unlock()
	capID := d.runCapture(ctx, js, r, stats, intent, runErr)
	// Paused or cancelled while the run was still opening its capture:
	// the store read saw the cancellation the button asked for, which is
	// no error to raise an alert over (a console user clicking resume
	// then cancel hit it).
	stoppedEarly := intent != intentNone && errors.Is(runErr, context.Canceled)
	if stoppedEarly {
		runErr = nil
	}
	open := stats.StopReason.Open() || runErr != nil || stoppedEarly
	state, alert, outcome := stateIdle, "", string(stats.StopReason)
	var left int64
	gone := errors.Is(runErr, errCaptureGone)
	switch {
	case d.leaser != nil:
		state, alert, outcome, left = d.settleNode(ctx, js, intent, capID, stats, runErr)
		if gone {
			runErr, stats = nil, js.last
		}
	case runErr != nil:
		state, outcome = statePaused, "alert"
		alert = alertFor(runErr)
		if capID == 0 {
			state = stateIdle // nothing to resume: the capture never opened
		} else if err := d.st.SetCaptureStatus(ctx, capID, store.CaptureStatusPaused); err != nil {
			d.log.Error("pausing capture after error", zap.Error(err))
		}
		d.log.Error("capture stopped by error", zap.String("job", js.name), zap.Int64("capture", capID), zap.String("alert", alert))
	case open && intent == intentPause && capID != 0:
		state, outcome = statePaused, outcomePaused
		if err := d.st.SetCaptureStatus(ctx, capID, store.CaptureStatusPaused); err != nil {
			d.log.Error("pausing capture", zap.Error(err))
		}
	case open && intent == intentCancel && capID != 0:
		outcome = outcomeCancelled
		if err := d.st.FinishCapture(ctx, capID, store.CaptureStatusCancelled); err != nil {
			d.log.Error("cancelling capture", zap.Error(err))
		}
	case stoppedEarly:
		// Stopped before any capture opened: nothing to pause or finish.
		outcome = outcomeCancelled
	case open && intent == intentNone:
		// Daemon shutdown: the capture stays running and resumes on start.
		outcome = outcomeInterrupted
	}
	if alert == "" && r.finishErr != nil {
		// The capture is whole; the job stays idle, but an operator must
		// learn what is missing.
		alert = r.finishErr.Error()
	}
	d.metrics.runEnded(js.name, outcome, time.Now())
	row := d.endRun(js, r, capID, stats, outcome, runErr)
	hosts := r.stoppedHostRows(ctx, d.log, capID)
	d.mu.Lock()
	defer d.mu.Unlock()
	if js.run != r {
		return
	}
	js.run, js.state, js.alert, js.last, js.lastRun, js.lastHosts = nil, state, alert, stats, row, hosts
	if left != 0 {
		js.left = left
	}
	js.lastErr = ""
	if runErr != nil {
		js.lastErr = runErr.Error()
	}
	d.log.Info("capture run ended", zap.String("job", js.name), zap.Int64("capture", capID), zap.String("outcome", outcome),
		zap.Int64("fetched", stats.Fetched), zap.String("state", state))
}

// runCapture is the capture run r worked on: the one it reported, else
// the one it opened, else, when it was stopped before it opened one, the
// job's running capture if there is one. A run refused by another job
// file's capture, or by another process owning it, never opened one:
// that capture is not this run's to pause; the job gets an alert.
func (d *Daemon) runCapture(ctx context.Context, js *jobState, r *run, stats crawler.Stats, intent stopIntent, runErr error) int64 {
	capID := stats.CaptureID
	if capID == 0 {
		capID = r.captureID.Load()
	}
	var owner *crawler.OwnerError
	refused := errors.As(runErr, &owner) || errors.Is(runErr, store.ErrCaptureBusy)
	if capID == 0 && !refused && (intent != intentNone || runErr != nil) {
		if caps, err := d.st.Captures(ctx, js.id); err == nil && len(caps) > 0 && caps[len(caps)-1].Status == store.CaptureStatusRunning {
			capID = caps[len(caps)-1].ID
		}
	}
	return capID
}

// stop asks js's run to pause or cancel and waits for it to settle.
func (d *Daemon) stop(ctx context.Context, js *jobState, intent stopIntent) error {
	r := js.run
	r.intent = intent
	r.cancel()
	d.mu.Unlock()
	defer d.mu.Lock()
	select {
	case <-r.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// remoteCapture returns js's open capture when this cluster node has no
// run of it, so the capture may be running on other nodes only: Pause and
// Cancel then change it in the store, and those nodes stop at their next
// poll. ok is false on a single node, when this node runs the capture
// itself (stop settles it), and when no capture is open.
func (d *Daemon) remoteCapture(ctx context.Context, js *jobState) (cp store.Capture, ok bool, err error) {
	if d.leaser == nil || js.run != nil {
		return store.Capture{}, false, nil
	}
	return d.clusterOpenCapture(ctx, js)
}

// Pause stops a job's running capture and keeps it resumable.
func (d *Daemon) Pause(ctx context.Context, name string) (JobInfo, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	js, err := d.jobLocked(name)
	if err != nil {
		return JobInfo{}, err
	}
	cp, remote, err := d.remoteCapture(ctx, js)
	if err != nil {
		return JobInfo{}, err
	}
	if remote && cp.Status == store.CaptureStatusRunning {
		if err := d.st.SetCaptureStatus(ctx, cp.ID, store.CaptureStatusPaused); err != nil {
			return JobInfo{}, err
		}
		js.state = statePaused
		return d.infoLocked(js, false), nil
	}
	switch js.state {
	case statePaused:
		return d.infoLocked(js, false), nil
	case stateIdle:
		return JobInfo{}, fmt.Errorf("%w: job %s has no capture to pause", errConflict, name)
	}
	if err := d.stop(ctx, js, intentPause); err != nil {
		return JobInfo{}, err
	}
	return d.infoLocked(js, false), nil
}

// Resume runs a paused capture again, or starts a new capture of an idle
// job.
func (d *Daemon) Resume(ctx context.Context, name string) (JobInfo, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	js, err := d.jobLocked(name)
	if err != nil {
		return JobInfo{}, err
	}
	if !js.archived.IsZero() {
		return JobInfo{}, fmt.Errorf("%w: job %s is archived: submit it again to run it", errConflict, name)
	}
	if js.run == nil {
		if err := d.runnable(js.job); err != nil {
			js.alert = sandboxAlert(err)
			return JobInfo{}, err
		}
	}
	switch js.state {
	case stateRunning, stateQueued:
		return JobInfo{}, fmt.Errorf("%w: job %s is already %s", errConflict, name, js.state)
	case statePaused:
		id, err := d.pausedCapture(ctx, js)
		if err != nil {
			return JobInfo{}, err
		}
		if id != 0 {
			if err := d.st.SetCaptureStatus(ctx, id, store.CaptureStatusRunning); err != nil {
				return JobInfo{}, err
			}
		}
		if d.leaser != nil {
			// Paused by this node's own error while the cluster went on,
			// or by an operator: join that capture, never a new one.
			if cp, open, err := d.clusterOpenCapture(ctx, js); err != nil {
				return JobInfo{}, err
			} else if open {
				js.left = 0
				d.startJoinLocked(js, joinSpec{capture: cp.ID})
				return d.infoLocked(js, false), nil
			}
		}
	}
	if js.state == stateIdle {
		// A new capture, unless `sharc crawl` left one running under
		// this name: resumable only with the same settings.
		if err := d.checkOwner(ctx, js.job, js.file); err != nil {
			return JobInfo{}, err
		}
	}
	js.left = 0
	d.startLocked(js)
	return d.infoLocked(js, false), nil
}

// Cancel stops a job's capture and marks it "cancelled" so it is never
// resumed.
func (d *Daemon) Cancel(ctx context.Context, name string) (JobInfo, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	js, err := d.jobLocked(name)
	if err != nil {
		return JobInfo{}, err
	}
	cp, remote, err := d.remoteCapture(ctx, js)
	if err != nil {
		return JobInfo{}, err
	}
	if remote {
		if err := d.st.FinishCapture(ctx, cp.ID, store.CaptureStatusCancelled); err != nil {
			return JobInfo{}, err
		}
		js.state, js.alert = stateIdle, ""
		d.metrics.captures.WithLabelValues(js.name, outcomeCancelled).Inc()
		return d.infoLocked(js, false), nil
	}
	switch js.state {
	case stateIdle:
		return JobInfo{}, fmt.Errorf("%w: job %s has no capture to cancel", errConflict, name)
	case statePaused:
		id, err := d.pausedCapture(ctx, js)
		if err != nil {
			return JobInfo{}, err
		}
		if id != 0 {
			if err := d.st.FinishCapture(ctx, id, store.CaptureStatusCancelled); err != nil {
				return JobInfo{}, err
			}
		}
		js.state, js.alert = stateIdle, ""
		d.metrics.captures.WithLabelValues(js.name, outcomeCancelled).Inc()
		return d.infoLocked(js, false), nil
	}
	if err := d.stop(ctx, js, intentCancel); err != nil {
		return JobInfo{}, err
	}
	return d.infoLocked(js, false), nil
}

func (d *Daemon) pausedCapture(ctx context.Context, js *jobState) (int64, error) {
	caps, err := d.st.Captures(ctx, js.id)
	if err != nil {
		return 0, err
	}
	for i := len(caps) - 1; i >= 0; i-- {
		if caps[i].Status == store.CaptureStatusPaused {
			return caps[i].ID, nil
		}
	}
	return 0, nil
}

// checkSchedules starts every scheduled capture that is due. A job whose
// previous capture is still open is skipped (never two captures of a job
// at once) and the skip is logged and counted.
func (d *Daemon) checkSchedules() {
	now := d.now()
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, js := range d.jobs {
		if js.job.Schedule == nil || js.next.IsZero() || now.Before(js.next) || !js.archived.IsZero() {
			continue
		}
		due := js.next
		js.next = nextAfter(js.job.Schedule, due, now)
		if js.state != stateIdle {
			d.log.Warn("scheduled capture skipped: the previous capture is still open", zap.String("job", js.name),
				zap.String("state", js.state), logTime("due", due), logTime("next", js.next))
			d.metrics.skipped.WithLabelValues(js.name).Inc()
			continue
		}
		d.log.Info("starting scheduled capture", zap.String("job", js.name), logTime("due", due), logTime("next", js.next))
		js.due = due
		if d.leaser != nil {
			// Every node's schedule fires: the first opens the capture,
			// the others join it or, if it already ended, skip.
			d.startJoinLocked(js, joinSpec{after: due})
			continue
		}
		d.startLocked(js)
	}
}

// jobView is a copy of the fields of a jobState the collectors read.
type jobView struct {
	name  string
	state string
	alert string
	run   *run
}

func (d *Daemon) snapshot() []jobView {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]jobView, 0, len(d.jobs))
	for _, js := range d.jobs {
		out = append(out, jobView{js.name, js.state, js.alert, js.run})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// hostRow is one host's live queue state.
type hostRow struct {
	HostStatusJSON
	waitDur time.Duration
}

// hostRows returns the run's per-host queue states, parked hosts'
// (max_active_hosts) included (limit > 0 keeps the hosts with the most
// queued URLs). A store error (counting a resumed capture's parked hosts)
// is logged and the rows are returned as known.
func (r *run) hostRows(ctx context.Context, log *zap.Logger, now time.Time, limit int) []hostRow {
	if !r.started.Load() {
		return nil
	}
	hosts, err := r.cr.HostStatuses(ctx)
	if err != nil {
		log.Warn("counting parked hosts", zap.Error(err))
	}
	out := make([]hostRow, 0, len(hosts))
	elapsed := now.Sub(r.since).Seconds()
	for _, h := range hosts {
		q, _ := r.cr.Host(h.Host, 1)
		c := r.obs.counts(h.Host)
		wait := max(h.Ready.Sub(now), 0)
		row := hostRow{HostStatusJSON: HostStatusJSON{
			Host: h.Host, URLs: h.URLs, Finished: h.Finished, Queued: h.Queued, InFlight: h.InFlight, NextReady: h.Ready,
			PolitenessWait: wait.Seconds(), Delay: q.Delay.Seconds(), CrawlDelay: q.CrawlDelay.Seconds(),
			Fetched: c.fetched, Errors: c.errors, ErrorsByClass: c.byClass, Bytes: c.bytes, Parked: h.Parked, WaitingForSlot: h.Parked && h.Waiting,
		}, waitDur: wait}
		if elapsed > 0 {
			row.FetchRate = float64(c.fetched-c.earlierFetched) / elapsed
		}
		out = append(out, row)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Queued != out[j].Queued {
			return out[i].Queued > out[j].Queued
		}
		return out[i].Host < out[j].Host
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}

// diskFullAlert begins the alert of a run stopped by a full disk
// (sharc_job_alert{kind="disk"} tells it from other alerts by it).
const diskFullAlert = "disk full while writing WARC files"

// alertFor words the alert of a run stopped by err. A full disk (or quota,
// or file-size limit) gets its own message: the operator must free space,
// and nothing is lost since the WARC writer cut back the partial record.
func alertFor(err error) string {
	if errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EFBIG) || errors.Is(err, syscall.EDQUOT) {
		return diskFullAlert + ": free space, then resume the job (nothing after the last whole record was kept): " + err.Error()
	}
	if errors.Is(err, store.ErrCaptureBusy) {
		return "capture not started: another process owns it; start the job again once it has stopped: " + err.Error()
	}
	return "capture stopped by an error; fix the cause and resume: " + err.Error()
}

// stopIntent is why a running capture's run is being stopped.
type stopIntent string

const (
	intentNone   stopIntent = ""
	intentPause  stopIntent = "pause"
	intentCancel stopIntent = "cancel"
	// intentFollow: in cluster mode the capture was paused or cancelled
	// through another node; only this node's run stops.
	intentFollow stopIntent = "follow"
)
