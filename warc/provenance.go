package warc

import (
	"fmt"
	"strings"
	"time"

	gowarc "github.com/nlnwa/gowarc"
)

// Field names of the connection provenance SHARC writes on the records of
// an exchange made over TLS (docs/interop.md). WARC-Protocol and
// WARC-Cipher-Suite are the IIPC field proposals (warc-specifications
// issues 42 and 86) other crawlers write too; WARC-TLS-Record-ID is
// SHARC's own: the WARC-Record-ID of the metadata record holding the
// certificate chain and its verification.
const (
	FieldProtocol    = "WARC-Protocol"
	FieldCipherSuite = "WARC-Cipher-Suite"
	FieldTLSRecordID = "WARC-TLS-Record-ID"
)

// Content types of provenance records.
const (
	ContentTypeDNS        = "text/dns"
	ContentTypeWarcFields = contentTypeWarcFields
)

// TLSFields describe the TLS connection an exchange went over.
type TLSFields struct {
	Protocol    string // e.g. "tls/1.3", written after "http/1.1" as WARC-Protocol
	CipherSuite string // IANA name, as WARC-Cipher-Suite
	RecordID    string // WARC-Record-ID of the connection's TLS record, as WARC-TLS-Record-ID
}

// ProvenanceRecord is a record about how the crawler reached a server
// rather than what the server sent: a dns: lookup, a resolve: override, a
// TLS certificate chain. Its ID is chosen by the caller (NewRecordID), so
// that exchanges can name it before it is written.
type ProvenanceRecord struct {
	Type        RecordType // Response (dns:) or Metadata
	ID          string     // urn:uuid:…
	TargetURI   string
	Date        time.Time
	IP          string // WARC-IP-Address, if any
	ContentType string
	Body        []byte
}

// NewRecordID returns a fresh WARC-Record-ID (urn:uuid:…).
func (w *Writer) NewRecordID() string { return w.newID() }

// BuildRecords builds and compresses provenance records, to be written
// with an exchange (Built.Prepend) or alone (WriteBuilt).
func (w *Writer) BuildRecords(recs []ProvenanceRecord) (*Built, error) {
	b := &exchangeBuilder{w: w}
	for _, r := range recs {
		if err := b.provenance(r); err != nil {
			(&Built{recs: b.recs}).Release()
			return nil, err
		}
	}
	return &Built{recs: b.recs}, nil
}

func (b *exchangeBuilder) provenance(r ProvenanceRecord) error {
	if r.Type != Response && r.Type != Metadata && r.Type != Resource {
		return fmt.Errorf("warc: provenance record of type %q", r.Type)
	}
	for _, v := range [][2]string{{"provenance URI", r.TargetURI}, {"record ID", r.ID}} {
		if err := checkURI(v[0], v[1]); err != nil {
			return err
		}
	}
	if r.Date.IsZero() {
		r.Date = b.w.now()
	}
	rb := b.w.streamBuilder(gowarc.RecordType(recordTypeBits(r.Type)))
	rb.AddWarcHeader(gowarc.WarcRecordID, angle(r.ID))
	rb.AddWarcHeader(gowarc.WarcDate, warcDate(r.Date))
	rb.AddWarcHeader(gowarc.WarcTargetURI, r.TargetURI)
	rb.AddWarcHeader(gowarc.ContentType, cleanField(r.ContentType))
	if r.IP != "" {
		if err := checkURI("IP", r.IP); err != nil {
			return err
		}
		rb.AddWarcHeader(gowarc.WarcIPAddress, r.IP)
	}
	if err := b.finish(r.Type, rb, bytesBlock(b.w, r.Body), "", int64(len(r.Body))); err != nil {
		return err
	}
	last := &b.recs[len(b.recs)-1].w
	last.TargetURI, last.Provenance = r.TargetURI, true
	return nil
}

// recordTypeBits maps a RecordType to gowarc's.
func recordTypeBits(t RecordType) gowarc.RecordType {
	switch t {
	case Response:
		return gowarc.Response
	case Resource:
		return gowarc.Resource
	}
	return gowarc.Metadata
}

// Prepend puts o's records before b's, to be written contiguous with
// them; o is left empty.
func (b *Built) Prepend(o *Built) {
	if o == nil || len(o.recs) == 0 {
		return
	}
	b.recs = append(o.recs, b.recs...)
	o.recs = nil
}

// spellFields writes SHARC's extension fields as the proposals spell
// them: gowarc writes names it does not know in Go's canonical case
// ("Warc-Cipher-Suite"), which readers that keep the case (warcio with
// keepHeadersCase, for one) do not find under the proposal's name.
func spellFields(h *gowarc.WarcFields) {
	if h == nil {
		return
	}
	for _, nv := range *h {
		for _, name := range []string{FieldProtocol, FieldCipherSuite, FieldTLSRecordID} {
			if strings.EqualFold(nv.Name, name) {
				nv.Name = name
			}
		}
	}
}

// tlsFields adds an HTTPS exchange's connection fields to a record.
func (b *exchangeBuilder) tlsFields(rb gowarc.WarcRecordBuilder) {
	t := b.ex.TLS
	if t == nil {
		return
	}
	rb.AddWarcHeader(FieldProtocol, "http/1.1")
	if t.Protocol != "" {
		rb.AddWarcHeader(FieldProtocol, cleanField(t.Protocol))
	}
	if t.CipherSuite != "" {
		rb.AddWarcHeader(FieldCipherSuite, cleanField(t.CipherSuite))
	}
	if t.RecordID != "" {
		rb.AddWarcHeader(FieldTLSRecordID, angle(t.RecordID))
	}
}
