package store

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Cluster mode: several nodes (processes, machines) share one capture in
// one PostgreSQL. A host is crawled by one node at a time, the holder of
// its lease in host_leases; only the holder gives the host's URLs their
// per-host seq, so URLs a node finds on hosts it does not hold wait in
// pending_urls until the holder moves them into urls. See
// docs/architecture.md, "Several nodes". These methods exist only on the
// PostgreSQL store: SQLite is for one process.
//
// A lease has no expiry of its own: a host row naming node N is held while
// N's cluster_nodes row is open and its expires is in the future (the
// heartbeat), so one renewal of the heartbeat renews every lease of N. A
// host is free when its row names no node, or a node whose heartbeat ended
// or that is closed. A host row names only nodes that have a cluster_nodes
// row (AcquireHosts requires the acquirer's), and node rows are never
// deleted but with their capture.
//
// Lock order, which keeps commits and lease changes free of deadlocks:
// transactions that lock several host rows and may wait lock them in host
// order (lockHeld, JoinCluster, LeaveCluster); pending URLs lock no host
// row (queuePending); AcquireHosts never waits (every lock it takes, host
// rows and heartbeat rows, is SKIP LOCKED), so it completes whatever it
// holds; a heartbeat row is updated by its own node (RenewLeases,
// JoinCluster, LeaveCluster, never concurrently with each other) and by
// ClusterNodes, which locks nothing else; no transaction holding a host
// row lock waits for a heartbeat row held by a transaction that waits for
// a host row.

// ErrLeaseLost is returned when a node acts on a host it no longer holds.
var ErrLeaseLost = errors.New("store: host lease lost")

// ErrNodeFenced is returned by a renewal to a node whose heartbeat has
// ended (it expired, or another node declared the node dead and repaired
// its WARC files): every lease it held may have passed to another node, so
// it must start no fetch under them. RejoinCluster tells which of the two
// it was.
var ErrNodeFenced = errors.New("store: node fenced: its heartbeat ended")

// ErrNodeClaimed is returned by RejoinCluster to a node another node has
// declared dead and whose WARC files it repaired: it must stop at once and
// write nothing more to them.
var ErrNodeClaimed = errors.New("store: node declared dead by the cluster")

// ErrStaleLease is returned by ClusterCommit when a host of the batch is
// no longer leased to the committer at the epoch it fetched under: another
// node may have fetched the same URLs. Nothing of the batch is committed.
var ErrStaleLease = errors.New("store: commit refused: a host lease of the batch is stale (fenced)")

// Lease is a host a node acquired.
type Lease struct {
	Host string
	// Ready is the earliest time the previous holder allowed the next
	// request (its politeness gap); zero if unknown.
	Ready time.Time
	// From names the previous holder when the host was taken over from
	// a node whose heartbeat ended; empty otherwise.
	From string
	// Epoch is the lease's fencing token: it grows by one each time any
	// node acquires the host, and a commit carries it (Batch.Epochs).
	Epoch int64
}

func pgInterval(d time.Duration) int64 { return d.Microseconds() }

// JoinCluster registers node in a clustered capture with a heartbeat of
// ttl. Leases the node held before (it was killed and restarted under the
// same name) are given up, since its fetches died with the old process.
func (s *pgStore) JoinCluster(ctx context.Context, captureID int64, node string, ttl time.Duration) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO cluster_nodes (capture_id, node, expires, state)
			VALUES ($1, $2, now() + $3 * interval '1 microsecond', 'open')
			ON CONFLICT (capture_id, node) DO UPDATE SET expires = excluded.expires, state = 'open'`,
			captureID, node, pgInterval(ttl)); err != nil {
			return err
		}
		// In the same transaction as the heartbeat: reopened, the node
		// would otherwise hold its old hosts again.
		return freeLeases(ctx, tx, captureID, node)
	})
	if err != nil {
		return fmt.Errorf("store: join cluster of capture %d as %s: %w", captureID, node, err)
	}
	return nil
}

// freeLeases gives up every lease node holds (locking them in host order).
func freeLeases(ctx context.Context, tx pgx.Tx, captureID int64, node string) error {
	_, err := tx.Exec(ctx, `UPDATE host_leases SET node = ''
			WHERE capture_id = $1 AND host IN (SELECT host FROM host_leases WHERE capture_id = $1 AND node = $2 ORDER BY host FOR UPDATE)
			AND node = $2`, captureID, node)
	return err
}

// RejoinCluster restarts the heartbeat of a fenced node (its heartbeat
// expired, RenewLeases said ErrNodeFenced) that nobody has declared dead
// yet, giving up every lease it still holds: its hosts are free to be
// leased again, at a new epoch, by any node, itself included. The caller
// must have nothing in flight under the old leases. ErrNodeClaimed if
// another node has declared it dead (ClusterNodes): its WARC files were
// repaired and it must stop.
func (s *pgStore) RejoinCluster(ctx context.Context, captureID int64, node string, ttl time.Duration) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE cluster_nodes SET expires = now() + $3 * interval '1 microsecond'
			WHERE capture_id = $1 AND node = $2 AND state = 'open'`, captureID, node, pgInterval(ttl))
		if err != nil {
			return err
		}
		if tag.RowsAffected() != 1 {
			return ErrNodeClaimed
		}
		return freeLeases(ctx, tx, captureID, node)
	})
	if err != nil {
		return fmt.Errorf("store: rejoin cluster of capture %d as %s: %w", captureID, node, err)
	}
	return nil
}

