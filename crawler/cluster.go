package crawler

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
)

// Cluster mode: several nodes (sharc processes, possibly on several
// machines) share one capture through one PostgreSQL. Each host is leased
// to one node at a time, so politeness holds across the cluster; a node
// keeps only its leased hosts in its frontier, sends URLs it finds on other
// hosts to the store's pending queue for their holders, writes its own WARC
// files (the node name is in their prefix) and renews its heartbeat every
// Poll, which renews all its leases at once. A node that dies stops
// renewing; once its heartbeat expires other nodes take its hosts over from
// the persisted frontier. See docs/architecture.md, "Several nodes".

// Leaser is the store side of cluster mode (the PostgreSQL store
// implements it; see store/leases.go for each method's contract).
type Leaser interface {
	JoinCluster(ctx context.Context, captureID int64, node string, ttl time.Duration) error
	SeedCluster(ctx context.Context, captureID int64, seeds []store.FrontierURL) error
	AcquireHosts(ctx context.Context, captureID int64, node string, n int) ([]store.Lease, error)
	RenewHeld(ctx context.Context, captureID int64, node string, ttl time.Duration) ([]store.Lease, error)
	RejoinCluster(ctx context.Context, captureID int64, node string, ttl time.Duration) error
	PendingHosts(ctx context.Context, captureID int64, node string) ([]string, error)
	HostFrontier(ctx context.Context, captureID int64, host string) ([]store.FrontierURL, error)
	DrainPending(ctx context.Context, captureID int64, node, host string, assign func([]store.FrontierURL) []store.FrontierURL) ([]store.FrontierURL, error)
	ReleaseHost(ctx context.Context, captureID int64, node, host string, ready time.Time) (bool, error)
	ClusterCommit(ctx context.Context, b store.Batch, node string, pending []store.FrontierURL) ([]string, error)
	ClusterDone(ctx context.Context, captureID int64) (bool, error)
	LeaveCluster(ctx context.Context, captureID int64, node string, gap time.Duration) error
	ClusterNodes(ctx context.Context, captureID int64) (open int, dead []string, err error)
	// Fair share (see clustershare.go).
	ClusterLoad(ctx context.Context, captureID int64) (store.ClusterLoad, error)
	AcquireShare(ctx context.Context, captureID int64, node string, n, orphans int) ([]store.Lease, error)
	YieldHost(ctx context.Context, captureID int64, node, host string, ready time.Time) error
}

// ClusterOptions turn on cluster mode.
type ClusterOptions struct {
	// Node names this node: unique in the cluster, letters, digits and
	// '_' only (it becomes part of WARC file names).
	Node   string
	Leaser Leaser
	// LeaseTTL is how long the node's heartbeat, and so each of its
	// leases, lasts without renewal: how long a dead node's hosts wait
	// before another node takes them. It must exceed the time a fetch may
	// take plus the longest politeness gap (see leaseSafety); 0 picks
	// twice that.
	LeaseTTL time.Duration
	// Poll is how often the node renews its heartbeat, looks for new URLs
	// of its hosts and for hosts to lease (default 1 s).
	Poll time.Duration
	// MaxHosts bounds the hosts leased at once (default 2 × workers);
	// the node takes at most its fair share below it (see fairShare),
	// and hosts of dead nodes beyond it.
	MaxHosts int
}

var nodeName = regexp.MustCompile(`^[A-Za-z0-9_]{1,64}$`)

// ValidNodeName reports whether name may name a cluster node: 1 to 64
// letters, digits or underscores (it is part of file names: crawl-NODE.log).
// The daemon's config check uses it too, so there is one rule.
func ValidNodeName(name string) bool { return nodeName.MatchString(name) }

