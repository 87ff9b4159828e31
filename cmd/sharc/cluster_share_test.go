package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/warc"
)

// lockedBuffer is a bytes.Buffer a child process writes to while the test
// reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// clusterNode is one `sharc crawl --node` child process, logging JSON.
type clusterNode struct {
	name    string
	cmd     *exec.Cmd
	out     *lockedBuffer
	exited  chan struct{}
	err     error // set before exited is closed
	started time.Time
}

// startNode starts `sharc crawl --node name args… jobPath`; it is killed
// when the test ends if still running.
func startNode(t testing.TB, bin, jobPath, name string, args ...string) *clusterNode {
	t.Helper()
	n := &clusterNode{name: name, out: &lockedBuffer{}, exited: make(chan struct{})}
	n.cmd = exec.Command(bin, append(append([]string{"crawl", "--node", name}, args...), jobPath)...)
	n.cmd.Env = append(os.Environ(), "SHARC_LOG=json")
	n.cmd.Stdout, n.cmd.Stderr = n.out, n.out
	if err := n.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	n.started = time.Now()
	go func() { n.err = n.cmd.Wait(); close(n.exited) }()
	t.Cleanup(func() {
		_ = n.cmd.Process.Kill()
		<-n.exited
		if t.Failed() {
			// A node's own account of a failed test (a setup that timed
			// out shows nothing else).
			out := n.out.String()
			t.Logf("node %s, last of its output:\n%s", name, out[max(0, len(out)-3000):])
		}
	})
	return n
}

// finish waits for the node to exit on its own and checks it finished the
// capture.
func (n *clusterNode) finish(t testing.TB, timeout time.Duration) {
	t.Helper()
	select {
	case <-n.exited:
	case <-time.After(timeout):
		t.Fatalf("node %s did not finish in %s\n%s", n.name, timeout, n.out.String())
	}
	if n.err != nil {
		t.Fatalf("node %s: %v\n%s", n.name, n.err, n.out.String())
	}
	if !strings.Contains(n.out.String(), "stopped:    finished") {
		t.Errorf("node %s did not finish the capture:\n%s", n.name, n.out.String())
	}
}

// kill SIGKILLs the node and waits for it to be gone.
func (n *clusterNode) kill() time.Time {
	_ = n.cmd.Process.Signal(syscall.SIGKILL)
	<-n.exited
	return time.Now()
}

// logs returns the node's JSON log entries with message msg.
func (n *clusterNode) logs(msg string) []map[string]any {
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(n.out.String()))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var e map[string]any
		if json.Unmarshal(line, &e) == nil && e["msg"] == msg {
			out = append(out, e)
		}
	}
	return out
}

