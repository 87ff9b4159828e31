package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/warc"
)

// clusterPGDSN creates a fresh schema in the SHARC_TEST_PG database and
// returns a DSN selecting it (dropped when the test ends).
func clusterPGDSN(t *testing.T) string {
	t.Helper()
	return pgtest.SchemaDSN(t, "sharc_cluster")
}

// request is one request the multi-host site served.
type request struct {
	host, path string
	start, end time.Time
}

// multiHostSite serves hosts h0.test … h{hosts-1}.test, each with pages
// /p/0 … /p/{pages-1}: page k links to pages 3k+1…3k+3 of its host and to
// page k of the next host, so most hosts are found through other hosts'
// pages (URLs one node passes to another). Every request is logged with
// its start and end.
type multiHostSite struct {
	hosts, pages int
	mu           sync.Mutex
	log          []request
}

func (s *multiHostSite) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	defer func() {
		s.mu.Lock()
		s.log = append(s.log, request{host: r.Host, path: r.URL.Path, start: start, end: time.Now()})
		s.mu.Unlock()
	}()
	time.Sleep(3 * time.Millisecond) // a request takes time, so overlaps would show
	if r.URL.Path == "/robots.txt" {
		io.WriteString(w, "User-agent: *\nAllow: /\n")
		return
	}
	var hi int
	if _, err := fmt.Sscanf(r.Host, "h%d.test", &hi); err != nil || hi < 0 || hi >= s.hosts {
		http.NotFound(w, r)
		return
	}
	k, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/p/"))
	if err != nil || k < 0 || k >= s.pages {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html")
	fmt.Fprintf(w, "<html><body><h1>host %d page %d</h1>", hi, k)
	for c := 3*k + 1; c <= 3*k+3 && c < s.pages; c++ {
		fmt.Fprintf(w, `<a href="/p/%d">%d</a> `, c, c)
	}
	fmt.Fprintf(w, `<a href="http://h%d.test/p/%d">next host</a></body></html>`, (hi+1)%s.hosts, k)
}

// checkPoliteness asserts that, per host, requests never overlapped and
// were at least delay apart (2 ms of clock slack), whichever node sent them.
func (s *multiHostSite) checkPoliteness(t *testing.T, delay time.Duration) {
	t.Helper()
	byHost := map[string][]request{}
	for _, r := range s.requests() {
		byHost[r.host] = append(byHost[r.host], r)
	}
	for h, rs := range byHost {
		sort.Slice(rs, func(i, j int) bool { return rs[i].start.Before(rs[j].start) })
		for i := 1; i < len(rs); i++ {
			if gap := rs[i].start.Sub(rs[i-1].end); gap < delay-2*time.Millisecond {
				t.Errorf("%s: %s started %s after %s ended (overlap if negative; delay %s)", h, rs[i].path, gap, rs[i-1].path, delay)
			}
		}
	}
}

func (s *multiHostSite) requests() []request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]request(nil), s.log...)
}

