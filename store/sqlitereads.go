package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// sqliteReads are the reads a crawl makes per page or per new URL
// (LastCapture for conditional requests, History for change-rate
// history, FirstByDigest for deduplication beyond memory), prepared once
// on the reader pool instead of parsed at every call: parsing was about
// 40 % of History's CPU in a recapture's profile (issue 33,
// BenchmarkSerialPerPageRecapture). database/sql prepares a Stmt on each
// reader connection the first time it runs there; SQLite re-prepares it
// by itself should a migration change the schema. Statements are
// prepared on first use, since a new store's tables exist only once
// Migrate has run.
type sqliteReads struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

// stmt returns query prepared on db, preparing it on first use.
func (r *sqliteReads) stmt(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if st, ok := r.stmts[query]; ok {
		return st, nil
	}
	st, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if r.stmts == nil {
		r.stmts = map[string]*sql.Stmt{}
	}
	r.stmts[query] = st
	return st, nil
}

// close closes the statements; the store closes its pools after.
func (r *sqliteReads) close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var errs []error
	for q, st := range r.stmts {
		errs = append(errs, st.Close())
		delete(r.stmts, q)
	}
	return errors.Join(errs...)
}

// queryRow is QueryRowContext of the prepared query; a failure to
// prepare is the row's error.
func (s *sqliteStore) queryRow(ctx context.Context, query string, args ...any) rowScanner {
	st, err := s.reads.stmt(ctx, s.r, query)
	if err != nil {
		return errRow{err}
	}
	return st.QueryRowContext(ctx, args...)
}

// errRow is a row whose Scan fails with err.
type errRow struct{ err error }

func (e errRow) Scan(...any) error { return e.err }

// sqliteAllPrepared is sqliteAll with the query prepared once
// (sqliteReads).
func sqliteAllPrepared[T any](ctx context.Context, s *sqliteStore, scan func(interface{ Scan(...any) error }) (T, error), query string, args ...any) ([]T, error) {
	st, err := s.reads.stmt(ctx, s.r, query)
	if err != nil {
		return nil, err
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return nil, err
	}
	return collectRows(rows, scan)
}
