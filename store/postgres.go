package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/migrations"
)

// pgStore is the PostgreSQL store. Every Commit is one transaction whose
// statements travel in one pipelined batch (records and discovered URLs in
// one statement each over unnest()ed arrays, one primary-key update per
// state change), so a commit costs the same three round trips (begin,
// batch, commit) whatever its size. Commit and the reads a running crawl
// makes are retried when the connection is lost (see retrying).
type pgStore struct {
	log   *zap.Logger
	pool  *pgxpool.Pool
	retry backoff // for lost connections (see retrying)
	grown growth  // URLs inserted per capture, for analyzeGrown

	// Background work (analyzeGrown): life ends at Close, which then
	// waits for background.
	life       context.Context
	stop       context.CancelFunc
	background sync.WaitGroup
	analyzing  atomic.Bool
}

// pgIdleInTxParam and pgIdleInTxTimeout: the server ends a session idle
// inside a transaction for longer than this, releasing its locks; a DSN
// naming the parameter keeps its own value.
const (
	pgIdleInTxParam   = "idle_in_transaction_session_timeout"
	pgIdleInTxTimeout = "15s"
)

// pgMigrateLock is the advisory lock key that serialises Migrate across
// processes sharing a database ("SHARC" in ASCII).
const pgMigrateLock int64 = 0x5348415243

func openPostgres(ctx context.Context, dsn string, log *zap.Logger) (*pgStore, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, err
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		// Fail fast on an unreachable server instead of hanging start-up.
		cfg.ConnConfig.ConnectTimeout = 10 * time.Second
	}
	if _, set := cfg.ConnConfig.RuntimeParams[pgIdleInTxParam]; !set {
		// A process stalled inside a transaction (SIGSTOP, a frozen VM)
		// keeps its row locks while its connection stays up; the cluster's
		// lease queries skip locked rows, so its hosts would never be taken
		// over. The server ends such a session instead (docs/store.md).
		cfg.ConnConfig.RuntimeParams[pgIdleInTxParam] = pgIdleInTxTimeout
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	life, stop := context.WithCancel(context.Background())
	return &pgStore{log: log, pool: pool, retry: backoff{pgRetryFirst, pgRetryMaxWait, pgRetryBudget}, life: life, stop: stop}, nil
}

func (s *pgStore) Close() error {
	s.stop()
	s.waitBackground()
	s.pool.Close()
	return nil
}

// Migrate applies missing migrations in one transaction holding an
// advisory lock, so two daemons starting at once apply each migration once.
func (s *pgStore) Migrate(ctx context.Context) error {
	ms, err := migrations.For(migrations.Postgres)
	if err != nil {
		return err
	}
	var applied []migrations.Migration
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		applied = applied[:0] // a retried transaction starts over
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, pgMigrateLock); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TIMESTAMPTZ NOT NULL)`); err != nil {
			return err
		}
		var cur int
		if err := tx.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&cur); err != nil {
			return err
		}
		if err := checkSchemaVersion(cur, len(ms)); err != nil {
			return err
		}
		for _, m := range ms[cur:] {
			// No arguments: pgx sends it with the simple protocol, which
			// allows several statements.
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return fmt.Errorf("%04d_%s: %w", m.Version, m.Name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied) VALUES ($1, $2, now())`, m.Version, m.Name); err != nil {
				return fmt.Errorf("%04d_%s: %w", m.Version, m.Name, err)
			}
			s.log.Debug("store: applied migration", zap.Int("version", m.Version), zap.String("name", m.Name))
			applied = append(applied, m)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	logApplied(s.log, applied)
	return nil
}

func (s *pgStore) UpsertJob(ctx context.Context, name, yaml string) (Job, error) {
	var j Job
	err := s.pool.QueryRow(ctx, `INSERT INTO jobs (name, yaml, created) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO UPDATE SET yaml = excluded.yaml, archived = NULL
		RETURNING id, name, yaml, created`, name, yaml, dbTime(time.Now())).Scan(&j.ID, &j.Name, &j.YAML, &j.Created)
	if err != nil {
		return Job{}, fmt.Errorf("store: upsert job %q: %w", name, err)
	}
	j.Created = j.Created.UTC()
	return j, nil
}

