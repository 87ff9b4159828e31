package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// workerStats is what a worker prints each second (one JSON line).
type workerStats struct {
	Open     int64 `json:"open"`     // connections open now
	Dials    int64 `json:"dials"`    // connections opened so far
	Closed   int64 `json:"closed"`   // closed by the daemon (reset, EOF or an answer)
	Answered int64 `json:"answered"` // of which with an answer (the 401)
}

type options struct {
	addr, token, firstSource string
	pid, conns, sources      int
	duration, trickle, ramp  time.Duration
	worker                   bool
}

func main() {
	var o options
	flag.StringVar(&o.addr, "addr", "127.0.0.1:18180", "daemon address")
	flag.StringVar(&o.token, "token", "", "the daemon's token, for the authorised probe")
	flag.IntVar(&o.pid, "pid", 0, "the daemon's process ID (RSS and fds from /proc)")
	flag.IntVar(&o.conns, "conns", 20000, "slow-body connections in all")
	flag.IntVar(&o.sources, "sources", 10, "source addresses 127.0.0.2, 127.0.0.3, …")
	flag.StringVar(&o.firstSource, "src", "", "worker: its source address")
	flag.DurationVar(&o.duration, "duration", 75*time.Second, "flood time")
	flag.DurationVar(&o.trickle, "trickle", 5*time.Second, "one body byte per connection this often")
	flag.DurationVar(&o.ramp, "ramp", 10*time.Second, "spread the connections' first dials over this")
	flag.BoolVar(&o.worker, "worker", false, "internal: run as one source address's worker")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), o.duration)
	defer cancel()
	var err error
	if o.worker {
		err = runWorker(ctx, o)
	} else {
		err = runCoordinator(ctx, o)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchabuse:", err)
		os.Exit(1)
	}
}

// runWorker keeps o.conns slow-body connections from o.firstSource open
// until ctx ends, dialling again (after o.trickle) whenever the daemon
// closes one, as a determined attacker would.
func runWorker(ctx context.Context, o options) error {
	var st struct{ open, dials, closed, answered atomic.Int64 }
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(o.firstSource)}, Timeout: 5 * time.Second}
	header := fmt.Sprintf("POST /api/v1/jobs HTTP/1.1\r\nHost: %s\r\nContent-Type: application/yaml\r\nContent-Length: 200000\r\n\r\n", o.addr)
	var wg sync.WaitGroup
	for i := range o.conns {
		wg.Go(func() {
			if !sleep(ctx, time.Duration(i)*o.ramp/time.Duration(o.conns)) {
				return
			}
			for ctx.Err() == nil {
				st.dials.Add(1)
				answered, err := slowBody(ctx, &d, o, header, &st.open)
				if err == nil {
					return // ctx ended with the connection still open
				}
				st.closed.Add(1)
				if answered {
					st.answered.Add(1)
				}
				if !sleep(ctx, o.trickle) {
					return
				}
			}
		})
	}
	tk := time.NewTicker(time.Second)
	defer tk.Stop()
	enc := json.NewEncoder(os.Stdout)
	for {
		select {
		case <-ctx.Done():
			wg.Wait()
			return nil
		case <-tk.C:
			_ = enc.Encode(workerStats{Open: st.open.Load(), Dials: st.dials.Load(), Closed: st.closed.Load(), Answered: st.answered.Load()})
		}
	}
}

// slowBody runs one connection: the header, then a body byte every
// o.trickle until the daemon closes (err set; answered when it sent
// something first) or ctx ends (nil).
func slowBody(ctx context.Context, d *net.Dialer, o options, header string, open *atomic.Int64) (answered bool, err error) {
	c, err := d.DialContext(ctx, "tcp", o.addr)
	if err != nil {
		return false, err
	}
	defer c.Close()
	open.Add(1)
	defer open.Add(-1)
	stop := context.AfterFunc(ctx, func() { _ = c.SetReadDeadline(time.Now()) })
	defer stop()
	if _, err := io.WriteString(c, header); err != nil {
		return false, err
	}
	buf := make([]byte, 512)
	for {
		_ = c.SetReadDeadline(time.Now().Add(o.trickle))
		n, err := c.Read(buf)
		if n > 0 {
			answered = true
		}
		var ne net.Error
		switch {
		case ctx.Err() != nil:
			return answered, nil
		case errors.As(err, &ne) && ne.Timeout():
			if _, err := c.Write([]byte{'x'}); err != nil {
				return answered, err
			}
		case err != nil:
			return answered, err
		}
	}
}

