package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/internal/testkit/storetest"
	"github.com/sharc-archive/sharc/store"
)

func openSQLite(t testing.TB) store.Store {
	t.Helper()
	s, err := store.Open(context.Background(), "sqlite:"+filepath.Join(t.TempDir(), "sharc.db"), testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

// testLogger logs through the test; benchmarks stay quiet so their output
// is only figures.
func testLogger(t testing.TB) *zap.Logger {
	if _, ok := t.(*testing.B); ok {
		return zap.NewNop()
	}
	return zaptest.NewLogger(t)
}

func TestSQLite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openSQLite(t) })
}
