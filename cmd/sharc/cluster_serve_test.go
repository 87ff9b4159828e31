package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/daemon"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
)

// TestThreeServeNodes runs three `sharc serve` daemons (nodes n1, n2, n3)
// on one PostgreSQL schema, submits a multi-host job to n1 only, checks
// that n2 and n3 join its capture, SIGKILLs the node that wrote the most
// mid-crawl and checks the survivors finish it: no host served two
// requests at once or closer than the politeness delay, the union of the
// nodes' WARC files holds every page exactly once, every index row points
// at a readable record, and a surviving daemon reports the job idle with
// its last run finished.
func TestThreeServeNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs three daemons")
	}
	dsn := pgtest.SchemaDSN(t, "sharc_cserve")
	bin := buildSharc(t)
	const hosts, pages = 8, 40
	const delay = 30 * time.Millisecond
	site := &multiHostSite{hosts: hosts, pages: pages}
	srv := httptest.NewServer(site)
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	dir := t.TempDir()
	dataDir := filepath.Join(dir, "data")
	ctx := context.Background()

	type node struct {
		name   string
		client *daemon.Client
		cmd    *exec.Cmd
		logs   logString
		exited chan error
	}
	nodes := make([]*node, 3)
	for i := range nodes {
		n := &node{name: fmt.Sprintf("n%d", i+1), exited: make(chan error, 1)}
		listen := freePort(t)
		cfg := filepath.Join(dir, n.name+".yaml")
		text := fmt.Sprintf("listen: %s\ntoken: tok\nstore: %q\ndata_dir: %s\nnode: %s\nlease_ttl: 4s\npoll: 100ms\nmax_hosts: 3\nallow_addresses: [127.0.0.0/8]\n",
			listen, dsn, dataDir, n.name)
		if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		n.client = &daemon.Client{Base: "http://" + listen, Token: "tok"}
		lw := &lockedWriter{b: &strings.Builder{}}
		n.logs = logString{lw}
		n.cmd = exec.Command(bin, "serve", "--config", cfg)
		n.cmd.Stdout, n.cmd.Stderr = io.Discard, lw
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
	for _, n := range nodes {
		deadline := time.Now().Add(20 * time.Second)
		for {
			resp, err := http.Get(n.client.Base + "/readyz")
			if err == nil {
				resp.Body.Close()
				if resp.StatusCode == 200 {
					break
				}
			}
			select {
			case err := <-n.exited:
				t.Fatalf("%s exited before ready: %v\n%s", n.name, err, n.logs)
			case <-time.After(20 * time.Millisecond):
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s not ready\n%s", n.name, n.logs)
			}
		}
	}

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
resolve: {%s}
`, delay, delay, delay, strings.Join(resolve, ", "))
	info, err := nodes[0].client.Submit(ctx, []byte(jobText), "cluster.yaml")
	if err != nil {
		t.Fatal(err)
	}
	warcDir := info.WARCDir
	nodeBytes := func(name string) int64 {
		files, _ := filepath.Glob(filepath.Join(captureWARCs(warcDir), "cluster-"+name+"-*"))
		var size int64
		for _, f := range files {
			if fi, err := os.Stat(f); err == nil {
				size += fi.Size()
			}
		}
		return size
	}

	// The other daemons join: their WARC files appear. Then kill the
	// node that has written the most once a third of the site is
	// fetched: it surely holds hosts then.
	deadline := time.Now().Add(60 * time.Second)
	for {
		writers := 0
		for _, n := range nodes {
			if nodeBytes(n.name) > 0 {
				writers++
			}
		}
		if writers >= 2 && len(site.requests()) >= hosts*pages/3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 60 s: %d nodes writing WARCs, %d requests\nn1:\n%s\nn2:\n%s", writers, len(site.requests()), nodes[0].logs, nodes[1].logs)
		}
		time.Sleep(5 * time.Millisecond)
	}
	for _, n := range nodes[1:] {
		if !strings.Contains(n.logs.String(), "cluster: joining capture") {
			t.Errorf("%s did not log joining the capture submitted to n1", n.name)
		}
	}
	victim := nodes[0]
	var most int64 = -1
	for _, n := range nodes {
		if size := nodeBytes(n.name); size > most {
			victim, most = n, size
		}
	}
	_ = victim.cmd.Process.Signal(syscall.SIGKILL)
	<-victim.exited
	t.Logf("killed %s after %d requests (%d WARC bytes written)", victim.name, len(site.requests()), most)

	// Every survivor ends its run with the capture finished.
	for _, n := range nodes {
		if n == victim {
			continue
		}
		deadline := time.Now().Add(90 * time.Second)
		for {
			info, err = n.client.Job(ctx, "cluster")
			if err == nil && info.State == "idle" && info.LastRun != nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: job never became idle: %+v %v\n%s", n.name, info, err, n.logs)
			}
			time.Sleep(50 * time.Millisecond)
		}
		if info.LastRun.StopReason != "finished" {
			t.Errorf("%s: last run %+v, want stop reason finished\n%s", n.name, info.LastRun, n.logs)
		}
	}

	// Politeness held across the cluster.
	site.checkPoliteness(t, delay)

	// The union of the nodes' WARCs: every page exactly once, written by
	// more than one node, the killed one's repaired file included.
	if open, _ := filepath.Glob(filepath.Join(captureWARCs(warcDir), "*.open")); len(open) > 0 {
		t.Errorf(".open files left (the dead node's were not repaired?): %v", open)
	}
	archived, files := verifiedResponses(t, warcDir)
	for h := range hosts {
		for k := range pages {
			if u := fmt.Sprintf("http://h%d.test/p/%d", h, k); archived[u] != 1 {
				t.Errorf("%s archived %d times, want once", u, archived[u])
			}
		}
	}
	byNode := map[string]int{}
	for _, f := range files {
		byNode[strings.SplitN(strings.TrimPrefix(filepath.Base(f), "cluster-"), "-", 2)[0]]++
	}
	if len(byNode) < 2 || byNode[victim.name] == 0 {
		t.Errorf("WARC files per node %v: want at least two nodes, the killed %s among them", byNode, victim.name)
	}
	repaired := false
	for _, n := range nodes {
		repaired = repaired || n != victim && strings.Contains(n.logs.String(), "repairing the WARC files of a dead node")
	}
	if !repaired {
		t.Error("no surviving node logged repairing the killed node's WARC files")
	}

	verifyIndex(t, dsn, oneFinishedCapture(t, dsn, "cluster"), warcDir)

	// The survivors drain and exit 0 on SIGTERM.
	for _, n := range nodes {
		if n == victim {
			continue
		}
		_ = n.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-n.exited:
			if err != nil {
				t.Errorf("%s after SIGTERM: %v", n.name, err)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("%s did not exit after SIGTERM", n.name)
		}
	}
	t.Logf("%d WARC files, %d requests for %d pages, WARC files per node %v", len(files), len(site.requests()), hosts*pages, byNode)
}
