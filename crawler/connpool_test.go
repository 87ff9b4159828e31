package crawler

import (
	"net"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/job"
)

func TestConnPool(t *testing.T) {
	now := time.Unix(0, 0)
	p := newConnPool(1) // below maxIdlePerAddress: that applies
	p.now = func() time.Time { return now }
	pipe := func() liveConn { a, b := net.Pipe(); b.Close(); return liveConn{conn: a, raw: a} }
	k := poolKey("http", "127.0.0.1:80", "a.test")
	if _, ok := p.get(k); ok {
		t.Fatal("empty pool gave a connection")
	}
	for range maxIdlePerAddress + 2 {
		p.put(k, pipe())
	}
	if p.total.Load() != maxIdlePerAddress {
		t.Fatalf("%d idle for one address, want at most %d", p.total.Load(), maxIdlePerAddress)
	}
	if _, ok := p.get(poolKey("https", "127.0.0.1:80", "a.test")); ok {
		t.Error("a connection crossed schemes")
	}
	if _, ok := p.get(k); !ok {
		t.Error("fresh idle connection not reused")
	}
	now = now.Add(keepAliveIdle + time.Second)
	if _, ok := p.get(k); ok {
		t.Error("connection idle past keepAliveIdle reused")
	}
	if p.total.Load() != 0 {
		t.Errorf("stale connections kept: %d", p.total.Load())
	}
	p.close()
	p.put(k, pipe()) // after close: closed, not kept
	if p.total.Load() != 0 {
		t.Error("connection kept after close")
	}
}

// TestConnPoolKeepsPerHost: a job allowing more connections per host
// than maxIdlePerAddress keeps that many, within maxIdleTotal.
func TestConnPoolKeepsPerHost(t *testing.T) {
	pipe := func() liveConn { a, b := net.Pipe(); b.Close(); return liveConn{conn: a, raw: a} }
	for _, tt := range []struct{ perHost, put, want int }{
		{1, 10, maxIdlePerAddress},
		{16, 20, 16},
		{1000, maxIdleTotal + 10, maxIdleTotal},
	} {
		p := newConnPool(tt.perHost)
		k := poolKey("http", "127.0.0.1:80", "a.test")
		for range tt.put {
			p.put(k, pipe())
		}
		if p.total.Load() != int64(tt.want) {
			t.Errorf("per_host %d, %d put: %d kept, want %d", tt.perHost, tt.put, p.total.Load(), tt.want)
		}
		p.close()
	}
}

func TestMostInFlight(t *testing.T) {
	for _, tt := range []struct {
		p    job.Politeness
		want int
	}{
		{job.Politeness{PerHost: 2}, 2},
		{job.Politeness{PerHost: 2, Hosts: map[string]job.HostPoliteness{"a.test": {Parallel: 32}, "b.test": {Parallel: 1}}}, 32},
		{job.Politeness{PerHost: 8, Hosts: map[string]job.HostPoliteness{"a.test": {Parallel: 3}}}, 8},
	} {
		if got := mostInFlight(tt.p); got != tt.want {
			t.Errorf("mostInFlight(%+v) = %d, want %d", tt.p, got, tt.want)
		}
	}
}
