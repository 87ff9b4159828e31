package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/internal/testkit"
)

// pgProxy is a loopback TCP proxy in front of PostgreSQL that can
// black-hole connections: it stops reading and forwarding, in both
// directions, without closing anything, as a partition or a dead router
// does (a closed connection would be noticed at once). It tells the
// connections of each node apart by the application_name of their
// startup message (the nodes run with PGAPPNAME set to their name).
type pgProxy struct {
	ln     net.Listener
	target string

	mu      sync.Mutex
	changed chan struct{} // closed and replaced whenever holes change
	holes   map[string]bool
	all     bool
	// isDown: PostgreSQL is "restarting": connections are cut and new
	// ones closed at once (refused), as a server restart does.
	isDown bool
	conns  map[net.Conn]bool
}

func startPGProxy(t *testing.T, target string) *pgProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &pgProxy{ln: ln, target: target, changed: make(chan struct{}), holes: map[string]bool{}, conns: map[net.Conn]bool{}}
	go p.serve()
	t.Cleanup(func() {
		p.restore()
		ln.Close()
	})
	return p
}

// dsn is base with its host and port replaced by the proxy's.
func (p *pgProxy) dsn(t *testing.T, base string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Host = p.ln.Addr().String()
	return u.String()
}

// blackHole stops every connection of the named nodes (of all
// connections if none is named), present and future.
func (p *pgProxy) blackHole(nodes ...string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.all = len(nodes) == 0
	for _, n := range nodes {
		p.holes[n] = true
	}
	close(p.changed)
	p.changed = make(chan struct{})
}

// down cuts every connection and refuses new ones until restore.
func (p *pgProxy) down() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.isDown = true
	for c := range p.conns {
		c.Close()
	}
}

// track registers c to be cut by down; false if the proxy is down.
func (p *pgProxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.isDown {
		return false
	}
	p.conns[c] = true
	return true
}

func (p *pgProxy) untrack(c net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.conns, c)
}

// restore lets every connection flow again: what waited is delivered.
func (p *pgProxy) restore() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.all, p.holes, p.isDown = false, map[string]bool{}, false
	close(p.changed)
	p.changed = make(chan struct{})
}

// pass waits until the connection of app may flow.
func (p *pgProxy) pass(app string) {
	for {
		p.mu.Lock()
		held, ch := p.all || p.holes[app], p.changed
		p.mu.Unlock()
		if !held {
			return
		}
		<-ch
	}
}

func (p *pgProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		go p.handle(c)
	}
}

func (p *pgProxy) handle(client net.Conn) {
	defer client.Close()
	if !p.track(client) {
		return
	}
	defer p.untrack(client)
	startup, app, err := readStartup(client)
	if err != nil {
		return
	}
	p.pass(app)
	server, err := net.Dial("tcp", p.target)
	if err != nil {
		return
	}
	defer server.Close()
	if !p.track(server) {
		return
	}
	defer p.untrack(server)
	if _, err := server.Write(startup); err != nil {
		return
	}
	done := make(chan struct{}, 2)
	go func() { p.pipe(server, client, app); done <- struct{}{} }()
	go func() { p.pipe(client, server, app); done <- struct{}{} }()
	<-done
}