func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// sample is one second of the coordinator's view.
type sample struct {
	at            time.Duration
	open, dials   int64
	closed, ans   int64
	rssMiB        float64
	fds           int
	load1         string
	healthMax     time.Duration
	jobsMax       time.Duration
	probeFailures int
}

// runCoordinator starts one worker per source address, probes the daemon
// and samples it each second, then prints the table.
func runCoordinator(ctx context.Context, o options) error {
	if err := waitHealthy(ctx, o.addr); err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("benchabuse: %w", err)
	}
	latest := make([]workerStats, o.sources)
	var mu sync.Mutex
	var workers sync.WaitGroup
	for i := range o.sources {
		n := o.conns / o.sources
		if i < o.conns%o.sources {
			n++
		}
		cmd := exec.CommandContext(ctx, self, "-worker", "-src", fmt.Sprintf("127.0.0.%d", i+2), "-addr", o.addr,
			"-conns", strconv.Itoa(n), "-duration", o.duration.String(), "-trickle", o.trickle.String(), "-ramp", o.ramp.String())
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			return fmt.Errorf("worker: %w", err)
		}
		if err := cmd.Start(); err != nil {
			return fmt.Errorf("worker: %w", err)
		}
		workers.Go(func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				var ws workerStats
				if json.Unmarshal(sc.Bytes(), &ws) == nil {
					mu.Lock()
					latest[i] = ws
					mu.Unlock()
				}
			}
			_ = cmd.Wait()
		})
	}
	pr := newProber(o)
	go pr.run(ctx)
	start := time.Now()
	var samples []sample
	tk := time.NewTicker(time.Second)
	defer tk.Stop()
	for ctx.Err() == nil {
		select {
		case <-ctx.Done():
		case <-tk.C:
			mu.Lock()
			var tot workerStats
			for _, ws := range latest {
				tot.Open, tot.Dials, tot.Closed, tot.Answered = tot.Open+ws.Open, tot.Dials+ws.Dials, tot.Closed+ws.Closed, tot.Answered+ws.Answered
			}
			mu.Unlock()
			s := sample{at: time.Since(start).Round(time.Second), open: tot.Open, dials: tot.Dials, closed: tot.Closed, ans: tot.Answered, load1: loadAvg()}
			s.rssMiB, s.fds = procStats(o.pid)
			s.healthMax, s.jobsMax, s.probeFailures = pr.window()
			samples = append(samples, s)
		}
	}
	workers.Wait()
	pr.wait()
	printTable(o, samples, pr)
	return nil
}

// waitHealthy waits for /healthz before the flood.
func waitHealthy(ctx context.Context, addr string) error {
	for ctx.Err() == nil {
		if resp, err := http.Get("http://" + addr + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		sleep(ctx, 100*time.Millisecond)
	}
	return fmt.Errorf("daemon at %s never answered /healthz: %w", addr, ctx.Err())
}

// prober asks /healthz and GET /api/v1/jobs from 127.0.0.1 every 100 ms,
// each on a new connection (so it meets the accept queue as a new client
// would), with a 5 s timeout.
type prober struct {
	o    options
	hc   *http.Client
	mu   sync.Mutex
	done sync.WaitGroup
	// all latencies per probe; a failure counts as the timeout.
	health, jobs []time.Duration
	failures     int
	// the current sample window's.
	wHealth, wJobs time.Duration
	wFailures      int
}

const probeTimeout = 5 * time.Second

func newProber(o options) *prober {
	return &prober{o: o, hc: &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: probeTimeout}}
}

