package crawler

import (
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// Keep-alive limits. A connection idle longer than keepAliveIdle is closed
// rather than reused: Apache closes idle connections after 5 s, and a
// request sent on a socket the server has just closed costs a retry. An
// address keeps maxIdlePerAddress idle connections, or as many as the job
// lets a host have in flight (per_host, or a host's parallel) if more: a
// job allowed 16 pages at once from a host that kept only 4
// closed the other 12 after each round and dialled again (184 connections
// for the Python docs' 556 pages at per_host 16).
//
// maxIdleTotal bounds the idle connections of all addresses: a guard on
// file descriptors, not a working set. It was 256: with fifty hosts at
// per_host 8 the hosts' idle connections wanted up to 400, the pool
// refused the 257th and each such page dialled again (1,592 connects
// for 5,050 pages in BenchmarkSerialPerPage, 400 with room; the fifty-host
// crawl 13–16 % slower for it, docs/benchmarks.md). When the pool is full,
// connections idle past keepAliveIdle, which would never be reused, are
// closed to make room before a fresh one is refused (sweep), so a crawl
// over many hosts does not hold dead connections to those it has left.
const (
	keepAliveIdle     = 4 * time.Second
	maxIdlePerAddress = 4
	maxIdleTotal      = 1024
)

// liveConn is an open connection to a server: conn is what requests go
// over (TLS or not), raw the TCP connection under it.
type liveConn struct {
	conn, raw net.Conn
	since     time.Time // idle since
	info      *connInfo // how the connection reached its server
	// absolute: a plain HTTP connection to a forward proxy, which takes
	// request lines in absolute form.
	absolute bool
}

// connPool keeps connections whose last exchange ended cleanly (the
// response was framed by Content-Length or chunking and read to its end,
// and neither side asked to close) for the next request to the same
// address. Keep-alive spares the server and the crawler a TCP (and TLS)
// handshake per page; each exchange is still recorded alone, from the
// bytes it sent and received. Safe for concurrent use.
//
// The idle lists are split over poolShards locks by address (issue 33:
// with fifty hosts one lock was the crawler's most contended), and
// connections are closed outside any lock (a close is a system call);
// only the count towards maxIdleTotal is shared, as an atomic.
type connPool struct {
	perAddress int // idle connections kept per address
	shards     [poolShards]poolShard
	total      atomic.Int64 // idle connections in all shards
	closed     atomic.Bool
	now        func() time.Time
	// swept is when the pool last looked for expired connections
	// (UnixNano), so that a pool full of fresh ones is swept at most once
	// per sweepEvery, not on every put.
	swept atomic.Int64
}

// sweepEvery is how often a full pool looks for expired connections.
const sweepEvery = keepAliveIdle / 4

// poolShards is how many locks the idle lists are split over: more than
// a 2- to 16-core machine's workers contend for at once.
const poolShards = 32

type poolShard struct {
	mu   sync.Mutex
	idle map[string][]liveConn // by poolKey, most recent last
}

// newConnPool returns a pool keeping up to max(perHost,
// maxIdlePerAddress) idle connections per address.
func newConnPool(perHost int) *connPool {
	p := &connPool{perAddress: max(perHost, maxIdlePerAddress), now: time.Now}
	for i := range p.shards {
		p.shards[i].idle = map[string][]liveConn{}
	}
	return p
}

// shard is key's shard (FNV-1a of the key).
func (p *connPool) shard(key string) *poolShard {
	h := uint32(2166136261)
	for i := 0; i < len(key); i++ {
		h = (h ^ uint32(key[i])) * 16777619
	}
	return &p.shards[h%poolShards]
}

// poolKey names where a connection goes: scheme, the address dialled and
// the TLS server name, so a resolve override or another virtual host never
// gets a connection made for something else.
func poolKey(scheme, addr, serverName string) string {
	return scheme + "|" + addr + "|" + serverName
}

// get returns the most recently used idle connection for key, closing the
// ones idle too long.
func (p *connPool) get(key string) (liveConn, bool) {
	if p == nil {
		return liveConn{}, false
	}
	sh := p.shard(key)
	var stale []liveConn
	defer func() { closeConns(stale) }() // after the lock is released
	sh.mu.Lock()
	defer sh.mu.Unlock()
	list := sh.idle[key]
	for len(list) > 0 {
		lc := list[len(list)-1]
		list = list[:len(list)-1]
		p.total.Add(-1)
		if p.now().Sub(lc.since) <= keepAliveIdle {
			sh.setList(key, list)
			return lc, true
		}
		stale = append(stale, lc)
	}
	sh.setList(key, list)
	return liveConn{}, false
}

// put keeps lc for key, or closes it when the pool is full.
func (p *connPool) put(key string, lc liveConn) {
	if p == nil || !p.keep(key, lc) {
		_ = lc.conn.Close()
	}
}

// keep adds lc to key's idle list unless the pool is closed or full.
func (p *connPool) keep(key string, lc liveConn) bool {
	if p.closed.Load() {
		return false
	}
	if !p.reserve() {
		return false
	}
	sh := p.shard(key)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	// Checked again under the lock close takes: a connection kept after
	// close emptied this shard would never be closed.
	if sh.idle == nil || len(sh.idle[key]) >= p.perAddress {
		p.total.Add(-1)
		return false
	}
	lc.since = p.now()
	sh.idle[key] = append(sh.idle[key], lc)
	return true
}

func (sh *poolShard) setList(key string, list []liveConn) {
	if len(list) == 0 {
		delete(sh.idle, key)
		return
	}
	sh.idle[key] = list
}

// reserve counts one more idle connection towards maxIdleTotal, sweeping
// out expired ones if the pool is full; false: no room.
func (p *connPool) reserve() bool {
	if p.total.Add(1) <= maxIdleTotal {
		return true
	}
	p.total.Add(-1)
	if !p.sweep() {
		return false
	}
	if p.total.Add(1) <= maxIdleTotal {
		return true
	}
	p.total.Add(-1)
	return false
}

// sweep closes the connections idle past keepAliveIdle in every shard,
// unless the pool was swept less than sweepEvery ago; it reports whether
// any was closed.
func (p *connPool) sweep() bool {
	now := p.now()
	last := p.swept.Load()
	if (last != 0 && now.UnixNano()-last < int64(sweepEvery)) || !p.swept.CompareAndSwap(last, now.UnixNano()) {
		return false
	}
	var stale []liveConn
	for i := range p.shards {
		sh := &p.shards[i]
		sh.mu.Lock()
		for key, list := range sh.idle {
			kept := list[:0]
			for _, lc := range list {
				if now.Sub(lc.since) > keepAliveIdle {
					stale = append(stale, lc)
				} else {
					kept = append(kept, lc)
				}
			}
			sh.setList(key, kept)
		}
		sh.mu.Unlock()
	}
	p.total.Add(-int64(len(stale)))
	closeConns(stale)
	return len(stale) > 0
}

// close closes every idle connection; later puts close theirs.
func (p *connPool) close() {
	if p == nil {
		return
	}
	p.closed.Store(true)
	for i := range p.shards {
		sh := &p.shards[i]
		sh.mu.Lock()
		var all []liveConn
		for _, list := range sh.idle {
			all = append(all, list...)
		}
		sh.idle = nil
		sh.mu.Unlock()
		p.total.Add(-int64(len(all)))
		closeConns(all)
	}
}

func closeConns(list []liveConn) {
	for _, lc := range list {
		_ = lc.conn.Close()
	}
}