const pgCaptureCols = `id, job_id, started, finished, status, strategy, mode, report, job_file, job_yaml, stop_reason, store_identity`

func scanPGCapture(row pgx.Row) (Capture, error) {
	var c Capture
	var finished *time.Time
	if err := row.Scan(&c.ID, &c.JobID, &c.Started, &finished, &c.Status, &c.Strategy, &c.Mode, &c.Report, &c.Owner.JobFile, &c.Owner.JobYAML, &c.StopReason, &c.Owner.StoreIdentity); err != nil {
		return Capture{}, err
	}
	c.Started = c.Started.UTC()
	if finished != nil {
		c.Finished = finished.UTC()
	}
	return c, nil
}

func (s *pgStore) OpenCapture(ctx context.Context, jobID int64, strategy, mode string) (Capture, bool, error) {
	// Select, else insert; the partial unique index makes a concurrent
	// insert of a second running capture a no-op, after which the select
	// finds the winner's row.
	for range 3 {
		c, err := scanPGCapture(s.pool.QueryRow(ctx, `SELECT `+pgCaptureCols+` FROM captures WHERE job_id = $1 AND status = 'running'`, jobID))
		if err == nil {
			return c, true, nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return Capture{}, false, fmt.Errorf("store: open capture of job %d: %w", jobID, err)
		}
		c, err = scanPGCapture(s.pool.QueryRow(ctx, `INSERT INTO captures (job_id, started, status, strategy, mode)
			VALUES ($1, $2, 'running', $3, $4)
			ON CONFLICT (job_id) WHERE status = 'running' DO NOTHING
			RETURNING `+pgCaptureCols, jobID, dbTime(time.Now()), strategy, mode))
		if err == nil {
			return c, false, nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return Capture{}, false, fmt.Errorf("store: open capture of job %d: %w", jobID, err)
		}
	}
	return Capture{}, false, fmt.Errorf("store: open capture of job %d: running capture keeps appearing and vanishing", jobID)
}

func (s *pgStore) RunningCapture(ctx context.Context, name string) (Capture, error) {
	c, err := scanPGCapture(s.pool.QueryRow(ctx, `SELECT `+prefixCols("c.", pgCaptureCols)+`
		FROM captures c JOIN jobs j ON j.id = c.job_id WHERE j.name = $1 AND c.status = 'running'`, name))
	if errors.Is(err, pgx.ErrNoRows) {
		return Capture{}, fmt.Errorf("store: running capture of job %q: %w", name, ErrNotFound)
	}
	if err != nil {
		return Capture{}, fmt.Errorf("store: running capture of job %q: %w", name, err)
	}
	return c, nil
}

func (s *pgStore) SetCaptureOwner(ctx context.Context, captureID int64, o CaptureOwner) error {
	tag, err := s.pool.Exec(ctx, `UPDATE captures SET job_file = $1, job_yaml = $2, store_identity = $3 WHERE id = $4`, o.JobFile, o.JobYAML, o.StoreIdentity, captureID)
	return pgOneRow(tag.RowsAffected(), err, "set capture owner", captureID)
}

func (s *pgStore) FinishCapture(ctx context.Context, captureID int64, status CaptureStatus) error {
	if err := checkFinishStatus(status); err != nil {
		return err
	}
	var tag pgconn.CommandTag
	err := s.retrying(ctx, "finish capture", func() (err error) {
		tag, err = s.pool.Exec(ctx, `UPDATE captures SET status = $1, finished = $2 WHERE id = $3`, status, dbTime(time.Now()), captureID)
		return err
	})
	return pgOneRow(tag.RowsAffected(), err, "finish capture", captureID)
}

func (s *pgStore) SetStopReason(ctx context.Context, captureID int64, reason string) error {
	var tag pgconn.CommandTag
	err := s.retrying(ctx, "set stop reason", func() (err error) {
		tag, err = s.pool.Exec(ctx, `UPDATE captures SET stop_reason = $1 WHERE id = $2`, reason, captureID)
		return err
	})
	return pgOneRow(tag.RowsAffected(), err, "set stop reason", captureID)
}

