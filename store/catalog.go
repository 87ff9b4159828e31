package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// The catalog methods below serve the daemon (package daemon), which must
// list the jobs it was given and pause captures. They are methods of both
// implementations rather than part of Store so that the crawler's interface
// stays small; the daemon reaches them through its own interface.

// Jobs returns every job, by name.
func (s *sqliteStore) Jobs(ctx context.Context) ([]Job, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, name, yaml, created FROM jobs ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("store: jobs: %w", err)
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		var j Job
		var created int64
		if err := rows.Scan(&j.ID, &j.Name, &j.YAML, &created); err != nil {
			return nil, fmt.Errorf("store: jobs: %w", err)
		}
		j.Created = fromMicros(created)
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
	err := s.r.QueryRowContext(ctx, `SELECT id, name, yaml, created FROM jobs WHERE name = ?`, name).Scan(&j.ID, &j.Name, &j.YAML, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return Job{}, fmt.Errorf("store: job %q: %w", name, ErrNotFound)
	}
	if err != nil {
		return Job{}, fmt.Errorf("store: job %q: %w", name, err)
	}
	j.Created = fromMicros(created)
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
	rows, err := s.pool.Query(ctx, `SELECT id, name, yaml, created FROM jobs ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("store: jobs: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Job, error) {
		var j Job
		err := r.Scan(&j.ID, &j.Name, &j.YAML, &j.Created)
		j.Created = j.Created.UTC()
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
	err := s.pool.QueryRow(ctx, `SELECT id, name, yaml, created FROM jobs WHERE name = $1`, name).Scan(&j.ID, &j.Name, &j.YAML, &created)
	if errors.Is(err, pgx.ErrNoRows) {
		return Job{}, fmt.Errorf("store: job %q: %w", name, ErrNotFound)
	}
	if err != nil {
		return Job{}, fmt.Errorf("store: job %q: %w", name, err)
	}
	j.Created = created.UTC()
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
	if status != "running" && status != CaptureStatusPaused {
		return fmt.Errorf("store: set capture status: %q is not an open status (running, paused)", status)
	}
	return nil
}
