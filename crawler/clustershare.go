package crawler

import (
	"context"
	"sort"
	"strconv"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/store"
)

// Fair share. Left to itself, the first node to poll would lease up to
// MaxHosts hosts and the nodes joining after it would find nothing free:
// one node of three crawling, the others idle. So each poll a node reads
// how the capture's hosts with work are spread (store.ClusterLoad) and
// takes at most its share, ceil(hosts with work / live nodes), bounded by
// MaxHosts; a node above its share while another live node is below it
// hands hosts on (yields) at a safe point; and hosts of dead nodes are
// taken whatever the share or MaxHosts, each survivor taking its share of
// them, so they never wait for a survivor to have room.

// shareState is a node's fair-share bookkeeping, for logs and metrics.
type shareState struct {
	renewed time.Time // when the last successful renewal was sent
	last    shareDecision
	load    store.ClusterLoad
	loadAt  time.Time // when load was read: its ExpiresIn count from then
	logged  string    // the last "at share" situation logged, to log changes only

	takeovers atomic.Int64 // hosts taken from dead nodes
	yielded   atomic.Int64 // hosts handed on above the fair share
}

// shareDecision is what a node does about its share in one poll.
type shareDecision struct {
	live  int // live nodes, this one included
	work  int // hosts with work in the capture
	share int // hosts this node may hold: ceil(work/live), within MaxHosts
	// acquire is how many free hosts to lease, orphans how many hosts of
	// dead nodes (which may exceed share and MaxHosts).
	acquire, orphans int
	// yield is how many held hosts to hand on: the surplus above share,
	// no more than other live nodes lack below it once the free hosts
	// are counted, so hosts do not move when nobody would take them.
	yield int
}

// fairShare decides one poll's leasing for node me holding held hosts
// (those it is not already yielding).
func fairShare(load store.ClusterLoad, me string, held, maxHosts int) shareDecision {
	d := shareDecision{live: max(len(load.Live), 1), work: load.Free + load.Held}
	d.share = max(min(ceilDiv(d.work, d.live), maxHosts), 1)
	d.acquire = max(d.share-held, 0)
	d.orphans = ceilDiv(load.Orphaned, d.live)
	lack := -load.Free
	for _, n := range load.Live {
		if n.Node != me {
			lack += max(d.share-n.Hosts, 0)
		}
	}
	d.yield = max(min(held-d.share, lack), 0)
	return d
}

// rejoinGrace reports whether a node that rejoined at rejoined (after
// being fenced) is still within window of it at now. Meanwhile it takes
// only free hosts, up to its share, and no hosts of nodes whose heartbeat
// ended: after an outage of the database longer than the TTL every
// heartbeat has ended, and those nodes are not dead but rejoining, each
// freeing its own hosts as it does (RejoinCluster). Without the grace the
// first node back would take every other node's hosts as orphans. A node
// that really died keeps its hosts that much longer (rejoinWindow).
func rejoinGrace(rejoined, now time.Time, window time.Duration) bool {
	return !rejoined.IsZero() && now.Sub(rejoined) < window
}

// retryWaiter is a Leaser whose calls retry a lost server connection,
// sleeping up to RetryMaxWait between attempts (the PostgreSQL store).
type retryWaiter interface{ RetryMaxWait() time.Duration }

// rejoinWindow is the rejoin grace: one TTL, plus, where the store
// retries lost connections, its longest sleep between attempts. Another
// node fenced by the same outage may be in such a sleep when the server
// comes back, and learns it is back only when it wakes: with the TTL
// alone, a node asleep for longer (the store sleeps up to 10 s, test
// clusters run with a TTL of 4 s) lost its hosts to the first node back
// (TestClusterPostgresDownBeyondTTL failed so under load).
func rejoinWindow(ttl time.Duration, l Leaser) time.Duration {
	if rw, ok := l.(retryWaiter); ok {
		return ttl + rw.RetryMaxWait()
	}
	return ttl
}

func ceilDiv(a, b int) int {
	if a <= 0 {
		return 0
	}
	return (a + b - 1) / b
}

// balance is the leasing half of a poll, after a successful renewal:
// yield the surplus above the fair share, lease up to it, and take hosts
// of dead nodes.
func (c *Crawler) balance(ctx context.Context) error {
	cl := c.cl
	load, err := cl.Leaser.ClusterLoad(ctx, c.capture.ID)
	if err != nil {
		return err
	}
	read := time.Now() // after the store's clock read ExpiresIn: never early
	cl.mu.Lock()
	d := fairShare(load, cl.Node, c.keptLocked(), cl.MaxHosts)
	if rejoinGrace(cl.rejoined, time.Now(), rejoinWindow(cl.LeaseTTL, cl.Leaser)) {
		d.orphans = 0
	}
	cl.share.last, cl.share.load, cl.share.loadAt = d, load, read
	if d.yield > 0 {
		c.yieldLocked(d)
	}
	cl.mu.Unlock()
	var leases []store.Lease
	if d.acquire > 0 || d.orphans > 0 {
		orphans := max(d.acquire, d.orphans)
		if d.orphans == 0 && rejoinGrace(cl.rejoined, time.Now(), rejoinWindow(cl.LeaseTTL, cl.Leaser)) {
			orphans = 0
		}
		if leases, err = cl.Leaser.AcquireShare(ctx, c.capture.ID, cl.Node, d.acquire, orphans); err != nil {
			return err
		}
	}
	c.logShare(d, load, leases)
	for _, l := range leases {
		if err := c.load(ctx, l); err != nil {
			return err
		}
	}
	return nil
}

// keptLocked counts the hosts the node holds and keeps (not lost, not
// being yielded).
func (c *Crawler) keptLocked() int {
	n := 0
	for _, h := range c.cl.held {
		if !h.lost && !h.yielding {
			n++
		}
	}
	return n
}