func (s *pgStore) SetReport(ctx context.Context, captureID int64, report []byte) error {
	tag, err := s.pool.Exec(ctx, `UPDATE captures SET report = $1 WHERE id = $2`, report, captureID)
	return pgOneRow(tag.RowsAffected(), err, "set report", captureID)
}

func pgOneRow(n int64, err error, op string, id int64) error {
	if err != nil {
		return fmt.Errorf("store: %s %d: %w", op, id, err)
	}
	if n == 0 {
		return fmt.Errorf("store: %s %d: %w", op, id, ErrNotFound)
	}
	return nil
}

func (s *pgStore) Capture(ctx context.Context, captureID int64) (Capture, error) {
	c, err := scanPGCapture(s.pool.QueryRow(ctx, `SELECT `+pgCaptureCols+` FROM captures WHERE id = $1`, captureID))
	if errors.Is(err, pgx.ErrNoRows) {
		return Capture{}, fmt.Errorf("store: capture %d: %w", captureID, ErrNotFound)
	}
	if err != nil {
		return Capture{}, fmt.Errorf("store: capture %d: %w", captureID, err)
	}
	return c, nil
}

func (s *pgStore) Captures(ctx context.Context, jobID int64) ([]Capture, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+pgCaptureCols+` FROM captures WHERE job_id = $1 ORDER BY id`, jobID)
	if err != nil {
		return nil, fmt.Errorf("store: captures of job %d: %w", jobID, err)
	}
	cs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Capture, error) { return scanPGCapture(r) })
	if err != nil {
		return nil, fmt.Errorf("store: captures of job %d: %w", jobID, err)
	}
	return cs, nil
}

// The unnest statements: one per kind of row, whatever the batch size.
const (
	pgInsertRecords = `INSERT INTO records (` + recordInsertCols + `)
		SELECT $1, * FROM unnest($2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::int[], $8::text[],
			$9::text[], $10::text[], $11::bigint[], $12::text[], $13::text[], $14::text[], $15::bigint[], $16::bigint[], $17::text[], $18::text[])`
	pgInsertURLs = `INSERT INTO urls (` + urlCols + `)
		SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[], $8::text[],
			$9::float8[], $10::text[], $11::int[], $12::text[])
		ON CONFLICT (capture_id, surt) DO NOTHING`
	// pgInsertNewURLs inserts Batch.Fresh. Without ON CONFLICT a new row
	// costs one descent of urls_pkey (its uniqueness check) where the
	// probe of ON CONFLICT and the speculative insertion it guards took
	// two and an extra WAL record: the backend's CPU per commit of
	// BenchmarkCommitScale fell by 8 % (docs/benchmarks.md).
	pgInsertNewURLs = `INSERT INTO urls (` + urlCols + `)
		SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[], $8::text[],
			$9::float8[], $10::text[], $11::int[], $12::text[])`
	// State changes go one statement per URL, each planned with its
	// values (pgCustomPlans). A primary-key lookup is then the only
	// sensible plan once the capture has more than a few hundred URLs,
	// whatever the statistics. Left to pgx's cached prepared statement,
	// PostgreSQL switches to a generic plan at the sixth execution, i.e.
	// in the second commit of a capture, while urls is tiny and, with
	// autovacuum off, never analyzed: both urls_pkey and urls_host_seq
	// then cost "one row", the tie goes to urls_host_seq, and the cached
	// plan reads every URL of the capture by capture_id and filters on
	// surt (EXPLAIN ANALYZE: 30,197 buffer hits, 23 ms per update at 30k
	// URLs) until something invalidates it, which without ANALYZE may be
	// never. A set-based update over unnest() needs statistics for the
	// same reason: without them the planner guesses 0.5% of the rows for
	// capture_id and hash-joins against a scan of the whole capture.
	// So does this one over an array of a hundred SURTs: the store keeps
	// the statistics of urls up to date as captures grow (analyzeGrown).
	pgSetState = `UPDATE urls SET state = $3, attempts = $4 WHERE capture_id = $1 AND surt = ANY($2::text[])`
	// pgCustomPlans makes the rest of the transaction plan each statement
	// with its parameters instead of a cached generic plan.
	pgCustomPlans = `SET LOCAL plan_cache_mode = force_custom_plan`
)