// TestThreeNodeCluster runs three `sharc crawl --node` processes on one
// capture in PostgreSQL, SIGKILLs one mid-crawl and checks that the other
// two complete it: no host ever served two requests at once or closer than
// the politeness delay (so no host was fetched by two nodes at once), the
// union of the nodes' WARC files holds every page exactly once, every index
// row points at a readable record, and the capture is finished.
func TestThreeNodeCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs three nodes")
	}
	dsn := clusterPGDSN(t)
	bin := buildSharc(t)
	const hosts, pages = 8, 40
	const delay = 30 * time.Millisecond
	site := &multiHostSite{hosts: hosts, pages: pages}
	srv := httptest.NewServer(site)
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	dir := t.TempDir()
	warcDir := filepath.Join(dir, "warcs")
	var resolve []string
	for i := range hosts {
		resolve = append(resolve, fmt.Sprintf("h%d.test: %s", i, addr))
	}
	jobText := fmt.Sprintf(`name: cluster
seeds: [http://h0.test/p/0, http://h4.test/p/0]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: 3
scope: {surt_prefixes: ["test,"]}
politeness: {delay: %s, delay_factor: 0, max_delay: %s, crawl_delay_cap: %s}
fetch: {allow_addresses: [127.0.0.0/8], timeout: 2s, connect_timeout: 1s}
warc: {dir: %s}
store: %q
resolve: {%s}
`, delay, delay, delay, warcDir, dsn, strings.Join(resolve, ", "))
	jobPath := filepath.Join(dir, "job.yaml")
	if err := os.WriteFile(jobPath, []byte(jobText), 0o644); err != nil {
		t.Fatal(err)
	}

	type node struct {
		name   string
		cmd    *exec.Cmd
		out    bytes.Buffer
		exited chan error
	}
	nodes := make([]*node, 3)
	for i := range nodes {
		n := &node{name: fmt.Sprintf("n%d", i+1), exited: make(chan error, 1)}
		n.cmd = exec.Command(bin, "crawl", "--node", n.name, "--lease-ttl", "4s", "--poll", "100ms", "--max-hosts", "3", jobPath)
		n.cmd.Stdout, n.cmd.Stderr = &n.out, &n.out
		if err := n.cmd.Start(); err != nil {
			t.Fatal(err)
		}
		go func() { n.exited <- n.cmd.Wait() }()
		nodes[i] = n
	}
	defer func() {
		for _, n := range nodes {
			_ = n.cmd.Process.Kill()
		}
	}()

	// Kill the node that has written the most once a third of the site
	// is fetched: it surely holds hosts then.
	deadline := time.Now().Add(60 * time.Second)
	for len(site.requests()) < hosts*pages/3 {
		if time.Now().After(deadline) {
			t.Fatalf("the cluster fetched only %d pages in 60 s", len(site.requests()))
		}
		time.Sleep(5 * time.Millisecond)
	}
	victim := nodes[0]
	var most int64 = -1
	for _, n := range nodes {
		files, _ := filepath.Glob(filepath.Join(captureWARCs(warcDir), "cluster-"+n.name+"-*"))
		var size int64
		for _, f := range files {
			if fi, err := os.Stat(f); err == nil {
				size += fi.Size()
			}
		}
		if size > most {
			victim, most = n, size
		}
	}
	_ = victim.cmd.Process.Signal(syscall.SIGKILL)
	<-victim.exited
	killedAt := len(site.requests())
	t.Logf("killed %s after %d requests (%d WARC bytes written)", victim.name, killedAt, most)

	for _, n := range nodes {
		if n == victim {
			continue
		}
		select {
		case err := <-n.exited:
			if err != nil {
				t.Fatalf("node %s: %v\n%s", n.name, err, n.out.String())
			}
		case <-time.After(90 * time.Second):
			t.Fatalf("node %s did not finish\n%s", n.name, n.out.String())
		}
		if !strings.Contains(n.out.String(), "stopped:    finished") {
			t.Errorf("node %s did not finish the capture:\n%s", n.name, n.out.String())
		}
		// The summary splits a node's serial time by step: its index
		// transactions (ClusterCommit) are not all "other".
		if m := regexp.MustCompile(`indexer [0-9.]+: frontier [0-9.]+ crawl\.log [0-9.]+ index ([0-9.]+)`).FindStringSubmatch(n.out.String()); m == nil || m[1] == "0.0" {
			t.Errorf("node %s: the summary's serial line has no index time (%v):\n%s", n.name, m, n.out.String())
		}
	}

	// Politeness held across the cluster.
	site.checkPoliteness(t, delay)

	// The union of the nodes' WARCs: every page exactly once.
	if open, _ := filepath.Glob(filepath.Join(captureWARCs(warcDir), "*.open")); len(open) > 0 {
		t.Errorf(".open files left (the dead node's were not repaired?): %v", open)
	}
	files, _ := filepath.Glob(filepath.Join(captureWARCs(warcDir), "*.warc.gz"))
	archived := map[string]int{}
	byNode := map[string]int{}
	for _, f := range files {
		if _, problems, err := warc.VerifyFile(f); err != nil || len(problems) > 0 {
			t.Fatalf("verify %s: %v %v", f, problems, err)
		}
		r, err := warc.OpenFile(f)
		if err != nil {
			t.Fatal(err)
		}
		nodeName := strings.SplitN(strings.TrimPrefix(filepath.Base(f), "cluster-"), "-", 2)[0]
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if rec.Type() == warc.Response && strings.Contains(rec.TargetURI(), "/p/") {
				archived[rec.TargetURI()]++
				byNode[nodeName]++
			}
		}
		r.Close()
	}
	for h := range hosts {
		for k := range pages {
			u := fmt.Sprintf("http://h%d.test/p/%d", h, k)
			if archived[u] != 1 {
				t.Errorf("%s archived %d times, want once", u, archived[u])
			}
		}
	}
	if len(archived) != hosts*pages {
		t.Errorf("%d pages archived, want %d", len(archived), hosts*pages)
	}
	if len(byNode) < 2 {
		t.Errorf("pages archived by %v: want at least two nodes", byNode)
	}
	// The killed node's committed pages count, from its repaired file.
	if byNode[victim.name] == 0 {
		t.Errorf("no page archived by the killed node %s: its repaired WARC is missing from the union", victim.name)
	}
	repaired := false
	for _, n := range nodes {
		repaired = repaired || strings.Contains(n.out.String(), "repairing the WARC files of a dead node")
	}
	if !repaired {
		t.Error("no surviving node logged repairing the killed node's WARC files")
	}

	verifyIndex(t, dsn, oneFinishedCapture(t, dsn, "cluster"), warcDir)
	t.Logf("%d WARC files, %d requests for %d pages, pages per node %v", len(files), len(site.requests()), hosts*pages, byNode)
}
