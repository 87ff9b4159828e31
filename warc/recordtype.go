package warc

// RecordType is the value of a record's WARC-Type header (WARC 1.1 §6).
// The index stores it as the same string, so rows written before the type
// existed read back unchanged.
type RecordType string

// The record types of WARC 1.1. SHARC writes Warcinfo, Request, Response,
// Revisit and Metadata; the others are read from WARC files of other tools.
const (
	Warcinfo     RecordType = "warcinfo"
	Response     RecordType = "response"
	Resource     RecordType = "resource"
	Request      RecordType = "request"
	Metadata     RecordType = "metadata"
	Revisit      RecordType = "revisit"
	Conversion   RecordType = "conversion"
	Continuation RecordType = "continuation"
)

// HTTPExchange reports whether records of type t carry an HTTP response
// (a response or a revisit of one): the records a replay index lists.
func HTTPExchange(t RecordType) bool { return t == Response || t == Revisit }