// SeedCluster gives a clustered capture its work the first time a node
// joins it: the seeds become pending URLs, and every host with unfinished
// URLs (a capture begun without cluster mode) gets a host row. It does
// nothing once the capture has host rows, and is safe to run from several
// nodes at once.
func (s *pgStore) SeedCluster(ctx context.Context, captureID int64, seeds []FrontierURL) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var seeded bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM host_leases WHERE capture_id = $1)`, captureID).Scan(&seeded); err != nil {
			return err
		}
		if seeded {
			return nil
		}
		if _, err := tx.Exec(ctx, `INSERT INTO host_leases (capture_id, host, node, ready, work)
			SELECT DISTINCT $1::bigint, host, '', 'epoch'::timestamptz, true FROM urls
			WHERE capture_id = $1 AND state IN ('queued', 'visited')
			ON CONFLICT DO NOTHING`, captureID); err != nil {
			return err
		}
		var b pgx.Batch
		queuePending(&b, captureID, seeds)
		return tx.SendBatch(ctx, &b).Close()
	})
	if err != nil {
		return fmt.Errorf("store: seed cluster of capture %d: %w", captureID, err)
	}
	return nil
}

// queuePending queues the insertion of URLs into pending_urls and makes
// sure their hosts have a row (so they can be leased). A new row starts
// with work set, so acquisition finds the new host in host_leases_free. It
// takes no lock on existing host rows: a host with pending URLs is
// acquirable whatever its work flag, so a release racing with this insert
// cannot strand them, and commits of two nodes cannot deadlock on each
// other's hosts.
func queuePending(b *pgx.Batch, captureID int64, us []FrontierURL) {
	if len(us) == 0 {
		return
	}
	n := len(us)
	surt, url, host, hop, via, src := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	rate := make([]float64, n)
	hosts := []string{}
	seen := map[string]bool{}
	for i, u := range us {
		surt[i], url[i], host[i], hop[i], via[i], rate[i], src[i] = u.SURT, u.URL, u.Host, u.HopPath, u.Via, u.Rate, u.RateSource
		if !seen[u.Host] {
			seen[u.Host] = true
			hosts = append(hosts, u.Host)
		}
	}
	b.Queue(`INSERT INTO pending_urls (capture_id, surt, url, host, hop_path, via, rate, rate_source)
		SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::text[])
		ON CONFLICT (capture_id, surt) DO NOTHING`, captureID, surt, url, host, hop, via, rate, src)
	b.Queue(`INSERT INTO host_leases (capture_id, host, node, ready, work)
		SELECT $1, h, '', 'epoch', true FROM unnest($2::text[]) AS h ORDER BY h
		ON CONFLICT (capture_id, host) DO NOTHING`, captureID, hosts)
}

// queueURLs queues the insertion of frontier rows into urls, as Commit
// does. A conflict on (capture, host, seq) is an error: it would mean two
// nodes numbered one host.
func queueURLs(b *pgx.Batch, captureID int64, us []FrontierURL) {
	queueURLsAs(b, pgInsertURLs, captureID, us)
}

// queueURLsAs queues sql, pgInsertURLs or pgInsertNewURLs, for us.
func queueURLsAs(b *pgx.Batch, sql string, captureID int64, us []FrontierURL) {
	n := len(us)
	if n == 0 {
		return
	}
	surt, url, host, hop, via, state, src := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n),
		make([]string, n), make([]string, n)
	seq, parent, attempts := make([]int32, n), make([]int32, n), make([]int32, n)
	rate := make([]float64, n)
	for i, u := range us {
		st := u.State
		if st == "" {
			st = StateQueued
		}
		surt[i], url[i], host[i], seq[i], parent[i] = u.SURT, u.URL, u.Host, int32(u.Seq), int32(u.ParentSeq)
		hop[i], via[i], rate[i], state[i], attempts[i], src[i] = u.HopPath, u.Via, u.Rate, string(st), int32(u.Attempts), u.RateSource
	}
	b.Queue(sql, captureID, surt, url, host, seq, parent, hop, via, rate, state, attempts, src)
}

// pgAcquireHosts leases up to $3 hosts to node $2 in capture $1.
//
// me: the acquirer must be open with a live heartbeat, or a lease it took
// would be dead on arrival. Its row is read, not locked, so an acquisition
// that finds nothing writes nothing; a lease it takes ends with that
// heartbeat whatever happens to the row next, which is what the holder's
// local safety margin assumes.
//
// orphaned, free: up to $4 hosts whose holder's heartbeat ended (or that
// is closed), found through host_leases_node from the few dead node rows,
// then free hosts with work up to $3 in all, probed in lease order
// through host_leases_free. Orphans come first and may exceed $3: a dead
// node's hosts must not wait for a survivor to have room (the caller
// bounds $4 by its share of the orphans). Both are locked FOR UPDATE SKIP LOCKED and re-checked
// if a row changed meanwhile, so concurrent acquirers never get one host.
// A dead holder's heartbeat row is share-locked (dead) before its hosts
// are taken: the holder's renewal, an UPDATE of that row, waits until the
// taking commits and lists its hosts in a later statement (RenewLeases),
// or, had it come first, the row is skipped while locked or re-checked
// alive once committed. So a host is never both taken and listed to its
// old holder as held.
//
// relinked: free hosts without work that have pending URLs (released,
// then linked again; see queuePending), looked for only if the first two
// did not fill $3, through pending_urls' distinct hosts: one index
// descent per host there (a loose index scan), not a probe per finished
// host.
//
// Host sets are matched by host = ANY(ARRAY(…)), which plans as primary
// key probes even as the generic plan of a prepared statement: a join
// with a CTE was planned as a scan of every host row of the capture.
const pgAcquireHosts = `WITH RECURSIVE
	me AS MATERIALIZED (
		SELECT 1 FROM cluster_nodes WHERE capture_id = $1 AND node = $2 AND state = 'open' AND expires > now()),
	dead AS MATERIALIZED (
		SELECT node FROM cluster_nodes
		WHERE capture_id = $1 AND (state <> 'open' OR expires <= now()) AND EXISTS (SELECT 1 FROM me)
		FOR SHARE SKIP LOCKED),
	orphaned AS MATERIALIZED (
		SELECT l.host, l.ready, l.node FROM host_leases l
		WHERE l.capture_id = $1 AND l.node IN (SELECT node FROM dead)
		ORDER BY l.ready, l.host LIMIT $4
		FOR UPDATE OF l SKIP LOCKED),
	free AS MATERIALIZED (
		SELECT host, ready FROM host_leases
		WHERE capture_id = $1 AND node = '' AND work AND EXISTS (SELECT 1 FROM me)
		ORDER BY ready, host LIMIT greatest($3 - (SELECT count(*) FROM orphaned), 0)
		FOR UPDATE SKIP LOCKED),
	first AS MATERIALIZED (
		SELECT host, ready FROM orphaned UNION ALL SELECT host, ready FROM free),
	ph(host) AS (
		(SELECT host FROM pending_urls
		 WHERE capture_id = $1 AND EXISTS (SELECT 1 FROM me) AND (SELECT count(*) FROM first) < $3
		 ORDER BY host LIMIT 1)
		UNION ALL
		SELECT (SELECT p.host FROM pending_urls p WHERE p.capture_id = $1 AND p.host > ph.host ORDER BY p.host LIMIT 1)
		FROM ph WHERE ph.host IS NOT NULL),
	relinked AS MATERIALIZED (
		SELECT host, ready FROM host_leases
		WHERE capture_id = $1 AND host = ANY (ARRAY(SELECT host FROM ph WHERE host IS NOT NULL))
			AND node = '' AND NOT work
		ORDER BY ready, host LIMIT greatest($3 - (SELECT count(*) FROM first), 0)
		FOR UPDATE SKIP LOCKED)
	UPDATE host_leases SET node = $2, work = true, epoch = epoch + 1
	WHERE capture_id = $1 AND host = ANY (ARRAY(SELECT host FROM first UNION ALL SELECT host FROM relinked))
	RETURNING host, ready, coalesce((SELECT o.node FROM orphaned o WHERE o.host = host_leases.host), ''), epoch`

// AcquireHosts leases up to n hosts that have work (unfinished URLs or
// pending ones) and no live holder to node; the leases live as long as
// node's heartbeat (RenewLeases). Concurrent callers never get the same
// host: rows another node is locking are skipped and the rest are locked
// until the update. The work flag is set while a host is held and cleared
// only by ReleaseHost, so a host whose holder died keeps it. A node that
// is not open with a live heartbeat acquires nothing. Hosts of dead
// holders come first. See pgAcquireHosts for which hosts are looked at,
// and how.
func (s *pgStore) AcquireHosts(ctx context.Context, captureID int64, node string, n int) ([]Lease, error) {
	return s.AcquireShare(ctx, captureID, node, n, n)
}

// AcquireShare is AcquireHosts with a separate bound for the hosts of
// dead holders: up to orphans of them are taken even beyond n, then free
// hosts up to n leases in all. A lease taken from a dead holder names it
// in From.
func (s *pgStore) AcquireShare(ctx context.Context, captureID int64, node string, n, orphans int) ([]Lease, error) {
	n, orphans = max(n, 0), max(orphans, 0)
	if n == 0 && orphans == 0 {
		return nil, nil
	}
	rows, err := s.pool.Query(ctx, pgAcquireHosts, captureID, node, n, orphans)
	if err != nil {
		return nil, fmt.Errorf("store: acquire hosts of capture %d: %w", captureID, err)
	}
	ls, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Lease, error) {
		var l Lease
		err := r.Scan(&l.Host, &l.Ready, &l.From, &l.Epoch)
		if l.Ready.Unix() <= 0 {
			l.Ready = time.Time{} // never released: no gap to honour
		}
		return l, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: acquire hosts of capture %d: %w", captureID, err)
	}
	return ls, nil
}

// RenewLeases is RenewHeld without the epochs: the hosts node holds.
func (s *pgStore) RenewLeases(ctx context.Context, captureID int64, node string, ttl time.Duration) ([]string, error) {
	ls, err := s.RenewHeld(ctx, captureID, node, ttl)
	if err != nil {
		return nil, err
	}
	hosts := make([]string, len(ls))
	for i, l := range ls {
		hosts[i] = l.Host
	}
	return hosts, nil
}

// RenewHeld renews node's heartbeat by ttl, which renews every lease it
// holds, and returns the leases it holds (Host and Epoch). It writes one
// row whatever the number of hosts. Only a live heartbeat is renewed:
// ErrNodeFenced means it had already ended (expired, or closed by another
// node that declared the node dead), so any of its hosts may have been
// taken at a higher epoch, and nothing is renewed (see RejoinCluster).
// The caller bounds the call with ctx's deadline: on a black-holed
// connection it would otherwise wait for TCP to give up.
func (s *pgStore) RenewHeld(ctx context.Context, captureID int64, node string, ttl time.Duration) ([]Lease, error) {
	// One round trip. The hosts are read by a second statement, whose
	// snapshot is taken after the UPDATE got the heartbeat row: an
	// acquisition taking a host from this node while its heartbeat had
	// ended share-locks that row, so the UPDATE waits for it to commit
	// and the list then lacks the host.
	// Renewing twice is renewing: a lost connection is retried (a node
	// whose heartbeat ran out meanwhile is fenced, as it should be).
	var held []Lease
	err := s.retrying(ctx, "renew leases", func() (err error) {
		var b pgx.Batch // a new batch each attempt, as in Commit
		b.Queue(`UPDATE cluster_nodes SET expires = now() + $3 * interval '1 microsecond'
		WHERE capture_id = $1 AND node = $2 AND state = 'open' AND expires > now()`, captureID, node, pgInterval(ttl))
		b.Queue(`SELECT host, epoch FROM host_leases WHERE capture_id = $1 AND node = $2 ORDER BY host`, captureID, node)
		br := s.pool.SendBatch(ctx, &b)
		held, err = func() ([]Lease, error) {
			tag, err := br.Exec()
			if err != nil {
				return nil, err
			}
			if tag.RowsAffected() != 1 {
				return nil, ErrNodeFenced
			}
			rows, err := br.Query()
			if err != nil {
				return nil, err
			}
			return pgx.CollectRows(rows, func(r pgx.CollectableRow) (Lease, error) {
				var l Lease
				err := r.Scan(&l.Host, &l.Epoch)
				return l, err
			})
		}()
		if cerr := br.Close(); err == nil {
			err = cerr
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: renew leases of %s in capture %d: %w", node, captureID, err)
	}
	return held, nil
}

// PendingHosts returns the hosts node holds that have pending URLs. It
// runs every poll, so it reads the node's host rows (host_leases_node) and
// probes pending_urls_host for each: O(hosts held), however many pending
// URLs wait for hosts nobody holds yet (a join was planned as a pass over
// all of them).
func (s *pgStore) PendingHosts(ctx context.Context, captureID int64, node string) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT l.host FROM host_leases l
		WHERE l.capture_id = $1 AND l.node = $2
		AND EXISTS (SELECT 1 FROM pending_urls p WHERE p.capture_id = $1 AND p.host = l.host)
		ORDER BY l.host`, captureID, node)
	if err != nil {
		return nil, fmt.Errorf("store: pending hosts of %s in capture %d: %w", node, captureID, err)
	}
	hosts, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: pending hosts of %s in capture %d: %w", node, captureID, err)
	}
	return hosts, nil
}