// cluster is a node's cluster state.
type cluster struct {
	ClusterOptions
	safety time.Duration

	// mu serialises what numbers a host's URLs or changes which hosts
	// the node holds: commits, drains, loads and releases.
	mu   sync.Mutex
	held map[string]*heldHost
	sent map[string]struct{} // SURTs already sent to other hosts' holders
	// expires is when the node's heartbeat, and with it every lease it
	// holds, ends at the earliest: measured on the local clock from
	// before the last successful renewal was sent (the database sets
	// its own now() + LeaseTTL later than that). A lease acquired after
	// that renewal lives no longer than the heartbeat, so it needs no
	// time of its own.
	expires time.Time

	release func() // ends the frontier's Hold: the capture is complete
	done    bool
	// rejoined is when the node last rejoined after being fenced (zero
	// if never): for one LeaseTTL after it, it takes no hosts of nodes
	// whose heartbeat ended, which are then most likely nodes fenced by
	// the same outage and about to rejoin (see balance).
	rejoined time.Time

	// share is the fair-share state, for logs and metrics (guarded by
	// mu, but for its own atomic counters).
	share shareState
}

type heldHost struct {
	// epoch is the lease's fencing token (store.Lease.Epoch), carried by
	// every commit of the host's fetches (store.Batch.Epochs).
	epoch int64
	lost  bool
	// yielding: above its fair share the node stopped the host to hand
	// it on once its fetches in flight are committed (see yieldLocked).
	yielding bool
}

// leaseSafety is how long before its lease expires a node must stop
// starting fetches of a host: a fetch started then still ends, and the
// host's politeness gap still passes, before another node may take over.
func leaseSafety(poll time.Duration, j jobTimes) time.Duration {
	gap := max(j.delay, j.maxDelay, j.crawlDelayCap)
	return j.timeout + j.connectTimeout + gap + poll
}

type jobTimes struct{ delay, maxDelay, crawlDelayCap, timeout, connectTimeout time.Duration }

func (c *Crawler) newCluster() (*cluster, error) {
	o := *c.opts.Cluster
	if !nodeName.MatchString(o.Node) {
		return nil, fmt.Errorf("cluster: node name %q: want 1-64 letters, digits or '_'", o.Node)
	}
	if o.Leaser == nil {
		return nil, errors.New("cluster: the store does not support cluster mode (use PostgreSQL)")
	}
	if o.Poll <= 0 {
		o.Poll = time.Second
	}
	if o.MaxHosts <= 0 {
		o.MaxHosts = 2 * c.job.Workers
	}
	j := c.job
	safety := leaseSafety(o.Poll, jobTimes{j.Politeness.Delay, j.Politeness.MaxDelay, j.Politeness.CrawlDelayCap, j.Fetch.Timeout, j.Fetch.ConnectTimeout})
	if o.LeaseTTL <= 0 {
		o.LeaseTTL = 2*safety + 2*o.Poll
	}
	if o.LeaseTTL < safety+2*o.Poll {
		return nil, fmt.Errorf("cluster: lease TTL %s is too short: a fetch (timeout %s + connect %s), the politeness gap and two polls need %s",
			o.LeaseTTL, j.Fetch.Timeout, j.Fetch.ConnectTimeout, safety+2*o.Poll)
	}
	return &cluster{ClusterOptions: o, safety: safety, held: map[string]*heldHost{}, sent: map[string]struct{}{}}, nil
}

func canonicalSeed(s string) (string, error) {
	u, err := urlcanon.Canonical("", s)
	if err != nil {
		return "", fmt.Errorf("seed %q: %w", s, err)
	}
	return u, nil
}

// warcPrefix is the WARC file prefix of a node: the job's prefix and the
// node name, so nodes sharing a directory never collide.
func warcPrefix(jobPrefix, node string) string {
	if jobPrefix == "" {
		return node
	}
	return jobPrefix + "-" + node
}

// clusterStart joins the capture and, if it is new, seeds it. The
// frontier starts empty: hosts arrive as they are leased.
func (c *Crawler) clusterStart(ctx context.Context) error {
	cl := c.cl
	sent := time.Now()
	if err := cl.Leaser.JoinCluster(ctx, c.capture.ID, cl.Node, cl.LeaseTTL); err != nil {
		return err
	}
	cl.expires = sent.Add(cl.LeaseTTL)
	cl.share.renewed = sent
	var seeds []frontier.URL
	for _, s := range c.job.Seeds {
		u, err := canonicalSeed(s)
		if err != nil {
			return err
		}
		seeds = append(seeds, c.newURL(u, "", "", -1))
	}
	seeds = c.scope.filter(seeds, c.job.Fetch.MaxRedirects)
	if len(seeds) == 0 {
		return errors.New("no seed is in scope")
	}
	c.assignRates(ctx, seeds)
	rows := make([]store.FrontierURL, len(seeds))
	for i, u := range seeds {
		rows[i] = frontierRow(c.capture.ID, u)
		rows[i].ParentSeq = -1
	}
	cl.release = c.frontier.Hold()
	return cl.Leaser.SeedCluster(ctx, c.capture.ID, rows)
}

