package daemon

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit"
)

// metricValue returns the value of the series name{labels} in a scrape,
// labels given as the exposition format sorts them.
func metricValue(scrape, name, labels string) (float64, bool) {
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name+"{"+labels+"}") + ` (\S+)$`)
	m := re.FindStringSubmatch(scrape)
	if m == nil {
		return 0, false
	}
	v, err := strconv.ParseFloat(m[1], 64)
	return v, err == nil
}

// TestClusterMetrics: two daemons crawl a four-host capture; each one's
// /metrics shows both nodes live, a fair share of two hosts, the hosts it
// leases (together never more than four, and each node some) and a fresh
// heartbeat.
func TestClusterMetrics(t *testing.T) {
	dsn := clusterDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(400, 5*time.Millisecond, &hits))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	data := t.TempDir()
	n1 := startNode(t, dsn, "n1", data)
	n2 := startNode(t, dsn, "n2", data)
	ctx := context.Background()
	job := fmt.Sprintf(`name: cm
seeds: [http://a.test/p/0, http://b.test/p/0, http://c.test/p/0, http://d.test/p/0]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: 4
politeness: {delay: 50ms, delay_factor: 0, max_delay: 50ms, crawl_delay_cap: 50ms}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
resolve: {a.test: %s, b.test: %s, c.test: %s, d.test: %s}
`, addr, addr, addr, addr)
	if _, err := n1.client.Submit(ctx, []byte(job), "cm.yaml"); err != nil {
		t.Fatal(err)
	}
	scrape := func(td *testDaemon) string {
		var m bytes.Buffer
		if err := td.client.Get(ctx, "/metrics", &m); err != nil {
			t.Fatal(err)
		}
		return m.String()
	}
	leased := map[string]float64{}
	testkit.WaitFor(t, 30*time.Second, "both nodes leasing their share", func() bool {
		ok := true
		for _, x := range []struct {
			name string
			td   *testDaemon
		}{{"n1", n1}, {"n2", n2}} {
			m := scrape(x.td)
			labels := `job="cm",node="` + x.name + `"`
			live, _ := metricValue(m, "sharc_cluster_live_nodes", labels)
			share, _ := metricValue(m, "sharc_cluster_fair_share", labels)
			held, _ := metricValue(m, "sharc_cluster_hosts_leased", labels)
			age, hasAge := metricValue(m, "sharc_cluster_heartbeat_age_seconds", labels)
			if _, has := metricValue(m, "sharc_cluster_lease_takeovers_total", labels); !has {
				ok = false
			}
			if hasAge && age > 5 {
				t.Errorf("%s: heartbeat age %v s with a 50 ms poll", x.name, age)
			}
			leased[x.name] = held
			ok = ok && live == 2 && share == 2 && held > 0
		}
		return ok
	})
	if total := leased["n1"] + leased["n2"]; total > 4 {
		t.Errorf("hosts leased %v: more than the capture's four", leased)
	}
	if _, err := n1.client.Action(ctx, "cm", "cancel"); err != nil {
		t.Fatal(err)
	}
}