// HostFrontier returns every URL of one host of a capture in seq order:
// what a node loads when it acquires the host (and what a single-node
// crawl loads when it activates a parked host).
func (s *pgStore) HostFrontier(ctx context.Context, captureID int64, host string) ([]FrontierURL, error) {
	var us []FrontierURL
	err := s.retrying(ctx, "host frontier", func() error {
		rows, err := s.pool.Query(ctx, `SELECT `+urlCols+` FROM urls WHERE capture_id = $1 AND host = $2 ORDER BY seq`, captureID, host)
		if err != nil {
			return err
		}
		us, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (FrontierURL, error) {
			var u FrontierURL
			var state string
			err := r.Scan(&u.CaptureID, &u.SURT, &u.URL, &u.Host, &u.Seq, &u.ParentSeq, &u.HopPath, &u.Via, &u.Rate, &state, &u.Attempts, &u.RateSource)
			u.State = URLState(state)
			return u, err
		})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: frontier of %s in capture %d: %w", host, captureID, err)
	}
	return us, nil
}

// lockHeld locks the lease rows of hosts that node holds (FOR SHARE:
// acquisitions and releases wait for the transaction) and returns them.
func lockHeld(ctx context.Context, tx pgx.Tx, captureID int64, node string, hosts []string) (map[string]bool, error) {
	rows, err := tx.Query(ctx, `SELECT host FROM host_leases WHERE capture_id = $1 AND node = $2 AND host = ANY($3) ORDER BY host FOR SHARE`,
		captureID, node, hosts)
	if err != nil {
		return nil, err
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	held := make(map[string]bool, len(got))
	for _, h := range got {
		held[h] = true
	}
	return held, nil
}

// DrainPending moves the pending URLs of a host node holds into urls:
// assign receives them (ParentSeq -1, state queued) and returns those to
// insert with their seqs (it drops URLs already in the frontier). The
// moved rows are returned. ErrLeaseLost if node no longer holds host.
func (s *pgStore) DrainPending(ctx context.Context, captureID int64, node, host string, assign func([]FrontierURL) []FrontierURL) ([]FrontierURL, error) {
	var fresh []FrontierURL
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		held, err := lockHeld(ctx, tx, captureID, node, []string{host})
		if err != nil {
			return err
		}
		if !held[host] {
			return ErrLeaseLost
		}
		rows, err := tx.Query(ctx, `DELETE FROM pending_urls WHERE capture_id = $1 AND host = $2
			RETURNING surt, url, host, hop_path, via, rate, rate_source`, captureID, host)
		if err != nil {
			return err
		}
		pend, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (FrontierURL, error) {
			u := FrontierURL{CaptureID: captureID, ParentSeq: -1, State: StateQueued}
			err := r.Scan(&u.SURT, &u.URL, &u.Host, &u.HopPath, &u.Via, &u.Rate, &u.RateSource)
			return u, err
		})
		if err != nil {
			return err
		}
		// Document order is lost in the table; SURT order at least keeps
		// a host's paths together for the strategy.
		fresh = assign(pend)
		var b pgx.Batch
		queueURLs(&b, captureID, fresh)
		if b.Len() == 0 {
			return nil
		}
		return tx.SendBatch(ctx, &b).Close()
	})
	if err != nil {
		return nil, fmt.Errorf("store: drain pending URLs of %s in capture %d: %w", host, captureID, err)
	}
	return fresh, nil
}

