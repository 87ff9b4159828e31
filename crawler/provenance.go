package crawler

import (
	"encoding/base64"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// provenance writes each connection record once: a dns: lookup, a
// resolve: override, a (host, certificate) TLS record. Workers name the
// records an exchange needs (ids, under mu) and build them; the committer,
// which alone orders the WARC, writes a record with the first exchange of
// the run that carries it and drops the copies other workers built
// meanwhile (written, committer only). Each run starts afresh: a resumed
// run's connections are new observations and get records of their own.
type provenance struct {
	mu      sync.Mutex
	ids     map[string]string // key → WARC-Record-ID
	written map[string]bool   // committer only
}

func newProvenance() *provenance {
	return &provenance{ids: map[string]string{}, written: map[string]bool{}}
}

// provRecord is one connection record an exchange carries, built.
type provRecord struct {
	key   string
	built *warc.Built
	row   store.HostProvenance
}

// id returns key's record ID, choosing it on first use.
func (p *provenance) id(key string, fresh func() string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	id, ok := p.ids[key]
	if !ok {
		id = fresh()
		p.ids[key] = id
	}
	return id
}

// connRecords builds the connection records of ci (nil: none) and the
// TLS fields of the exchange's records.
func (c *Crawler) connRecords(ci *connInfo) ([]provRecord, *warc.TLSFields, error) {
	if ci == nil {
		return nil, nil, nil
	}
	var out []provRecord
	add := func(key string, rec warc.ProvenanceRecord, row store.HostProvenance) error {
		rec.ID = c.prov.id(key, c.warc.NewRecordID)
		b, err := c.warc.BuildRecords([]warc.ProvenanceRecord{rec})
		if err != nil {
			return err
		}
		row.RecordID, row.Time, row.Host, row.Address = rec.ID, rec.Date, ci.Host, ci.Address
		out = append(out, provRecord{key: key, built: b, row: row})
		return nil
	}
	var err error
	switch {
	case ci.Lookup != nil:
		l := ci.Lookup
		err = add(fmt.Sprintf("dns|%s|%d", l.Host, l.At.UnixNano()), dnsRecord(l), store.HostProvenance{
			Kind: store.ProvenanceDNS, Answers: strings.Join(l.Addrs, ","), Resolver: l.Resolver})
	case ci.Override != "":
		err = add("resolve|"+ci.Host+"|"+ci.Override, overrideRecord(ci, c.fetch.clock()), store.HostProvenance{
			Kind: store.ProvenanceResolve, OverrideTarget: ci.Override})
	}
	if err != nil {
		releaseProv(out)
		return nil, nil, err
	}
	t := ci.TLS
	if t == nil {
		return out, nil, nil
	}
	if err := add("tls|"+ci.Host+"|"+t.LeafSHA256, tlsRecord(ci, c.tlsRootsName()), store.HostProvenance{
		Kind: store.ProvenanceTLS, TLSVersion: t.Version, CipherSuite: t.Cipher, ALPN: t.ALPN, SNI: t.SNI, Verdict: t.Verdict(),
		Subject: t.Subject, Issuer: t.Issuer, NotAfter: rfc3339(t.NotAfter), CertSHA256: t.LeafSHA256}); err != nil {
		releaseProv(out)
		return nil, nil, err
	}
	return out, &warc.TLSFields{Protocol: t.Protocol, CipherSuite: t.Cipher, RecordID: out[len(out)-1].row.RecordID}, nil
}

func releaseProv(ps []provRecord) {
	for _, p := range ps {
		p.built.Release()
	}
}

func rfc3339(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// tlsRootsName says what TLS chains were verified against.
func (c *Crawler) tlsRootsName() string {
	if c.opts.TLSRoots != nil {
		return "roots given to the crawler (tests)"
	}
	return "the system's root certificates"
}

// dnsRecord is a lookup as Heritrix writes one: a response record for
// dns:HOST, text/dns, a 14-digit fetch time then one resource record per
// line. Go's resolver reports no TTL, so the lines leave it out (RFC 1035
// §5.1 lets a master-file line omit it) and a comment says so.
func dnsRecord(l *lookup) warc.ProvenanceRecord {
	var b strings.Builder
	b.WriteString(l.At.UTC().Format("20060102150405") + "\n")
	for _, a := range l.Addrs {
		typ := "A"
		if ip := net.ParseIP(a); ip != nil && ip.To4() == nil {
			typ = "AAAA"
		}
		fmt.Fprintf(&b, "%s.\tIN\t%s\t%s\n", l.Host, typ, a)
	}
	fmt.Fprintf(&b, "; resolver: the system resolver (/etc/hosts, then nameserver %s of /etc/resolv.conf)\n", orNone(l.Resolver))
	b.WriteString("; TTL: not reported by the resolver SHARC uses\n")
	rec := warc.ProvenanceRecord{Type: warc.Response, TargetURI: "dns:" + l.Host, Date: l.At, ContentType: warc.ContentTypeDNS, Body: []byte(b.String())}
	if net.ParseIP(l.Resolver) != nil {
		rec.IP = l.Resolver
	}
	return rec
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// overrideRecord says a host was reached through the job's resolve:
// mapping, without a lookup: a metadata record for dns:HOST, so that
// nobody mistakes it for an answer of the DNS.
func overrideRecord(ci *connInfo, now time.Time) warc.ProvenanceRecord {
	host, _, _ := net.SplitHostPort(ci.Host)
	body := fmt.Sprintf("host: %s\r\nresolve-override: %s\r\nsource: the job's resolve: mapping; no DNS lookup was made\r\n", ci.Host, ci.Override)
	return warc.ProvenanceRecord{Type: warc.Metadata, TargetURI: "dns:" + host, Date: now, ContentType: warc.ContentTypeWarcFields, Body: []byte(body)}
}

// tlsRecord is the metadata record of a (host, certificate): the chain
// the server sent (base64 DER, leaf first), the session and SHARC's
// verification of the chain, as application/warc-fields.
func tlsRecord(ci *connInfo, roots string) warc.ProvenanceRecord {
	t := ci.TLS
	var b strings.Builder
	field := func(k, v string) {
		if v != "" {
			b.WriteString(k + ": " + v + "\r\n")
		}
	}
	field("host", ci.Host)
	field("address", ci.Address)
	field("sni", t.SNI)
	field("protocol", t.Version)
	field("cipher-suite", t.Cipher)
	field("alpn", t.ALPN)
	field("verification", t.Verdict())
	field("verification-error", strings.ReplaceAll(t.VerifyError, "\n", " "))
	field("verified-against", roots)
	field("verified-at", rfc3339(t.At))
	field("certificate-sha256", t.LeafSHA256)
	field("subject", t.Subject)
	field("issuer", t.Issuer)
	field("not-before", rfc3339(t.NotBefore))
	field("not-after", rfc3339(t.NotAfter))
	for _, der := range t.Chain {
		field("certificate", base64.StdEncoding.EncodeToString(der))
	}
	return warc.ProvenanceRecord{Type: warc.Metadata, TargetURI: "tls:" + ci.Host, Date: t.At, IP: hostOnly(ci.Address),
		ContentType: warc.ContentTypeWarcFields, Body: []byte(b.String())}
}

func hostOnly(addr string) string {
	h, _, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return h
}

// carry puts before a's records the connection records not yet written
// (committer only), and returns the keys it put there.
func (p *provenance) carry(a *archived) []string {
	var keys []string
	for i := len(a.prov) - 1; i >= 0; i-- {
		pr := a.prov[i]
		if p.written[pr.key] || a.built == nil {
			pr.built.Release()
			continue
		}
		a.built.Prepend(pr.built)
		p.written[pr.key] = true
		keys = append(keys, pr.key)
	}
	return keys
}

// provRows are the index rows of the connection records among written.
func provRows(a *archived, written []warc.Written) []store.HostProvenance {
	var rows []store.HostProvenance
	for _, w := range written {
		if !w.Provenance {
			continue
		}
		for _, pr := range a.prov {
			if pr.row.RecordID == w.RecordID {
				r := pr.row
				r.WARCFile, r.Offset = w.File, w.Offset
				rows = append(rows, r)
			}
		}
	}
	return rows
}
