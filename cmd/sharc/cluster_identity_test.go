package main

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
)

// aliasDSN names dsn's database and schema another way: through localhost
// instead of 127.0.0.1, as another login role (trust auth; created here,
// dropped at the end) and with other connection parameters, as a node
// behind a host alias or with its own credentials would.
func aliasDSN(t *testing.T, dsn string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	role := "sharc_alias_" + strings.TrimPrefix(u.Query().Get("search_path"), "sharc_cluster_")
	return pgtest.AliasDSN(t, dsn, role, "sharc-n2")
}

// TestClusterNodesAgreeByStoreIdentity (issue 27, row 8): a node whose
// job names the cluster's database another way (host alias, own user,
// other parameters) used to be refused, "differs in settings that define
// a capture: store …". Nodes now agree by the store's identity: both
// nodes crawl the one capture, every page archived once.
func TestClusterNodesAgreeByStoreIdentity(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs two nodes")
	}
	dsn := clusterPGDSN(t)
	alias := aliasDSN(t, dsn)
	bin := buildSharc(t)
	const hosts, pages = 4, 30
	site := &multiHostSite{hosts: hosts, pages: pages}
	jobPath, warcDir := clusterJob(t, dsn, "ident", hosts, 2, 30*time.Millisecond, hostSites(t, site))
	text, err := os.ReadFile(jobPath)
	if err != nil {
		t.Fatal(err)
	}
	other := strings.Replace(string(text), fmt.Sprintf("store: %q", dsn), fmt.Sprintf("store: %q", alias), 1)
	if other == string(text) {
		t.Fatal("the job's store line was not found")
	}
	otherPath := filepath.Join(t.TempDir(), "node2.yaml")
	if err := os.WriteFile(otherPath, []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	n1 := startNode(t, bin, jobPath, "n1", "--lease-ttl", "4s", "--poll", "100ms", "--max-hosts", "2")
	testkit.WaitFor(t, time.Minute, "n1's first pages", func() bool { return len(site.requests()) > 0 })
	n2 := startNode(t, bin, otherPath, "n2", "--lease-ttl", "4s", "--poll", "100ms", "--max-hosts", "2")
	n1.finish(t, 2*time.Minute)
	n2.finish(t, 2*time.Minute)
	archived, byNode := archivedPages(t, warcDir, "ident")
	checkEveryPageOnce(t, archived, hosts, pages)
	if len(byNode["n2"]) == 0 {
		t.Errorf("n2 archived no host's pages: %v", byNode)
	}
}