func (s *pgStore) Commit(ctx context.Context, b Batch) error {
	p, err := prepareBatch(b)
	if err != nil {
		return err
	}
	if len(p.records)+len(p.discovered)+len(p.fresh)+len(p.states)+len(p.graphs) == 0 && p.log == nil {
		return nil
	}
	err = s.commitPrepared(ctx, p)
	if len(p.fresh) > 0 && isUniqueViolation(err) {
		// A URL the crawler took for new is in the capture (a race
		// with another writer, or a fingerprint the frontier forgot):
		// nothing was written; probe them all this time.
		s.log.Warn("store: a URL committed as new is already in the capture; committing again", zap.Int64("capture", p.captureID), zap.Error(err))
		err = s.commitPrepared(ctx, p.freshAsDiscovered())
	}
	if err != nil {
		return fmt.Errorf("store: commit to capture %d: %w", b.CaptureID, err)
	}
	s.analyzeGrown(p.captureID, len(p.discovered)+len(p.fresh))
	return nil
}

// commitPrepared is one Commit of p, retried while the connection is lost.
func (s *pgStore) commitPrepared(ctx context.Context, p prepared) error {
	again := false
	return s.retrying(ctx, "commit", func() error {
		if again {
			// The last attempt may have committed before its
			// acknowledgement was lost: index rows must not go in twice.
			if done, err := s.landed(ctx, p); err != nil || done {
				return err
			}
		}
		again = true
		// A new batch each time: a sent one holds the statement
		// descriptions of the connection it went out on.
		var batch pgx.Batch
		batch.Queue("BEGIN")
		queueRecords(&batch, p.captureID, p.records)
		queueProvenance(&batch, p.provenance)
		queueGraphs(&batch, p.graphs) // upserts: a retry after a lost acknowledgement is harmless
		queueURLs(&batch, p.captureID, p.discovered)
		queueURLsAs(&batch, pgInsertNewURLs, p.captureID, p.fresh)
		queueLogMark(&batch, p.captureID, p.log)
		checks := queueStates(&batch, p.captureID, p.states)
		return s.sendTx(ctx, &batch, checks)
	})
}

// isUniqueViolation reports whether err is PostgreSQL's unique_violation.
func isUniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// sendTx runs batch, which opens a transaction with BEGIN, checks it as
// sendChecked does, and commits it: two round trips where pgx.BeginFunc
// takes three (BEGIN alone, the batch, COMMIT). Each round trip is a
// wake-up of the server and of the client, which on a loaded machine
// costs more than the statements. On any failure the connection is
// rolled back; should that fail too, the pool drops the connection, which
// it does for any connection released inside a transaction.
// pgRollbackWait bounds the ROLLBACK after a failed batch: on a server
// that stopped answering, the pool drops the connection instead.
const pgRollbackWait = 5 * time.Second

func (s *pgStore) sendTx(ctx context.Context, batch *pgx.Batch, checks stateChecks) error {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if err := sendChecked(ctx, conn, batch, checks); err != nil {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), pgRollbackWait)
		_, _ = conn.Exec(rctx, "ROLLBACK")
		cancel()
		return err
	}
	tag, err := conn.Exec(ctx, "COMMIT")
	if err == nil && tag.String() != "COMMIT" {
		// The server answers COMMIT of a failed transaction with ROLLBACK.
		err = fmt.Errorf("transaction rolled back (%s)", tag)
	}
	return err
}

func (s *pgStore) Frontier(ctx context.Context, captureID int64) ([]FrontierURL, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+urlCols+` FROM urls WHERE capture_id = $1 ORDER BY host, seq`, captureID)
	if err != nil {
		return nil, fmt.Errorf("store: frontier of capture %d: %w", captureID, err)
	}
	us, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (FrontierURL, error) {
		var u FrontierURL
		var state string
		err := r.Scan(&u.CaptureID, &u.SURT, &u.URL, &u.Host, &u.Seq, &u.ParentSeq, &u.HopPath, &u.Via, &u.Rate, &state, &u.Attempts, &u.RateSource)
		u.State = URLState(state)
		return u, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: frontier of capture %d: %w", captureID, err)
	}
	return us, nil
}

