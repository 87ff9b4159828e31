package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// This file holds what the quality report (package report) reads and
// writes in one streaming pass, so that its memory does not grow with the
// capture: the capture's pages with their records in SURT order, all its
// records, and the stored report's page rows (migration 0008). The
// report's summary is the JSON in captures.report (SetReport).

// IndexedRecord is a record with its row id in the index, by which a
// stored report page refers to its visit and revisit.
type IndexedRecord struct {
	ID int64
	Record
}

// ReportPage is one row of a stored capture report: a page's verdict as
// of the report's making (or a URL blocked by robots.txt or scope).
type ReportPage struct {
	URL     string
	Blocked bool
	Status  string
	Reason  string
	// VisitID and RevisitID are the record ids of the visit and revisit,
	// 0 for none.
	VisitID, RevisitID int64
	IntervalSeconds    float64
	Rate               float64
	RateSource         string
	ChangeProbability  float64
	// Similarity is nil when the shingle test was not run on the page.
	Similarity         *float64
	SpansReferenceTime bool
	State              string
}

// StoredReportPage is a ReportPage read back with the records it refers
// to (nil for none).
type StoredReportPage struct {
	ReportPage
	Visit, Revisit *Record
}

// Reports is the streaming access the quality report needs. Callbacks run
// while a query is open: they must not call back into the store on the
// same goroutine in a way that needs the same connection (other calls are
// fine; both stores have several read connections).
type Reports interface {
	// EachPage calls fn for every URL of a capture's frontier in SURT order,
	// with the response and revisit records of that very URL ordered by
	// time then insertion. The slice is reused between calls.
	EachPage(ctx context.Context, captureID int64, fn func(FrontierURL, []IndexedRecord) error) error
	// EachRecord calls fn for every record of a capture, in no set order.
	EachRecord(ctx context.Context, captureID int64, fn func(Record) error) error
	// LockReport keeps other processes from writing the capture's report
	// until unlock is called: cluster nodes each build the report of a
	// capture they saw finish, and rows of two builds must not interleave.
	// PostgreSQL holds an advisory lock on a connection of its own; an
	// SQLite index belongs to one process, and the lock is a no-op there.
	LockReport(ctx context.Context, captureID int64) (unlock func(), err error)
	// ClearReport removes a capture's stored report: its summary first
	// (so no reader sees a summary over partial rows), then its rows.
	ClearReport(ctx context.Context, captureID int64) error
	// AddReportPages inserts page rows of a capture's report; a report is
	// complete once its summary is stored with SetReport.
	AddReportPages(ctx context.Context, captureID int64, pages []ReportPage) error
	// EachReportPage calls fn for every stored page row (blocked false) or
	// blocked URL (blocked true) of a capture's report, in URL order.
	EachReportPage(ctx context.Context, captureID int64, blocked bool, fn func(StoredReportPage) error) error
}

var (
	_ Reports = (*sqliteStore)(nil)
	_ Reports = (*pgStore)(nil)
)

// rowScanner is what database/sql's and pgx's rows have in common.
type rowScanner interface{ Scan(dest ...any) error }

// pageGroup collects consecutive joined rows of one frontier URL.
type pageGroup struct {
	fn   func(FrontierURL, []IndexedRecord) error
	url  FrontierURL
	recs []IndexedRecord
	open bool
}

// add takes one joined row; rid is 0 when the URL has no record.
func (g *pageGroup) add(u FrontierURL, rid int64, r Record) error {
	if g.open && u.SURT != g.url.SURT {
		if err := g.flush(); err != nil {
			return err
		}
	}
	if !g.open {
		g.url, g.recs, g.open = u, g.recs[:0], true
	}
	if rid != 0 {
		g.recs = append(g.recs, IndexedRecord{ID: rid, Record: r})
	}
	return nil
}

func (g *pageGroup) flush() error {
	if !g.open {
		return nil
	}
	g.open = false
	return g.fn(g.url, g.recs)
}