// clusterCommit is commit in cluster mode: URLs of held hosts get seqs and
// join the frontier; URLs of other hosts go to the pending queue once.
func (c *Crawler) clusterCommit(ctx context.Context, b store.Batch, cands []frontier.URL, lines crawllog.Lines) (kept []frontier.URL, logErr, err error) {
	cl := c.cl
	// Laps as commitLocal's, so a node's summary splits its serial time
	// by step too (without them all of it read as "other").
	sw := stopwatchFrom(ctx)
	sw.lap(SerialOther)
	cl.mu.Lock()
	defer cl.mu.Unlock()
	var own []frontier.URL
	var foreign []frontier.URL
	for _, u := range cands {
		if len(u.URL) > 8 && u.URL[:8] == "https://" {
			c.scope.noteHTTPS(u.Host)
		}
		if h := cl.held[u.Host]; h != nil && !h.lost {
			own = append(own, u)
			continue
		}
		if _, ok := cl.sent[u.SURT]; ok {
			continue
		}
		cl.sent[u.SURT] = struct{}{}
		u.Parent = -1 // its parent's seq numbers another host
		foreign = append(foreign, u)
	}
	fresh := c.frontier.Assign(own)
	sw.rated(c.assignRates(ctx, fresh) + c.assignRates(ctx, foreign))
	for _, u := range fresh {
		b.Discovered = append(b.Discovered, frontierRow(c.capture.ID, u))
	}
	pending := make([]store.FrontierURL, len(foreign))
	for i, u := range foreign {
		pending[i] = frontierRow(c.capture.ID, u)
	}
	sw.lap(SerialFrontier)
	c.logMu.Lock()
	defer c.logMu.Unlock()
	b.Log, logErr = c.logThenMark(lines)
	sw.lap(SerialLog)
	lost, err := cl.Leaser.ClusterCommit(context.WithoutCancel(ctx), b, cl.Node, pending)
	sw.lap(SerialIndex)
	if err != nil {
		for _, u := range foreign {
			delete(cl.sent, u.SURT)
		}
		return nil, logErr, err
	}
	c.countRecords(b.Records)
	for _, h := range lost {
		c.loseLocked(h)
	}
	kept = fresh[:0]
	for _, u := range fresh {
		if h := cl.held[u.Host]; h != nil && !h.lost {
			kept = append(kept, u)
		}
	}
	sw.lap(SerialOther)
	for _, u := range kept {
		c.noteHost(u.Host, u.URL)
	}
	err = c.frontier.Add(kept...)
	sw.lap(SerialFrontier)
	if err != nil {
		return nil, logErr, err
	}
	return kept, logErr, nil
}

// loseLocked stops fetching a host whose lease is gone or about to go.
// The host is dropped from the frontier once its fetches in flight end.
func (c *Crawler) loseLocked(host string) {
	h := c.cl.held[host]
	if h == nil || h.lost {
		return
	}
	h.lost = true
	c.frontier.StopHost(host)
	c.log.Warn("cluster: lease lost; host stopped", zap.String("host", host))
}

// clusterLoop runs the node's lease cycle every Poll (sooner when a peer's
// heartbeat is about to end: nextPoll) until the capture is complete (it then lets the workers end) or ctx ends. Store errors are
// retried next cycle; only ErrNodeClaimed ends it with an error.
func (c *Crawler) clusterLoop(ctx context.Context) error {
	cl := c.cl
	tm := time.NewTimer(cl.Poll)
	defer tm.Stop()
	for {
		started := time.Now()
		done, err := c.clusterStep(ctx)
		switch {
		case errors.Is(err, store.ErrNodeClaimed):
			return err
		case err != nil && ctx.Err() == nil:
			c.log.Warn("cluster: lease cycle", zap.Error(err))
		case done:
			cl.done = true
			cl.release()
			return nil
		}
		tm.Reset(max(time.Until(c.nextPoll(started)), expiryMargin))
		select {
		case <-ctx.Done():
			return nil
		case <-tm.C:
		}
	}
}

