package daemon

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// metrics are the daemon's Prometheus series, in a registry of its own (no
// package-level state: two daemons in one test binary do not collide).
//
// Every job-labelled series exists from the moment the job is registered
// (register), at zero, with every value of its other label: rate() and
// alert rules see a 0 rather than nothing before the first event. Labels
// are bounded: job × a fixed set of classes, never a URL or a host.
type metrics struct {
	reg       *prometheus.Registry
	cluster   bool                     // init the cluster-only capture outcomes too
	fetched   *prometheus.CounterVec   // job, class
	errors    *prometheus.CounterVec   // job, class
	bytes     *prometheus.CounterVec   // job
	latency   *prometheus.HistogramVec // job
	unfetched *prometheus.CounterVec   // job, code
	decisions *prometheus.CounterVec   // job, action
	warcBytes *prometheus.CounterVec   // job
	warcFiles *prometheus.CounterVec   // job
	skipped   *prometheus.CounterVec   // job
	captures  *prometheus.CounterVec   // job, outcome

	mu   sync.Mutex
	runs map[string]*runTimes // by job; guarded by mu
}

// runTimes are the capture timings of one job that the gauges report.
type runTimes struct {
	running     time.Time     // when the current run got its slot; zero when none runs
	lastElapsed time.Duration // how long the last ended run ran
	lastSuccess time.Time     // when the last successful capture ended; zero if none known
}