// ReleaseHost gives up node's lease of host, which has nothing left on
// node, recording ready (the next allowed request) for the next holder.
// It refuses (false) while the host has pending URLs, which the holder
// must drain first: otherwise the host's work flag could be cleared with
// work waiting.
func (s *pgStore) ReleaseHost(ctx context.Context, captureID int64, node, host string, ready time.Time) (bool, error) {
	released := false
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var dummy int
		err := tx.QueryRow(ctx, `SELECT 1 FROM host_leases WHERE capture_id = $1 AND host = $2 AND node = $3 FOR UPDATE`,
			captureID, host, node).Scan(&dummy)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrLeaseLost
		}
		if err != nil {
			return err
		}
		// Pending URLs committed after this check make the host
		// acquirable again by themselves (see AcquireHosts).
		var pending bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pending_urls WHERE capture_id = $1 AND host = $2)`,
			captureID, host).Scan(&pending); err != nil {
			return err
		}
		if pending {
			return nil
		}
		if ready.IsZero() {
			ready = time.Unix(0, 0)
		}
		_, err = tx.Exec(ctx, `UPDATE host_leases SET node = '', ready = $3, work = false
			WHERE capture_id = $1 AND host = $2`, captureID, host, dbTime(ready))
		released = err == nil
		return err
	})
	if err != nil {
		return false, fmt.Errorf("store: release %s in capture %d: %w", host, captureID, err)
	}
	return released, nil
}

// ClusterCommit is Commit for a node of a clustered capture: discovered
// URLs of hosts node still holds go into urls (their seqs are node's to
// give), those of hosts it lost go to pending_urls, and pending (URLs of
// hosts node does not hold, without seqs) too. Records and URL states are
// committed only if every host in b.Epochs is still node's at that epoch
// (checked under a share lock, in the same transaction): otherwise the
// whole batch is refused with ErrStaleLease, since the host's new holder
// may fetch the same URLs. It returns the hosts of b.Discovered that node
// no longer holds.
func (s *pgStore) ClusterCommit(ctx context.Context, b Batch, node string, pending []FrontierURL) ([]string, error) {
	p, err := prepareBatch(b)
	if err != nil {
		return nil, err
	}
	p = p.freshAsDiscovered() // another node may have found them meanwhile
	var lost []string
	again := false
	err = s.retrying(ctx, "cluster commit", func() error {
		if again {
			// As Commit: the last attempt may have landed before its
			// acknowledgement was lost. Its lost hosts are then not
			// known; the node learns them at its next lease renewal.
			if done, err := s.landed(ctx, p); err != nil || done {
				lost = nil
				return err
			}
		}
		again = true
		return s.clusterCommitTx(ctx, p, node, b.Epochs, pending, &lost)
	})
	if err != nil {
		return nil, fmt.Errorf("store: commit to capture %d: %w", b.CaptureID, err)
	}
	return lost, nil
}

// leaseRow is a host_leases row as a commit sees it.
type leaseRow struct {
	node  string
	epoch int64
}

// lockLeases share-locks the lease rows of hosts, in host order (so
// acquisitions, releases and yields wait for the transaction), and
// returns them.
func lockLeases(ctx context.Context, tx pgx.Tx, captureID int64, hosts []string) (map[string]leaseRow, error) {
	rows, err := tx.Query(ctx, `SELECT host, node, epoch FROM host_leases WHERE capture_id = $1 AND host = ANY($2) ORDER BY host FOR SHARE`,
		captureID, hosts)
	if err != nil {
		return nil, err
	}
	got := make(map[string]leaseRow, len(hosts))
	var host string
	var r leaseRow
	_, err = pgx.ForEachRow(rows, []any{&host, &r.node, &r.epoch}, func() error {
		got[host] = r
		return nil
	})
	return got, err
}

// staleEpochs returns the hosts of epochs that are not node's at that
// epoch in rows.
func staleEpochs(rows map[string]leaseRow, node string, epochs map[string]int64) []string {
	var stale []string
	for h, e := range epochs {
		if r, ok := rows[h]; !ok || r.node != node || r.epoch != e {
			stale = append(stale, h)
		}
	}
	sort.Strings(stale)
	return stale
}

// clusterCommitTx is one attempt of ClusterCommit (retried on serialization
// failures by retryTx); it sets *lost.
func (s *pgStore) clusterCommitTx(ctx context.Context, p prepared, node string, epochs map[string]int64, pending []FrontierURL, lost *[]string) error {
	return retryTx(func() error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			*lost = nil
			disc, pend := p.discovered, pending
			seen := map[string]bool{}
			var hosts, dhosts []string
			for _, u := range disc {
				if !seen[u.Host] {
					seen[u.Host] = true
					hosts, dhosts = append(hosts, u.Host), append(dhosts, u.Host)
				}
			}
			for h := range epochs {
				if !seen[h] {
					seen[h] = true
					hosts = append(hosts, h)
				}
			}
			if len(hosts) > 0 {
				// One statement locks both sets, in host order.
				rows, err := lockLeases(ctx, tx, p.captureID, hosts)
				if err != nil {
					return err
				}
				if stale := staleEpochs(rows, node, epochs); len(stale) > 0 {
					return fmt.Errorf("%w: %s", ErrStaleLease, strings.Join(stale, ", "))
				}
				disc, pend = splitHeld(p.discovered, pending, rows, node, dhosts, lost)
			}
			b2 := Batch{CaptureID: p.captureID, Records: p.records, States: p.states}
			if err := s.commitTx(ctx, tx, b2); err != nil {
				return err
			}
			var batch pgx.Batch
			queueProvenance(&batch, p.provenance) // the connection records of the batch's exchanges
			queueGraphs(&batch, p.graphs)
			queueURLs(&batch, p.captureID, disc)
			queuePending(&batch, p.captureID, pend)
			queueLogMark(&batch, p.captureID, p.log)
			if batch.Len() == 0 {
				return nil
			}
			return tx.SendBatch(ctx, &batch).Close()
		})
	})
}

// splitHeld keeps the discovered URLs of hosts node holds and sends the
// others to the pending queue, listing their hosts in *lost.
func splitHeld(discovered, pending []FrontierURL, rows map[string]leaseRow, node string, dhosts []string, lost *[]string) (disc, pend []FrontierURL) {
	held := func(h string) bool { return rows[h].node == node }
	all := true
	for _, h := range dhosts {
		if !held(h) {
			all = false
			*lost = append(*lost, h)
		}
	}
	if all {
		return discovered, pending
	}
	pend = append([]FrontierURL(nil), pending...)
	for _, u := range discovered {
		if held(u.Host) {
			disc = append(disc, u)
		} else {
			pend = append(pend, u)
		}
	}
	return disc, pend
}

// commitTx writes a batch's records and state changes inside tx, checking
// that every state change hit one URL.
func (s *pgStore) commitTx(ctx context.Context, tx pgx.Tx, p Batch) error {
	var batch pgx.Batch
	queueRecords(&batch, p.CaptureID, p.Records)
	checks := queueStates(&batch, p.CaptureID, p.States)
	if batch.Len() == 0 {
		return nil
	}
	return sendChecked(ctx, tx, &batch, checks)
}

// queueStates queues the state changes, one UPDATE per distinct (state,
// attempts) pair (a commit usually has one or two), and returns what
// sendChecked must check. Each UPDATE finds its URLs by a primary-key
// scan over an array of SURTs and is planned with its values
// (pgCustomPlans, see pgSetState).
func queueStates(b *pgx.Batch, captureID int64, states []StateChange) stateChecks {
	if len(states) == 0 {
		return nil
	}
	type key struct {
		state    URLState
		attempts int
	}
	var order []key
	groups := make(map[key][]string)
	for _, sc := range states {
		k := key{sc.State, sc.Attempts}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], sc.SURT)
	}
	b.Queue(pgCustomPlans)
	checks := make(stateChecks, len(order))
	for _, k := range order {
		checks[b.Len()] = groups[k]
		b.Queue(pgSetState, captureID, groups[k], string(k.state), int32(k.attempts))
	}
	return checks
}

// stateChecks maps a batch statement's index to the SURTs it must update,
// each exactly once (prepareBatch keeps one change per SURT).
type stateChecks map[int][]string

// batchSender is a transaction or a connection in one (see sendTx).
type batchSender interface {
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// sendChecked sends batch in tx and checks that each state update hit
// every URL it names: a change of a URL the capture does not have is a
// caller's bug.
func sendChecked(ctx context.Context, tx batchSender, batch *pgx.Batch, checks stateChecks) error {
	br := tx.SendBatch(ctx, batch)
	for i := range batch.Len() {
		tag, err := br.Exec()
		if err != nil {
			br.Close()
			return err
		}
		if surts, ok := checks[i]; ok && tag.RowsAffected() != int64(len(surts)) {
			br.Close()
			return fmt.Errorf("state of %d URLs (%s…), %d updated: a URL not in the capture's frontier",
				len(surts), surts[0], tag.RowsAffected())
		}
	}
	return br.Close()
}

// ClusterDone reports whether a clustered capture is complete: it has been
// seeded and no host has work (queued URLs on a holder, or pending URLs).
// A host row with work is either free (host_leases_free) or names a
// node (host_leases_node; a node name is never empty, so it sorts after
// the empty string), so each test is one index probe, not a scan of the
// finished hosts.
func (s *pgStore) ClusterDone(ctx context.Context, captureID int64) (bool, error) {
	var done bool
	err := s.retrying(ctx, "cluster done", func() error {
		return s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM host_leases WHERE capture_id = $1)
		AND NOT EXISTS (SELECT 1 FROM host_leases WHERE capture_id = $1 AND node = '' AND work)
		AND NOT EXISTS (SELECT 1 FROM host_leases WHERE capture_id = $1 AND node > '')
		AND NOT EXISTS (SELECT 1 FROM pending_urls WHERE capture_id = $1)`, captureID).Scan(&done)
	})
	if err != nil {
		return false, fmt.Errorf("store: cluster state of capture %d: %w", captureID, err)
	}
	return done, nil
}

