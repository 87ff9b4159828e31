package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Run is one run of a job's capture in the daemon: a new capture, a
// resume, or a scheduled start. Ended is zero while it runs (or when the
// daemon was killed during it: Outcome is then empty).
type Run struct {
	ID        int64
	JobID     int64
	CaptureID int64
	Node      string    // the cluster node that ran it; "" on a single daemon
	Scheduled time.Time // the schedule time that started it; zero otherwise
	Started   time.Time
	Ended     time.Time
	Outcome   string // the crawler's stop reason, or paused, cancelled, alert, interrupted
	Error     string
	Totals    CaptureTotals // what this run archived
}

// CaptureTotals counts what was archived: Fetched are exchanges with an
// HTTP response (response and revisit records), Records every indexed
// record, Failed and Blocked the URLs given up and refused. Bytes is the
// payload bytes of the response records (CaptureTotals) or the response
// bytes received (a Run's totals, as the crawler counts them).
type CaptureTotals struct {
	Fetched, Failed, Blocked, Records, Bytes int64
}

// The methods below serve the daemon's run history and job archive; like
// the catalog methods they are not part of Store.

const runCols = `id, job_id, capture_id, node, scheduled, started, ended, outcome, error, fetched, failed, records, bytes`

// StartRun records a run as started and returns its ID.
func (s *sqliteStore) StartRun(ctx context.Context, r Run) (int64, error) {
	var id int64
	err := s.w.QueryRowContext(ctx, `INSERT INTO job_runs (job_id, capture_id, node, scheduled, started) VALUES (?, ?, ?, ?, ?) RETURNING id`,
		r.JobID, r.CaptureID, r.Node, sqlMicros(r.Scheduled), micros(r.Started)).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: start run of job %d: %w", r.JobID, err)
	}
	return id, nil
}

// EndRun records how run r.ID ended (its capture, end, outcome, error
// and totals). A zero Ended leaves the end unknown.
func (s *sqliteStore) EndRun(ctx context.Context, r Run) error {
	res, err := s.w.ExecContext(ctx, `UPDATE job_runs SET capture_id = ?, ended = ?, outcome = ?, error = ?,
		fetched = ?, failed = ?, records = ?, bytes = ? WHERE id = ?`, r.CaptureID, sqlMicros(r.Ended), r.Outcome, r.Error,
		r.Totals.Fetched, r.Totals.Failed, r.Totals.Records, r.Totals.Bytes, r.ID)
	return sqliteOneRow(res, err, "end run", r.ID)
}

// Runs returns a job's runs, newest first, at most limit (0: all).
func (s *sqliteStore) Runs(ctx context.Context, jobID int64, limit int) ([]Run, error) {
	if limit <= 0 {
		limit = -1
	}
	out, err := sqliteAll(ctx, s.r, scanSQLiteRun, `SELECT `+runCols+` FROM job_runs WHERE job_id = ? ORDER BY id DESC LIMIT ?`, jobID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: runs of job %d: %w", jobID, err)
	}
	return out, nil
}

func scanSQLiteRun(row interface{ Scan(...any) error }) (Run, error) {
	var r Run
	var scheduled, ended sql.NullInt64
	var started int64
	err := row.Scan(&r.ID, &r.JobID, &r.CaptureID, &r.Node, &scheduled, &started, &ended, &r.Outcome, &r.Error,
		&r.Totals.Fetched, &r.Totals.Failed, &r.Totals.Records, &r.Totals.Bytes)
	r.Scheduled, r.Started, r.Ended = nullMicros(scheduled), fromMicros(started), nullMicros(ended)
	return r, err
}

// ArchiveJob marks a job archived at `at`, or active again when at is
// zero. Its captures, records and runs stay.
func (s *sqliteStore) ArchiveJob(ctx context.Context, jobID int64, at time.Time) error {
	res, err := s.w.ExecContext(ctx, `UPDATE jobs SET archived = ? WHERE id = ?`, sqlMicros(at), jobID)
	return sqliteOneRow(res, err, "archive job", jobID)
}

// CaptureTotals counts a capture's archived records and settled URLs.
func (s *sqliteStore) CaptureTotals(ctx context.Context, captureID int64) (CaptureTotals, error) {
	var t CaptureTotals
	err := s.r.QueryRowContext(ctx, captureTotalsSQLite, captureID).Scan(&t.Fetched, &t.Records, &t.Bytes, &t.Failed, &t.Blocked)
	if err != nil {
		return t, fmt.Errorf("store: totals of capture %d: %w", captureID, err)
	}
	return t, nil
}

