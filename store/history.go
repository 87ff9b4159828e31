package store

import (
	"context"
	"fmt"
)

// hasHistorySQL asks whether a capture other than $1 has any record; the
// inner EXISTS walks records_capture_surt, so the answer costs one index
// probe per capture whatever the size of the index.
const hasHistorySQL = `SELECT EXISTS (SELECT 1 FROM captures c WHERE c.id <> %s
	AND EXISTS (SELECT 1 FROM records r WHERE r.capture_id = c.id))`

func (s *sqliteStore) HasHistory(ctx context.Context, captureID int64) (bool, error) {
	var ok bool
	if err := s.r.QueryRowContext(ctx, fmt.Sprintf(hasHistorySQL, "?"), captureID).Scan(&ok); err != nil {
		return false, fmt.Errorf("store: has history: %w", err)
	}
	return ok, nil
}

func (s *pgStore) HasHistory(ctx context.Context, captureID int64) (bool, error) {
	var ok bool
	err := s.retrying(ctx, "has history", func() error {
		return s.pool.QueryRow(ctx, fmt.Sprintf(hasHistorySQL, "$1"), captureID).Scan(&ok)
	})
	if err != nil {
		return false, fmt.Errorf("store: has history: %w", err)
	}
	return ok, nil
}
