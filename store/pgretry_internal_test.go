package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"go.uber.org/zap"
)

func TestConnLost(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{&pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"}, true},
		{fmt.Errorf("commit: %w", &pgconn.PgError{Code: "08006"}), true},
		{&pgconn.PgError{Code: "57P03"}, true},
		{&pgconn.PgError{Severity: "FATAL", Code: "25P03", Message: "terminating connection due to idle-in-transaction timeout"}, true},
		{io.ErrUnexpectedEOF, true},
		{fmt.Errorf("read: %w", syscall.ECONNRESET), true},
		{pgconn.ErrConnClosed, true},
		{&pgconn.PgError{Code: "23505"}, false}, // unique violation: the statement's fault
		{&pgconn.PgError{Code: "26000"}, false},
		{context.Canceled, false},
		{fmt.Errorf("x: %w", context.DeadlineExceeded), false},
		{errors.New("state of x: URL not in the capture's frontier"), false},
	} {
		if got := connLost(tc.err); got != tc.want {
			t.Errorf("connLost(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}

// TestRetryingGivesUp: a connection that stays lost is retried with
// growing waits until the budget is spent, then the error says so and
// keeps the cause; other errors are not retried.
func TestRetryingGivesUp(t *testing.T) {
	s := &pgStore{log: zap.NewNop(), retry: backoff{first: time.Millisecond, maxWait: 4 * time.Millisecond, budget: 200 * time.Millisecond}}
	lost := &pgconn.PgError{Severity: "FATAL", Code: "57P01", Message: "terminating connection due to administrator command"}
	calls := 0
	err := s.retrying(context.Background(), "test", func() error {
		calls++
		return lost
	})
	if !errors.Is(err, lost) || !strings.Contains(err.Error(), "gave up") || !strings.Contains(err.Error(), "PostgreSQL") {
		t.Fatalf("error %v: want the cause and that the store gave up", err)
	}
	if calls < 4 {
		t.Fatalf("%d attempts in a 200 ms budget with waits of 1, 2, 4, 4… ms; want at least 4", calls)
	}
	n := 0
	other := errors.New("syntax error")
	if err := s.retrying(context.Background(), "test", func() error { n++; return other }); err != other || n != 1 {
		t.Fatalf("a statement error was retried: %d calls, %v", n, err)
	}
	n = 0
	if err := s.retrying(context.Background(), "test", func() error {
		if n++; n < 3 {
			return lost
		}
		return nil
	}); err != nil || n != 3 {
		t.Fatalf("a connection back on the third attempt: %d calls, %v", n, err)
	}
}