func newMetrics(d *Daemon) *metrics {
	m := &metrics{
		reg:     prometheus.NewRegistry(),
		cluster: d.leaser != nil,
		runs:    map[string]*runTimes{},
		fetched: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_fetched_total",
			Help: "Fetch outcomes by class: 1xx..5xx and other for HTTP responses archived, no-response for URLs failed without one (crawl.log codes -2..-8, -61, -5002)."}, []string{"job", "class"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_fetch_errors_total",
			Help: "Failed fetches by class: 4xx and 5xx responses, or the crawl.log code class of a URL failed without a response (dns, connect, timeout, gave_up, prerequisite, refused, crawler, other)."}, []string{"job", "class"}),
		bytes: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_fetched_bytes_total",
			Help: "Bytes of HTTP responses received (headers and body as sent)."}, []string{"job"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "sharc_fetch_duration_seconds",
			Help:    "Fetch duration from request start to the end of the body.",
			Buckets: prometheus.ExponentialBuckets(0.005, 2.5, 10)}, []string{"job"}),
		unfetched: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_unfetched_total",
			Help: "URLs settled without a response, by Heritrix fetch status code (-9998 robots, -8 gave up, ...)."}, []string{"job", "code"}),
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_scheduler_decisions_total",
			Help: "Tasks handed to workers, by scheduler action (visit, revisit, visit+revisit, prereq)."}, []string{"job", "action"}),
		warcBytes: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_warc_bytes_total",
			Help: "Bytes of records written to WARC files (compressed)."}, []string{"job"}),
		warcFiles: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_warc_files_total",
			Help: "WARC files written to."}, []string{"job"}),
		skipped: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_schedule_skipped_total",
			Help: "Scheduled captures skipped because the job's previous capture was still running or paused."}, []string{"job"}),
		captures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_captures_total",
			Help: "Capture runs ended, by outcome (finished, max_pages, max_bytes, max_duration, paused, cancelled, interrupted, alert; cluster: node_stopped, not_joined)."}, []string{"job", "outcome"}),
	}
	m.reg.MustRegister(m.fetched, m.errors, m.bytes, m.latency, m.unfetched, m.decisions, m.warcBytes, m.warcFiles, m.skipped, m.captures,
		&gauges{d: d, m: m}, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Fetch classes of sharc_fetched_total beyond the HTTP status classes.
const (
	classOther      = "other"       // an HTTP status outside 100..599
	classNoResponse = "no-response" // failed without an HTTP response
)

// Error classes of sharc_fetch_errors_total: HTTP 4xx and 5xx, and the
// crawl.log codes of failures without a response grouped so an operator
// knows where to look (network, DNS, the site's robots.txt, the daemon's
// own refusals, a crawler bug).
const (
	errClass4xx     = "4xx"
	errClass5xx     = "5xx"
	errClassDNS     = "dns"          // -6
	errClassConnect = "connect"      // -2, -3
	errClassTimeout = "timeout"      // -4
	errClassGaveUp  = "gave_up"      // -8
	errClassPrereq  = "prerequisite" // -61
	errClassRefused = "refused"      // -7, -5002: the URL or its address may not be fetched
	errClassCrawler = "crawler"      // -5
	errClassOther   = "other"        // a failure code not listed above
)

// Capture outcomes of sharc_captures_total that count as a successful
// capture: it ended and its capture is finished in the store (a limit ends
// a capture as finished too).
const (
	outcomeFinished    = string(crawler.StopFinished)
	outcomeMaxPages    = string(crawler.StopMaxPages)
	outcomeMaxBytes    = string(crawler.StopMaxBytes)
	outcomeMaxDuration = string(crawler.StopMaxDuration)
)

func fetchClasses() []string {
	return []string{"1xx", "2xx", "3xx", "4xx", "5xx", classOther, classNoResponse}
}

func errorClasses() []string {
	return []string{errClass4xx, errClass5xx, errClassDNS, errClassConnect, errClassTimeout, errClassGaveUp,
		errClassPrereq, errClassRefused, errClassCrawler, errClassOther}
}

// outcomes are the capture outcomes initialised at zero; cluster-only ones
// on cluster nodes only.
func (m *metrics) outcomes() []string {
	out := []string{outcomeFinished, outcomeMaxPages, outcomeMaxBytes, outcomeMaxDuration, outcomePaused, outcomeCancelled, outcomeInterrupted, outcomeAlert}
	if m.cluster {
		out = append(out, "node_stopped", "not_joined")
	}
	return out
}

// knownCodes are the crawl.log codes SHARC writes (crawler/crawllog/codes.go); an
// unlisted one is still counted, from its first event.
func knownCodes() []crawllog.Code {
	return []crawllog.Code{crawllog.CodeConnectFailed, crawllog.CodeConnectLost, crawllog.CodeTimeout, crawllog.CodeRuntimeError,
		crawllog.CodeHostUnresolved, crawllog.CodeUnfetchable, crawllog.CodeRetriesGaveUp, crawllog.CodePrereqFailed,
		crawllog.CodeChaff, crawllog.CodeTooManyHops, crawllog.CodeOutOfScope, crawllog.CodeBlockedUser, crawllog.CodeBlockedGuard, crawllog.CodeQuota,
		crawllog.CodeRobots}
}

// errorClass classes a crawl.log code of a URL settled without a response;
// ok is false for codes that are policy (robots, scope, traps, hops,
// quotas), not failures.
func errorClass(code crawllog.Code) (class string, ok bool) {
	switch code {
	case crawllog.CodeRobots, crawllog.CodeChaff, crawllog.CodeTooManyHops, crawllog.CodeOutOfScope, crawllog.CodeBlockedUser, crawllog.CodeQuota:
		return "", false
	case crawllog.CodeHostUnresolved:
		return errClassDNS, true
	case crawllog.CodeConnectFailed, crawllog.CodeConnectLost:
		return errClassConnect, true
	case crawllog.CodeTimeout:
		return errClassTimeout, true
	case crawllog.CodeRetriesGaveUp:
		return errClassGaveUp, true
	case crawllog.CodePrereqFailed:
		return errClassPrereq, true
	case crawllog.CodeUnfetchable, crawllog.CodeBlockedGuard:
		return errClassRefused, true
	case crawllog.CodeRuntimeError:
		return errClassCrawler, true
	}
	return errClassOther, true
}

// statusClass is the sharc_fetched_total class of an HTTP status.
func statusClass(status int) string {
	if status >= 100 && status < 600 {
		return strconv.Itoa(status/100) + "xx"
	}
	return classOther
}

// register creates every series of job at zero. lastSuccess is when its
// last successful capture ended (zero if none), known from the store when
// the daemon starts. Registering a job twice keeps its counts.
func (m *metrics) register(job string, lastSuccess time.Time) {
	for _, c := range fetchClasses() {
		m.fetched.WithLabelValues(job, c)
	}
	for _, c := range errorClasses() {
		m.errors.WithLabelValues(job, c)
	}
	for _, c := range knownCodes() {
		m.unfetched.WithLabelValues(job, strconv.Itoa(int(c)))
	}
	for _, a := range []string{scheduler.Visit.String(), scheduler.Revisit.String(), scheduler.VisitRevisit.String(), "prereq"} {
		m.decisions.WithLabelValues(job, a)
	}
	for _, o := range m.outcomes() {
		m.captures.WithLabelValues(job, o)
	}
	m.bytes.WithLabelValues(job)
	m.latency.WithLabelValues(job)
	m.warcBytes.WithLabelValues(job)
	m.warcFiles.WithLabelValues(job)
	m.skipped.WithLabelValues(job)
	m.mu.Lock()
	m.times(job)
	m.mu.Unlock()
	m.sawSuccess(job, lastSuccess)
}

// sawSuccess records that a capture of a registered job finished at t,
// if later than the last known: cluster nodes learn so of the captures
// other nodes finished (clusterPoll), so no node's gauge goes stale.
func (m *metrics) sawSuccess(job string, t time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if rt := m.runs[job]; rt != nil && t.After(rt.lastSuccess) {
		rt.lastSuccess = t
	}
}

// forget drops every series of a job that no longer exists, so a deleted
// job stops being reported (and alerted on).
func (m *metrics) forget(job string) {
	l := prometheus.Labels{"job": job}
	for _, v := range []*prometheus.MetricVec{m.fetched.MetricVec, m.errors.MetricVec, m.bytes.MetricVec, m.latency.MetricVec,
		m.unfetched.MetricVec, m.decisions.MetricVec, m.warcBytes.MetricVec, m.warcFiles.MetricVec, m.skipped.MetricVec, m.captures.MetricVec} {
		v.DeletePartialMatch(l)
	}
	m.mu.Lock()
	delete(m.runs, job)
	m.mu.Unlock()
}

// times returns job's runTimes, created if missing. m.mu must be held.
func (m *metrics) times(job string) *runTimes {
	rt := m.runs[job]
	if rt == nil {
		rt = &runTimes{}
		m.runs[job] = rt
	}
	return rt
}

// runStarted records that a run of job got its slot and began crawling.
func (m *metrics) runStarted(job string, at time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.times(job).running = at
}

// runEnded counts a run's outcome and, for a successful one, its end as the
// job's last success.
func (m *metrics) runEnded(job, outcome string, at time.Time) {
	m.captures.WithLabelValues(job, outcome).Inc()
	m.mu.Lock()
	defer m.mu.Unlock()
	rt := m.times(job)
	if !rt.running.IsZero() {
		rt.lastElapsed = at.Sub(rt.running)
		rt.running = time.Time{}
	}
	switch outcome {
	case outcomeFinished, outcomeMaxPages, outcomeMaxBytes, outcomeMaxDuration:
		rt.lastSuccess = at
	}
}

// timesOf returns a copy of job's runTimes.
func (m *metrics) timesOf(job string) runTimes {
	m.mu.Lock()
	defer m.mu.Unlock()
	if rt := m.runs[job]; rt != nil {
		return *rt
	}
	return runTimes{}
}

// lastSuccess is when the last capture in caps that finished ended (zero
// if none did).
func lastSuccess(caps []store.Capture) time.Time {
	for i := len(caps) - 1; i >= 0; i-- {
		if caps[i].Status == store.CaptureStatusFinished {
			return caps[i].Finished
		}
	}
	return time.Time{}
}

// gauges reads queue states from the running crawlers and job states from
// the daemon at scrape time, so nothing is sampled when nobody scrapes.
// Every registered job gets every gauge, at zero when it has no run.
type gauges struct {
	d *Daemon
	m *metrics
}

// Alert kinds of sharc_job_alert.
const (
	alertKindDisk  = "disk"  // the WARC disk (or quota) filled up
	alertKindError = "error" // any other error that stopped the capture
)

var (
	descQueue    = prometheus.NewDesc("sharc_queue_depth", "URLs queued (not yet fetched) in the job's running capture; 0 when none runs.", []string{"job"}, nil)
	descHosts    = prometheus.NewDesc("sharc_active_hosts", "Hosts with URLs queued or in flight, parked hosts excluded.", []string{"job"}, nil)
	descParked   = prometheus.NewDesc("sharc_parked_hosts", "Hosts with URLs queued that wait for a slot (max_active_hosts).", []string{"job"}, nil)
	descWaiting  = prometheus.NewDesc("sharc_hosts_waiting_politeness", "Hosts with queued URLs whose politeness delay has not elapsed.", []string{"job"}, nil)
	descWait     = prometheus.NewDesc("sharc_politeness_wait_seconds", "Longest remaining politeness wait over the job's hosts.", []string{"job"}, nil)
	descFlight   = prometheus.NewDesc("sharc_in_flight", "Fetches in flight.", []string{"job"}, nil)
	descState    = prometheus.NewDesc("sharc_job_state", "1 for the job's current state (idle, queued, running, paused), 0 for the others.", []string{"job", "state"}, nil)
	descAlert    = prometheus.NewDesc("sharc_job_alert", "1 while the job is stopped by an alert of this kind (disk: the WARC disk is full; error: any other), else 0.", []string{"job", "kind"}, nil)
	descDuration = prometheus.NewDesc("sharc_capture_duration_seconds", "How long the job's current run has been crawling, or how long its last run crawled; 0 before any.", []string{"job"}, nil)
	descSuccess  = prometheus.NewDesc("sharc_last_success_timestamp_seconds", "Unix time the job's last successful capture ended (finished, or a limit reached); 0 if none.", []string{"job"}, nil)
	descJobs     = prometheus.NewDesc("sharc_jobs", "Jobs by state.", []string{"state"}, nil)
	descReady    = prometheus.NewDesc("sharc_ready", "1 once the store is migrated and interrupted captures resumed.", nil, nil)
)

func (g *gauges) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descQueue, descHosts, descParked, descWaiting, descWait, descFlight, descState, descAlert,
		descDuration, descSuccess, descJobs, descReady} {
		ch <- d
	}
}