func (p *prober) run(ctx context.Context) {
	tk := time.NewTicker(100 * time.Millisecond)
	defer tk.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tk.C:
			p.done.Add(2)
			go p.probe("/healthz", "", &p.health, &p.wHealth)
			go p.probe("/api/v1/jobs", p.o.token, &p.jobs, &p.wJobs)
		}
	}
}

func (p *prober) probe(path, token string, all *[]time.Duration, worst *time.Duration) {
	defer p.done.Done()
	req, _ := http.NewRequest(http.MethodGet, "http://"+p.o.addr+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	t0 := time.Now()
	resp, err := p.hc.Do(req)
	ok := err == nil && resp.StatusCode == http.StatusOK
	if err == nil {
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	lat := time.Since(t0)
	if !ok {
		lat = max(lat, probeTimeout)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	*all = append(*all, lat)
	*worst = max(*worst, lat)
	if !ok {
		p.failures++
		p.wFailures++
	}
}

// window returns and resets the current window's worst latencies.
func (p *prober) window() (health, jobs time.Duration, failures int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	health, jobs, failures = p.wHealth, p.wJobs, p.wFailures
	p.wHealth, p.wJobs, p.wFailures = 0, 0, 0
	return
}

func (p *prober) wait() { p.done.Wait() }

// procStats is the daemon's RSS (MiB) and open file descriptors.
func procStats(pid int) (float64, int) {
	if pid == 0 {
		return 0, 0
	}
	var rss float64
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid)); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
				kb, _ := strconv.ParseFloat(f[1], 64)
				rss = kb / 1024
			}
		}
	}
	fds, _ := filepath.Glob(fmt.Sprintf("/proc/%d/fd/*", pid))
	return rss, len(fds)
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

// printTable prints every 10th second and the summary.
func printTable(o options, samples []sample, p *prober) {
	fmt.Printf("flood: %d slow-body connections from %d source addresses, a byte every %s, %s\n\n", o.conns, o.sources, o.trickle, o.duration)
	fmt.Println("| t | attacker conns open | dials | closed by daemon (with 401) | daemon RSS MiB | daemon fds | load1 | /healthz max | GET /api/v1/jobs max | probe failures |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	var maxRSS float64
	maxFDs := 0
	for i, s := range samples {
		maxRSS, maxFDs = max(maxRSS, s.rssMiB), max(maxFDs, s.fds)
		if (i+1)%10 == 0 || i == len(samples)-1 {
			fmt.Printf("| %s | %d | %d | %d (%d) | %.0f | %d | %s | %s | %s | %d |\n", s.at, s.open, s.dials, s.closed, s.ans, s.rssMiB, s.fds, s.load1,
				s.healthMax.Round(time.Millisecond), s.jobsMax.Round(time.Millisecond), s.probeFailures)
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Printf("\n| probe (from 127.0.0.1, a new connection each) | n | p50 | p99 | max |\n|---|---|---|---|---|\n")
	for _, r := range []struct {
		name string
		lat  []time.Duration
	}{{"GET /healthz", p.health}, {"GET /api/v1/jobs (authorised)", p.jobs}} {
		fmt.Printf("| %s | %d | %s | %s | %s |\n", r.name, len(r.lat), pct(r.lat, 50), pct(r.lat, 99), pct(r.lat, 100))
	}
	fmt.Printf("\nprobe failures: %d; daemon peak RSS %.0f MiB, peak fds %d\n", p.failures, maxRSS, maxFDs)
	verdict := "PASS"
	if pct(p.health, 99) >= time.Second || pct(p.jobs, 99) >= time.Second || pct(p.health, 100) >= time.Second || pct(p.jobs, 100) >= time.Second || p.failures > 0 {
		verdict = "FAIL"
	}
	fmt.Printf("verdict (max and p99 < 1 s, no failure): %s\n", verdict)
}

// pct is the q-th percentile (100: max) of lat.
func pct(lat []time.Duration, q int) time.Duration {
	if len(lat) == 0 {
		return 0
	}
	s := slices.Clone(lat)
	slices.Sort(s)
	i := (len(s)*q+99)/100 - 1
	return s[max(0, min(i, len(s)-1))].Round(time.Millisecond)
}
