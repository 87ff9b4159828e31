package report

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/sharc-archive/sharc/store"
)

// HostConnection is how the crawler reached one host (host:port): the
// address it connected to, how it got that address, and every TLS
// certificate the host presented, each with SHARC's verification. Each
// item names the WARC record holding the evidence.
type HostConnection struct {
	Host    string `json:"host"`
	Address string `json:"address"` // ip:port first connected to
	// Via is "dns" (the system resolver's answer, DNSAnswers), "resolve"
	// (the job's resolve: override, Override) or "" (the URL named an
	// address, or no record was written).
	Via        string       `json:"via"`
	DNSAnswers []string     `json:"dns_answers,omitempty"`
	Resolver   string       `json:"resolver,omitempty"`
	Override   string       `json:"override,omitempty"`
	Records    []string     `json:"records"` // WARC-Record-IDs of its dns: records
	TLS        []TLSSession `json:"tls,omitempty"`
}

// TLSSession is one certificate a host presented, as its TLS record says.
type TLSSession struct {
	Version     string `json:"version"`
	CipherSuite string `json:"cipher_suite"`
	ALPN        string `json:"alpn,omitempty"`
	SNI         string `json:"sni,omitempty"`
	// Verdict is "valid", or the problems found, comma-separated:
	// expired, not-yet-valid, name-mismatch, unknown-authority, invalid.
	Verdict string `json:"verdict"`
	// Legacy marks TLS 1.0 and 1.1, which browsers no longer accept.
	Legacy     bool   `json:"legacy_tls,omitempty"`
	Subject    string `json:"subject"`
	Issuer     string `json:"issuer"`
	NotAfter   string `json:"not_after"`
	CertSHA256 string `json:"certificate_sha256"`
	RecordID   string `json:"record_id"`
	WARCFile   string `json:"warc_file"`
	Offset     int64  `json:"offset"`
}

// provenanceLister is the store's host provenance index (both stores
// have it; a store without it gives a report without the section).
type provenanceLister interface {
	HostProvenance(ctx context.Context, captureID int64) ([]store.HostProvenance, error)
}

// connections summarises the capture's connection records per host.
func connections(ctx context.Context, st store.Store, captureID int64) ([]HostConnection, error) {
	pl, ok := st.(provenanceLister)
	if !ok {
		return nil, nil
	}
	rows, err := pl.HostProvenance(ctx, captureID)
	if err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	byHost := map[string]*HostConnection{}
	for _, p := range rows {
		h := byHost[p.Host]
		if h == nil {
			h = &HostConnection{Host: p.Host, Address: p.Address, Records: []string{}}
			byHost[p.Host] = h
		}
		h.add(p)
	}
	out := make([]HostConnection, 0, len(byHost))
	for _, h := range byHost {
		out = append(out, *h)
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Host < out[b].Host })
	return out, nil
}

func (h *HostConnection) add(p store.HostProvenance) {
	switch p.Kind {
	case store.ProvenanceDNS:
		h.Via, h.DNSAnswers, h.Resolver = "dns", strings.Split(p.Answers, ","), p.Resolver
		h.Records = append(h.Records, p.RecordID)
	case store.ProvenanceResolve:
		h.Via, h.Override = "resolve", p.OverrideTarget
		h.Records = append(h.Records, p.RecordID)
	case store.ProvenanceTLS:
		h.TLS = append(h.TLS, TLSSession{Version: p.TLSVersion, CipherSuite: p.CipherSuite, ALPN: p.ALPN, SNI: p.SNI, Verdict: p.Verdict,
			Legacy: p.TLSVersion == "TLS 1.0" || p.TLSVersion == "TLS 1.1", Subject: p.Subject, Issuer: p.Issuer, NotAfter: p.NotAfter,
			CertSHA256: p.CertSHA256, RecordID: p.RecordID, WARCFile: p.WARCFile, Offset: p.Offset})
	}
}

// connVia says in words how the crawler learnt a host's address.
func connVia(h HostConnection) string {
	switch h.Via {
	case "dns":
		return "DNS: " + strings.Join(h.DNSAnswers, ", ") + " (resolver " + orUnknown(h.Resolver) + ")"
	case "resolve":
		return "resolve override in the job: " + h.Override
	}
	return "the address in the URL"
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}
