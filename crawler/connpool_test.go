package crawler

import (
	"fmt"
	"net"
	"sync/atomic"
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
		{1000, 1010, 1000},
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

// TestConnPoolSweepsExpiredWhenFull: a pool full of connections that have
// idled past keepAliveIdle (hosts the crawl has left) closes them to keep
// a fresh one, instead of refusing it and making the next page of its
// host dial again; a pool full of fresh ones still refuses.
func TestConnPoolSweepsExpiredWhenFull(t *testing.T) {
	now := time.Unix(1e9, 0)
	p := newConnPool(8)
	p.now = func() time.Time { return now }
	spy := func() (liveConn, *closeSpy) {
		a, b := net.Pipe()
		b.Close()
		c := &closeSpy{Conn: a}
		return liveConn{conn: c, raw: a}, c
	}
	var old []*closeSpy
	for i := range maxIdleTotal {
		lc, c := spy()
		old = append(old, c)
		p.put(poolKey("http", fmt.Sprintf("127.0.%d.%d:80", i/8/250, i/8%250+1), ""), lc)
	}
	if p.total.Load() != maxIdleTotal {
		t.Fatalf("%d idle, want the pool full at %d", p.total.Load(), maxIdleTotal)
	}
	fresh, freshSpy := spy()
	p.put(poolKey("http", "127.1.0.1:80", ""), fresh)
	if p.total.Load() != maxIdleTotal || !freshSpy.closed.Load() {
		t.Fatalf("a full pool of fresh connections took one more (%d idle, the new one closed: %v)", p.total.Load(), freshSpy.closed.Load())
	}
	for _, c := range old {
		if c.closed.Load() {
			t.Fatal("a fresh idle connection was closed to make room")
		}
	}
	now = now.Add(keepAliveIdle + time.Second)
	k := poolKey("http", "127.1.0.2:80", "")
	lc, kept := spy()
	p.put(k, lc)
	if p.total.Load() != 1 || kept.closed.Load() {
		t.Fatalf("%d idle after a put into a pool of expired connections, want only the new one, open", p.total.Load())
	}
	for i, c := range old {
		if !c.closed.Load() {
			t.Fatalf("expired connection %d not closed by the sweep", i)
		}
	}
	if got, ok := p.get(k); !ok || got.conn != lc.conn {
		t.Error("the connection kept after the sweep is not reused")
	}
	p.close()
}

// closeSpy records that its connection was closed.
type closeSpy struct {
	net.Conn
	closed atomic.Bool
}

func (c *closeSpy) Close() error {
	c.closed.Store(true)
	return c.Conn.Close()
}
