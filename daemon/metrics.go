package daemon

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/sharc-archive/sharc/scheduler"
)

// metrics are the daemon's Prometheus series, in a registry of its own (no
// package-level state: two daemons in one test binary do not collide).
type metrics struct {
	reg       *prometheus.Registry
	fetched   *prometheus.CounterVec   // job, class
	bytes     *prometheus.CounterVec   // job
	latency   *prometheus.HistogramVec // job
	unfetched *prometheus.CounterVec   // job, code
	decisions *prometheus.CounterVec   // job, action
	warcBytes *prometheus.CounterVec   // job
	warcFiles *prometheus.CounterVec   // job
	skipped   *prometheus.CounterVec   // job
	captures  *prometheus.CounterVec   // job, outcome
}

func newMetrics(d *Daemon) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		fetched: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_fetched_total",
			Help: "HTTP responses archived, by status class (1xx..5xx)."}, []string{"job", "class"}),
		bytes: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_fetched_bytes_total",
			Help: "Bytes of HTTP responses received (headers and body as sent)."}, []string{"job"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "sharc_fetch_duration_seconds",
			Help:    "Fetch duration from request start to the end of the body.",
			Buckets: prometheus.ExponentialBuckets(0.005, 2.5, 10)}, []string{"job"}),
		unfetched: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_unfetched_total",
			Help: "URLs settled without a response, by Heritrix fetch status code (-9998 robots, -7 gave up, ...)."}, []string{"job", "code"}),
		decisions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_scheduler_decisions_total",
			Help: "Tasks handed to workers, by scheduler action (visit, revisit, visit+revisit, prereq)."}, []string{"job", "action"}),
		warcBytes: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_warc_bytes_total",
			Help: "Bytes of records written to WARC files (compressed)."}, []string{"job"}),
		warcFiles: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_warc_files_total",
			Help: "WARC files written to."}, []string{"job"}),
		skipped: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_schedule_skipped_total",
			Help: "Scheduled captures skipped because the job's previous capture was still running or paused."}, []string{"job"}),
		captures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sharc_captures_total",
			Help: "Capture runs ended, by outcome (finished, paused, cancelled, interrupted, alert)."}, []string{"job", "outcome"}),
	}
	m.reg.MustRegister(m.fetched, m.bytes, m.latency, m.unfetched, m.decisions, m.warcBytes, m.warcFiles, m.skipped, m.captures,
		&gauges{d: d}, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// gauges reads queue states from the running crawlers at scrape time, so
// nothing is sampled when nobody scrapes.
type gauges struct{ d *Daemon }

var (
	descQueue   = prometheus.NewDesc("sharc_queue_depth", "URLs not yet fetched in the running capture.", []string{"job"}, nil)
	descHosts   = prometheus.NewDesc("sharc_active_hosts", "Hosts with URLs queued or in flight.", []string{"job"}, nil)
	descWaiting = prometheus.NewDesc("sharc_hosts_waiting_politeness", "Hosts with queued URLs whose politeness delay has not elapsed.", []string{"job"}, nil)
	descWait    = prometheus.NewDesc("sharc_politeness_wait_seconds", "Longest remaining politeness wait over the job's hosts.", []string{"job"}, nil)
	descFlight  = prometheus.NewDesc("sharc_in_flight", "Fetches in flight.", []string{"job"}, nil)
	descJobs    = prometheus.NewDesc("sharc_jobs", "Jobs by state.", []string{"state"}, nil)
	descReady   = prometheus.NewDesc("sharc_ready", "1 once the store is migrated and interrupted captures resumed.", nil, nil)
)

func (g *gauges) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descQueue, descHosts, descWaiting, descWait, descFlight, descJobs, descReady} {
		ch <- d
	}
}

func (g *gauges) Collect(ch chan<- prometheus.Metric) {
	now := time.Now()
	states := map[string]int{stateIdle: 0, stateQueued: 0, stateRunning: 0, statePaused: 0}
	for _, v := range g.d.snapshot() {
		states[v.state]++
		if v.run == nil || !v.run.started.Load() {
			continue
		}
		hosts := v.run.hostRows(context.Background(), g.d.log, now, 0)
		var queued, active, waiting, flight int
		var wait time.Duration
		for _, h := range hosts {
			queued += h.Queued
			flight += h.InFlight
			if h.Parked {
				continue // neither active nor waiting for politeness: waiting for a slot
			}
			if h.Queued > 0 || h.InFlight > 0 {
				active++
			}
			if h.Queued > 0 && h.waitDur > 0 {
				waiting++
				wait = max(wait, h.waitDur)
			}
		}
		ch <- prometheus.MustNewConstMetric(descQueue, prometheus.GaugeValue, float64(queued), v.name)
		ch <- prometheus.MustNewConstMetric(descHosts, prometheus.GaugeValue, float64(active), v.name)
		ch <- prometheus.MustNewConstMetric(descWaiting, prometheus.GaugeValue, float64(waiting), v.name)
		ch <- prometheus.MustNewConstMetric(descWait, prometheus.GaugeValue, wait.Seconds(), v.name)
		ch <- prometheus.MustNewConstMetric(descFlight, prometheus.GaugeValue, float64(flight), v.name)
	}
	for s, n := range states {
		ch <- prometheus.MustNewConstMetric(descJobs, prometheus.GaugeValue, float64(n), s)
	}
	ready := 0.0
	if g.d.ready.Load() {
		ready = 1
	}
	ch <- prometheus.MustNewConstMetric(descReady, prometheus.GaugeValue, ready)
}

// hostCounters are one host's counts within a run, for the status API.
type hostCounters struct {
	fetched, errors, bytes int64
}

// runObserver is the crawler.Observer of one run: it feeds the Prometheus
// counters and keeps per-host counts for the status API.
type runObserver struct {
	m       *metrics
	job     string
	started *atomic.Bool
	onStart func(captureID int64)

	mu    sync.Mutex
	hosts map[string]*hostCounters
	files map[string]bool
}

func newRunObserver(m *metrics, job string, started *atomic.Bool, onStart func(int64)) *runObserver {
	return &runObserver{m: m, job: job, started: started, onStart: onStart, hosts: map[string]*hostCounters{}, files: map[string]bool{}}
}

func (o *runObserver) Started(captureID int64, _ bool) {
	o.onStart(captureID)
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
	class := "other"
	if status >= 100 && status < 600 {
		class = strconv.Itoa(status/100) + "xx"
	}
	o.m.fetched.WithLabelValues(o.job, class).Inc()
	o.m.bytes.WithLabelValues(o.job).Add(float64(n))
	o.m.latency.WithLabelValues(o.job).Observe(d.Seconds())
	o.mu.Lock()
	hc := o.host(host)
	hc.fetched++
	hc.bytes += n
	if status >= 400 {
		hc.errors++
	}
	o.mu.Unlock()
}

func (o *runObserver) Unfetched(host string, code int) {
	o.m.unfetched.WithLabelValues(o.job, strconv.Itoa(code)).Inc()
	if code == -9998 { // robots exclusion is policy, not an error
		return
	}
	o.mu.Lock()
	o.host(host).errors++
	o.mu.Unlock()
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
		return *hc
	}
	return hostCounters{}
}
