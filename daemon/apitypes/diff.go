package apitypes

import (
	"time"

	"github.com/sharc-archive/sharc/daemon/pagediff"
)

// DiffSide is one version of GET /api/v1/captures/{id}/diff.
type DiffSide struct {
	Capture int64     `json:"capture"`
	Time    time.Time `json:"time"` // WARC-Date of the URL's record
	Status  int       `json:"status"`
	// RecordType is "response", or "revisit" when the payload was not
	// stored again: Digest and the text are then the response's it
	// refers to, archived at PayloadTime.
	RecordType  string        `json:"record_type"`
	Phase       string        `json:"phase,omitempty"`
	PayloadTime time.Time     `json:"payload_time"`
	Digest      string        `json:"digest"`
	MIME        string        `json:"mime"`
	Kind        pagediff.Kind `json:"kind"`
	Lines       int           `json:"lines"`
	Truncated   bool          `json:"truncated"`
}

// PageDiff answers GET /api/v1/captures/{id}/diff: what changed between
// two archived versions of a URL.
type PageDiff struct {
	URL string   `json:"url"`
	A   DiffSide `json:"a"`
	B   DiffSide `json:"b"`
	// SamePayload: the payload digests are equal. Same: nothing a reader
	// sees changed (equal payloads, or equal visible text).
	SamePayload bool            `json:"same_payload"`
	Same        bool            `json:"same"`
	Hunks       []pagediff.Hunk `json:"hunks"`
}