// clusterStep renews, releases idle hosts, drains pending URLs, leases
// more hosts and reports whether the whole capture is complete.
func (c *Crawler) clusterStep(ctx context.Context) (bool, error) {
	cl := c.cl
	id := c.capture.ID
	sent := time.Now()
	held, rerr := c.renew(ctx)
	if errors.Is(rerr, store.ErrNodeFenced) {
		return false, c.fenced(ctx, sent)
	}
	cl.mu.Lock()
	orphans := c.renewedLocked(held, rerr, sent)
	if err := c.releaseIdleLocked(ctx, rerr); err != nil {
		cl.mu.Unlock()
		return false, err
	}
	cl.mu.Unlock()
	if rerr != nil {
		return false, rerr
	}

	for _, l := range orphans {
		if err := c.load(ctx, l); err != nil {
			return false, err
		}
	}
	pend, err := cl.Leaser.PendingHosts(ctx, id, cl.Node)
	if err != nil {
		return false, err
	}
	for _, name := range pend {
		if err := c.drain(ctx, name); err != nil {
			return false, err
		}
	}

	// Only after this step's renewal succeeded: new leases end with the
	// heartbeat it renewed, which cl.expires bounds.
	if err := c.balance(ctx); err != nil {
		return false, err
	}
	cl.mu.Lock()
	idle := len(cl.held) == 0
	cl.mu.Unlock()
	if !idle {
		return false, nil
	}
	return cl.Leaser.ClusterDone(ctx, id)
}

// renew renews the heartbeat under a deadline that ends before the
// node's fetch deadline would pass with a timely renewal (renewTimeout):
// a renewal stuck on a black-holed connection fails in time instead of
// waiting for TCP to give up.
func (c *Crawler) renew(ctx context.Context) ([]store.Lease, error) {
	cl := c.cl
	rctx, cancel := context.WithTimeout(ctx, renewTimeout(cl.LeaseTTL, cl.safety, cl.Poll))
	defer cancel()
	return cl.Leaser.RenewHeld(rctx, c.capture.ID, cl.Node, cl.LeaseTTL)
}

// renewTimeout bounds one renewal: shorter than the time a node may
// fetch after a renewal (ttl - safety), by a poll, so the next poll's
// renewal still comes before the fetch deadline.
func renewTimeout(ttl, safety, poll time.Duration) time.Duration {
	return max(ttl-safety-poll, poll)
}

// fenced handles a renewal that found the node's heartbeat ended: its
// leases may have passed to other nodes at higher epochs. It stops every
// host at once; once their fetches in flight have ended (their commits
// are accepted only where the lease is still the node's at its epoch:
// ClusterCommit) it rejoins with a new heartbeat and no leases, and leases
// again like a new node. Only a node another node declared dead
// (ErrNodeClaimed: its WARC files were repaired) stops.
func (c *Crawler) fenced(ctx context.Context, sent time.Time) error {
	cl := c.cl
	cl.mu.Lock()
	for name := range cl.held {
		c.loseLocked(name)
	}
	cl.expires = time.Time{}
	err := c.releaseIdleLocked(ctx, store.ErrNodeFenced)
	waiting := len(cl.held)
	cl.mu.Unlock()
	if err != nil {
		return err
	}
	if waiting > 0 {
		c.log.Warn("cluster: fenced (heartbeat ended); waiting for fetches in flight before rejoining", zap.Int("hosts", waiting))
		return nil
	}
	if err := cl.Leaser.RejoinCluster(ctx, c.capture.ID, cl.Node, cl.LeaseTTL); err != nil {
		return err
	}
	cl.mu.Lock()
	cl.expires, cl.rejoined, cl.share.renewed = sent.Add(cl.LeaseTTL), sent, sent
	cl.mu.Unlock()
	c.log.Warn("cluster: fenced (heartbeat ended); rejoined without leases")
	return nil
}