// pageJoin is the pages-with-records query; %s are the dialect's
// placeholder, zero time and boolean forms. The LEFT JOIN keeps URLs
// without records; record columns are COALESCEd so the ordinary scanners
// read them.
const pageJoin = `SELECT u.capture_id, u.surt, u.url, u.host, u.seq, u.parent_seq, u.hop_path, u.via, u.rate, u.state, u.attempts, u.rate_source,
	COALESCE(r.id, 0), u.capture_id, COALESCE(r.url, ''), u.surt, COALESCE(r.time, %[2]s), COALESCE(r.record_type, ''), COALESCE(r.record_id, ''),
	COALESCE(r.status, 0), COALESCE(r.mime, ''), COALESCE(r.payload_digest, ''), COALESCE(r.text_digest, ''), COALESCE(r.length, 0),
	COALESCE(r.etag, ''), COALESCE(r.last_modified, ''), COALESCE(r.warc_file, ''), COALESCE(r.file_offset, 0),
	COALESCE(r.record_length, 0), COALESCE(r.phase, ''), COALESCE(r.payload_sha256, '')
	FROM urls u LEFT JOIN records r ON r.capture_id = u.capture_id AND r.surt = u.surt AND r.url = u.url
		AND r.record_type IN ('response', 'revisit')
	WHERE u.capture_id = %[1]s ORDER BY u.surt, r.time, r.id`

// reportPageCols are report_pages' columns in ReportPage order.
const reportPageCols = `capture_id, url, blocked, status, reason, visit_id, revisit_id, interval_seconds, rate, rate_source,
	change_probability, similarity, spans_reference_time, state`

// reportPageQuery reads page rows with the fields of their two records
// that a report shows, given the dialect's two placeholders and zero time.
func reportPageQuery(capture, blocked, zeroTime string) string {
	return `SELECT p.url, p.blocked, p.status, p.reason, p.visit_id, p.revisit_id, p.interval_seconds, p.rate, p.rate_source,
	p.change_probability, p.similarity, p.spans_reference_time, p.state,
	` + downloadCols("v", zeroTime) + `,
	` + downloadCols("r", zeroTime) + `
	FROM report_pages p LEFT JOIN records v ON v.id = p.visit_id LEFT JOIN records r ON r.id = p.revisit_id
	WHERE p.capture_id = ` + capture + ` AND p.blocked = ` + blocked + ` ORDER BY p.url`
}

func downloadCols(t, zeroTime string) string {
	return fmt.Sprintf(`COALESCE(%[1]s.time, %[2]s), COALESCE(%[1]s.status, 0), COALESCE(%[1]s.record_type, ''), COALESCE(%[1]s.phase, ''),
	COALESCE(%[1]s.mime, ''), COALESCE(%[1]s.payload_digest, ''), COALESCE(%[1]s.record_id, ''), COALESCE(%[1]s.warc_file, ''),
	COALESCE(%[1]s.file_offset, 0), COALESCE(%[1]s.record_length, 0), COALESCE(%[1]s.payload_sha256, '')`, t, zeroTime)
}

// scanReportPage reads one reportPageQuery row; at gives a scan target
// for a time column as the dialect stores it, and its value once scanned.
func scanReportPage(row rowScanner, at func() (any, func() time.Time)) (StoredReportPage, error) {
	var p StoredReportPage
	var sim sql.NullFloat64
	var v, r Record
	vt, vTime := at()
	rt, rTime := at()
	err := row.Scan(&p.URL, &p.Blocked, &p.Status, &p.Reason, &p.VisitID, &p.RevisitID, &p.IntervalSeconds, &p.Rate, &p.RateSource,
		&p.ChangeProbability, &sim, &p.SpansReferenceTime, &p.State,
		vt, &v.Status, &v.RecordType, &v.Phase, &v.MIME, &v.PayloadDigest, &v.RecordID, &v.WARCFile, &v.Offset, &v.RecordLength, &v.PayloadSHA256,
		rt, &r.Status, &r.RecordType, &r.Phase, &r.MIME, &r.PayloadDigest, &r.RecordID, &r.WARCFile, &r.Offset, &r.RecordLength, &r.PayloadSHA256)
	if err != nil {
		return p, err
	}
	if sim.Valid {
		p.Similarity = &sim.Float64
	}
	if p.VisitID != 0 {
		v.Time, v.URL = vTime(), p.URL
		p.Visit = &v
	}
	if p.RevisitID != 0 {
		r.Time, r.URL = rTime(), p.URL
		p.Revisit = &r
	}
	return p, nil
}

func reportPageArgs(captureID int64, p ReportPage) []any {
	var sim any
	if p.Similarity != nil {
		sim = *p.Similarity
	}
	return []any{captureID, p.URL, p.Blocked, p.Status, p.Reason, p.VisitID, p.RevisitID, p.IntervalSeconds, p.Rate, p.RateSource,
		p.ChangeProbability, sim, p.SpansReferenceTime, p.State}
}

