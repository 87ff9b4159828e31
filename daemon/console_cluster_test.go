package daemon

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit"
)

// TestConsoleCluster: two nodes share a capture of a four-host site; the
// API's cluster view lists both with the hosts each holds, and the
// console's cluster page shows the same rows. A daemon alone says it is
// not in cluster mode.
func TestConsoleCluster(t *testing.T) {
	dsn := clusterDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(300, 30*time.Millisecond, &hits))
	defer srv.Close()
	data := t.TempDir()
	n1 := startNode(t, dsn, "n1", data)
	startNode(t, dsn, "n2", data)
	hc, _ := newContractClient(t)
	n1.client.HTTP = hc
	ctx := context.Background()
	addr := strings.TrimPrefix(srv.URL, "http://")
	job := fmt.Sprintf(`name: cc
seeds: [http://a.test/p/0, http://b.test/p/0, http://c.test/p/0, http://d.test/p/0]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: 4
politeness: {delay: 5ms, delay_factor: 0, max_delay: 20ms, crawl_delay_cap: 20ms}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
resolve: {a.test: %s, b.test: %s, c.test: %s, d.test: %s}
`, addr, addr, addr, addr)
	if _, err := n1.client.Submit(ctx, []byte(job), "cc.yaml"); err != nil {
		t.Fatal(err)
	}
	cc := loginConsole(t, n1)
	// rows is what the page must show for the API's view.
	rows := func(ci ClusterInfo) []string {
		var out []string
		for _, c := range ci.Captures {
			for _, n := range c.Nodes {
				out = append(out, fmt.Sprintf(`<tr class="node-%s"><td>%s</td><td>%s</td>`, n.Node, n.Node, n.State),
					fmt.Sprintf(`<td class="num">%d</td><td class="hosts">%s</td>`, n.HostsHeld, strings.Join(n.Hosts, ", ")))
			}
		}
		return out
	}
	shows := func(body string, ci ClusterInfo) bool {
		for _, r := range rows(ci) {
			if !strings.Contains(body, r) {
				return false
			}
		}
		return len(rows(ci)) > 0
	}
	testkit.WaitFor(t, 30*time.Second, "both nodes holding hosts, and the page showing what the API says", func() bool {
		before, err := n1.client.Cluster(ctx)
		if err != nil || !before.Cluster || before.Node != "n1" || len(before.Captures) != 1 || len(before.Captures[0].Nodes) != 2 {
			return false
		}
		for _, n := range before.Captures[0].Nodes {
			if !n.Live || n.HostsHeld == 0 || n.HostsHeld != len(n.Hosts) {
				return false
			}
		}
		_, body, _ := cc.get("/ui/cluster")
		after, _ := n1.client.Cluster(ctx)
		return strings.Contains(body, "This daemon is node <strong>n1</strong>") && (shows(body, before) || shows(body, after))
	})
	if _, err := n1.client.Action(ctx, "cc", "cancel"); err != nil {
		t.Fatal(err)
	}

	// Alone: no cluster.
	td := startDaemon(t, storeDSN(t), 1)
	ci, err := td.client.Cluster(ctx)
	if err != nil || ci.Cluster || len(ci.Captures) != 0 {
		t.Errorf("a daemon alone: %+v %v", ci, err)
	}
	if _, body, _ := loginConsole(t, td).get("/ui/cluster"); !strings.Contains(body, "not in cluster mode") {
		t.Errorf("cluster page of a daemon alone:\n%s", body)
	}
}