// leases returns which hosts each node holds in the schema's only capture
// (none before the first node created the tables).
func leases(t testing.TB, conn *pgx.Conn) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	var exists bool
	if err := conn.QueryRow(context.Background(), `SELECT to_regclass('host_leases') IS NOT NULL`).Scan(&exists); err != nil || !exists {
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	rows, err := conn.Query(context.Background(), `SELECT node, host FROM host_leases WHERE node <> '' ORDER BY host`)
	if err != nil {
		t.Fatal(err)
	}
	var node, host string
	_, err = pgx.ForEachRow(rows, []any{&node, &host}, func() error {
		out[node] = append(out[node], host)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// hostSites serves multiHostSite from one listener per host, each on its
// own loopback address (127.0.0.2, 127.0.0.3, …), and returns the job's
// resolve entries mapping hN.test to them.
func hostSites(t testing.TB, site *multiHostSite) []string {
	t.Helper()
	var resolve []string
	for i := range site.hosts {
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.%d:0", i+2))
		if err != nil {
			t.Fatal(err)
		}
		srv := &http.Server{Handler: site, ReadHeaderTimeout: 5 * time.Second}
		go srv.Serve(ln)
		t.Cleanup(func() { srv.Close() })
		resolve = append(resolve, fmt.Sprintf("h%d.test: %s", i, ln.Addr()))
	}
	return resolve
}

// clusterJob writes a job crawling every host of the site from its page 0
// with workers workers and a politeness delay of delay, and returns its
// path and WARC directory.
func clusterJob(t testing.TB, dsn, name string, hosts, workers int, delay time.Duration, resolve []string) (jobPath, warcDir string) {
	t.Helper()
	dir := t.TempDir()
	warcDir = filepath.Join(dir, "warcs")
	var seeds []string
	for i := range hosts {
		seeds = append(seeds, fmt.Sprintf("http://h%d.test/p/0", i))
	}
	text := fmt.Sprintf(`name: %s
seeds: [%s]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: %d
scope: {surt_prefixes: ["test,"]}
politeness: {delay: %s, delay_factor: 0, max_delay: %s, crawl_delay_cap: %s}
fetch: {allow_addresses: [127.0.0.0/8], timeout: 2s, connect_timeout: 1s}
warc: {dir: %s}
store: %q
resolve: {%s}
`, name, strings.Join(seeds, ", "), workers, delay, delay, delay, warcDir, dsn, strings.Join(resolve, ", "))
	jobPath = filepath.Join(dir, "job.yaml")
	if err := os.WriteFile(jobPath, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return jobPath, warcDir
}

// archivedPages reads every WARC file of the job in warcDir (each must
// verify) and returns how often each page was archived and, per node, the
// hosts whose pages it archived.
func archivedPages(t testing.TB, warcDir, job string) (pages map[string]int, hostsByNode map[string]map[string]int) {
	t.Helper()
	if open, _ := filepath.Glob(filepath.Join(captureWARCs(warcDir), "*.open")); len(open) > 0 {
		t.Errorf(".open files left (a dead node's were not repaired?): %v", open)
	}
	files, _ := filepath.Glob(filepath.Join(captureWARCs(warcDir), job+"-*.warc.gz"))
	pages, hostsByNode = map[string]int{}, map[string]map[string]int{}
	for _, f := range files {
		if _, problems, err := warc.VerifyFile(f); err != nil || len(problems) > 0 {
			t.Fatalf("verify %s: %v %v", f, problems, err)
		}
		r, err := warc.OpenFile(f)
		if err != nil {
			t.Fatal(err)
		}
		node := strings.SplitN(strings.TrimPrefix(filepath.Base(f), job+"-"), "-", 2)[0]
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			u := rec.TargetURI()
			if rec.Type() != warc.Response || !strings.Contains(u, "/p/") {
				continue
			}
			pages[u]++
			host := strings.SplitN(strings.TrimPrefix(u, "http://"), "/", 2)[0]
			if hostsByNode[node] == nil {
				hostsByNode[node] = map[string]int{}
			}
			hostsByNode[node][host]++
		}
		r.Close()
	}
	return pages, hostsByNode
}

// checkEveryPageOnce fails unless every page of the site was archived
// exactly once in the union of the nodes' WARC files.
func checkEveryPageOnce(t testing.TB, pages map[string]int, hosts, perHost int) {
	t.Helper()
	for h := range hosts {
		for k := range perHost {
			u := fmt.Sprintf("http://h%d.test/p/%d", h, k)
			if pages[u] != 1 {
				t.Errorf("%s archived %d times, want once", u, pages[u])
			}
		}
	}
	if len(pages) != hosts*perHost {
		t.Errorf("%d pages archived, want %d", len(pages), hosts*perHost)
	}
}

// pagesServed counts the page requests (not robots.txt) each host served.
func (s *multiHostSite) pagesServed() map[string]int {
	out := map[string]int{}
	for _, r := range s.requests() {
		if strings.HasPrefix(r.path, "/p/") {
			out[strings.Split(r.host, ":")[0]]++
		}
	}
	return out
}

// TestClusterFairShare: with the default max_hosts (2 × workers = 6) the
// first node alone leases six of nine hosts; once two more nodes join,
// it hands hosts on above its fair share (ceil(9/3) = 3), so all three
// nodes crawl, and no page is fetched twice or lost in the handover:
// every page is archived exactly once, politeness held across the nodes
// (a handed-on host's next request waits for the gap), and the index
// matches the WARCs.
func TestClusterFairShare(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs three nodes")
	}
	dsn := clusterPGDSN(t)
	bin := buildSharc(t)
	const hosts, pages = 9, 30
	const delay = 100 * time.Millisecond
	site := &multiHostSite{hosts: hosts, pages: pages}
	jobPath, warcDir := clusterJob(t, dsn, "share", hosts, 3, delay, hostSites(t, site))
	conn := rawConn(t, dsn)
	args := []string{"--lease-ttl", "4s", "--poll", "100ms"}

	n1 := startNode(t, bin, jobPath, "n1", args...)
	// n1 has fetched pages of every host it holds before the others
	// join, so some of the hosts it hands on are half crawled.
	testkit.WaitFor(t, 60*time.Second, "n1 crawling six hosts", func() bool {
		held, served := leases(t, conn)["n1"], site.pagesServed()
		for _, h := range held {
			if served[h] < 2 {
				return false
			}
		}
		return len(held) == 6
	})
	n2 := startNode(t, bin, jobPath, "n2", args...)
	n3 := startNode(t, bin, jobPath, "n3", args...)
	// Each newcomer gets hosts: first the three free ones, then those n1
	// hands on. Watched while the crawl runs, not inferred from the end.
	most := map[string]int{}
	testkit.WaitFor(t, 30*time.Second, "every node leasing hosts", func() bool {
		l := leases(t, conn)
		for _, n := range []string{"n1", "n2", "n3"} {
			most[n] = max(most[n], len(l[n]))
		}
		return most["n2"] > 0 && most["n3"] > 0
	})
	for _, n := range []*clusterNode{n1, n2, n3} {
		n.finish(t, 90*time.Second)
	}
	site.checkPoliteness(t, delay)
	// Alone, n1 stopped at max_hosts with three hosts free, and said so.
	if len(n1.logs("cluster: at its share; leaving free hosts to other nodes")) == 0 {
		t.Errorf("n1 did not log staying at its share while hosts were free:\n%s", n1.out.String())
	}
	yields := n1.logs("cluster: above fair share; handing hosts on to other nodes")
	if len(yields) == 0 {
		t.Errorf("n1 never handed hosts on above its fair share:\n%s", n1.out.String())
	}
	archived, byNode := archivedPages(t, warcDir, "share")
	checkEveryPageOnce(t, archived, hosts, pages)
	for _, n := range []string{"n1", "n2", "n3"} {
		if len(byNode[n]) == 0 {
			t.Errorf("node %s archived nothing: pages by node and host %v", n, byNode)
		}
	}
	verifyIndex(t, dsn, oneFinishedCapture(t, dsn, "share"), warcDir)
	t.Logf("n1's handovers: %v; hosts archived per node: %v", yields, byNode)
}

// TestClusterTakeoverWhenFull: three nodes with max_hosts 2 share six
// hosts, two each, so every survivor is "full" when one is SIGKILLed. The
// survivors still take the dead node's hosts within its heartbeat expiry
// (lease_ttl after its last renewal, itself before the kill) plus a poll,
// going above max_hosts, instead of waiting until one of their own hosts
// is done (about 9 s here; 9.1 s measured with the orphans' priority
// removed, which fails this test). Each logs the takeover; no page is lost or
// archived twice, and the dead node's repaired WARC counts.
func TestClusterTakeoverWhenFull(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs three nodes")
	}
	dsn := clusterPGDSN(t)
	bin := buildSharc(t)
	const hosts, pages = 6, 60
	const delay = 150 * time.Millisecond
	const ttl, poll = 4 * time.Second, 100 * time.Millisecond
	site := &multiHostSite{hosts: hosts, pages: pages}
	jobPath, warcDir := clusterJob(t, dsn, "full", hosts, 2, delay, hostSites(t, site))
	conn := rawConn(t, dsn)
	args := []string{"--lease-ttl", ttl.String(), "--poll", poll.String(), "--max-hosts", "2"}
	nodes := map[string]*clusterNode{}
	for _, name := range []string{"n1", "n2", "n3"} {
		nodes[name] = startNode(t, bin, jobPath, name, args...)
	}
	// Each node has fetched a few pages of each of its hosts (so the
	// victim's WARC holds committed records).
	testkit.WaitFor(t, 60*time.Second, "each node crawling two hosts", func() bool {
		l, served := leases(t, conn), site.pagesServed()
		for _, n := range []string{"n1", "n2", "n3"} {
			if len(l[n]) != 2 {
				return false
			}
			for _, h := range l[n] {
				if served[h] < 5 {
					return false
				}
			}
		}
		return true
	})
	victim := leases(t, conn)["n1"]
	killed := nodes["n1"].kill()
	var took time.Duration
	testkit.WaitFor(t, 3*ttl, "survivors taking n1's hosts", func() bool {
		l := leases(t, conn)
		if len(l["n1"]) > 0 {
			return false
		}
		took = time.Since(killed)
		// Still busy with their own two hosts each (a host takes ≈ 9 s):
		// the takeover did not wait for room. Each survivor takes its
		// share of the orphans per poll, so usually one each, but a
		// survivor whose poll came twice before the other's takes both.
		if len(l["n2"])+len(l["n3"]) != hosts || max(len(l["n2"]), len(l["n3"])) < 3 {
			t.Errorf("after the takeover n2 holds %v, n3 %v: want all %d hosts, above max_hosts 2 (their own and %v)", l["n2"], l["n3"], hosts, victim)
		}
		return true
	})
	// The heartbeat was renewed at most one poll before the kill, so it
	// ended within lease_ttl of it; the survivors poll just after it ends
	// (crawler's nextPoll), so the takeover needs no more than one poll
	// beyond that, plus 100 ms for the poll's round trips on a loaded
	// machine.
	if limit := ttl + poll + 100*time.Millisecond; took > limit {
		t.Errorf("n1's hosts %v taken over %s after the kill; want within lease_ttl + poll + 100 ms (%s)", victim, took, limit)
	}
	for _, name := range []string{"n2", "n3"} {
		nodes[name].finish(t, 90*time.Second)
	}
	var logged []string
	for _, name := range []string{"n2", "n3"} {
		for _, e := range nodes[name].logs("cluster: took over the hosts of a dead node") {
			if e["dead_node"] != "n1" {
				t.Errorf("%s: takeover log %v: want dead_node n1", name, e)
			}
			for _, h := range e["hosts"].([]any) {
				logged = append(logged, h.(string))
			}
		}
	}
	if len(logged) != len(victim) {
		t.Errorf("takeovers logged for %v; want n1's hosts %v", logged, victim)
	}
	site.checkPoliteness(t, delay)
	archived, byNode := archivedPages(t, warcDir, "full")
	checkEveryPageOnce(t, archived, hosts, pages)
	if len(byNode["n1"]) == 0 {
		t.Errorf("no page archived by the killed node: its repaired WARC is missing from the union (%v)", byNode)
	}
	verifyIndex(t, dsn, oneFinishedCapture(t, dsn, "full"), warcDir)
	t.Logf("n1 held %v; taken over %s after SIGKILL (lease_ttl %s, poll %s); hosts archived per node %v", victim, took, ttl, poll, byNode)
}

// rawConn opens a connection of the test's own to dsn, to watch the
// leases.
func rawConn(t testing.TB, dsn string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}