// captureTotalsSQLite and captureTotalsPG read both counts in one
// statement (records_capture_surt and the urls primary key serve
// them).
const captureTotalsSQLite = `SELECT
	COALESCE(SUM(CASE WHEN record_type IN ('response', 'revisit') THEN 1 ELSE 0 END), 0),
	COUNT(*),
	COALESCE(SUM(CASE WHEN record_type = 'response' THEN length ELSE 0 END), 0),
	(SELECT COUNT(*) FROM urls WHERE capture_id = ?1 AND state = 'failed'),
	(SELECT COUNT(*) FROM urls WHERE capture_id = ?1 AND state = 'blocked')
	FROM records WHERE capture_id = ?1`

const captureTotalsPG = `SELECT
	COALESCE(SUM(CASE WHEN record_type IN ('response', 'revisit') THEN 1 ELSE 0 END), 0)::BIGINT,
	COUNT(*),
	COALESCE(SUM(CASE WHEN record_type = 'response' THEN length ELSE 0 END), 0)::BIGINT,
	(SELECT COUNT(*) FROM urls WHERE capture_id = $1 AND state = 'failed'),
	(SELECT COUNT(*) FROM urls WHERE capture_id = $1 AND state = 'blocked')
	FROM records WHERE capture_id = $1`

// StartRun records a run as started and returns its ID.
func (s *pgStore) StartRun(ctx context.Context, r Run) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `INSERT INTO job_runs (job_id, capture_id, node, scheduled, started) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
		r.JobID, r.CaptureID, r.Node, pgNullTime(r.Scheduled), dbTime(r.Started)).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: start run of job %d: %w", r.JobID, err)
	}
	return id, nil
}

// EndRun records how run r.ID ended (its capture, end, outcome, error
// and totals). A zero Ended leaves the end unknown.
func (s *pgStore) EndRun(ctx context.Context, r Run) error {
	tag, err := s.pool.Exec(ctx, `UPDATE job_runs SET capture_id = $1, ended = $2, outcome = $3, error = $4,
		fetched = $5, failed = $6, records = $7, bytes = $8 WHERE id = $9`, r.CaptureID, pgNullTime(r.Ended), r.Outcome, r.Error,
		r.Totals.Fetched, r.Totals.Failed, r.Totals.Records, r.Totals.Bytes, r.ID)
	return pgOneRow(tag.RowsAffected(), err, "end run", r.ID)
}

// Runs returns a job's runs, newest first, at most limit (0: all).
func (s *pgStore) Runs(ctx context.Context, jobID int64, limit int) ([]Run, error) {
	var lim *int
	if limit > 0 {
		lim = &limit
	}
	rows, err := s.pool.Query(ctx, `SELECT `+runCols+` FROM job_runs WHERE job_id = $1 ORDER BY id DESC LIMIT $2`, jobID, lim)
	if err != nil {
		return nil, fmt.Errorf("store: runs of job %d: %w", jobID, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (Run, error) {
		var r Run
		var scheduled, ended *time.Time
		err := row.Scan(&r.ID, &r.JobID, &r.CaptureID, &r.Node, &scheduled, &r.Started, &ended, &r.Outcome, &r.Error,
			&r.Totals.Fetched, &r.Totals.Failed, &r.Totals.Records, &r.Totals.Bytes)
		r.Scheduled, r.Started, r.Ended = nullTime(scheduled), r.Started.UTC(), nullTime(ended)
		return r, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: runs of job %d: %w", jobID, err)
	}
	return out, nil
}

// ArchiveJob marks a job archived at `at`, or active again when at is
// zero. Its captures, records and runs stay.
func (s *pgStore) ArchiveJob(ctx context.Context, jobID int64, at time.Time) error {
	tag, err := s.pool.Exec(ctx, `UPDATE jobs SET archived = $1 WHERE id = $2`, pgNullTime(at), jobID)
	return pgOneRow(tag.RowsAffected(), err, "archive job", jobID)
}

// CaptureTotals counts a capture's archived records and settled URLs.
func (s *pgStore) CaptureTotals(ctx context.Context, captureID int64) (CaptureTotals, error) {
	var t CaptureTotals
	err := s.pool.QueryRow(ctx, captureTotalsPG, captureID).Scan(&t.Fetched, &t.Records, &t.Bytes, &t.Failed, &t.Blocked)
	if err != nil {
		return t, fmt.Errorf("store: totals of capture %d: %w", captureID, err)
	}
	return t, nil
}

// sqlMicros is t in microseconds, or NULL when zero.
func sqlMicros(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: micros(t), Valid: true}
}

func nullMicros(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return fromMicros(v.Int64)
}

// pgNullTime is t for PostgreSQL, or NULL when zero.
func pgNullTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	v := dbTime(t)
	return &v
}

func nullTime(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}
