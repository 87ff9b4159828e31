package store

import (
	"context"
	"errors"
	"net"
	"net/url"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
)

// TestPGCaptureLockRetakenWhileServerHoldsLostSession: a lock connection
// lost on the client's side while the server still holds its session (a
// black-holed network closes nothing; here the session is busy in a
// statement and does not read its socket) is taken again at the next
// heartbeat: the node's own lost session is ended first, so the node is
// not told that another process holds its capture
// (TestClusterPostgresDownBeyondTTL/blackhole).
func TestPGCaptureLockRetakenWhileServerHoldsLostSession(t *testing.T) {
	if os.Getenv("SHARC_TEST_PG") == "" {
		t.Skip("SHARC_TEST_PG not set")
	}
	ctx := context.Background()
	dsn := pgtest.SchemaDSN(t, "sharc_lock_lost")
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	px := startHoldProxy(t, u.Host)
	u.Host = px.ln.Addr().String()
	s, err := openPostgres(ctx, u.String(), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	since := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	cl, err := s.LockCapture(ctx, CaptureHolder{Job: "j", Node: "n1", Host: "h", PID: 7, Since: since, Heartbeat: since}, true)
	if err != nil {
		t.Fatal(err)
	}
	l := cl.(*pgLock)
	defer func() { _ = l.Release(ctx) }()
	oldPID := l.pid
	// The network black-holes the lock connection (the newest one) and
	// every connection made meanwhile: the heartbeat times out and pgx
	// drops the connection, which the server never learns of.
	px.blackHole()
	hctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	err = l.Heartbeat(hctx, since.Add(time.Second))
	cancel()
	if err == nil {
		t.Fatal("a heartbeat over a black hole succeeded")
	}
	testkit.WaitFor(t, 30*time.Second, "pgx dropping the lock connection", l.conn.IsClosed)
	px.restore()
	if err := l.Heartbeat(ctx, since.Add(time.Minute)); err != nil {
		var busy *CaptureBusyError
		t.Fatalf("heartbeat after the lock connection was lost: %v (busy: %v)", err, errors.As(err, &busy))
	}
	if l.pid == oldPID || l.conn.IsClosed() {
		t.Fatalf("lock session %d, old %d, closed %v: want a new open session", l.pid, oldPID, l.conn.IsClosed())
	}
	var alive bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1)`, int64(oldPID)).Scan(&alive); err != nil || alive {
		t.Fatalf("the lost session %d is still there (%v)", oldPID, err)
	}
}

// holdProxy is a loopback TCP proxy in front of PostgreSQL whose
// blackHole makes its newest connection, and every one accepted until
// restore, pass nothing and close nothing: what a black-holed network
// does to a session.
type holdProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	held   bool
	newest *atomic.Bool
}

func startHoldProxy(t *testing.T, target string) *holdProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &holdProxy{ln: ln, target: target}
	var conns []net.Conn
	var cmu sync.Mutex
	t.Cleanup(func() {
		ln.Close()
		cmu.Lock()
		defer cmu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			srv, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			cmu.Lock()
			conns = append(conns, c, srv)
			cmu.Unlock()
			dead := new(atomic.Bool)
			p.mu.Lock()
			dead.Store(p.held)
			p.newest = dead
			p.mu.Unlock()
			go pump(c, srv, dead)
			go pump(srv, c, dead)
		}
	}()
	return p
}

// pump copies src to dst until src ends; once dead, it drops what it
// reads and never closes dst.
func pump(src, dst net.Conn, dead *atomic.Bool) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if dead.Load() {
			if err != nil {
				return
			}
			continue
		}
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			dst.Close()
			return
		}
	}
}

func (p *holdProxy) blackHole() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.held = true
	if p.newest != nil {
		p.newest.Store(true)
	}
}

func (p *holdProxy) restore() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.held = false
}