func (s *pgStore) FrontierHosts(ctx context.Context, captureID int64) ([]HostSummary, error) {
	rows, err := s.pool.Query(ctx, fmt.Sprintf(hostSummarySQL, "$1"), captureID)
	if err != nil {
		return nil, fmt.Errorf("store: frontier hosts of capture %d: %w", captureID, err)
	}
	hs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (HostSummary, error) {
		var h HostSummary
		var urls, fin int64
		var next int32
		err := r.Scan(&h.Host, &urls, &fin, &next)
		h.URLs, h.Finished, h.NextSeq = int(urls), int(fin), int(next)
		return h, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: frontier hosts of capture %d: %w", captureID, err)
	}
	return hs, nil
}

func scanPGRecord(row pgx.Row) (Record, error) {
	var r Record
	err := row.Scan(&r.CaptureID, &r.URL, &r.SURT, &r.Time, &r.RecordType, &r.RecordID, &r.Status, &r.MIME, &r.PayloadDigest, &r.TextDigest,
		&r.Length, &r.ETag, &r.LastModified, &r.WARCFile, &r.Offset, &r.RecordLength, &r.Phase, &r.PayloadSHA256)
	r.Time = r.Time.UTC()
	return r, err
}

func (s *pgStore) Records(ctx context.Context, captureID int64) ([]Record, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+recordInsertCols+` FROM records WHERE capture_id = $1 ORDER BY surt, time, id`, captureID)
	if err != nil {
		return nil, fmt.Errorf("store: records of capture %d: %w", captureID, err)
	}
	rs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Record, error) { return scanPGRecord(r) })
	if err != nil {
		return nil, fmt.Errorf("store: records of capture %d: %w", captureID, err)
	}
	return rs, nil
}