// renewedLocked applies the outcome of a heartbeat renewal (held, or the
// error rerr) to the held hosts and returns the hosts leased but not
// loaded (a load that failed). cl.mu is held.
func (c *Crawler) renewedLocked(held []store.Lease, rerr error, sent time.Time) (orphans []store.Lease) {
	cl := c.cl
	if rerr == nil {
		cl.expires = sent.Add(cl.LeaseTTL)
		cl.share.renewed = sent
		still := make(map[string]bool, len(held))
		for _, l := range held {
			still[l.Host] = true
		}
		for name := range cl.held {
			if !still[name] {
				c.loseLocked(name)
			}
		}
		for _, l := range held {
			if cl.held[l.Host] == nil {
				orphans = append(orphans, l) // leased, but loading it failed
			}
		}
	} else {
		// Not renewed: stop in time for a fetch and a politeness gap to
		// end before the heartbeat ends and the leases may pass to
		// another node. They all end with it.
		if time.Until(cl.expires) < cl.safety {
			for name := range cl.held {
				c.loseLocked(name)
			}
		}
	}
	return orphans
}

// mayFetch is the lease check a worker makes immediately before each
// request to host: the node holds the host and its fetch deadline,
// cl.expires - safety on the monotonic clock, has not passed. A node
// paused (SIGSTOP, a long GC, a stalled VM) past it learns so here, before
// the request, not at its next renewal: it then stops every host, since
// every lease ends with the one heartbeat.
func (c *Crawler) mayFetch(host string) bool {
	cl := c.cl
	cl.mu.Lock()
	defer cl.mu.Unlock()
	h := cl.held[host]
	if h == nil || h.lost {
		return false
	}
	if time.Now().Before(cl.expires.Add(-cl.safety)) {
		return true
	}
	c.log.Warn("cluster: lease deadline passed before a fetch; stopping every host", zap.String("host", host))
	for name := range cl.held {
		c.loseLocked(name)
	}
	return false
}

// epochs returns the lease epochs of hosts for a commit (Batch.Epochs).
func (c *Crawler) epochs(hosts []string) map[string]int64 {
	cl := c.cl
	cl.mu.Lock()
	defer cl.mu.Unlock()
	out := make(map[string]int64, len(hosts))
	for _, h := range hosts {
		if hh := cl.held[h]; hh != nil {
			out[h] = hh.epoch
		} else {
			out[h] = -1 // not held at all: refused
		}
	}
	return out
}

// releaseIdleLocked gives back, or yields, the held hosts whose queues
// are idle, and drops lost ones from the frontier. cl.mu is held.
func (c *Crawler) releaseIdleLocked(ctx context.Context, rerr error) error {
	cl := c.cl
	id := c.capture.ID
	names := make([]string, 0, len(cl.held))
	for name := range cl.held {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		h := cl.held[name]
		if !c.frontier.HostIdle(name) {
			continue
		}
		if h.yielding && !h.lost && rerr == nil {
			// Stopped with work left, every fetch committed: the next
			// holder loads the rest from urls and waits for ready.
			err := cl.Leaser.YieldHost(ctx, id, cl.Node, name, c.frontier.HostReady(name))
			if err != nil && !errors.Is(err, store.ErrLeaseLost) {
				return err
			}
			cl.share.yielded.Add(1)
		} else if h.yielding && !h.lost {
			continue // not renewed: the lease ends with the heartbeat, or is yielded next time
		} else if !h.lost && rerr == nil {
			ok, err := cl.Leaser.ReleaseHost(ctx, id, cl.Node, name, c.frontier.HostReady(name))
			if errors.Is(err, store.ErrLeaseLost) {
				ok = true
			} else if err != nil {
				return err
			}
			if !ok {
				continue // pending URLs arrived: drained below
			}
		}
		if fin, ok := c.frontier.DropHost(name); ok {
			c.finished.Add(-int64(fin))
			delete(cl.held, name)
		}
	}
	return nil
}