// SQLite.

func (s *sqliteStore) EachPage(ctx context.Context, captureID int64, fn func(FrontierURL, []IndexedRecord) error) error {
	g := &pageGroup{fn: fn}
	err := sqliteEach(ctx, s.r, func(row rowScanner) error {
		var u FrontierURL
		var state string
		var rid, t int64
		var r Record
		if err := row.Scan(&u.CaptureID, &u.SURT, &u.URL, &u.Host, &u.Seq, &u.ParentSeq, &u.HopPath, &u.Via, &u.Rate, &state, &u.Attempts, &u.RateSource,
			&rid, &r.CaptureID, &r.URL, &r.SURT, &t, &r.RecordType, &r.RecordID, &r.Status, &r.MIME, &r.PayloadDigest, &r.TextDigest,
			&r.Length, &r.ETag, &r.LastModified, &r.WARCFile, &r.Offset, &r.RecordLength, &r.Phase, &r.PayloadSHA256); err != nil {
			return err
		}
		u.State, r.Time = URLState(state), fromMicros(t)
		return g.add(u, rid, r)
	}, fmt.Sprintf(pageJoin, "?", "0"), captureID)
	if err == nil {
		err = g.flush()
	}
	if err != nil {
		return fmt.Errorf("store: pages of capture %d: %w", captureID, err)
	}
	return nil
}

func (s *sqliteStore) EachRecord(ctx context.Context, captureID int64, fn func(Record) error) error {
	err := sqliteEach(ctx, s.r, func(row rowScanner) error {
		r, err := scanSQLiteRecord(row)
		if err != nil {
			return err
		}
		return fn(r)
	}, `SELECT `+recordInsertCols+` FROM records WHERE capture_id = ?`, captureID)
	if err != nil {
		return fmt.Errorf("store: records of capture %d: %w", captureID, err)
	}
	return nil
}

func (s *sqliteStore) LockReport(context.Context, int64) (func(), error) { return func() {}, nil }