// queueStats are one run's host and queue counts at scrape time.
type queueStats struct {
	queued, active, parked, waiting, flight int
	wait                                    time.Duration
}

func (g *gauges) queue(v jobView, now time.Time) queueStats {
	var q queueStats
	if v.run == nil || !v.run.started.Load() {
		return q
	}
	for _, h := range v.run.hostRows(context.Background(), g.d.log, now, 0) {
		q.queued += h.Queued
		q.flight += h.InFlight
		if h.Parked {
			q.parked++
			continue // neither active nor waiting for politeness: waiting for a slot
		}
		if h.Queued > 0 || h.InFlight > 0 {
			q.active++
		}
		if h.Queued > 0 && h.waitDur > 0 {
			q.waiting++
			q.wait = max(q.wait, h.waitDur)
		}
	}
	return q
}

func (g *gauges) Collect(ch chan<- prometheus.Metric) {
	now := time.Now()
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	states := []string{stateIdle, stateQueued, stateRunning, statePaused}
	count := map[string]int{}
	for _, v := range g.d.snapshot() {
		count[v.state]++
		q := g.queue(v, now)
		gauge(descQueue, float64(q.queued), v.name)
		gauge(descHosts, float64(q.active), v.name)
		gauge(descParked, float64(q.parked), v.name)
		gauge(descWaiting, float64(q.waiting), v.name)
		gauge(descWait, q.wait.Seconds(), v.name)
		gauge(descFlight, float64(q.flight), v.name)
		for _, s := range states {
			gauge(descState, b2f(v.state == s), v.name, s)
		}
		kind := alertKind(v.alert)
		gauge(descAlert, b2f(kind == alertKindDisk), v.name, alertKindDisk)
		gauge(descAlert, b2f(kind == alertKindError), v.name, alertKindError)
		rt := g.m.timesOf(v.name)
		dur := rt.lastElapsed
		if !rt.running.IsZero() {
			dur = now.Sub(rt.running)
		}
		gauge(descDuration, dur.Seconds(), v.name)
		var success float64
		if !rt.lastSuccess.IsZero() {
			success = float64(rt.lastSuccess.UnixNano()) / 1e9
		}
		gauge(descSuccess, success, v.name)
	}
	for _, s := range states {
		gauge(descJobs, float64(count[s]), s)
	}
	gauge(descReady, b2f(g.d.ready.Load()))
}

