package crawler

import (
	"net"
	"sync"
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
const (
	keepAliveIdle     = 4 * time.Second
	maxIdlePerAddress = 4
	maxIdleTotal      = 256
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
type connPool struct {
	perAddress int // idle connections kept per address
	mu         sync.Mutex
	idle       map[string][]liveConn // by poolKey, most recent last
	total      int
	now        func() time.Time
}

// newConnPool returns a pool keeping up to max(perHost,
// maxIdlePerAddress) idle connections per address.
func newConnPool(perHost int) *connPool {
	return &connPool{perAddress: max(perHost, maxIdlePerAddress), idle: map[string][]liveConn{}, now: time.Now}
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
	p.mu.Lock()
	defer p.mu.Unlock()
	list := p.idle[key]
	for len(list) > 0 {
		lc := list[len(list)-1]
		list = list[:len(list)-1]
		p.total--
		if p.now().Sub(lc.since) <= keepAliveIdle {
			p.setList(key, list)
			return lc, true
		}
		_ = lc.conn.Close()
	}
	p.setList(key, list)
	return liveConn{}, false
}

// put keeps lc for key, or closes it when the pool is full.
func (p *connPool) put(key string, lc liveConn) {
	if p == nil {
		_ = lc.conn.Close()
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.idle == nil || len(p.idle[key]) >= p.perAddress || p.total >= maxIdleTotal {
		_ = lc.conn.Close()
		return
	}
	lc.since = p.now()
	p.idle[key] = append(p.idle[key], lc)
	p.total++
}

func (p *connPool) setList(key string, list []liveConn) {
	if len(list) == 0 {
		delete(p.idle, key)
		return
	}
	p.idle[key] = list
}

// close closes every idle connection; later puts close theirs.
func (p *connPool) close() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, list := range p.idle {
		for _, lc := range list {
			_ = lc.conn.Close()
		}
	}
	p.idle, p.total = nil, 0
}
