package store

import (
	"context"
	"fmt"
	"strings"
)

// This file compares a capture with an earlier capture of its job, URL by
// URL, for the web console's change plots (thesis §8.3 area plots across a
// capture series, §8.4 change-pattern scatterplot): is a URL new, changed,
// unchanged, or gone (deleted)?

// ChangeKind is how a URL of a capture compares with the previous one.
type ChangeKind string

const (
	ChangeNew       ChangeKind = "new"       // not archived by the previous capture
	ChangeChanged   ChangeKind = "changed"   // archived by both, payload digests differ
	ChangeUnchanged ChangeKind = "unchanged" // same payload digest (or a 304 revisit)
	ChangeDeleted   ChangeKind = "deleted"   // archived by the previous capture only
)

// PageClass groups URLs by media type for the §8.3 series.
type PageClass string

const (
	ClassHTML  PageClass = "html"  // text/html, application/xhtml+xml
	ClassImage PageClass = "image" // image/*
	ClassOther PageClass = "other" // anything else (scripts, styles, PDFs, …)
)

// PageChange is one URL of a capture compared with the previous capture.
type PageChange struct {
	URL    string
	MIME   string // the capture's (the previous capture's for deleted)
	Change ChangeKind
}

// ChangeCount counts URLs of one class by change kind.
type ChangeCount struct {
	Class PageClass
	Kind  ChangeKind
	URLs  int64
}

// Changes compares captures. A URL's version in a capture is the payload
// of its visit: its response or revisit record of phase visit or
// visit+revisit (the revisit of a visit–revisit capture measures change
// within the capture, not across captures).
type Changes interface {
	// EachPageChange calls fn for every URL the capture archived and
	// every URL the previous capture archived that it did not (deleted),
	// in URL order. previousID 0 makes every URL new.
	EachPageChange(ctx context.Context, captureID, previousID int64, fn func(PageChange) error) error
	// ChangeCounts counts the same rows by class and kind.
	ChangeCounts(ctx context.Context, captureID, previousID int64) ([]ChangeCount, error)
}

var (
	_ Changes = (*sqliteStore)(nil)
	_ Changes = (*pgStore)(nil)
)

// changesCTE is each capture's visited URLs with their visit's media type
// and payload digest (records_capture_surt serves both scans), and the
// comparison. $1 is the capture, $2 the previous one.
const changesCTE = `WITH cur AS (
	SELECT surt, MIN(url) AS url, MIN(mime) AS mime, MIN(payload_digest) AS digest, MIN(record_type) AS rtype
	FROM records WHERE capture_id = $1 AND record_type IN ('response', 'revisit') AND phase IN ('visit', 'visit+revisit')
	GROUP BY surt
), prev AS (
	SELECT surt, MIN(url) AS url, MIN(mime) AS mime, MIN(payload_digest) AS digest
	FROM records WHERE capture_id = $2 AND record_type IN ('response', 'revisit') AND phase IN ('visit', 'visit+revisit')
	GROUP BY surt
), cmp AS (
	SELECT c.url AS url, c.mime AS mime, CASE
		WHEN p.surt IS NULL THEN 'new'
		WHEN p.digest = c.digest OR (c.digest = '' AND c.rtype = 'revisit') THEN 'unchanged'
		ELSE 'changed' END AS change
	FROM cur c LEFT JOIN prev p ON p.surt = c.surt
	UNION ALL
	SELECT p.url, p.mime, 'deleted' FROM prev p WHERE NOT EXISTS (SELECT 1 FROM cur c WHERE c.surt = p.surt)
) `

const pageChangesSQL = changesCTE + `SELECT url, mime, change FROM cmp ORDER BY url`

const changeCountsSQL = changesCTE + `SELECT CASE
		WHEN mime IN ('text/html', 'application/xhtml+xml') THEN 'html'
		WHEN mime LIKE 'image/%' THEN 'image'
		ELSE 'other' END AS class, change, COUNT(*)
	FROM cmp GROUP BY 1, 2 ORDER BY 1, 2`

// sqliteParams writes PostgreSQL's $N as SQLite's ?N.
func sqliteParams(q string) string {
	return strings.NewReplacer("$1", "?1", "$2", "?2").Replace(q)
}

func (s *sqliteStore) EachPageChange(ctx context.Context, captureID, previousID int64, fn func(PageChange) error) error {
	err := sqliteEach(ctx, s.r, func(row rowScanner) error { return scanChange(row, fn) }, sqliteParams(pageChangesSQL), captureID, previousID)
	if err != nil {
		return fmt.Errorf("store: changes of capture %d since %d: %w", captureID, previousID, err)
	}
	return nil
}

func (s *pgStore) EachPageChange(ctx context.Context, captureID, previousID int64, fn func(PageChange) error) error {
	err := s.each(ctx, func(row rowScanner) error { return scanChange(row, fn) }, pageChangesSQL, captureID, previousID)
	if err != nil {
		return fmt.Errorf("store: changes of capture %d since %d: %w", captureID, previousID, err)
	}
	return nil
}

func scanChange(row rowScanner, fn func(PageChange) error) error {
	var p PageChange
	var kind string
	if err := row.Scan(&p.URL, &p.MIME, &kind); err != nil {
		return err
	}
	p.Change = ChangeKind(kind)
	return fn(p)
}

func (s *sqliteStore) ChangeCounts(ctx context.Context, captureID, previousID int64) ([]ChangeCount, error) {
	var out []ChangeCount
	err := sqliteEach(ctx, s.r, func(row rowScanner) error { return scanCount(row, &out) }, sqliteParams(changeCountsSQL), captureID, previousID)
	if err != nil {
		return nil, fmt.Errorf("store: change counts of capture %d since %d: %w", captureID, previousID, err)
	}
	return out, nil
}

func (s *pgStore) ChangeCounts(ctx context.Context, captureID, previousID int64) ([]ChangeCount, error) {
	var out []ChangeCount
	err := s.each(ctx, func(row rowScanner) error { return scanCount(row, &out) }, changeCountsSQL, captureID, previousID)
	if err != nil {
		return nil, fmt.Errorf("store: change counts of capture %d since %d: %w", captureID, previousID, err)
	}
	return out, nil
}

func scanCount(row rowScanner, out *[]ChangeCount) error {
	var c ChangeCount
	var class, kind string
	if err := row.Scan(&class, &kind, &c.URLs); err != nil {
		return err
	}
	c.Class, c.Kind = PageClass(class), ChangeKind(kind)
	*out = append(*out, c)
	return nil
}
