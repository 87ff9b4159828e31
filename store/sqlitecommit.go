package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
)

// Commit's statements, by index into sqliteCommitStmts.
const (
	sqliteInsRecord = iota
	sqliteInsURL
	sqliteSetState
	sqliteSetLogMark
	sqliteInsProvenance
	sqliteSetGraph
	sqliteCommitStmtCount
)

// sqliteCommitSQL is the text of Commit's statement i.
func sqliteCommitSQL(i int) string {
	switch i {
	case sqliteInsRecord:
		return `INSERT INTO records (` + recordInsertCols + `)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	case sqliteInsURL:
		return `INSERT INTO urls (` + urlCols + `)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (capture_id, surt) DO NOTHING`
	case sqliteSetState:
		return `UPDATE urls SET state = ?, attempts = ? WHERE capture_id = ? AND surt = ?`
	case sqliteSetLogMark:
		return fmt.Sprintf(setLogMarkSQL, "?, ?, ?")
	case sqliteInsProvenance:
		return sqliteInsertProvenance
	case sqliteSetGraph:
		return fmt.Sprintf(setPageGraphSQL, "?, ?, ?, ?, ?, ?")
	}
	panic(fmt.Sprintf("store: no commit statement %d", i))
}

// sqliteCommitArgs is the most parameters a commit statement takes
// (host_provenance's insert).
const sqliteCommitArgs = 20

// sqliteCommitStmts are Commit's statements prepared on the writer's
// driver connection, run on it directly rather than through
// database/sql (issue 33). Every page of a crawl passes through Commit
// on the committer's serial path, and database/sql's share of it was
// about a fifth of Commit's CPU in the profile of
// BenchmarkSQLiteCrawlCommit: per transaction a Tx and a Stmt for each
// statement, per row the arguments converted and checked by reflection
// (driverArgsConnLocked), locks, a Result. Here a row's arguments are
// written, already of driver types, into args, one slice reused for
// every row. Parsing stays once per connection, as with the
// database/sql statements before (setLogMark too: parsing its upsert
// anew was a third of Commit's CPU in the crawl profile of issue 11).
type sqliteCommitStmts struct {
	// conn is the driver connection they were prepared on: database/sql
	// may replace the writer's connection after an error (ErrBadConn),
	// and a statement is only valid on its own connection.
	conn  any
	stmts [sqliteCommitStmtCount]driver.Stmt
	exec  [sqliteCommitStmtCount]driver.StmtExecContext
	args  [sqliteCommitArgs]driver.NamedValue
}

func (st *sqliteCommitStmts) close() error {
	var errs []error
	for i, s := range st.stmts {
		if s != nil {
			errs = append(errs, s.Close())
			st.stmts[i], st.exec[i] = nil, nil
		}
	}
	return errors.Join(errs...)
}

// run runs statement i with vals as its arguments, in order.
func (st *sqliteCommitStmts) run(ctx context.Context, i int, vals ...driver.Value) (driver.Result, error) {
	args := st.args[:len(vals)]
	for k, v := range vals {
		args[k] = driver.NamedValue{Ordinal: k + 1, Value: v}
	}
	return st.exec[i].ExecContext(ctx, args)
}

// commitStmtsOn returns Commit's statements on the writer's driver
// connection dc, preparing them if dc is not the connection they were
// prepared on. Statements of an earlier connection are dropped, not
// closed: database/sql closed that connection, and finalizing a statement
// needs its connection open. The caller holds commitMu.
func (s *sqliteStore) commitStmtsOn(ctx context.Context, dc any) (*sqliteCommitStmts, error) {
	if s.commit != nil && s.commit.conn == dc {
		return s.commit, nil
	}
	s.commit = nil
	prep, ok := dc.(driver.ConnPrepareContext)
	if !ok {
		return nil, fmt.Errorf("driver connection %T cannot prepare with a context", dc)
	}
	st := &sqliteCommitStmts{conn: dc}
	for i := range st.stmts {
		ds, err := prep.PrepareContext(ctx, sqliteCommitSQL(i))
		if err != nil {
			return nil, errors.Join(err, st.close())
		}
		st.stmts[i] = ds
		if st.exec[i], ok = ds.(driver.StmtExecContext); !ok {
			return nil, errors.Join(fmt.Errorf("driver statement %T cannot execute with a context", ds), st.close())
		}
	}
	s.commit = st
	return st, nil
}

// closeCommitStmts finalizes Commit's statements, if they were prepared
// on the writer's current connection.
func (s *sqliteStore) closeCommitStmts() error {
	s.commitMu.Lock()
	defer s.commitMu.Unlock()
	st := s.commit
	if st == nil {
		return nil
	}
	s.commit = nil
	conn, err := s.w.Conn(context.Background())
	if err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	defer conn.Close()
	return conn.Raw(func(dc any) error {
		if dc != st.conn {
			return nil // prepared on a connection closed since, and gone with it
		}
		return st.close()
	})
}

func (s *sqliteStore) Commit(ctx context.Context, b Batch) error {
	p, err := prepareBatch(b)
	if err != nil {
		return err
	}
	// INSERT OR IGNORE costs SQLite no more than a plain insert.
	p = p.freshAsDiscovered()
	// commitMu before the connection, as in closeCommitStmts.
	s.commitMu.Lock()
	defer s.commitMu.Unlock()
	conn, err := s.w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	defer conn.Close()
	if err := conn.Raw(func(dc any) error { return s.commitOn(ctx, dc, p) }); err != nil {
		return fmt.Errorf("store: commit to capture %d: %w", b.CaptureID, err)
	}
	s.ck.committed(len(p.records) + len(p.provenance) + len(p.discovered) + len(p.states) + len(p.graphs))
	return nil
}

// commitOn commits p in one IMMEDIATE transaction (the writer's _txlock)
// on the writer's driver connection dc. A failed rollback leaves the
// connection in doubt: driver.ErrBadConn among the errors makes
// database/sql close it.
func (s *sqliteStore) commitOn(ctx context.Context, dc any, p prepared) error {
	st, err := s.commitStmtsOn(ctx, dc)
	if err != nil {
		return fmt.Errorf("prepare: %w", err)
	}
	beginner, ok := dc.(driver.ConnBeginTx)
	if !ok {
		return fmt.Errorf("driver connection %T cannot begin with a context", dc)
	}
	tx, err := beginner.BeginTx(ctx, driver.TxOptions{})
	if err != nil {
		return err
	}
	if err := sqliteApply(ctx, st, p); err != nil {
		if rerr := tx.Rollback(); rerr != nil {
			return errors.Join(err, fmt.Errorf("rollback: %w", rerr), driver.ErrBadConn)
		}
		return err
	}
	// The driver rolls back a COMMIT that fails.
	return tx.Commit()
}

// sqliteApply writes records, then discoveries, then state changes, so a
// batch may settle the state of a URL it also discovers.
func sqliteApply(ctx context.Context, st *sqliteCommitStmts, p prepared) error {
	for _, r := range p.records {
		if _, err := st.run(ctx, sqliteInsRecord, r.CaptureID, r.URL, r.SURT, r.Time.UnixMicro(), string(r.RecordType), r.RecordID, int64(r.Status),
			r.MIME, r.PayloadDigest, r.TextDigest, r.Length, r.ETag, r.LastModified, r.WARCFile, r.Offset, r.RecordLength, r.Phase, r.PayloadSHA256); err != nil {
			return fmt.Errorf("record %s: %w", r.RecordID, err)
		}
	}
	for _, h := range p.provenance {
		if _, err := st.run(ctx, sqliteInsProvenance, h.CaptureID, h.Kind, h.Host, h.Address, h.Time.UnixMicro(), h.RecordID, h.WARCFile, h.Offset,
			h.Answers, h.Resolver, h.OverrideTarget, h.TLSVersion, h.CipherSuite, h.ALPN, h.SNI, h.Verdict, h.Subject, h.Issuer, h.NotAfter, h.CertSHA256); err != nil {
			return fmt.Errorf("provenance record %s: %w", h.RecordID, err)
		}
	}
	for _, g := range p.graphs {
		if _, err := st.run(ctx, sqliteSetGraph, g.captureID, g.url, g.links, g.feats, g.cats, g.sketch); err != nil {
			return fmt.Errorf("page graph of %s: %w", g.url, err)
		}
	}
	for _, u := range p.discovered {
		if _, err := st.run(ctx, sqliteInsURL, u.CaptureID, u.SURT, u.URL, u.Host, int64(u.Seq), int64(u.ParentSeq), u.HopPath, u.Via, u.Rate,
			string(u.State), int64(u.Attempts), u.RateSource); err != nil {
			return fmt.Errorf("discovered %s: %w", u.URL, err)
		}
	}
	if p.log != nil {
		if _, err := st.run(ctx, sqliteSetLogMark, p.captureID, p.log.Node, p.log.Bytes); err != nil {
			return fmt.Errorf("crawl.log mark: %w", err)
		}
	}
	for _, sc := range p.states {
		res, err := st.run(ctx, sqliteSetState, string(sc.State), int64(sc.Attempts), p.captureID, sc.SURT)
		if err != nil {
			return fmt.Errorf("state of %s: %w", sc.SURT, err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("state of %s: URL not in the capture's frontier", sc.SURT)
		}
	}
	return nil
}