// pipe copies src to dst, waiting before each read and each write while
// app's connections are black-holed.
func (p *pgProxy) pipe(dst, src net.Conn, app string) {
	defer dst.Close()
	defer src.Close()
	buf := make([]byte, 32<<10)
	for {
		p.pass(app)
		n, err := src.Read(buf)
		if n > 0 {
			p.pass(app)
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// readStartup reads a PostgreSQL startup message (sslmode=disable, so it
// comes first) and returns it with its application_name.
func readStartup(c net.Conn) ([]byte, string, error) {
	var hdr [4]byte
	if _, err := io.ReadFull(c, hdr[:]); err != nil {
		return nil, "", err
	}
	n := binary.BigEndian.Uint32(hdr[:])
	if n < 8 || n > 1<<16 {
		return nil, "", errors.New("bad startup length")
	}
	msg := make([]byte, n)
	copy(msg, hdr[:])
	if _, err := io.ReadFull(c, msg[4:]); err != nil {
		return nil, "", err
	}
	fields := strings.Split(string(msg[8:]), "\x00")
	for i := 0; i+1 < len(fields); i += 2 {
		if fields[i] == "application_name" {
			return msg, fields[i+1], nil
		}
	}
	return msg, "", nil
}

// fenceJob writes a cluster job like clusterJob's with short fetch
// timeouts, so a 4 s lease TTL leaves room between renewals: safety =
// timeout 1 s + connect 0.5 s + the delay + a poll.
func fenceJob(t *testing.T, dsn, name string, hosts, workers int, delay time.Duration, resolve []string) (jobPath, warcDir string) {
	t.Helper()
	jobPath, warcDir = clusterJob(t, dsn, name, hosts, workers, delay, resolve)
	b, err := os.ReadFile(jobPath)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(b), "timeout: 2s, connect_timeout: 1s", "timeout: 1s, connect_timeout: 500ms", 1)
	if err := os.WriteFile(jobPath, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return jobPath, warcDir
}

// fenceCluster is three nodes on one capture whose store is reached
// through a pgProxy, crawling a 30-host site with a 300 ms delay.
type fenceCluster struct {
	dsn     string // direct, for the test's own checks
	site    *multiHostSite
	proxy   *pgProxy
	nodes   []*clusterNode
	warcDir string
	job     string
}

const (
	fenceHosts, fencePages = 30, 30
	fenceDelay             = 300 * time.Millisecond
	fenceTTL               = 4 * time.Second
)

func startFenceCluster(t *testing.T, job string) *fenceCluster {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary and runs three nodes")
	}
	fc := &fenceCluster{dsn: clusterPGDSN(t), site: &multiHostSite{hosts: fenceHosts, pages: fencePages}, job: job}
	u, err := url.Parse(fc.dsn)
	if err != nil {
		t.Fatal(err)
	}
	fc.proxy = startPGProxy(t, u.Host)
	bin := buildSharc(t)
	var jobPath string
	jobPath, fc.warcDir = fenceJob(t, fc.proxy.dsn(t, fc.dsn), job, fenceHosts, 3, fenceDelay, hostSites(t, fc.site))
	for i := range 3 {
		name := fmt.Sprintf("n%d", i+1)
		t.Setenv("PGAPPNAME", name) // read by the child's pgx: the proxy tells nodes apart by it
		fc.nodes = append(fc.nodes, startNode(t, bin, jobPath, name, "--lease-ttl", fenceTTL.String(), "--poll", "100ms"))
	}
	// Every node is crawling and a few pages of the site are fetched.
	conn := rawConn(t, fc.dsn)
	testkit.WaitFor(t, 60*time.Second, "three nodes crawling", func() bool {
		l := leases(t, conn)
		return len(l["n1"]) > 0 && len(l["n2"]) > 0 && len(l["n3"]) > 0 && len(fc.site.requests()) > 60
	})
	return fc
}

// check waits for the nodes to end and asserts what every fault must
// keep: each page's response record exactly once in the union of the
// nodes' WARC files, the politeness delay between any two requests to a
// host whichever nodes sent them (from the site's own access log), and
// the index equal to the WARCs. A node may end with an error only if it
// was fenced (its commit refused as stale); the capture still finishes.
func (fc *fenceCluster) check(t *testing.T) {
	t.Helper()
	finished := 0
	for _, n := range fc.nodes {
		select {
		case <-n.exited:
		case <-time.After(120 * time.Second):
			t.Fatalf("node %s did not end in 120 s\n%s", n.name, n.out.String())
		}
		switch {
		case n.err == nil:
			if strings.Contains(n.out.String(), "stopped:    finished") {
				finished++
			}
		case strings.Contains(n.out.String(), "commit refused: a host lease of the batch is stale"):
			t.Logf("node %s fenced by a refused commit: %v", n.name, n.err)
		default:
			t.Errorf("node %s: %v\n%s", n.name, n.err, n.out.String())
		}
	}
	if finished == 0 {
		t.Fatal("no node finished the capture")
	}
	fc.site.checkPoliteness(t, fenceDelay)
	archived, byNode := archivedPages(t, fc.warcDir, fc.job)
	checkEveryPageOnce(t, archived, fenceHosts, fencePages)
	checkEveryPageOnce(t, loggedPages(t, fc.warcDir), fenceHosts, fencePages)
	verifyIndex(t, fc.dsn, oneFinishedCapture(t, fc.dsn, fc.job), fc.warcDir)
	hosts := map[string]int{}
	for n, hs := range byNode {
		hosts[n] = len(hs)
	}
	t.Logf("%d requests for %d pages; hosts archived per node %v", len(fc.site.requests()), fenceHosts*fencePages, hosts)
}

// loggedPages counts, over every node's crawl.log in the capture's
// folder, the lines of page fetches with an HTTP status: a refused
// commit's lines must have been cut with its WARC records.
func loggedPages(t *testing.T, warcDir string) map[string]int {
	t.Helper()
	logs, _ := filepath.Glob(filepath.Join(captureFolder(warcDir).Logs(), "crawl*.log"))
	if len(logs) == 0 {
		t.Fatalf("no crawl.log under %s", warcDir)
	}
	pages := map[string]int{}
	for _, f := range logs {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			e, err := crawllog.Parse(line)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if e.Status >= 100 && strings.Contains(e.URI, "/p/") {
				pages[e.URI]++
			}
		}
	}
	return pages
}

// TestClusterSIGSTOPBeyondTTL (issue 27, row 2): a node SIGSTOPped for
// far longer than the lease TTL while the others take its hosts over
// must, once resumed, fetch nothing of them: before each fetch a worker
// checks the lease's deadline on the monotonic clock, and the store
// refuses a commit under a stale epoch.
func TestClusterSIGSTOPBeyondTTL(t *testing.T) {
	fc := startFenceCluster(t, "sigstop")
	victim := fc.nodes[0]
	if err := victim.cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	conn := rawConn(t, fc.dsn)
	// Stopped until the others hold every host it held, and beyond.
	testkit.WaitFor(t, 120*time.Second, "the others taking the stopped node's hosts", func() bool {
		return len(leases(t, conn)[victim.name]) == 0
	})
	time.Sleep(2 * fenceTTL)
	if err := victim.cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	fc.check(t)
	if len(victim.logs("cluster: lease deadline passed before a fetch; stopping every host")) == 0 &&
		len(victim.logs("cluster: fenced (heartbeat ended); rejoined without leases")) == 0 &&
		!strings.Contains(victim.out.String(), "commit refused") {
		t.Errorf("the resumed node never noticed it was fenced:\n%s", victim.out.String())
	}
}

// TestClusterPostgresDownBeyondTTL (issue 27, row 3): PostgreSQL
// unreachable from every node for twice the TTL, then back: black-holed
// (packets vanish, nothing is closed) or down (connections cut and
// refused, as in a restart, where each node's retries back off
// differently). Renewals give up at their deadline instead of hanging,
// every node stops fetching at its lease deadline, learns it is fenced at
// its next renewal and rejoins; no node takes the others' hosts as
// orphans for one TTL after rejoining, so the first node back does not
// take all: from the outage on, no node ever holds more than max_hosts
// (2 × workers = 6; orphans are the only way above it).
func TestClusterPostgresDownBeyondTTL(t *testing.T) {
	for _, mode := range []string{"blackhole", "down"} {
		t.Run(mode, func(t *testing.T) {
			fc := startFenceCluster(t, "pg"+mode)
			conn := rawConn(t, fc.dsn)
			if mode == "down" {
				fc.proxy.down()
			} else {
				fc.proxy.blackHole()
			}
			time.Sleep(2 * fenceTTL)
			fc.proxy.restore()
			most := fc.watchLeases(t, conn)
			fc.check(t)
			for n, held := range most {
				if held > 2*3 {
					t.Errorf("%s held %d hosts after the outage, above max_hosts 6: it took other nodes' hosts as orphans (%v)", n, held, most)
				}
			}
			t.Logf("most hosts held per node after the outage: %v", most)
		})
	}
}

// watchLeases polls the leases until every node has exited and returns
// the most hosts each node held at once.
func (fc *fenceCluster) watchLeases(t *testing.T, conn *pgx.Conn) map[string]int {
	t.Helper()
	most := map[string]int{}
	for deadline := time.Now().Add(120 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		for n, hs := range leases(t, conn) {
			most[n] = max(most[n], len(hs))
		}
		running := 0
		for _, n := range fc.nodes {
			select {
			case <-n.exited:
			default:
				running++
			}
		}
		if running == 0 {
			break
		}
	}
	return most
}

// TestClusterNodePartitioned (issue 27, rows 3-4): one node cut from
// PostgreSQL (its connections black-holed) for twice the TTL while the
// others go on and take its hosts; when the partition heals, its late
// commits are accepted only where its lease was not taken (else refused,
// and its WARC records cut), and it fetches nothing of the hosts it lost.
func TestClusterNodePartitioned(t *testing.T) {
	fc := startFenceCluster(t, "partition")
	victim := fc.nodes[0]
	fc.proxy.blackHole(victim.name)
	conn := rawConn(t, fc.dsn)
	testkit.WaitFor(t, 120*time.Second, "the others taking the partitioned node's hosts", func() bool {
		return len(leases(t, conn)[victim.name]) == 0
	})
	time.Sleep(fenceTTL)
	fc.proxy.restore()
	fc.check(t)
}