func (s *pgStore) LastCapture(ctx context.Context, url string) (Record, error) {
	// QueryExecModeExec (unnamed statement) plans every call afresh: a
	// cached generic plan made while the table was small could keep
	// scanning all records long after it has grown (see pgSetState).
	var r Record
	err := s.retrying(ctx, "last capture", func() (err error) {
		r, err = scanPGRecord(s.pool.QueryRow(ctx, pgLastCaptureSQL, pgx.QueryExecModeExec, url))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return Record{}, fmt.Errorf("store: last capture of %s: %w", url, ErrNotFound)
	}
	if err != nil {
		return Record{}, fmt.Errorf("store: last capture of %s: %w", url, err)
	}
	return r, nil
}

// pgFirstByDigestSQL is served by the partial index records_capture_digest,
// in its order.
const pgFirstByDigestSQL = `SELECT ` + recordInsertCols + ` FROM records
	WHERE capture_id = $1 AND payload_digest = $2 AND record_type = 'response' ORDER BY time, id LIMIT 1`

func (s *pgStore) FirstByDigest(ctx context.Context, captureID int64, digest string) (Record, bool, error) {
	// Planned per call like LastCapture: a generic plan cached while the
	// table was small could keep scanning the capture's records later.
	var r Record
	err := s.retrying(ctx, "first by digest", func() (err error) {
		r, err = scanPGRecord(s.pool.QueryRow(ctx, pgFirstByDigestSQL, pgx.QueryExecModeExec, captureID, digest))
		return err
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return Record{}, false, nil
	}
	if err != nil {
		return Record{}, false, fmt.Errorf("store: first response with digest %s in capture %d: %w", digest, captureID, err)
	}
	return r, true, nil
}

func (s *pgStore) FileEnds(ctx context.Context, captureID int64) (map[string]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT warc_file, MAX(file_offset + record_length) FROM records
		WHERE capture_id = $1 AND warc_file <> '' GROUP BY warc_file`, captureID)
	if err != nil {
		return nil, fmt.Errorf("store: file ends of capture %d: %w", captureID, err)
	}
	defer rows.Close()
	ends := make(map[string]int64)
	for rows.Next() {
		var f string
		var end int64
		if err := rows.Scan(&f, &end); err != nil {
			return nil, fmt.Errorf("store: file ends of capture %d: %w", captureID, err)
		}
		ends[f] = end
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: file ends of capture %d: %w", captureID, err)
	}
	return ends, nil
}

// pgHistorySQL is served by the partial index records_url_history.
const pgHistorySQL = `SELECT ` + recordInsertCols + ` FROM records
	WHERE url = $1 AND record_type IN ('response', 'revisit') ORDER BY time, id`

func (s *pgStore) History(ctx context.Context, url string) ([]Record, error) {
	// Planned per call like LastCapture: a generic plan cached while the
	// table was small could ignore records_url_history later.
	var rs []Record
	err := s.retrying(ctx, "history", func() error {
		rows, err := s.pool.Query(ctx, pgHistorySQL, pgx.QueryExecModeExec, url)
		if err == nil {
			rs, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Record, error) { return scanPGRecord(r) })
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: history of %s: %w", url, err)
	}
	return rs, nil
}

func (s *pgStore) JobCaptureSizes(ctx context.Context, captureID int64) (map[string]int, error) {
	var jobID int64
	err := s.pool.QueryRow(ctx, `SELECT job_id FROM captures WHERE id = $1`, captureID).Scan(&jobID)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("store: capture sizes for capture %d: %w", captureID, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("store: capture sizes for capture %d: %w", captureID, err)
	}
	rows, err := s.pool.Query(ctx, jobCaptureSizesSQL(`$1`, `$2`), jobID, captureID)
	if err != nil {
		return nil, fmt.Errorf("store: capture sizes for capture %d: %w", captureID, err)
	}
	defer rows.Close()
	sizes := make(map[string]int)
	for rows.Next() {
		var host string
		var n int64
		if err := rows.Scan(&host, &n); err != nil {
			return nil, fmt.Errorf("store: capture sizes for capture %d: %w", captureID, err)
		}
		sizes[host] = int(n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: capture sizes for capture %d: %w", captureID, err)
	}
	return sizes, nil
}

// queueRecords queues one array insert of a batch's index rows.
func queueRecords(batch *pgx.Batch, captureID int64, recs []Record) {
	n := len(recs)
	if n == 0 {
		return
	}
	var (
		url, surt, typ, id, mime, pd, td, etag, lm, file, phase, sha = make([]string, n), make([]string, n), make([]string, n), make([]string, n),
			make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
		ts                    = make([]time.Time, n)
		status                = make([]int32, n)
		length, offset, rlens = make([]int64, n), make([]int64, n), make([]int64, n)
	)
	for i, r := range recs {
		url[i], surt[i], ts[i], typ[i], id[i], status[i] = r.URL, r.SURT, r.Time, string(r.RecordType), r.RecordID, int32(r.Status)
		mime[i], pd[i], td[i], length[i], etag[i], lm[i] = r.MIME, r.PayloadDigest, r.TextDigest, r.Length, r.ETag, r.LastModified
		file[i], offset[i], rlens[i], phase[i], sha[i] = r.WARCFile, r.Offset, r.RecordLength, r.Phase, r.PayloadSHA256
	}
	batch.Queue(pgInsertRecords, captureID, url, surt, ts, typ, id, status, mime, pd, td, length, etag, lm, file, offset, rlens, phase, sha)
}

// pgLastCaptureSQL is LastCapture's query. The literal IN list lets the planner use the
// partial index records_url_history, read backwards; the second term keeps
// responses (see TestLastCapturePlan).
const pgLastCaptureSQL = `SELECT ` + recordInsertCols + ` FROM records
	WHERE url = $1 AND record_type IN ('response', 'revisit') AND record_type = 'response'
	ORDER BY time DESC, id DESC LIMIT 1`

// MaxURLBytes implements Store (PostgresMaxURLBytes).
func (s *pgStore) MaxURLBytes() int { return PostgresMaxURLBytes }
