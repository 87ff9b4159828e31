package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// pgLock holds a PostgreSQL store's capture lock: session advisory locks
// on a connection of its own, outside the pool, which the server releases
// when the session ends (the process died, or its connection was cut).
type pgLock struct {
	s      *pgStore
	h      CaptureHolder
	shared bool
	conn   *pgx.Conn
	// pid is the server backend of conn's session: after conn is lost
	// the server may still hold that session (a black-holed network
	// closes nothing), and with it the locks; lock ends it first.
	pid uint32
	// started is that backend's start, which tells it from a later
	// backend given the same pid.
	started time.Time
}

// pgCaptureKey is the advisory lock key of a job's capture (node "") or
// of one node of it. The schema is part of it: advisory locks are
// database-wide and tests give each store a schema of its own.
const pgCaptureKey = `hashtextextended('sharc.capture:' || current_schema() || ':' || $1::text || ':' || $2::text, 0)`

// LockCapture implements Store. A cluster node (shared) takes the job's
// key shared and its own node's key exclusively.
func (s *pgStore) LockCapture(ctx context.Context, h CaptureHolder, shared bool) (CaptureLock, error) {
	l := &pgLock{s: s, h: h, shared: shared}
	if err := l.lock(ctx); err != nil {
		return nil, err
	}
	return l, nil
}

// lock connects and takes the advisory locks and the holder row, or
// refuses with a *CaptureBusyError; on error nothing is held.
func (l *pgLock) lock(ctx context.Context) error {
	conn, err := pgx.ConnectConfig(ctx, l.s.pool.Config().ConnConfig.Copy())
	if err != nil {
		return fmt.Errorf("store: capture lock: %w", err)
	}
	ok, err := l.tryLocks(ctx, conn)
	if err != nil || !ok {
		conn.Close(context.WithoutCancel(ctx)) // ends the session: what was taken is let go
		if err != nil {
			return fmt.Errorf("store: capture lock: %w", err)
		}
		hs, herr := l.s.captureHolders(ctx, l.h.Job)
		if herr != nil {
			return fmt.Errorf("store: capture held, holder unreadable: %w", herr)
		}
		return &CaptureBusyError{Job: l.h.Job, Holders: hs}
	}
	if err := recordPGHolder(ctx, conn, l.h, !l.shared); err != nil {
		conn.Close(context.WithoutCancel(ctx))
		return err
	}
	if err := conn.QueryRow(ctx, `SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()`).Scan(&l.started); err != nil {
		conn.Close(context.WithoutCancel(ctx))
		return fmt.Errorf("store: capture lock session: %w", err)
	}
	l.conn, l.pid = conn, conn.PgConn().PID()
	return nil
}

// endLostSession ends the server session of a lost lock connection, if
// the server still has it, and waits until it is gone, so that its locks
// (this process's own) are free to take again. Ending a session of the
// same role needs no privilege.
func (l *pgLock) endLostSession(ctx context.Context) error {
	if l.pid == 0 {
		return nil
	}
	pid := l.pid
	const gone = `SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND backend_start = $2)`
	if _, err := l.s.pool.Exec(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = $1 AND backend_start = $2`, int64(pid), l.started); err != nil {
		return fmt.Errorf("store: end the lost capture lock session %d: %w", pid, err)
	}
	for wait := time.Millisecond; ; wait = min(2*wait, 100*time.Millisecond) {
		var ok bool
		if err := l.s.pool.QueryRow(ctx, gone, int64(pid), l.started).Scan(&ok); err != nil {
			return fmt.Errorf("store: end the lost capture lock session %d: %w", pid, err)
		}
		if ok {
			l.pid = 0
			return nil
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

func (l *pgLock) tryLocks(ctx context.Context, conn *pgx.Conn) (bool, error) {
	fn := "pg_try_advisory_lock"
	if l.shared {
		fn = "pg_try_advisory_lock_shared"
	}
	var ok bool
	if err := conn.QueryRow(ctx, `SELECT `+fn+`(`+pgCaptureKey+`)`, l.h.Job, "").Scan(&ok); err != nil || !ok {
		return false, err
	}
	if !l.shared {
		return true, nil
	}
	err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(`+pgCaptureKey+`)`, l.h.Job, l.h.Node).Scan(&ok)
	return ok, err
}

// Heartbeat implements CaptureLock. A closed connection lost its
// session's locks: they are taken again, unless another process holds
// them now.
func (l *pgLock) Heartbeat(ctx context.Context, now time.Time) error {
	if l.conn == nil || l.conn.IsClosed() {
		l.h.Heartbeat = now
		if err := l.endLostSession(ctx); err != nil {
			return err
		}
		if err := l.lock(ctx); err != nil {
			var busy *CaptureBusyError
			if errors.As(err, &busy) {
				return fmt.Errorf("store: capture lock lost with its connection: %w", err)
			}
			return err
		}
		l.s.log.Warn("store: capture lock taken again after its connection was lost")
		return nil
	}
	_, err := l.conn.Exec(ctx, `UPDATE capture_holders SET heartbeat = $1 WHERE job = $2 AND node = $3 AND pid = $4`,
		dbTime(now), l.h.Job, l.h.Node, l.h.PID)
	if err != nil {
		return fmt.Errorf("store: capture heartbeat: %w", err)
	}
	return nil
}

// Release implements CaptureLock: closing the session lets the locks go.
func (l *pgLock) Release(ctx context.Context) error {
	if l.conn == nil || l.conn.IsClosed() {
		return nil
	}
	_, err := l.conn.Exec(ctx, `DELETE FROM capture_holders WHERE job = $1 AND node = $2 AND pid = $3`, l.h.Job, l.h.Node, l.h.PID)
	cerr := l.conn.Close(ctx)
	if err = errors.Join(err, cerr); err != nil {
		return fmt.Errorf("store: release capture: %w", err)
	}
	return nil
}

// recordPGHolder writes h's row; a sole holder (exclusive) first clears
// rows left by processes that died holding the lock.
func recordPGHolder(ctx context.Context, conn *pgx.Conn, h CaptureHolder, exclusive bool) error {
	err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if exclusive {
			if _, err := tx.Exec(ctx, `DELETE FROM capture_holders WHERE job = $1`, h.Job); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, `INSERT INTO capture_holders (job, node, host, pid, since, heartbeat) VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (job, node) DO UPDATE SET host = excluded.host, pid = excluded.pid, since = excluded.since, heartbeat = excluded.heartbeat`,
			h.Job, h.Node, h.Host, h.PID, dbTime(h.Since), dbTime(h.Heartbeat))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: record capture holder: %w", err)
	}
	return nil
}

// captureHolders reads the recorded holders of job's capture.
func (s *pgStore) captureHolders(ctx context.Context, job string) ([]CaptureHolder, error) {
	rows, err := s.pool.Query(ctx, `SELECT job, node, host, pid, since, heartbeat FROM capture_holders WHERE job = $1 ORDER BY node`, job)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (CaptureHolder, error) {
		var h CaptureHolder
		err := r.Scan(&h.Job, &h.Node, &h.Host, &h.PID, &h.Since, &h.Heartbeat)
		return h, err
	})
}
