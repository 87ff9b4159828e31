package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// LogMark says how long a node's crawl.log is once the batch that carries
// it is committed (Node "" is a single-node capture). The crawler writes a
// group's crawl.log lines before committing the group, so the mark lands
// in the same transaction as the rows the lines describe; see
// crawler/crawllogmark.go for how a resume uses it.
type LogMark struct {
	Node  string
	Bytes int64
}

const setLogMarkSQL = `INSERT INTO crawl_log_marks (capture_id, node, bytes) VALUES (%s)
	ON CONFLICT (capture_id, node) DO UPDATE SET bytes = excluded.bytes`

const logMarkSQL = `SELECT bytes FROM crawl_log_marks WHERE capture_id = %s AND node = %s`

// maxInFrontier bounds the SURTs one InFrontier query names.
const maxInFrontier = 500

func (s *sqliteStore) CrawlLogMark(ctx context.Context, captureID int64, node string) (int64, error) {
	var n int64
	err := s.r.QueryRowContext(ctx, fmt.Sprintf(logMarkSQL, "?", "?"), captureID, node).Scan(&n)
	return logMarkResult(captureID, node, n, err, sql.ErrNoRows)
}

func (s *pgStore) CrawlLogMark(ctx context.Context, captureID int64, node string) (int64, error) {
	var n int64
	err := s.pool.QueryRow(ctx, fmt.Sprintf(logMarkSQL, "$1", "$2"), captureID, node).Scan(&n)
	return logMarkResult(captureID, node, n, err, pgx.ErrNoRows)
}

func logMarkResult(captureID int64, node string, n int64, err, noRows error) (int64, error) {
	if errors.Is(err, noRows) {
		return 0, fmt.Errorf("store: crawl.log mark of capture %d node %q: %w", captureID, node, ErrNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("store: crawl.log mark of capture %d node %q: %w", captureID, node, err)
	}
	return n, nil
}

// sqliteInFrontierSQL looks up n SURTs of a capture in urls' primary key.
func sqliteInFrontierSQL(n int) string {
	return `SELECT surt FROM urls WHERE capture_id = ? AND surt IN (?` + strings.Repeat(", ?", n-1) + `)`
}

func (s *sqliteStore) InFrontier(ctx context.Context, captureID int64, surts []string) (map[string]bool, error) {
	in := make(map[string]bool, len(surts))
	for start := 0; start < len(surts); start += maxInFrontier {
		part := surts[start:min(start+maxInFrontier, len(surts))]
		args := []any{captureID}
		for _, s := range part {
			args = append(args, s)
		}
		q := sqliteInFrontierSQL(len(part))
		found, err := sqliteAll(ctx, s.r, func(row interface{ Scan(...any) error }) (string, error) {
			var v string
			return v, row.Scan(&v)
		}, q, args...)
		if err != nil {
			return nil, fmt.Errorf("store: frontier lookup in capture %d: %w", captureID, err)
		}
		for _, v := range found {
			in[v] = true
		}
	}
	return in, nil
}

func (s *pgStore) InFrontier(ctx context.Context, captureID int64, surts []string) (map[string]bool, error) {
	in := make(map[string]bool, len(surts))
	rows, err := s.pool.Query(ctx, `SELECT surt FROM urls WHERE capture_id = $1 AND surt = ANY($2::text[])`, captureID, surts)
	if err != nil {
		return nil, fmt.Errorf("store: frontier lookup in capture %d: %w", captureID, err)
	}
	found, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: frontier lookup in capture %d: %w", captureID, err)
	}
	for _, v := range found {
		in[v] = true
	}
	return in, nil
}

// queueLogMark queues the upsert of a batch's crawl.log mark, if any.
func queueLogMark(batch *pgx.Batch, captureID int64, m *LogMark) {
	if m != nil {
		batch.Queue(fmt.Sprintf(setLogMarkSQL, "$1, $2, $3"), captureID, m.Node, m.Bytes)
	}
}
