package daemon

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestParkedHostStatusAndFrontier runs a job with max_active_hosts 1 whose
// first host stays busy on a slow page: the status API lists the other
// host as parked and waiting for a slot, its frontier is served from the
// store, and a drop on it is never requested once it is activated.
func TestParkedHostStatusAndFrontier(t *testing.T) {
	dsn := storeDSN(t)
	var mu sync.Mutex
	hits := map[string]int{}
	slowHit, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, _ := strings.Cut(r.Host, ":")
		mu.Lock()
		hits[host+r.URL.Path]++
		mu.Unlock()
		w.Header().Set("Content-Type", "text/html")
		switch {
		case r.URL.Path == "/robots.txt":
			http.NotFound(w, r)
		case host == "a.test" && r.URL.Path == "/":
			fmt.Fprint(w, `<a href="/slow">s</a> <a href="http://b.test/">b</a> <a href="http://b.test/keep">k</a> <a href="http://b.test/trap">t</a>`)
		case r.URL.Path == "/slow":
			once.Do(func() { close(slowHit) })
			select {
			case <-release:
			case <-r.Context().Done():
			}
			fmt.Fprint(w, "slow")
		default:
			fmt.Fprint(w, "leaf")
		}
	}))
	defer srv.Close()
	released := false
	defer func() {
		if !released {
			close(release)
		}
	}()
	td := startDaemon(t, dsn, 1)
	ctx := context.Background()
	a := strings.TrimPrefix(srv.URL, "http://")
	yaml := fmt.Sprintf(`name: parked
seeds: [http://a.test/]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: 2
max_active_hosts: 1
scope: {surt_prefixes: ["test,"]}
politeness: {delay: 5ms, delay_factor: 0}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
resolve: {a.test: %s, b.test: %s}
`, a, a)
	if _, err := td.client.Submit(ctx, []byte(yaml), "parked.yaml"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-slowHit:
	case <-time.After(30 * time.Second):
		t.Fatal("a.test/slow never requested")
	}

	st, err := td.client.Status(ctx, "parked")
	if err != nil {
		t.Fatal(err)
	}
	var b *HostStatusJSON
	for i, h := range st.Hosts {
		if h.Host == "b.test" {
			b = &st.Hosts[i]
		}
		if h.Host == "a.test" && (h.Parked || h.InFlight != 1) {
			t.Errorf("a.test %+v, want active with /slow in flight", h)
		}
	}
	if b == nil || !b.Parked || !b.WaitingForSlot || b.URLs != 3 || b.Queued != 3 || b.Delay != 0.005 {
		t.Fatalf("b.test in status %+v (hosts %+v), want parked, waiting for a slot, 3 queued, delay 5ms", b, st.Hosts)
	}
	if st.HostsTotal != 2 {
		t.Errorf("hosts_total %d, want 2", st.HostsTotal)
	}

	fi, err := td.client.Frontier(ctx, "parked", "b.test", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !fi.Live || !fi.Parked || fi.Queued != 3 || len(fi.URLs) != 3 {
		t.Fatalf("frontier of parked b.test %+v, want live, parked, 3 URLs", fi)
	}
	fi, err = td.client.EditFrontier(ctx, "parked", "b.test", FrontierEdit{DropPattern: "/trap$"})
	if err != nil {
		t.Fatal(err)
	}
	if len(fi.Dropped) != 1 || fi.Dropped[0] != "http://b.test/trap" || fi.Queued != 2 || len(fi.URLs) != 2 {
		t.Fatalf("after the drop: %+v, want http://b.test/trap dropped and 2 queued", fi)
	}

	close(release)
	released = true
	info := waitState(t, td.client, "parked", stateIdle, 30*time.Second)
	if info.LastRun == nil || info.LastRun.StopReason != "finished" {
		t.Fatalf("last run %+v", info.LastRun)
	}
	mu.Lock()
	defer mu.Unlock()
	if hits["b.test/trap"] != 0 {
		t.Errorf("dropped b.test/trap requested %d times", hits["b.test/trap"])
	}
	for _, p := range []string{"a.test/", "a.test/slow", "b.test/", "b.test/keep"} {
		if hits[p] != 1 {
			t.Errorf("%s requested %d times, want once", p, hits[p])
		}
	}
}