// alertKind classes a job's alert text (alertFor words it): "" without one.
func alertKind(alert string) string {
	switch {
	case alert == "":
		return ""
	case strings.HasPrefix(alert, diskFullAlert):
		return alertKindDisk
	}
	return alertKindError
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// hostCounters are one host's counts within a run, for the status API.
type hostCounters struct {
	fetched, errors, bytes int64
	// earlierFetched is what fetched held from the capture's earlier runs
	// (seedFromLogs): the host's rate is this run's fetches.
	earlierFetched int64
	byClass        map[HostErrorClass]int64 // nil until the first failure
}

func (hc *hostCounters) fail(c HostErrorClass) {
	if hc.byClass == nil {
		hc.byClass = map[HostErrorClass]int64{}
	}
	hc.byClass[c]++
}

// runObserver is the crawler.Observer of one run: it feeds the Prometheus
// counters and keeps per-host counts for the status API.
type runObserver struct {
	m       *metrics
	job     string
	started *atomic.Bool
	onStart func(captureID int64)

	// earlier, when set, counts a resumed capture's earlier runs into
	// the hosts' counts (seedFromLog) before the status shows them.
	earlier func(captureID int64)

	mu    sync.Mutex
	hosts map[string]*hostCounters
	files map[string]bool
}

func newRunObserver(m *metrics, job string, started *atomic.Bool, onStart func(int64)) *runObserver {
	return &runObserver{m: m, job: job, started: started, onStart: onStart, hosts: map[string]*hostCounters{}, files: map[string]bool{}}
}

func (o *runObserver) Started(captureID int64, resumed bool) {
	o.onStart(captureID)
	if resumed && o.earlier != nil {
		o.earlier(captureID)
	}
	o.started.Store(true)
}

func (o *runObserver) Decision(a scheduler.Action, prereq bool) {
	name := a.String()
	if prereq {
		name = "prereq"
	}
	o.m.decisions.WithLabelValues(o.job, name).Inc()
}

func (o *runObserver) Fetched(host string, status int, n int64, d time.Duration) {
	class := statusClass(status)
	o.m.fetched.WithLabelValues(o.job, class).Inc()
	if class == errClass4xx || class == errClass5xx {
		o.m.errors.WithLabelValues(o.job, class).Inc()
	}
	o.m.bytes.WithLabelValues(o.job).Add(float64(n))
	o.m.latency.WithLabelValues(o.job).Observe(d.Seconds())
	o.mu.Lock()
	o.countFetched(host, status, n)
	o.mu.Unlock()
}

// countFetched and countUnfetched are the one way a host's counts grow:
// from the crawler's calls, and from an earlier run's crawl.log lines
// (seedFromLog). o.mu must be held.
func (o *runObserver) countFetched(host string, status int, n int64) {
	hc := o.host(host)
	hc.fetched++
	hc.bytes += n
	if status >= 400 {
		hc.errors++
	}
	if c, ok := hostErrorClassOfStatus(status); ok {
		hc.fail(c)
	}
}

func (o *runObserver) countUnfetched(host string, code int) {
	hc := o.host(host)
	if hclass, hfailed := hostErrorClassOfCode(crawllog.Code(code)); hfailed {
		hc.fail(hclass)
	}
	if crawllog.Code(code) != crawllog.CodeRobots { // robots exclusion is policy, not an error
		hc.errors++
	}
}

func (o *runObserver) Unfetched(host string, code int) {
	o.m.unfetched.WithLabelValues(o.job, strconv.Itoa(code)).Inc()
	if class, failed := errorClass(crawllog.Code(code)); failed {
		o.m.fetched.WithLabelValues(o.job, classNoResponse).Inc()
		o.m.errors.WithLabelValues(o.job, class).Inc()
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.countUnfetched(host, code)
}

func (o *runObserver) WARCWritten(file string, n int64) {
	o.m.warcBytes.WithLabelValues(o.job).Add(float64(n))
	o.mu.Lock()
	first := !o.files[file]
	o.files[file] = true
	o.mu.Unlock()
	if first {
		o.m.warcFiles.WithLabelValues(o.job).Inc()
	}
}

func (o *runObserver) host(h string) *hostCounters {
	hc := o.hosts[h]
	if hc == nil {
		hc = &hostCounters{}
		o.hosts[h] = hc
	}
	return hc
}

func (o *runObserver) counts(h string) hostCounters {
	o.mu.Lock()
	defer o.mu.Unlock()
	if hc := o.hosts[h]; hc != nil {
		out := *hc
		out.byClass = hostErrorCounts(hc.byClass) // a copy: the caller reads it unlocked
		return out
	}
	return hostCounters{byClass: hostErrorCounts(nil)}
}

// hostErrorClassOfStatus classes an HTTP answer; ok is false below 400.
func hostErrorClassOfStatus(status int) (HostErrorClass, bool) {
	switch {
	case status >= 400 && status < 500:
		return HostErrHTTP4xx, true
	case status >= 500 && status < 600:
		return HostErrHTTP5xx, true
	case status >= 600:
		return HostErrOther, true
	}
	return "", false
}

// hostErrorClassOfCode classes a crawl.log code of a URL settled without
// a response; ok is false for the policy codes that are no failure of the
// host (scope, traps, hops, quotas).
func hostErrorClassOfCode(code crawllog.Code) (HostErrorClass, bool) {
	switch code {
	case crawllog.CodeChaff, crawllog.CodeTooManyHops, crawllog.CodeOutOfScope, crawllog.CodeBlockedUser, crawllog.CodeQuota:
		return "", false
	case crawllog.CodeConnectFailed, crawllog.CodeConnectLost, crawllog.CodeTimeout, crawllog.CodeHostUnresolved,
		crawllog.CodeRetriesGaveUp:
		return HostErrNetwork, true
	case crawllog.CodeRobots, crawllog.CodeBlockedGuard:
		return HostErrBlocked, true
	}
	return HostErrOther, true
}

// hostErrorCounts returns every class's count, zero ones included, so the
// API's object always has each class.
func hostErrorCounts(byClass map[HostErrorClass]int64) map[HostErrorClass]int64 {
	out := make(map[HostErrorClass]int64, len(HostErrorClasses()))
	for _, c := range HostErrorClasses() {
		out[c] = byClass[c]
	}
	return out
}
