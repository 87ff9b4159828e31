package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"go.uber.org/zap"
)

// Lost connections to PostgreSQL (a terminated backend, a server restart or
// fail-over, a network error) are retried on a new connection, waiting
// pgRetryFirst, then twice as long each time up to pgRetryMaxWait, until
// the call has been retrying for pgRetryBudget; then it gives up with the
// last cause. A crawl survives a restart of its database of up to about a
// minute.
const (
	pgRetryFirst   = 100 * time.Millisecond
	pgRetryMaxWait = 10 * time.Second
	pgRetryBudget  = time.Minute
)

// backoff is a retry policy: the first wait, the longest, and how long a
// call may keep retrying in all.
type backoff struct{ first, maxWait, budget time.Duration }

// RetryMaxWait is the longest a call sleeps between two attempts to reach
// a lost server: a caller that waits for other processes using this
// store to notice the server is back must allow them that long (the
// crawler's rejoin grace after a cluster-wide outage).
func (s *pgStore) RetryMaxWait() time.Duration { return s.retry.maxWait }

var _ interface{ RetryMaxWait() time.Duration } = (*pgStore)(nil)

// connLost reports whether err means the connection to the server was lost,
// so the call may succeed on another one. Errors the server reports about
// the statement itself, and ended contexts, are not retried.
func connLost(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		// 08: connection exception; 57P01-03: admin shutdown (also
		// pg_terminate_backend), crash shutdown, cannot connect now;
		// 25P03: the server ended a session idle in its transaction
		// (idle_in_transaction_session_timeout, as after a SIGSTOP): the
		// transaction was rolled back and the connection closed, so the
		// attempt is retried like any lost connection, and a fenced
		// node's retry meets its stale lease (TestClusterSIGSTOPBeyondTTL).
		return strings.HasPrefix(pe.Code, "08") || pe.Code == "57P01" || pe.Code == "57P02" || pe.Code == "57P03" || pe.Code == "25P03"
	}
	var ce *pgconn.ConnectError
	var ne net.Error
	return errors.As(err, &ce) || errors.As(err, &ne) || pgconn.SafeToRetry(err) ||
		errors.Is(err, pgconn.ErrConnClosed) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.EPIPE)
}

// retrying runs op until it succeeds, fails for another reason than a lost
// connection, ctx ends or the retry budget is spent. op must be safe to run
// again after a failure whose effect is unknown (see Commit).
func (s *pgStore) retrying(ctx context.Context, what string, op func() error) error {
	start := time.Now()
	wait := s.retry.first
	for attempt := 1; ; attempt++ {
		err := op()
		if err == nil || !connLost(err) || ctx.Err() != nil {
			return err
		}
		if time.Since(start)+wait > s.retry.budget {
			return fmt.Errorf("PostgreSQL connection lost, gave up after %d attempts in %s: %w",
				attempt, time.Since(start).Round(time.Millisecond), err)
		}
		s.log.Warn("store: PostgreSQL connection lost, retrying", zap.String("op", what),
			zap.Int("attempt", attempt), zap.Duration("after", wait), zap.Error(err))
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
		wait = min(2*wait, s.retry.maxWait)
	}
}

// landed reports whether a commit of p whose outcome is unknown (the
// connection broke during COMMIT) went through: the transaction is atomic,
// so its first index row tells. A batch without records is idempotent
// (discoveries skip known URLs, states are set, not changed), so running it
// again is right whatever happened.
func (s *pgStore) landed(ctx context.Context, p prepared) (bool, error) {
	if len(p.records) == 0 {
		return false, nil
	}
	r := p.records[0]
	var ok bool
	// Served by records_capture_surt.
	err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM records
		WHERE capture_id = $1 AND surt = $2 AND record_id = $3)`, pgx.QueryExecModeExec, p.captureID, r.SURT, r.RecordID).Scan(&ok)
	return ok, err
}
