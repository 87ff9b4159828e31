package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Catalog is what the daemon and `sharc rates` read and change across
// jobs: list the jobs and move an open capture between running and paused.
// It is not part of Store so that the crawler's interface stays small; DB
// (what Open returns) has both.
type Catalog interface {
	// Jobs returns every job, by name.
	Jobs(ctx context.Context) ([]Job, error)
	// JobByName returns one job, or ErrNotFound.
	JobByName(ctx context.Context, name string) (Job, error)
	// SetCaptureStatus changes an open capture's status between
	// CaptureStatusRunning and CaptureStatusPaused.
	SetCaptureStatus(ctx context.Context, captureID int64, status CaptureStatus) error
}

// RunLog is the daemon's run history and job archive (see runs.go).
type RunLog interface {
	// StartRun records a run as started and returns its ID.
	StartRun(ctx context.Context, r Run) (int64, error)
	// EndRun records how a run ended.
	EndRun(ctx context.Context, r Run) error
	// Runs returns a job's runs, newest first, at most limit (0: all).
	Runs(ctx context.Context, jobID int64, limit int) ([]Run, error)
	// ArchiveJob marks a job archived at `at`, or active again when at
	// is zero.
	ArchiveJob(ctx context.Context, jobID int64, at time.Time) error
}

// DB is everything an opened store offers: the crawler's Store plus the
// daemon's Catalog and RunLog. Open returns it, so callers need no type
// assertion (only cluster mode's crawler.Leaser, which SQLite lacks, is
// asserted).
type DB interface {
	Store
	Catalog
	RunLog
	Accounts
}

// Both implementations are whole DBs.
var (
	_ DB = (*sqliteStore)(nil)
	_ DB = (*pgStore)(nil)
)

// Jobs returns every job, by name.
func (s *sqliteStore) Jobs(ctx context.Context) ([]Job, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, name, yaml, created, archived FROM jobs ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("store: jobs: %w", err)
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		var j Job
		var created int64
		var archived sql.NullInt64
		if err := rows.Scan(&j.ID, &j.Name, &j.YAML, &created, &archived); err != nil {
			return nil, fmt.Errorf("store: jobs: %w", err)
		}
		j.Created, j.Archived = fromMicros(created), nullMicros(archived)
		out = append(out, j)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: jobs: %w", err)
	}
	return out, nil
}

// JobByName returns one job or ErrNotFound.
func (s *sqliteStore) JobByName(ctx context.Context, name string) (Job, error) {
	var j Job
	var created int64
	var archived sql.NullInt64
	err := s.r.QueryRowContext(ctx, `SELECT id, name, yaml, created, archived FROM jobs WHERE name = ?`, name).Scan(&j.ID, &j.Name, &j.YAML, &created, &archived)
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, fmt.Errorf("store: job %q: %w", name, ErrNotFound)
	}
	if err != nil {
		return Job{}, fmt.Errorf("store: job %q: %w", name, err)
	}
	j.Created, j.Archived = fromMicros(created), nullMicros(archived)
	return j, nil
}

// SetCaptureStatus changes a capture's status between "running" and
// "paused" without finishing it (FinishCapture is for final statuses).
func (s *sqliteStore) SetCaptureStatus(ctx context.Context, captureID int64, status CaptureStatus) error {
	if err := checkOpenStatus(status); err != nil {
		return err
	}
	res, err := s.w.ExecContext(ctx, `UPDATE captures SET status = ? WHERE id = ? AND finished IS NULL`, status, captureID)
	return sqliteOneRow(res, err, "set capture status", captureID)
}

// Jobs returns every job, by name.
func (s *pgStore) Jobs(ctx context.Context) ([]Job, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, name, yaml, created, archived FROM jobs ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("store: jobs: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Job, error) {
		var j Job
		var archived *time.Time
		err := r.Scan(&j.ID, &j.Name, &j.YAML, &j.Created, &archived)
		j.Created, j.Archived = j.Created.UTC(), nullTime(archived)
		return j, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: jobs: %w", err)
	}
	return out, nil
}

// JobByName returns one job or ErrNotFound.
func (s *pgStore) JobByName(ctx context.Context, name string) (Job, error) {
	var j Job
	var created time.Time
	var archived *time.Time
	err := s.pool.QueryRow(ctx, `SELECT id, name, yaml, created, archived FROM jobs WHERE name = $1`, name).Scan(&j.ID, &j.Name, &j.YAML, &created, &archived)
	if errors.Is(err, pgx.ErrNoRows) {
		return Job{}, fmt.Errorf("store: job %q: %w", name, ErrNotFound)
	}
	if err != nil {
		return Job{}, fmt.Errorf("store: job %q: %w", name, err)
	}
	j.Created, j.Archived = created.UTC(), nullTime(archived)
	return j, nil
}

// SetCaptureStatus changes a capture's status between "running" and
// "paused" without finishing it (FinishCapture is for final statuses).
func (s *pgStore) SetCaptureStatus(ctx context.Context, captureID int64, status CaptureStatus) error {
	if err := checkOpenStatus(status); err != nil {
		return err
	}
	tag, err := s.pool.Exec(ctx, `UPDATE captures SET status = $1 WHERE id = $2 AND finished IS NULL`, status, captureID)
	return pgOneRow(tag.RowsAffected(), err, "set capture status", captureID)
}

func checkOpenStatus(status CaptureStatus) error {
	if !status.Open() {
		return fmt.Errorf("store: set capture status: %q is not an open status (running, paused)", status)
	}
	return nil
}
