package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Kinds of HostProvenance row.
const (
	ProvenanceDNS     = "dns"     // a lookup by the system resolver (a dns: response record)
	ProvenanceResolve = "resolve" // a resolve: override of the job (a dns: metadata record)
	ProvenanceTLS     = "tls"     // a certificate chain and its verification (a tls: metadata record)
)

// HostProvenance indexes one record of how the crawler reached a host:
// the WARC record is the evidence, the row the fields the report shows.
type HostProvenance struct {
	CaptureID int64
	Kind      string // ProvenanceDNS, ProvenanceResolve or ProvenanceTLS
	Host      string // host:port of the URLs
	Address   string // ip:port first connected to through it
	Time      time.Time
	RecordID  string
	WARCFile  string
	Offset    int64
	// dns
	Answers  string // addresses, comma-separated
	Resolver string
	// resolve
	OverrideTarget string
	// tls
	TLSVersion, CipherSuite, ALPN, SNI string
	Verdict                            string // "valid", or the problems found, comma-separated
	Subject, Issuer                    string
	NotAfter                           string // RFC 3339
	CertSHA256                         string
}

const provenanceCols = `capture_id, kind, host, address, time, record_id, warc_file, file_offset, answers, resolver, override_target,
	tls_version, cipher_suite, alpn, sni, verdict, subject, issuer, not_after, cert_sha256`

func (p HostProvenance) args(t any) []any {
	return []any{p.CaptureID, p.Kind, p.Host, p.Address, t, p.RecordID, p.WARCFile, p.Offset, p.Answers, p.Resolver, p.OverrideTarget,
		p.TLSVersion, p.CipherSuite, p.ALPN, p.SNI, p.Verdict, p.Subject, p.Issuer, p.NotAfter, p.CertSHA256}
}

// scanProvenance reads a row of provenanceCols; t receives the time.
func scanProvenance(scan func(...any) error, t any) (HostProvenance, error) {
	var p HostProvenance
	err := scan(&p.CaptureID, &p.Kind, &p.Host, &p.Address, t, &p.RecordID, &p.WARCFile, &p.Offset, &p.Answers, &p.Resolver, &p.OverrideTarget,
		&p.TLSVersion, &p.CipherSuite, &p.ALPN, &p.SNI, &p.Verdict, &p.Subject, &p.Issuer, &p.NotAfter, &p.CertSHA256)
	return p, err
}

// checkProvenance fills in the capture ID of each row, or fails on one
// that cannot be stored.
func checkProvenance(rows []HostProvenance, captureID int64) ([]HostProvenance, error) {
	out := make([]HostProvenance, len(rows))
	for i, p := range rows {
		if p.CaptureID == 0 {
			p.CaptureID = captureID
		}
		if p.CaptureID != captureID || p.Kind == "" || p.RecordID == "" {
			return nil, fmt.Errorf("store: commit: provenance row %+v does not fit capture %d", p, captureID)
		}
		p.Time = dbTime(p.Time)
		out[i] = p
	}
	return out, nil
}

const pgInsertProvenance = `INSERT INTO host_provenance (` + provenanceCols + `)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
	ON CONFLICT (capture_id, record_id) DO NOTHING`

func queueProvenance(batch *pgx.Batch, rows []HostProvenance) {
	for _, p := range rows {
		batch.Queue(pgInsertProvenance, p.args(p.Time)...)
	}
}

const sqliteInsertProvenance = `INSERT INTO host_provenance (` + provenanceCols + `)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (capture_id, record_id) DO NOTHING`

const selectProvenance = `SELECT ` + provenanceCols + ` FROM host_provenance WHERE capture_id = %s ORDER BY host, time, id`

// HostProvenance returns the capture's connection records, by host then
// time.
func (s *pgStore) HostProvenance(ctx context.Context, captureID int64) ([]HostProvenance, error) {
	rows, err := s.pool.Query(ctx, fmt.Sprintf(selectProvenance, "$1"), captureID)
	if err != nil {
		return nil, fmt.Errorf("store: host provenance of capture %d: %w", captureID, err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (HostProvenance, error) {
		var t time.Time
		p, err := scanProvenance(r.Scan, &t)
		p.Time = t.UTC()
		return p, err
	})
	if err != nil {
		return nil, fmt.Errorf("store: host provenance of capture %d: %w", captureID, err)
	}
	return out, nil
}

// HostProvenance returns the capture's connection records, by host then
// time.
func (s *sqliteStore) HostProvenance(ctx context.Context, captureID int64) ([]HostProvenance, error) {
	rows, err := s.r.QueryContext(ctx, fmt.Sprintf(selectProvenance, "?"), captureID)
	if err != nil {
		return nil, fmt.Errorf("store: host provenance of capture %d: %w", captureID, err)
	}
	defer rows.Close()
	var out []HostProvenance
	for rows.Next() {
		var us int64
		p, err := scanProvenance(rows.Scan, &us)
		if err != nil {
			return nil, fmt.Errorf("store: host provenance of capture %d: %w", captureID, err)
		}
		p.Time = time.UnixMicro(us).UTC()
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: host provenance of capture %d: %w", captureID, err)
	}
	return out, nil
}
