package daemon

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/netguard"
	"github.com/sharc-archive/sharc/scheduler"
)

// guardJob is a job on the loopback test site asking for allow.
func guardJob(name, siteAddr, allow string) []byte {
	fetch := "fetch: {retries: 0}"
	if allow != "" {
		fetch = fmt.Sprintf("fetch: {retries: 0, allow_addresses: [%s]}", allow)
	}
	return []byte(fmt.Sprintf(`name: %s
seeds: [http://site.test/p/0]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: 2
politeness: {delay: 5ms, delay_factor: 0}
%s
resolve: {site.test: %s}
`, name, fetch, siteAddr))
}

// TestDaemonAllowAddressesCap: a daemon whose config allows 127.0.0.0/8
// refuses (403, naming the range) a submitted job asking for more, stores
// nothing of it, accepts one within the cap, and guards the jobs it runs:
// a job that allows nothing does not reach the loopback site.
func TestDaemonAllowAddressesCap(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(10, 0, &hits))
	defer srv.Close()
	site := strings.TrimPrefix(srv.URL, "http://")
	td := startDaemon(t, "sqlite:"+filepath.Join(t.TempDir(), "daemon.db"), 1) // allow_addresses: [127.0.0.0/8]
	ctx := context.Background()

	for _, tc := range []struct{ allow, offending string }{
		{"10.0.0.0/8", "10.0.0.0/8"},
		{"169.254.169.254", "169.254.169.254/32"},
		{"126.0.0.0/7", "126.0.0.0/7"}, // wider than the cap
		{"127.0.0.1, '::1'", "::1/128"},
		{"0.0.0.0/0", "0.0.0.0/0"},
	} {
		_, err := td.client.Submit(ctx, guardJob("greedy", site, tc.allow), "greedy.yaml")
		if apiStatus(err) != http.StatusForbidden || !strings.Contains(err.Error(), tc.offending) ||
			!strings.Contains(err.Error(), "127.0.0.0/8") {
			t.Errorf("allow [%s]: %v (status %d), want 403 naming %s and the daemon's 127.0.0.0/8", tc.allow, err, apiStatus(err), tc.offending)
		}
		if _, err := td.client.Job(ctx, "greedy"); apiStatus(err) != http.StatusNotFound {
			t.Errorf("allow [%s]: the refused job was stored (%v)", tc.allow, err)
		}
	}
	if hits.Load() != 0 {
		t.Fatalf("the site was fetched %d times by refused jobs", hits.Load())
	}

	// Within the cap: accepted and crawled.
	if _, err := td.client.Submit(ctx, guardJob("within", site, "127.0.0.1/32"), "within.yaml"); err != nil {
		t.Fatalf("job within the cap: %v", err)
	}
	info := waitState(t, td.client, "within", stateIdle, 30*time.Second)
	if info.LastRun == nil || info.LastRun.StopReason != "finished" || info.LastRun.Fetched == 0 {
		t.Fatalf("job within the cap: last run %+v", info.LastRun)
	}

	// A job that allows nothing runs guarded: its seed on loopback fails.
	before := hits.Load()
	if _, err := td.client.Submit(ctx, guardJob("none", site, ""), "none.yaml"); err != nil {
		t.Fatalf("job without allow_addresses: %v", err)
	}
	info = waitState(t, td.client, "none", stateIdle, 30*time.Second)
	if info.LastRun == nil || info.LastRun.Fetched != 0 || info.LastRun.Failed == 0 {
		t.Errorf("job without allow_addresses: last run %+v, want nothing fetched and its seed failed", info.LastRun)
	}
	if n := hits.Load() - before; n != 0 {
		t.Errorf("a job without allow_addresses reached the loopback site %d times", n)
	}
}

// TestCheckAllowAddressesDefault: with no allow_addresses in its config
// (the default) a daemon refuses every job that allows any range, and
// accepts jobs that allow none.
func TestCheckAllowAddressesDefault(t *testing.T) {
	reg := scheduler.NewRegistry()
	d := &Daemon{reg: reg}
	j, err := d.parse(guardJob("loop", "127.0.0.1:1", "127.0.0.0/8"), "loop.yaml")
	if apiStatus(err) != http.StatusForbidden || !strings.Contains(err.Error(), "127.0.0.0/8 is not within this daemon's allow_addresses (none)") {
		t.Errorf("parse = %v, %v; want 403 naming 127.0.0.0/8 and (none)", j, err)
	}
	if _, err := d.parse(guardJob("plain", "127.0.0.1:1", ""), "plain.yaml"); err != nil {
		t.Errorf("a job allowing nothing: %v", err)
	}
	// Several ranges together may cover a job's range.
	if d.allow, err = netguard.ParseList([]string{"10.0.0.0/9", "10.128.0.0/9"}); err != nil {
		t.Fatal(err)
	}
	pj, err := job.Parse(guardJob("ten", "127.0.0.1:1", "10.0.0.0/8"), "ten.yaml", reg.Names(), reg.VisitRevisit)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.checkAllowAddresses(pj); err != nil {
		t.Errorf("10.0.0.0/8 within 10.0.0.0/9 + 10.128.0.0/9: %v", err)
	}
}
