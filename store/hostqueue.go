package store

import (
	"context"
	"fmt"
	"math"

	"github.com/jackc/pgx/v5"
)

// HostCounts is one host of a capture's frontier counted by state.
type HostCounts struct {
	URLs int
	// Finished counts done, failed and blocked URLs (as HostSummary).
	Finished int
	// Queued counts URLs not yet fetched (a visited URL awaiting its
	// revisit is neither queued nor finished).
	Queued int
}

// The queries below answer API requests about one host of a capture of
// any size: they count, or read one page in urls_host_seq order, so the
// caller never holds more rows than it asked for
// (TestURLsQueriesUseIndexes).
const (
	hostCountsSQL = `SELECT count(*), count(*) FILTER (WHERE state IN ('done', 'failed', 'blocked')),
	count(*) FILTER (WHERE state = 'queued') FROM urls WHERE capture_id = %s AND host = %s`
	hostQueuedSQL = `SELECT ` + urlCols + ` FROM urls
	WHERE capture_id = %s AND host = %s AND seq > %s AND state = 'queued' ORDER BY seq LIMIT %s`
	urlCountSQL = `SELECT count(*) FROM urls WHERE capture_id = %s`
)

var (
	sqliteHostCountsSQL = fmt.Sprintf(hostCountsSQL, "?", "?")
	sqliteHostQueuedSQL = fmt.Sprintf(hostQueuedSQL, "?", "?", "?", "?")
	sqliteURLCountSQL   = fmt.Sprintf(urlCountSQL, "?")
	pgHostCountsSQL     = fmt.Sprintf(hostCountsSQL, "$1", "$2")
	pgHostQueuedSQL     = fmt.Sprintf(hostQueuedSQL, "$1", "$2", "$3", "$4")
	pgURLCountSQL       = fmt.Sprintf(urlCountSQL, "$1")
)

// queuedLimit is HostQueued's limit in SQL: limit ≤ 0 reads them all.
func queuedLimit(limit int) int64 {
	if limit <= 0 {
		return math.MaxInt64
	}
	return int64(limit)
}

func (s *sqliteStore) HostCounts(ctx context.Context, captureID int64, host string) (HostCounts, error) {
	var c HostCounts
	if err := s.queryRow(ctx, sqliteHostCountsSQL, captureID, host).Scan(&c.URLs, &c.Finished, &c.Queued); err != nil {
		return HostCounts{}, fmt.Errorf("store: counts of %s in capture %d: %w", host, captureID, err)
	}
	return c, nil
}

func (s *pgStore) HostCounts(ctx context.Context, captureID int64, host string) (HostCounts, error) {
	var urls, fin, queued int64
	if err := s.pool.QueryRow(ctx, pgHostCountsSQL, captureID, host).Scan(&urls, &fin, &queued); err != nil {
		return HostCounts{}, fmt.Errorf("store: counts of %s in capture %d: %w", host, captureID, err)
	}
	return HostCounts{URLs: int(urls), Finished: int(fin), Queued: int(queued)}, nil
}

func (s *sqliteStore) HostQueued(ctx context.Context, captureID int64, host string, afterSeq, limit int) ([]FrontierURL, error) {
	us, err := sqliteAllPrepared(ctx, s, scanSQLiteURL, sqliteHostQueuedSQL, captureID, host, afterSeq, queuedLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("store: queued URLs of %s in capture %d: %w", host, captureID, err)
	}
	return us, nil
}

func (s *pgStore) HostQueued(ctx context.Context, captureID int64, host string, afterSeq, limit int) ([]FrontierURL, error) {
	rows, err := s.pool.Query(ctx, pgHostQueuedSQL, captureID, host, afterSeq, queuedLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("store: queued URLs of %s in capture %d: %w", host, captureID, err)
	}
	// The columns scan alike through both drivers.
	us, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (FrontierURL, error) { return scanSQLiteURL(r) })
	if err != nil {
		return nil, fmt.Errorf("store: queued URLs of %s in capture %d: %w", host, captureID, err)
	}
	return us, nil
}

func (s *sqliteStore) URLCount(ctx context.Context, captureID int64) (int, error) {
	var n int
	if err := s.queryRow(ctx, sqliteURLCountSQL, captureID).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: URL count of capture %d: %w", captureID, err)
	}
	return n, nil
}

func (s *pgStore) URLCount(ctx context.Context, captureID int64) (int, error) {
	var n int64
	if err := s.pool.QueryRow(ctx, pgURLCountSQL, captureID).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: URL count of capture %d: %w", captureID, err)
	}
	return int(n), nil
}

// queuedPage is how many queued URLs EachHostQueued reads at a time.
const queuedPage = 1000

// EachHostQueued calls fn on every queued URL of host in Seq order,
// reading them from s a page at a time (HostQueued): the caller holds one
// page plus what fn keeps, however long the host's queue. An error from
// fn stops the walk and is returned.
func EachHostQueued(ctx context.Context, s Store, captureID int64, host string, fn func(FrontierURL) error) error {
	for after := -1; ; {
		us, err := s.HostQueued(ctx, captureID, host, after, queuedPage)
		if err != nil {
			return err
		}
		for _, u := range us {
			if err := fn(u); err != nil {
				return err
			}
		}
		if len(us) < queuedPage {
			return nil
		}
		after = us[len(us)-1].Seq
	}
}
