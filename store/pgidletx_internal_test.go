package store

import (
	"context"
	"os"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
)

// TestPGIdleInTransactionTimeout: every PostgreSQL session of the store
// has the server end it when it sits idle inside a transaction (a node
// SIGSTOPped mid-commit would otherwise hold its lease rows locked, and
// the lease queries skip locked rows: TestClusterSIGSTOPBeyondTTL), unless
// the DSN names its own value.
func TestPGIdleInTransactionTimeout(t *testing.T) {
	if os.Getenv("SHARC_TEST_PG") == "" {
		t.Skip("SHARC_TEST_PG not set")
	}
	base := pgtest.SchemaDSN(t, "sharc_idletx")
	for _, tc := range []struct{ name, dsn, want string }{
		{"default", base, pgIdleInTxTimeout},
		{"named by the DSN", base + "&idle_in_transaction_session_timeout=5min", "5min"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			s, err := openPostgres(ctx, tc.dsn, zap.NewNop())
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			var got string
			if err := s.pool.QueryRow(ctx, `SHOW idle_in_transaction_session_timeout`).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("idle_in_transaction_session_timeout %q, want %q", got, tc.want)
			}
		})
	}
}

// TestRetryingAfterIdleTxTimeout: a transaction the server ends for
// sitting idle (a node stopped mid-commit) fails with 25P03; retrying runs
// the operation again on a fresh connection, where it lands.
func TestRetryingAfterIdleTxTimeout(t *testing.T) {
	if os.Getenv("SHARC_TEST_PG") == "" {
		t.Skip("SHARC_TEST_PG not set")
	}
	ctx := context.Background()
	s, err := openPostgres(ctx, pgtest.SchemaDSN(t, "sharc_idletx_retry")+"&idle_in_transaction_session_timeout=200ms", zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.pool.Exec(ctx, `CREATE TABLE idle_probe (n int)`); err != nil {
		t.Fatal(err)
	}
	attempts := 0
	var first error
	err = s.retrying(ctx, "idle probe", func() error {
		attempts++
		tx, err := s.pool.Begin(ctx)
		if err != nil {
			return err
		}
		defer func() { _ = tx.Rollback(ctx) }()
		var pid int
		if err := tx.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
			return err
		}
		if attempts == 1 {
			// Idle in the transaction until the server has ended the session.
			testkit.WaitFor(t, 30*time.Second, "the server ending the idle transaction", func() bool {
				var alive bool
				err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1)`, pid).Scan(&alive)
				return err == nil && !alive
			})
		}
		if _, err := tx.Exec(ctx, `INSERT INTO idle_probe VALUES ($1)`, attempts); err != nil {
			if first == nil {
				first = err
			}
			return err
		}
		return tx.Commit(ctx)
	})
	if err != nil {
		t.Fatalf("retrying: %v (first failure %v)", err, first)
	}
	if attempts != 2 || first == nil {
		t.Fatalf("%d attempts, first failure %v: want the first ended by the server and the second to land", attempts, first)
	}
	var rows int
	if err := s.pool.QueryRow(ctx, `SELECT count(*) FROM idle_probe`).Scan(&rows); err != nil || rows != 1 {
		t.Fatalf("idle_probe holds %d rows (%v), want the one of the second attempt", rows, err)
	}
}
