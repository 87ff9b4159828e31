package store

import (
	"context"
	"os"
	"testing"

	"go.uber.org/zap"

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
