package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"
	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver

	"github.com/sharc-archive/sharc/migrations"
)

// sqliteStore is the embedded store. Writes go through one connection
// (SQLite has one writer anyway; queueing in database/sql is cheaper than
// spinning on SQLITE_BUSY) whose transactions begin IMMEDIATE so they never
// fail upgrading a read lock. Reads use a pool of read-only connections,
// which WAL mode lets run beside the writer.
type sqliteStore struct {
	path string // the database file: capture locks lie beside it (LockCapture)
	log  *zap.Logger
	w    *sql.DB
	r    *sql.DB

	// commit is Commit's statements, prepared on the writer connection
	// (sqlitecommit.go); commitMu guards it.
	commitMu sync.Mutex
	commit   *sqliteCommitStmts

	// ck checkpoints the WAL from its own connection, off the
	// committer's path (sqlitecheckpoint.go).
	ck *sqliteCheckpointer
	// reads are the per-page reads, prepared once (sqlitereads.go).
	reads sqliteReads
}

// sqlitePragmas apply to every connection. synchronous=NORMAL in WAL mode
// may lose the last transactions on power loss but never corrupts; the
// crawler's repair (FileEnds) copes with an index behind its WARC files.
const sqlitePragmas = "_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)"

// sqliteWALLimits are a store's WAL checkpoint settings
// (sqlitecheckpoint.go); tests lower them.
type sqliteWALLimits struct {
	// writerCap is the writer's wal_autocheckpoint, in pages: the commit
	// that brings the WAL past it copies the WAL into the database and
	// syncs both. SQLite's default, 1,000 pages (4 MB), is less than one
	// 100-page commit of a large capture dirties (each index entry lands
	// on a leaf of its own once the indexes outgrow the page cache), so
	// nearly every commit paid for a checkpoint and its fsyncs and wrote
	// the same hot pages (table tails, upper index levels) again. At
	// 25,000 pages (about 100 MB of WAL at 4 KiB pages)
	// BenchmarkCommitScale's 10^6 rows went in at 12,483-13,263 rows/s
	// against 8,817-9,029 (make bench-commit BACKEND=sqlite;
	// docs/benchmarks.md, "At capture scale"). Since issue 33 a
	// background connection checkpoints every checkpointRows rows, and
	// this is only the bound (sqliteWALCap). The WAL file grows to about
	// that size; a crash loses nothing more, since commits are in the WAL
	// either way, and Close checkpoints it all.
	writerCap int
	// checkpointRows is how many committed rows wake the background
	// checkpoint (sqliteCheckpointRows).
	checkpointRows int64
}

func openSQLite(ctx context.Context, path string, log *zap.Logger) (*sqliteStore, error) {
	return openSQLiteWAL(ctx, path, log, sqliteWALLimits{writerCap: sqliteWALCap, checkpointRows: sqliteCheckpointRows})
}

func openSQLiteWAL(ctx context.Context, path string, log *zap.Logger, wal sqliteWALLimits) (*sqliteStore, error) {
	path = strings.TrimPrefix(path, "//")
	if path == "" || strings.ContainsRune(path, '?') || strings.HasPrefix(path, ":memory:") {
		// An in-memory database would be private to each connection of
		// the two pools.
		return nil, errors.New("want sqlite:PATH with a file path (no '?', no :memory:)")
	}
	// The embedded store is a file the operator need not prepare: create
	// its directory, as the WARC writer does for its own.
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	// The writer checkpoints only past wal.writerCap; the background
	// checkpointer does the rest.
	w, err := sql.Open("sqlite", fmt.Sprintf("%s?%s&_txlock=immediate&_pragma=wal_autocheckpoint(%d)", path, sqlitePragmas, wal.writerCap))
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", path+"?"+sqlitePragmas+"&_pragma=query_only(1)")
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(max(2, runtime.GOMAXPROCS(0)))
	if err := r.PingContext(ctx); err != nil {
		w.Close()
		r.Close()
		return nil, err
	}
	ck, err := startCheckpointer(ctx, path, wal.checkpointRows, log)
	if err != nil {
		w.Close()
		r.Close()
		return nil, err
	}
	return &sqliteStore{log: log, path: path, w: w, r: r, ck: ck}, nil
}

