package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// RefreshCycle is the metrics of one refresh cycle (one capture of a job
// in capture.mode refresh, issue 16).
type RefreshCycle struct {
	CaptureID  int64
	Policy     string // the refresh policy's name
	Budget     int    // pages the cycle could fetch
	Repository int    // URLs earlier captures offered
	Planned    int    // URLs the policy chose (≤ Budget)
	Samples    int    // of Planned, fetched as samples
	Rounds     int    // rounds of fetches the policy took (samples, then what they chose)
	Downloads  int    // of Planned, answered over HTTP this cycle
	Changed    int    // of Downloads, archived as full responses
	// ChangeRatio is Changed / Downloads (0 without downloads): the
	// fraction of the budget spent on pages that had changed.
	ChangeRatio float64
}

// setRefreshCycleSQL upserts a cycle: a resumed capture rewrites its row.
const setRefreshCycleSQL = `INSERT INTO refresh_cycles
	(capture_id, policy, budget, repository, planned, samples, downloads, changed, change_ratio, rounds)
	VALUES (%s)
	ON CONFLICT (capture_id) DO UPDATE SET
		policy = excluded.policy, budget = excluded.budget, repository = excluded.repository,
		planned = excluded.planned, samples = excluded.samples, downloads = excluded.downloads,
		changed = excluded.changed, change_ratio = excluded.change_ratio, rounds = excluded.rounds`

const refreshCycleSQL = `SELECT capture_id, policy, budget, repository, planned, samples, downloads, changed, change_ratio, rounds
	FROM refresh_cycles WHERE capture_id = %s`

func checkRefreshCycle(r RefreshCycle) error {
	if r.Planned > r.Budget || r.Downloads > r.Planned || r.Changed > r.Downloads || r.Samples > r.Planned ||
		r.Rounds < 0 || r.Rounds > r.Planned {
		return fmt.Errorf("store: refresh cycle of capture %d: inconsistent counts (budget %d, planned %d, samples %d, downloads %d, changed %d)",
			r.CaptureID, r.Budget, r.Planned, r.Samples, r.Downloads, r.Changed)
	}
	return nil
}

func (r *RefreshCycle) args() []any {
	return []any{r.CaptureID, r.Policy, r.Budget, r.Repository, r.Planned, r.Samples, r.Downloads, r.Changed, r.ChangeRatio, r.Rounds}
}

func (r *RefreshCycle) dest() []any {
	return []any{&r.CaptureID, &r.Policy, &r.Budget, &r.Repository, &r.Planned, &r.Samples, &r.Downloads, &r.Changed, &r.ChangeRatio, &r.Rounds}
}

func (s *sqliteStore) SetRefreshCycle(ctx context.Context, r RefreshCycle) error {
	if err := checkRefreshCycle(r); err != nil {
		return err
	}
	if _, err := s.w.ExecContext(ctx, fmt.Sprintf(setRefreshCycleSQL, "?, ?, ?, ?, ?, ?, ?, ?, ?, ?"), r.args()...); err != nil {
		return fmt.Errorf("store: set refresh cycle of capture %d: %w", r.CaptureID, err)
	}
	return nil
}

func (s *sqliteStore) RefreshCycle(ctx context.Context, captureID int64) (RefreshCycle, error) {
	var r RefreshCycle
	err := s.r.QueryRowContext(ctx, fmt.Sprintf(refreshCycleSQL, "?"), captureID).Scan(r.dest()...)
	if errors.Is(err, sql.ErrNoRows) {
		return RefreshCycle{}, fmt.Errorf("store: refresh cycle of capture %d: %w", captureID, ErrNotFound)
	}
	if err != nil {
		return RefreshCycle{}, fmt.Errorf("store: refresh cycle of capture %d: %w", captureID, err)
	}
	return r, nil
}

func (s *pgStore) SetRefreshCycle(ctx context.Context, r RefreshCycle) error {
	if err := checkRefreshCycle(r); err != nil {
		return err
	}
	err := s.retrying(ctx, "set refresh cycle", func() error {
		_, err := s.pool.Exec(ctx, fmt.Sprintf(setRefreshCycleSQL, "$1, $2, $3, $4, $5, $6, $7, $8, $9, $10"), r.args()...)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: set refresh cycle of capture %d: %w", r.CaptureID, err)
	}
	return nil
}

func (s *pgStore) RefreshCycle(ctx context.Context, captureID int64) (RefreshCycle, error) {
	var r RefreshCycle
	err := s.retrying(ctx, "refresh cycle", func() error {
		return s.pool.QueryRow(ctx, fmt.Sprintf(refreshCycleSQL, "$1"), captureID).Scan(r.dest()...)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return RefreshCycle{}, fmt.Errorf("store: refresh cycle of capture %d: %w", captureID, ErrNotFound)
	}
	if err != nil {
		return RefreshCycle{}, fmt.Errorf("store: refresh cycle of capture %d: %w", captureID, err)
	}
	return r, nil
}