// yieldLocked stops d.yield held hosts so the next polls hand them on: a
// stopped host starts no fetch, and once those in flight are committed
// (HostIdle) clusterStep yields its lease with the host's next allowed
// request, so the next holder neither repeats a fetch nor shortens the
// politeness gap. The hosts with the most queued work go, where the
// move pays most.
func (c *Crawler) yieldLocked(d shareDecision) {
	cl := c.cl
	type cand struct {
		name   string
		queued int
	}
	var cands []cand
	for name, h := range cl.held {
		if h.lost || h.yielding {
			continue
		}
		_, queued, _, _ := c.frontier.HostQueue(name, 1)
		cands = append(cands, cand{name, queued})
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].queued != cands[j].queued {
			return cands[i].queued > cands[j].queued
		}
		return cands[i].name < cands[j].name
	})
	var names []string
	for _, x := range cands[:min(d.yield, len(cands))] {
		cl.held[x.name].yielding = true
		c.frontier.StopHost(x.name)
		names = append(names, x.name)
	}
	c.log.Info("cluster: above fair share; handing hosts on to other nodes", zap.Strings("hosts", names),
		zap.Int("share", d.share), zap.Int("live_nodes", d.live), zap.Int("hosts_with_work", d.work))
}

// logShare logs the poll's lease decisions that change what an operator
// sees: hosts taken over from dead nodes, and the node staying at its
// share while free hosts wait (logged when that situation changes, not
// every poll).
func (c *Crawler) logShare(d shareDecision, load store.ClusterLoad, leases []store.Lease) {
	cl := c.cl
	from := map[string][]string{}
	for _, l := range leases {
		if l.From != "" {
			from[l.From] = append(from[l.From], l.Host)
		}
	}
	for node, hosts := range from {
		cl.share.takeovers.Add(int64(len(hosts)))
		c.log.Info("cluster: took over the hosts of a dead node", zap.String("dead_node", node), zap.Strings("hosts", hosts),
			zap.Duration("heartbeat_expired_for", load.Expired), zap.Int("share", d.share), zap.Int("live_nodes", d.live))
	}
	situation := ""
	if d.acquire == 0 && load.Free > 0 {
		situation = "at share"
	}
	key := situation
	if situation != "" {
		key = situation + "/" + strconv.Itoa(d.share) + "/" + strconv.Itoa(d.live)
	}
	cl.mu.Lock()
	changed := key != cl.share.logged
	cl.share.logged = key
	cl.mu.Unlock()
	if changed && situation != "" {
		reason := "fair share of the live nodes"
		if d.share == cl.MaxHosts {
			reason = "max_hosts"
		}
		c.log.Info("cluster: at its share; leaving free hosts to other nodes", zap.Int("share", d.share), zap.String("bound", reason),
			zap.Int("live_nodes", d.live), zap.Int("hosts_with_work", d.work), zap.Int("free_hosts", load.Free))
	}
}

// ClusterStatus is a node's view of its capture's cluster, for metrics.
type ClusterStatus struct {
	Node string
	// Held counts the hosts the node leases now; Share is the most it
	// takes of free hosts (its fair share at the last poll).
	Held, Share int
	// LiveNodes, HostsWithWork, FreeHosts and OrphanedHosts are the
	// capture's, as read at the last poll.
	LiveNodes, HostsWithWork, FreeHosts, OrphanedHosts int
	// HeartbeatAge is how long ago the node's last successful heartbeat
	// renewal was sent: past the lease TTL its hosts pass to others.
	HeartbeatAge time.Duration
	// Takeovers counts hosts taken from dead nodes, Yielded hosts handed
	// on above the fair share, since the run began.
	Takeovers, Yielded int64
}

// ClusterStatus returns the node's cluster state; false if the crawler is
// not in cluster mode. Safe to call once Observer.Started was called.
func (c *Crawler) ClusterStatus() (ClusterStatus, bool) {
	cl := c.cl
	if cl == nil {
		return ClusterStatus{}, false
	}
	cl.mu.Lock()
	defer cl.mu.Unlock()
	st := ClusterStatus{Node: cl.Node, Held: len(cl.held), Share: cl.share.last.share, LiveNodes: len(cl.share.load.Live),
		HostsWithWork: cl.share.last.work, FreeHosts: cl.share.load.Free, OrphanedHosts: cl.share.load.Orphaned,
		Takeovers: cl.share.takeovers.Load(), Yielded: cl.share.yielded.Load()}
	if !cl.share.renewed.IsZero() {
		st.HeartbeatAge = time.Since(cl.share.renewed)
	}
	return st, true
}

// expiryMargin is how long after a peer's heartbeat ends nextPoll wakes:
// enough for the store to see it ended, little against a Poll.
const expiryMargin = 10 * time.Millisecond

// nextPoll is when the lease cycle runs next: one Poll after the last one
// started, or, if sooner, just after the earliest heartbeat of another
// node ends. Live peers renew every Poll, so theirs end more than a Poll
// ahead and only a peer that stopped renewing moves a poll forward: the
// survivors then poll when it is dead and take its hosts at once, not up
// to a Poll later (the target: within heartbeat expiry plus one
// poll).
func (c *Crawler) nextPoll(started time.Time) time.Time {
	cl := c.cl
	next := started.Add(cl.Poll)
	cl.mu.Lock()
	load, at := cl.share.load, cl.share.loadAt
	cl.mu.Unlock()
	for _, n := range load.Live {
		if n.Node == cl.Node {
			continue
		}
		if t := at.Add(n.ExpiresIn + expiryMargin); t.Before(next) {
			next = t
		}
	}
	return next
}
