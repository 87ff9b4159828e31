package store_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// withAppName sets application_name on dsn, so the test can find the
// store's backends in pg_stat_activity.
func withAppName(t *testing.T, dsn, name string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("application_name", name)
	u.RawQuery = q.Encode()
	return u.String()
}

// terminateBackends ends every backend of application name app from an
// admin connection and returns how many it ended.
func terminateBackends(t *testing.T, dsn, app string) int {
	t.Helper()
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, withAppName(t, dsn, "sharc_test_admin"))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	var n int
	if err := admin.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE application_name = $1 AND pid <> pg_backend_pid()`, app).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func batchOf(capture int64, k, n int) store.Batch {
	b := store.Batch{CaptureID: capture}
	for i := range n {
		u := fmt.Sprintf("http://a.test/%d-%d", k, i)
		b.Records = append(b.Records, store.Record{CaptureID: capture, URL: u, SURT: "test,a)/" + fmt.Sprint(k, "-", i),
			Time: time.Now(), RecordType: warc.Response, RecordID: fmt.Sprintf("<urn:uuid:%d-%d>", k, i), Status: 200,
			WARCFile: "f.warc.gz", Offset: int64(100 * (k*n + i)), RecordLength: 100, Phase: "visit"})
	}
	return b
}

// TestPostgresCommitSurvivesTerminatedBackends: after every backend of the
// store is terminated (pg_terminate_backend, as an administrator or a
// fail-over does), the next Commit and reads succeed on new connections.
func TestPostgresCommitSurvivesTerminatedBackends(t *testing.T) {
	base := pgtest.SchemaDSN(t, "sharc_test")
	app := fmt.Sprintf("sharc_retry_%d", time.Now().UnixNano())
	s := openPostgresDSN(t, withAppName(t, base, app))
	c := newCapture(t, s, "retry", "name: retry\n")
	ctx := context.Background()
	for k := range 3 {
		if n := terminateBackends(t, base, app); n == 0 && k == 0 {
			t.Fatal("no backend of the store to terminate")
		}
		if err := s.Commit(ctx, batchOf(c, k, 3)); err != nil {
			t.Fatalf("commit %d after terminating the backends: %v", k, err)
		}
		terminateBackends(t, base, app)
		if _, _, err := s.FirstByDigest(ctx, c, "sha1:X"); err != nil {
			t.Fatalf("read after terminating the backends: %v", err)
		}
	}
	rs, err := s.Records(ctx, c)
	if err != nil || len(rs) != 9 {
		t.Fatalf("%d records, want 9 (%v)", len(rs), err)
	}
}

// lossyProxy forwards TCP to PostgreSQL and, when armed, closes the
// connection instead of passing on the server's reply to COMMIT: the
// transaction committed but the client never hears so.
type lossyProxy struct {
	ln     net.Listener
	target string
	armed  atomic.Bool
	hits   atomic.Int32
	wg     sync.WaitGroup
}

func newLossyProxy(t *testing.T, target string) *lossyProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &lossyProxy{ln: ln, target: target}
	go p.serve()
	t.Cleanup(func() { ln.Close(); p.wg.Wait() })
	return p
}

func (p *lossyProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		s, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.wg.Add(2)
		go func() { defer p.wg.Done(); io.Copy(s, c); s.Close() }()
		go func() {
			defer p.wg.Done()
			defer c.Close()
			buf := make([]byte, 64<<10)
			for {
				n, err := s.Read(buf)
				if n > 0 && p.armed.Load() && bytes.Contains(buf[:n], []byte("COMMIT\x00")) {
					p.armed.Store(false)
					p.hits.Add(1)
					s.Close()
					return
				}
				if n > 0 {
					if _, werr := c.Write(buf[:n]); werr != nil {
						return
					}
				}
				if err != nil {
					return
				}
			}
		}()
	}
}

// proxiedSchema gives a fresh schema's DSN (base) and the same DSN through
// a lossyProxy (dsn), with the proxy.
func proxiedSchema(t *testing.T) (base, dsn string, p *lossyProxy) {
	t.Helper()
	base = pgtest.SchemaDSN(t, "sharc_test")
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	p = newLossyProxy(t, u.Host)
	u.Host = p.ln.Addr().String()
	return base, u.String(), p
}

// TestPostgresCommitLostAcknowledgement: a COMMIT that went through but
// whose acknowledgement was lost is retried without inserting its index
// rows twice.
func TestPostgresCommitLostAcknowledgement(t *testing.T) {
	_, dsn, p := proxiedSchema(t)
	s := openPostgresDSN(t, dsn)
	c := newCapture(t, s, "lostack", "name: lostack\n")
	ctx := context.Background()
	p.armed.Store(true)
	if err := s.Commit(ctx, batchOf(c, 0, 4)); err != nil {
		t.Fatalf("commit with a lost acknowledgement: %v", err)
	}
	if p.hits.Load() != 1 {
		t.Fatalf("the proxy dropped %d COMMIT replies, want 1", p.hits.Load())
	}
	rs, err := s.Records(ctx, c)
	if err != nil || len(rs) != 4 {
		t.Fatalf("%d records after the retried commit, want 4 (%v)", len(rs), err)
	}
	// A batch without records is run again whole: it must be idempotent.
	fu := store.FrontierURL{CaptureID: c, URL: "http://a.test/", SURT: "test,a)/", Host: "a.test", ParentSeq: -1, State: store.StateQueued}
	for _, b := range []store.Batch{
		{CaptureID: c, Discovered: []store.FrontierURL{fu}},
		{CaptureID: c, States: []store.StateChange{{SURT: fu.SURT, State: store.StateDone, Attempts: 1}}},
	} {
		p.armed.Store(true)
		if err := s.Commit(ctx, b); err != nil {
			t.Fatalf("commit without records, acknowledgement lost: %v", err)
		}
	}
	if p.hits.Load() != 3 {
		t.Fatalf("the proxy dropped %d COMMIT replies, want 3", p.hits.Load())
	}
	fs, err := s.Frontier(ctx, c)
	if err != nil || len(fs) != 1 || fs[0].State != store.StateDone {
		t.Fatalf("frontier %+v (%v), want the one URL done", fs, err)
	}
}

// TestPostgresClusterCommitRetried: a cluster node's commit and lease
// renewal survive terminated backends, and a cluster commit whose COMMIT
// acknowledgement is lost is not indexed twice.
func TestPostgresClusterCommitRetried(t *testing.T) {
	base, dsn, p := proxiedSchema(t)
	app := fmt.Sprintf("sharc_cluster_retry_%d", time.Now().UnixNano())
	_, l, c := clusterCaptureOn(t, withAppName(t, dsn, app))
	ctx := context.Background()
	if err := l.JoinCluster(ctx, c, "a", time.Hour); err != nil {
		t.Fatal(err)
	}
	if n := terminateBackends(t, base, app); n == 0 {
		t.Fatal("no backend of the store to terminate")
	}
	if _, err := l.RenewLeases(ctx, c, "a", time.Hour); err != nil {
		t.Fatalf("renewal after terminating the backends: %v", err)
	}
	terminateBackends(t, base, app)
	if _, err := l.ClusterCommit(ctx, batchOf(c, 0, 3), "a", nil); err != nil {
		t.Fatalf("cluster commit after terminating the backends: %v", err)
	}
	p.armed.Store(true)
	if _, err := l.ClusterCommit(ctx, batchOf(c, 1, 4), "a", nil); err != nil {
		t.Fatalf("cluster commit with a lost acknowledgement: %v", err)
	}
	if p.hits.Load() != 1 {
		t.Fatalf("the proxy dropped %d COMMIT replies, want 1", p.hits.Load())
	}
	rs, err := l.(store.Store).Records(ctx, c)
	if err != nil || len(rs) != 7 {
		t.Fatalf("%d records, want 7 (%v)", len(rs), err)
	}
}