// Close stops the background checkpoint before closing the writer, whose
// connection, the last to close, checkpoints the whole WAL.
func (s *sqliteStore) Close() error {
	err := s.closeCommitStmts()
	return errors.Join(err, s.reads.close(), s.ck.close(), s.r.Close(), s.w.Close())
}

// Migrate applies missing migrations in one IMMEDIATE transaction, which
// also serialises two processes migrating the same file.
func (s *sqliteStore) Migrate(ctx context.Context) error {
	ms, err := migrations.For(migrations.SQLite)
	if err != nil {
		return err
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	var cur int
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&cur); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	if err := checkSchemaVersion(cur, len(ms)); err != nil {
		return err
	}
	for _, m := range ms[cur:] {
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			return fmt.Errorf("store: migrate %04d_%s: %w", m.Version, m.Name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)`,
			m.Version, m.Name, time.Now().UnixMicro()); err != nil {
			return fmt.Errorf("store: migrate %04d_%s: %w", m.Version, m.Name, err)
		}
		s.log.Debug("store: applied migration", zap.Int("version", m.Version), zap.String("name", m.Name))
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	logApplied(s.log, ms[cur:])
	return nil
}

// logApplied says in one line which migrations a Migrate applied (none:
// nothing), so a first run's log is not a page of them; each one is
// logged at debug level as it is applied.
func logApplied(log *zap.Logger, applied []migrations.Migration) {
	if len(applied) == 0 {
		return
	}
	first, last := applied[0], applied[len(applied)-1]
	log.Info(fmt.Sprintf("store: applied %d migrations (%04d..%04d)", len(applied), first.Version, last.Version),
		zap.Int("from", first.Version), zap.Int("to", last.Version), zap.String("last", last.Name))
}

func checkSchemaVersion(cur, known int) error {
	if cur > known {
		return fmt.Errorf("store: migrate: database schema is at version %d, newer than this binary knows (%d); upgrade sharc", cur, known)
	}
	return nil
}

func micros(t time.Time) int64 { return dbTime(t).UnixMicro() }

func fromMicros(v int64) time.Time { return time.UnixMicro(v).UTC() }

func (s *sqliteStore) UpsertJob(ctx context.Context, name, yaml string) (Job, error) {
	var j Job
	var created int64
	err := s.w.QueryRowContext(ctx, `INSERT INTO jobs (name, yaml, created) VALUES (?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET yaml = excluded.yaml, archived = NULL
		RETURNING id, name, yaml, created`, name, yaml, micros(time.Now())).Scan(&j.ID, &j.Name, &j.YAML, &created)
	if err != nil {
		return Job{}, fmt.Errorf("store: upsert job %q: %w", name, err)
	}
	j.Created = fromMicros(created)
	return j, nil
}

const sqliteCaptureCols = `id, job_id, started, finished, status, strategy, mode, report, job_file, job_yaml, stop_reason, store_identity`

func scanSQLiteCapture(row interface{ Scan(...any) error }) (Capture, error) {
	var c Capture
	var started int64
	var finished sql.NullInt64
	if err := row.Scan(&c.ID, &c.JobID, &started, &finished, &c.Status, &c.Strategy, &c.Mode, &c.Report, &c.Owner.JobFile, &c.Owner.JobYAML, &c.StopReason, &c.Owner.StoreIdentity); err != nil {
		return Capture{}, err
	}
	c.Started = fromMicros(started)
	if finished.Valid {
		c.Finished = fromMicros(finished.Int64)
	}
	return c, nil
}

func (s *sqliteStore) OpenCapture(ctx context.Context, jobID int64, strategy, mode string) (Capture, bool, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return Capture{}, false, fmt.Errorf("store: open capture: %w", err)
	}
	defer tx.Rollback()
	c, err := scanSQLiteCapture(tx.QueryRowContext(ctx, `SELECT `+sqliteCaptureCols+` FROM captures WHERE job_id = ? AND status = 'running'`, jobID))
	resumed := err == nil
	switch {
	case resumed:
	case errors.Is(err, sql.ErrNoRows):
		c, err = scanSQLiteCapture(tx.QueryRowContext(ctx, `INSERT INTO captures (job_id, started, status, strategy, mode)
			VALUES (?, ?, 'running', ?, ?) RETURNING `+sqliteCaptureCols, jobID, micros(time.Now()), strategy, mode))
		if err != nil {
			return Capture{}, false, fmt.Errorf("store: open capture of job %d: %w", jobID, err)
		}
	default:
		return Capture{}, false, fmt.Errorf("store: open capture of job %d: %w", jobID, err)
	}
	if err := tx.Commit(); err != nil {
		return Capture{}, false, fmt.Errorf("store: open capture of job %d: %w", jobID, err)
	}
	return c, resumed, nil
}

func (s *sqliteStore) RunningCapture(ctx context.Context, name string) (Capture, error) {
	c, err := scanSQLiteCapture(s.r.QueryRowContext(ctx, `SELECT `+prefixCols("c.", sqliteCaptureCols)+`
		FROM captures c JOIN jobs j ON j.id = c.job_id WHERE j.name = ? AND c.status = 'running'`, name))
	if errors.Is(err, sql.ErrNoRows) {
		return Capture{}, fmt.Errorf("store: running capture of job %q: %w", name, ErrNotFound)
	}
	if err != nil {
		return Capture{}, fmt.Errorf("store: running capture of job %q: %w", name, err)
	}
	return c, nil
}

func (s *sqliteStore) SetCaptureOwner(ctx context.Context, captureID int64, o CaptureOwner) error {
	res, err := s.w.ExecContext(ctx, `UPDATE captures SET job_file = ?, job_yaml = ?, store_identity = ? WHERE id = ?`, o.JobFile, o.JobYAML, o.StoreIdentity, captureID)
	return sqliteOneRow(res, err, "set capture owner", captureID)
}

func (s *sqliteStore) FinishCapture(ctx context.Context, captureID int64, status CaptureStatus) error {
	if err := checkFinishStatus(status); err != nil {
		return err
	}
	res, err := s.w.ExecContext(ctx, `UPDATE captures SET status = ?, finished = ? WHERE id = ?`, status, micros(time.Now()), captureID)
	return sqliteOneRow(res, err, "finish capture", captureID)
}

func (s *sqliteStore) SetStopReason(ctx context.Context, captureID int64, reason string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE captures SET stop_reason = ? WHERE id = ?`, reason, captureID)
	return sqliteOneRow(res, err, "set stop reason", captureID)
}

func (s *sqliteStore) SetReport(ctx context.Context, captureID int64, report []byte) error {
	res, err := s.w.ExecContext(ctx, `UPDATE captures SET report = ? WHERE id = ?`, report, captureID)
	return sqliteOneRow(res, err, "set report", captureID)
}

func sqliteOneRow(res sql.Result, err error, op string, id int64) error {
	if err != nil {
		return fmt.Errorf("store: %s %d: %w", op, id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %s %d: %w", op, id, err)
	}
	if n == 0 {
		return fmt.Errorf("store: %s %d: %w", op, id, ErrNotFound)
	}
	return nil
}

func (s *sqliteStore) Capture(ctx context.Context, captureID int64) (Capture, error) {
	c, err := scanSQLiteCapture(s.r.QueryRowContext(ctx, `SELECT `+sqliteCaptureCols+` FROM captures WHERE id = ?`, captureID))
	if errors.Is(err, sql.ErrNoRows) {
		return Capture{}, fmt.Errorf("store: capture %d: %w", captureID, ErrNotFound)
	}
	if err != nil {
		return Capture{}, fmt.Errorf("store: capture %d: %w", captureID, err)
	}
	return c, nil
}

func (s *sqliteStore) Captures(ctx context.Context, jobID int64) ([]Capture, error) {
	cs, err := sqliteAll(ctx, s.r, scanSQLiteCapture, `SELECT `+sqliteCaptureCols+` FROM captures WHERE job_id = ? ORDER BY id`, jobID)
	if err != nil {
		return nil, fmt.Errorf("store: captures of job %d: %w", jobID, err)
	}
	return cs, nil
}

// Columns in the order the insert statements and scans use.
const (
	recordInsertCols = `capture_id, url, surt, time, record_type, record_id, status, mime, payload_digest, text_digest, length, etag, last_modified, warc_file, file_offset, record_length, phase, payload_sha256`
	urlCols          = `capture_id, surt, url, host, seq, parent_seq, hop_path, via, rate, state, attempts, rate_source`
)

// The frontier's queries: urls_host_seq serves both, in order
// (TestURLsQueriesUseIndexes).
const (
	sqliteFrontierSQL     = `SELECT ` + urlCols + ` FROM urls WHERE capture_id = ? ORDER BY host, seq`
	sqliteHostFrontierSQL = `SELECT ` + urlCols + ` FROM urls WHERE capture_id = ? AND host = ? ORDER BY seq`
)

func (s *sqliteStore) Frontier(ctx context.Context, captureID int64) ([]FrontierURL, error) {
	us, err := sqliteAll(ctx, s.r, scanSQLiteURL, sqliteFrontierSQL, captureID)
	if err != nil {
		return nil, fmt.Errorf("store: frontier of capture %d: %w", captureID, err)
	}
	return us, nil
}

func scanSQLiteURL(row interface{ Scan(...any) error }) (FrontierURL, error) {
	var u FrontierURL
	var state string
	err := row.Scan(&u.CaptureID, &u.SURT, &u.URL, &u.Host, &u.Seq, &u.ParentSeq, &u.HopPath, &u.Via, &u.Rate, &state, &u.Attempts, &u.RateSource)
	u.State = URLState(state)
	return u, err
}

func (s *sqliteStore) HostFrontier(ctx context.Context, captureID int64, host string) ([]FrontierURL, error) {
	us, err := sqliteAll(ctx, s.r, scanSQLiteURL, sqliteHostFrontierSQL, captureID, host)
	if err != nil {
		return nil, fmt.Errorf("store: frontier of %s in capture %d: %w", host, captureID, err)
	}
	return us, nil
}

// hostSummarySQL is shared by both stores (only the placeholder differs).
const hostSummarySQL = `SELECT host, count(*), count(*) FILTER (WHERE state IN ('done', 'failed', 'blocked')), max(seq) + 1
	FROM urls WHERE capture_id = %s GROUP BY host ORDER BY host`

func (s *sqliteStore) FrontierHosts(ctx context.Context, captureID int64) ([]HostSummary, error) {
	hs, err := sqliteAll(ctx, s.r, func(row interface{ Scan(...any) error }) (HostSummary, error) {
		var h HostSummary
		err := row.Scan(&h.Host, &h.URLs, &h.Finished, &h.NextSeq)
		return h, err
	}, fmt.Sprintf(hostSummarySQL, "?"), captureID)
	if err != nil {
		return nil, fmt.Errorf("store: frontier hosts of capture %d: %w", captureID, err)
	}
	return hs, nil
}

func scanSQLiteRecord(row interface{ Scan(...any) error }) (Record, error) {
	var r Record
	var t int64
	err := row.Scan(&r.CaptureID, &r.URL, &r.SURT, &t, &r.RecordType, &r.RecordID, &r.Status, &r.MIME, &r.PayloadDigest, &r.TextDigest,
		&r.Length, &r.ETag, &r.LastModified, &r.WARCFile, &r.Offset, &r.RecordLength, &r.Phase, &r.PayloadSHA256)
	r.Time = fromMicros(t)
	return r, err
}

func (s *sqliteStore) Records(ctx context.Context, captureID int64) ([]Record, error) {
	rs, err := sqliteAll(ctx, s.r, scanSQLiteRecord, `SELECT `+recordInsertCols+` FROM records WHERE capture_id = ? ORDER BY surt, time, id`, captureID)
	if err != nil {
		return nil, fmt.Errorf("store: records of capture %d: %w", captureID, err)
	}
	return rs, nil
}

func (s *sqliteStore) LastCapture(ctx context.Context, url string) (Record, error) {
	r, err := scanSQLiteRecord(s.queryRow(ctx, sqliteLastCaptureSQL, url))
	if errors.Is(err, sql.ErrNoRows) {
		return Record{}, fmt.Errorf("store: last capture of %s: %w", url, ErrNotFound)
	}
	if err != nil {
		return Record{}, fmt.Errorf("store: last capture of %s: %w", url, err)
	}
	return r, nil
}

// sqliteFirstByDigestSQL repeats records_capture_digest's WHERE literally
// (SQLite uses a partial index only then) and reads it in index order.
const sqliteFirstByDigestSQL = `SELECT ` + recordInsertCols + ` FROM records
	WHERE capture_id = ? AND payload_digest = ? AND record_type = 'response' ORDER BY time, id LIMIT 1`

func (s *sqliteStore) FirstByDigest(ctx context.Context, captureID int64, digest string) (Record, bool, error) {
	r, err := scanSQLiteRecord(s.queryRow(ctx, sqliteFirstByDigestSQL, captureID, digest))
	if errors.Is(err, sql.ErrNoRows) {
		return Record{}, false, nil
	}
	if err != nil {
		return Record{}, false, fmt.Errorf("store: first response with digest %s in capture %d: %w", digest, captureID, err)
	}
	return r, true, nil
}

func (s *sqliteStore) FileEnds(ctx context.Context, captureID int64) (map[string]int64, error) {
	ends, err := sqliteCounts[int64](ctx, s.r, `SELECT warc_file, MAX(file_offset + record_length) FROM records
		WHERE capture_id = ? AND warc_file <> '' GROUP BY warc_file`, captureID)
	if err != nil {
		return nil, fmt.Errorf("store: file ends of capture %d: %w", captureID, err)
	}
	return ends, nil
}

// sqliteHistorySQL repeats records_url_history's WHERE literally: SQLite
// uses a partial index only when the query's WHERE contains the index's.
const sqliteHistorySQL = `SELECT ` + recordInsertCols + ` FROM records
	WHERE url = ? AND record_type IN ('response', 'revisit') ORDER BY time, id`

func (s *sqliteStore) History(ctx context.Context, url string) ([]Record, error) {
	rs, err := sqliteAllPrepared(ctx, s, scanSQLiteRecord, sqliteHistorySQL, url)
	if err != nil {
		return nil, fmt.Errorf("store: history of %s: %w", url, err)
	}
	return rs, nil
}

func (s *sqliteStore) JobCaptureSizes(ctx context.Context, captureID int64) (map[string]int, error) {
	var jobID int64
	err := s.r.QueryRowContext(ctx, `SELECT job_id FROM captures WHERE id = ?`, captureID).Scan(&jobID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: capture sizes for capture %d: %w", captureID, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: capture sizes for capture %d: %w", captureID, err)
	}
	sizes, err := sqliteCounts[int](ctx, s.r, jobCaptureSizesSQL(`?`, `?`), jobID, captureID)
	if err != nil {
		return nil, fmt.Errorf("store: capture sizes for capture %d: %w", captureID, err)
	}
	return sizes, nil
}

// sqliteAll runs a query and scans every row with scan.
func sqliteAll[T any](ctx context.Context, db *sql.DB, scan func(interface{ Scan(...any) error }) (T, error), query string, args ...any) ([]T, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return collectRows(rows, scan)
}

// collectRows scans every row of rows, and closes them.
func collectRows[T any](rows *sql.Rows, scan func(interface{ Scan(...any) error }) (T, error)) ([]T, error) {
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// sqliteCounts runs a query of (key, value) rows into a map.
func sqliteCounts[V any](ctx context.Context, db *sql.DB, query string, args ...any) (map[string]V, error) {
	type pair struct {
		k string
		v V
	}
	ps, err := sqliteAll(ctx, db, func(row interface{ Scan(...any) error }) (pair, error) {
		var p pair
		err := row.Scan(&p.k, &p.v)
		return p, err
	}, query, args...)
	if err != nil {
		return nil, err
	}
	m := make(map[string]V, len(ps))
	for _, p := range ps {
		m[p.k] = p.v
	}
	return m, nil
}

// sqliteLastCaptureSQL is LastCapture's query. The literal IN list lets the planner use the
// partial index records_url_history, read backwards; the second term keeps
// responses (see TestLastCapturePlan).
const sqliteLastCaptureSQL = `SELECT ` + recordInsertCols + ` FROM records
	WHERE url = ? AND record_type IN ('response', 'revisit') AND record_type = 'response'
	ORDER BY time DESC, id DESC LIMIT 1`

// MaxURLBytes implements Store: SQLite indexes text of any length.
func (s *sqliteStore) MaxURLBytes() int { return 0 }