func (s *sqliteStore) ClearReport(ctx context.Context, captureID int64) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: clear report %d: %w", captureID, err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE captures SET report = NULL WHERE id = ?`, captureID)
	if err := sqliteOneRow(res, err, "clear report", captureID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM report_pages WHERE capture_id = ?`, captureID); err != nil {
		return fmt.Errorf("store: clear report %d: %w", captureID, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: clear report %d: %w", captureID, err)
	}
	return nil
}

func (s *sqliteStore) AddReportPages(ctx context.Context, captureID int64, pages []ReportPage) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: report pages of capture %d: %w", captureID, err)
	}
	defer tx.Rollback()
	st, err := tx.PrepareContext(ctx, `INSERT INTO report_pages (`+reportPageCols+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("store: report pages of capture %d: %w", captureID, err)
	}
	defer st.Close()
	for _, p := range pages {
		if _, err := st.ExecContext(ctx, reportPageArgs(captureID, p)...); err != nil {
			return fmt.Errorf("store: report page %s of capture %d: %w", p.URL, captureID, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: report pages of capture %d: %w", captureID, err)
	}
	return nil
}

func (s *sqliteStore) EachReportPage(ctx context.Context, captureID int64, blocked bool, fn func(StoredReportPage) error) error {
	at := func() (any, func() time.Time) {
		var t int64
		return &t, func() time.Time { return fromMicros(t) }
	}
	err := sqliteEach(ctx, s.r, func(row rowScanner) error {
		p, err := scanReportPage(row, at)
		if err != nil {
			return err
		}
		return fn(p)
	}, reportPageQuery("?", "?", "0"), captureID, blocked)
	if err != nil {
		return fmt.Errorf("store: report pages of capture %d: %w", captureID, err)
	}
	return nil
}

// sqliteEach runs a query and hands every row to each, without keeping
// the rows.
func sqliteEach(ctx context.Context, db *sql.DB, each func(rowScanner) error, query string, args ...any) error {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := each(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// PostgreSQL.

// pgZeroTime stands for "no record" in the joins; it never reaches a
// caller (the record id is 0 then).
const pgZeroTime = `'epoch'::timestamptz`

func (s *pgStore) EachPage(ctx context.Context, captureID int64, fn func(FrontierURL, []IndexedRecord) error) error {
	g := &pageGroup{fn: fn}
	err := s.each(ctx, func(row rowScanner) error {
		var u FrontierURL
		var state string
		var rid int64
		var r Record
		if err := row.Scan(&u.CaptureID, &u.SURT, &u.URL, &u.Host, &u.Seq, &u.ParentSeq, &u.HopPath, &u.Via, &u.Rate, &state, &u.Attempts, &u.RateSource,
			&rid, &r.CaptureID, &r.URL, &r.SURT, &r.Time, &r.RecordType, &r.RecordID, &r.Status, &r.MIME, &r.PayloadDigest, &r.TextDigest,
			&r.Length, &r.ETag, &r.LastModified, &r.WARCFile, &r.Offset, &r.RecordLength, &r.Phase, &r.PayloadSHA256); err != nil {
			return err
		}
		u.State, r.Time = URLState(state), r.Time.UTC()
		return g.add(u, rid, r)
	}, fmt.Sprintf(pageJoin, "$1", pgZeroTime), captureID)
	if err == nil {
		err = g.flush()
	}
	if err != nil {
		return fmt.Errorf("store: pages of capture %d: %w", captureID, err)
	}
	return nil
}

func (s *pgStore) EachRecord(ctx context.Context, captureID int64, fn func(Record) error) error {
	err := s.each(ctx, func(row rowScanner) error {
		r, err := scanPGRecord(row)
		if err != nil {
			return err
		}
		return fn(r)
	}, `SELECT `+recordInsertCols+` FROM records WHERE capture_id = $1`, captureID)
	if err != nil {
		return fmt.Errorf("store: records of capture %d: %w", captureID, err)
	}
	return nil
}

// pgReportLock is the class of the two-key advisory locks of reports
// ("SREP"); the second key is the capture id modulo 2^31 (a collision only
// serialises two builds).
const pgReportLock int32 = 0x53524550

func (s *pgStore) LockReport(ctx context.Context, captureID int64) (func(), error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: lock report %d: %w", captureID, err)
	}
	key := int32(captureID % (1 << 31))
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1, $2)`, pgReportLock, key); err != nil {
		conn.Release()
		return nil, fmt.Errorf("store: lock report %d: %w", captureID, err)
	}
	return func() {
		// A failed unlock closes the connection, which releases the lock.
		if _, err := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1, $2)`, pgReportLock, key); err != nil {
			conn.Conn().Close(context.Background())
		}
		conn.Release()
	}, nil
}

func (s *pgStore) ClearReport(ctx context.Context, captureID int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE captures SET report = NULL WHERE id = $1`, captureID)
		if err := pgOneRow(tag.RowsAffected(), err, "clear report", captureID); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM report_pages WHERE capture_id = $1`, captureID)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: clear report %d: %w", captureID, err)
	}
	return nil
}

// AddReportPages copies the rows in (COPY): one round trip per call
// whatever its size.
func (s *pgStore) AddReportPages(ctx context.Context, captureID int64, pages []ReportPage) error {
	cols := []string{"capture_id", "url", "blocked", "status", "reason", "visit_id", "revisit_id", "interval_seconds", "rate", "rate_source",
		"change_probability", "similarity", "spans_reference_time", "state"}
	_, err := s.pool.CopyFrom(ctx, pgx.Identifier{"report_pages"}, cols, pgx.CopyFromSlice(len(pages), func(i int) ([]any, error) {
		return reportPageArgs(captureID, pages[i]), nil
	}))
	if err != nil {
		return fmt.Errorf("store: report pages of capture %d: %w", captureID, err)
	}
	return nil
}

func (s *pgStore) EachReportPage(ctx context.Context, captureID int64, blocked bool, fn func(StoredReportPage) error) error {
	at := func() (any, func() time.Time) {
		var t time.Time
		return &t, func() time.Time { return t.UTC() }
	}
	err := s.each(ctx, func(row rowScanner) error {
		p, err := scanReportPage(row, at)
		if err != nil {
			return err
		}
		return fn(p)
	}, reportPageQuery("$1", "$2", pgZeroTime), captureID, blocked)
	if err != nil {
		return fmt.Errorf("store: report pages of capture %d: %w", captureID, err)
	}
	return nil
}

// each runs a query and hands every row to fn as pgx reads it, without
// keeping the rows.
func (s *pgStore) each(ctx context.Context, fn func(rowScanner) error, query string, args ...any) error {
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