// load puts a newly leased host's persisted URLs into the frontier, then
// its pending ones.
func (c *Crawler) load(ctx context.Context, l store.Lease) error {
	cl := c.cl
	rows, err := cl.Leaser.HostFrontier(ctx, c.capture.ID, l.Host)
	if err != nil {
		return err
	}
	cl.mu.Lock()
	if err := c.frontier.HoldHost(l.Host, l.Ready); err != nil {
		cl.mu.Unlock()
		return err
	}
	if err := c.restoreRows(rows, true); err != nil {
		cl.mu.Unlock()
		return err
	}
	cl.held[l.Host] = &heldHost{epoch: l.Epoch}
	cl.mu.Unlock()
	c.log.Debug("cluster: host leased", zap.String("host", l.Host), zap.Int("urls", len(rows)))
	return c.drain(ctx, l.Host)
}

// drain moves a held host's pending URLs into its frontier.
func (c *Crawler) drain(ctx context.Context, host string) error {
	cl := c.cl
	cl.mu.Lock()
	defer cl.mu.Unlock()
	if h := cl.held[host]; h == nil || h.lost {
		return nil
	}
	var fresh []frontier.URL
	_, err := cl.Leaser.DrainPending(ctx, c.capture.ID, cl.Node, host, func(rows []store.FrontierURL) []store.FrontierURL {
		cands := make([]frontier.URL, len(rows))
		for i, r := range rows {
			cands[i] = frontier.URL{URL: r.URL, SURT: r.SURT, Host: r.Host, Parent: -1, HopPath: r.HopPath, Via: r.Via, Rate: r.Rate, RateSource: r.RateSource}
		}
		fresh = c.frontier.Assign(cands)
		out := make([]store.FrontierURL, len(fresh))
		for i, u := range fresh {
			out[i] = frontierRow(c.capture.ID, u)
		}
		return out
	})
	if errors.Is(err, store.ErrLeaseLost) {
		c.loseLocked(host)
		return nil
	}
	if err != nil {
		return err
	}
	for _, u := range fresh {
		c.noteHost(u.Host, u.URL)
	}
	return c.frontier.Add(fresh...)
}

// clusterFinish runs after the node's workers and WARC writer stopped. If
// the capture is complete the node waits for the other nodes to close,
// repairs the WARC files of nodes that died (their heartbeat expired) and
// finishes the capture; otherwise it only gives its hosts back.
func (c *Crawler) clusterFinish(ctx context.Context) (finished bool, err error) {
	cl := c.cl
	ctx = context.WithoutCancel(ctx)
	if err := cl.Leaser.LeaveCluster(ctx, c.capture.ID, cl.Node, c.maxGap()); err != nil {
		return false, err
	}
	if !cl.done {
		return false, nil
	}
	deadline := time.Now().Add(2*cl.LeaseTTL + 10*cl.Poll)
	for {
		open, dead, err := cl.Leaser.ClusterNodes(ctx, c.capture.ID)
		if err != nil {
			return false, err
		}
		for _, node := range dead {
			if err := c.repairDeadNode(ctx, node); err != nil {
				return false, err
			}
		}
		if open == 0 || time.Now().After(deadline) {
			if open > 0 {
				c.log.Warn("cluster: nodes still open after the capture completed", zap.Int("nodes", open))
			}
			break
		}
		time.Sleep(cl.Poll)
	}
	// The cluster's work is done: its frontier ran dry (a limit stops a
	// node, not the capture).
	if err := c.store.SetStopReason(ctx, c.capture.ID, string(StopFinished)); err != nil {
		return false, fmt.Errorf("store: %w", err)
	}
	if err := c.store.FinishCapture(ctx, c.capture.ID, store.CaptureStatusFinished); err != nil {
		return false, fmt.Errorf("store: %w", err)
	}
	return true, nil
}

// holds reports whether the node holds host's lease.
func (c *Crawler) holds(host string) bool {
	c.cl.mu.Lock()
	defer c.cl.mu.Unlock()
	h := c.cl.held[host]
	return h != nil && !h.lost
}

// maxGap is the longest politeness gap the job allows between two requests
// to a host.
func (c *Crawler) maxGap() time.Duration {
	p := c.job.Politeness
	return max(p.Delay, p.MaxDelay, p.CrawlDelayCap)
}
