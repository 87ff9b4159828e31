package store

import (
	"context"

	"errors"
	"fmt"
	"os"
	"time"
)

// sqliteLock holds a SQLite store's capture lock: an OS file lock on a
// file beside the database, which the kernel releases when the process
// dies however it dies, so a killed owner never blocks a resume.
type sqliteLock struct {
	s      *sqliteStore
	h      CaptureHolder
	files  []*os.File
	shared bool
}

// capturelockPath is the lock file of job's capture in the SQLite store
// at db (job names are file-name safe, job.namePattern).
func captureLockPath(db, job, node string) string {
	if node != "" {
		return db + ".owner-" + job + "-node-" + node + ".lock"
	}
	return db + ".owner-" + job + ".lock"
}

// LockCapture implements Store. A cluster node (shared) takes the job's
// file shared and its own node's file exclusively.
func (s *sqliteStore) LockCapture(ctx context.Context, h CaptureHolder, shared bool) (CaptureLock, error) {
	l := &sqliteLock{s: s, h: h, shared: shared}
	how := flockExclusive
	if shared {
		how = flockShared
	}
	if err := l.lockFile(captureLockPath(s.path, h.Job, ""), how); err != nil {
		return nil, l.refused(ctx, err)
	}
	if shared {
		if err := l.lockFile(captureLockPath(s.path, h.Job, h.Node), flockExclusive); err != nil {
			return nil, l.refused(ctx, err)
		}
	}
	if err := s.recordHolder(ctx, h, !shared); err != nil {
		l.closeFiles()
		return nil, err
	}
	return l, nil
}

// lockFile opens path and locks it without waiting.
func (l *sqliteLock) lockFile(path string, how flockMode) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("store: capture lock: %w", err)
	}
	if err := tryFlock(f, how); err != nil {
		f.Close()
		return err
	}
	l.files = append(l.files, f)
	return nil
}

// refused closes what l holds and turns a busy lock into a
// *CaptureBusyError naming the recorded holders.
func (l *sqliteLock) refused(ctx context.Context, err error) error {
	l.closeFiles()
	if !errors.Is(err, errLockHeld) {
		return err
	}
	hs, herr := l.s.captureHolders(ctx, l.h.Job)
	if herr != nil {
		return fmt.Errorf("store: capture held, holder unreadable: %w", herr)
	}
	return &CaptureBusyError{Job: l.h.Job, Holders: hs}
}

func (l *sqliteLock) closeFiles() {
	for _, f := range l.files {
		f.Close() // closing the last descriptor releases the lock
	}
	l.files = nil
}

// Heartbeat implements CaptureLock.
func (l *sqliteLock) Heartbeat(ctx context.Context, now time.Time) error {
	_, err := l.s.w.ExecContext(ctx, `UPDATE capture_holders SET heartbeat = ? WHERE job = ? AND node = ? AND pid = ?`,
		micros(now), l.h.Job, l.h.Node, l.h.PID)
	if err != nil {
		return fmt.Errorf("store: capture heartbeat: %w", err)
	}
	return nil
}

// Release implements CaptureLock. The lock file stays: removing it would
// let a waiter lock a file no longer on the path the next process opens.
func (l *sqliteLock) Release(ctx context.Context) error {
	_, err := l.s.w.ExecContext(ctx, `DELETE FROM capture_holders WHERE job = ? AND node = ? AND pid = ?`, l.h.Job, l.h.Node, l.h.PID)
	l.closeFiles()
	if err != nil {
		return fmt.Errorf("store: release capture: %w", err)
	}
	return nil
}

// recordHolder writes h's row; a sole holder (exclusive) first clears
// rows left by processes that died holding the lock.
func (s *sqliteStore) recordHolder(ctx context.Context, h CaptureHolder, exclusive bool) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: record capture holder: %w", err)
	}
	defer tx.Rollback()
	if exclusive {
		if _, err := tx.ExecContext(ctx, `DELETE FROM capture_holders WHERE job = ?`, h.Job); err != nil {
			return fmt.Errorf("store: record capture holder: %w", err)
		}
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO capture_holders (job, node, host, pid, since, heartbeat) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (job, node) DO UPDATE SET host = excluded.host, pid = excluded.pid, since = excluded.since, heartbeat = excluded.heartbeat`,
		h.Job, h.Node, h.Host, h.PID, micros(h.Since), micros(h.Heartbeat))
	if err != nil {
		return fmt.Errorf("store: record capture holder: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: record capture holder: %w", err)
	}
	return nil
}

// captureHolders reads the recorded holders of job's capture.
func (s *sqliteStore) captureHolders(ctx context.Context, job string) ([]CaptureHolder, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT job, node, host, pid, since, heartbeat FROM capture_holders WHERE job = ? ORDER BY node`, job)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []CaptureHolder
	for rows.Next() {
		var h CaptureHolder
		var since, beat int64
		if err := rows.Scan(&h.Job, &h.Node, &h.Host, &h.PID, &since, &beat); err != nil {
			return nil, err
		}
		h.Since, h.Heartbeat = fromMicros(since), fromMicros(beat)
		out = append(out, h)
	}
	return out, rows.Err()
}
