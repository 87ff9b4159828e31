package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// The lease cycle at the scale of docs/architecture.md's back of the
// envelope: a capture of 10^4 hosts on 20 nodes, the benchmarked node
// (n00) holding 500 of them.
const (
	benchHosts = 10000
	benchHeld  = 500
	benchNodes = 20
)

// leaseBench is a capture whose host rows are written directly, in one of
// the shapes below, so each benchmark starts from a known state.
type leaseBench struct {
	l    leaser
	conn *pgx.Conn
	id   int64
}

// Shapes of the hosts the benchmarked node does not hold.
const (
	othersLive     = "live"     // held by the 19 other nodes, all alive
	othersFinished = "finished" // free, no work, no pending URLs (the end of a capture)
	othersFree     = "free"     // free, with work
	othersDead     = "dead"     // 500 held by a node whose heartbeat expired, the rest live
	othersRelinked = "relinked" // finished, but 100 of them have pending URLs again
)

func newLeaseBench(b *testing.B, others string) *leaseBench {
	b.Helper()
	ctx := context.Background()
	dsn := pgSchemaDSN(b)
	s := openPostgresDSN(b, dsn)
	id := newCapture(b, s, "bench", "")
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { conn.Close(context.Background()) })
	lb := &leaseBench{l: s.(leaser), conn: conn, id: id}
	for n := range benchNodes {
		node := fmt.Sprintf("n%02d", n)
		expires := "now() + interval '1 hour'"
		if others == othersDead && n == benchNodes-1 {
			expires = "now() - interval '1 hour'"
		}
		lb.exec(b, `INSERT INTO cluster_nodes (capture_id, node, expires, state) VALUES ($1, $2, `+expires+`, 'open')`, id, node)
	}
	// Host i is held by node i / 500 (n00 holds hosts 0-499), or free.
	holder := `'n' || lpad((i / 500)::text, 2, '0')`
	work := "true"
	switch others {
	case othersFinished, othersRelinked:
		holder, work = `CASE WHEN i < 500 THEN 'n00' ELSE '' END`, "i < 500"
	case othersFree:
		holder = `CASE WHEN i < 500 THEN 'n00' ELSE '' END`
	}
	lb.exec(b, `INSERT INTO host_leases (capture_id, host, node, ready, work)
		SELECT $1, 'h' || lpad(i::text, 5, '0') || '.test', h.node, 'epoch', `+work+`
		FROM generate_series(0, $2 - 1) AS i, LATERAL (SELECT `+holder+` AS node) AS h`, id, benchHosts)
	if others == othersRelinked {
		lb.exec(b, `INSERT INTO pending_urls (capture_id, surt, url, host, hop_path, via, rate, rate_source)
			SELECT $1, 'test,h' || lpad(i::text, 5, '0') || ')/new', 'http://h' || lpad(i::text, 5, '0') || '.test/new',
				'h' || lpad(i::text, 5, '0') || '.test', 'L', '', 0.1, 'default'
			FROM generate_series(9000, 9099) AS i`, id)
		lb.exec(b, `ANALYZE pending_urls`)
	}
	lb.exec(b, `ANALYZE host_leases`)
	lb.exec(b, `ANALYZE cluster_nodes`)
	return lb
}

// walBytes is the server's WAL insert position: the difference over a
// benchmark is what it wrote (other sessions' writes included, so run it
// on an otherwise idle server).
func (lb *leaseBench) walBytes(b *testing.B) int64 {
	b.Helper()
	var n int64
	if err := lb.conn.QueryRow(context.Background(), `SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint`).Scan(&n); err != nil {
		b.Fatal(err)
	}
	return n
}

// reportWAL reports the WAL written per operation since start.
func (lb *leaseBench) reportWAL(b *testing.B, start int64) {
	b.ReportMetric(float64(lb.walBytes(b)-start)/float64(b.N), "WAL-B/op")
}

func (lb *leaseBench) exec(b *testing.B, sql string, args ...any) {
	b.Helper()
	if _, err := lb.conn.Exec(context.Background(), sql, args...); err != nil {
		b.Fatalf("%v\n%s", err, sql)
	}
}

// BenchmarkLeases measures one node's lease cycle in a capture of 10^4
// hosts, 500 held by the node: RenewLeases, and AcquireHosts when nothing
// is free (every host held by a live node, or every other host finished),
// when free hosts with work wait, when a dead node's hosts wait, and when
// the only candidates are finished hosts that got pending URLs again.
// Hosts acquired are handed back between iterations, timer stopped.
func BenchmarkLeases(b *testing.B) {
	ctx := context.Background()
	b.Run("renew", func(b *testing.B) {
		lb := newLeaseBench(b, othersLive)
		wal := lb.walBytes(b)
		b.ResetTimer()
		for range b.N {
			hosts, err := lb.l.RenewLeases(ctx, lb.id, "n00", time.Hour)
			if err != nil || len(hosts) != benchHeld {
				b.Fatalf("renewal: %d hosts, %v", len(hosts), err)
			}
		}
		b.StopTimer()
		lb.reportWAL(b, wal)
	})
	for _, tc := range []struct {
		others string
		n      int
		want   int
	}{
		{othersLive, 10, 0},
		{othersFinished, 10, 0},
		{othersFree, 1, 1},
		{othersDead, 1, 1},
		{othersRelinked, 1, 1},
	} {
		b.Run("acquire/"+tc.others, func(b *testing.B) {
			lb := newLeaseBench(b, tc.others)
			wal := lb.walBytes(b)
			b.ResetTimer()
			for range b.N {
				ls, err := lb.l.AcquireHosts(ctx, lb.id, "n00", tc.n)
				if err != nil || len(ls) != tc.want {
					b.Fatalf("acquired %d hosts, %v; want %d", len(ls), err, tc.want)
				}
				if len(ls) == 0 {
					continue
				}
				b.StopTimer()
				back, work := "", true
				switch tc.others {
				case othersDead:
					back = "n19"
				case othersRelinked:
					work = false
				}
				lb.exec(b, `UPDATE host_leases SET node = $2, work = $4 WHERE capture_id = $1 AND host = $3`, lb.id, back, ls[0].Host, work)
				b.StartTimer()
			}
			b.StopTimer()
			if tc.want == 0 {
				lb.reportWAL(b, wal) // the hand-backs would count too
			}
		})
	}
}