// LeaveCluster gives up every lease of node (their work stays for other
// nodes; the next holder waits gap, the node's politeness gap, since its
// last requests may have just ended) and marks it closed: its WARC files
// are closed.
func (s *pgStore) LeaveCluster(ctx context.Context, captureID int64, node string, gap time.Duration) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE host_leases SET node = '', ready = now() + $3 * interval '1 microsecond'
			WHERE capture_id = $1 AND host IN (SELECT host FROM host_leases WHERE capture_id = $1 AND node = $2 ORDER BY host FOR UPDATE)
			AND node = $2`, captureID, node, pgInterval(gap)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE cluster_nodes SET state = 'closed' WHERE capture_id = $1 AND node = $2`, captureID, node)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: leave cluster of capture %d: %w", captureID, err)
	}
	return nil
}

// ClusterNodes returns how many nodes of the capture are still open (not
// closed), and claims, by marking them closed, the open nodes whose
// heartbeat expired: the caller must repair their WARC files. Each dead
// node is claimed by one caller only.
func (s *pgStore) ClusterNodes(ctx context.Context, captureID int64) (open int, dead []string, err error) {
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `UPDATE cluster_nodes SET state = 'closed'
			WHERE capture_id = $1 AND state = 'open' AND expires <= now() RETURNING node`, captureID)
		if err != nil {
			return err
		}
		if dead, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM cluster_nodes WHERE capture_id = $1 AND state = 'open'`, captureID).Scan(&open)
	})
	if err != nil {
		return 0, nil, fmt.Errorf("store: nodes of capture %d: %w", captureID, err)
	}
	return open, dead, nil
}

// retryTx runs a transaction again (up to three times) when PostgreSQL
// aborted it as a deadlock victim or a serialization failure: lock orders
// are kept consistent so this should not happen, but a failed commit would
// stop the node, and the WARC bytes it indexes are already written.
func retryTx(run func() error) error {
	var err error
	for attempt := range 3 {
		if err = run(); err == nil {
			return nil
		}
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || (pe.Code != "40P01" && pe.Code != "40001") {
			return err
		}
		time.Sleep(time.Duration(attempt+1) * 10 * time.Millisecond)
	}
	return err
}
