package apitypes

import (
	"time"

	"github.com/sharc-archive/sharc/store"
)

// PageChangeJSON is one URL of a capture against the previous capture.
type PageChangeJSON struct {
	URL    string           `json:"url"`
	MIME   string           `json:"mime"`
	Change store.ChangeKind `json:"change"`
}

// CaptureChanges answers GET /api/v1/captures/{id}/changes.
type CaptureChanges struct {
	Capture  int64 `json:"capture"`
	Previous int64 `json:"previous,omitempty"` // 0: none, every URL is new
	// Total counts every URL compared; Pages holds the first ?limit= of
	// them in URL order, or with ?sample=true every Every-th.
	Total int              `json:"total"`
	Every int              `json:"every"`
	Pages []PageChangeJSON `json:"pages"`
}

// ChangeKinds counts URLs by change kind.
type ChangeKinds struct {
	New       int64 `json:"new"`
	Changed   int64 `json:"changed"`
	Unchanged int64 `json:"unchanged"`
	Deleted   int64 `json:"deleted"`
}

// SeriesPoint is one capture of a job's series (thesis §8.3): its URLs
// against the previous capture, all of them (links), HTML pages, images.
type SeriesPoint struct {
	Capture  int64       `json:"capture"`
	Previous int64       `json:"previous,omitempty"`
	Started  time.Time   `json:"started"`
	Links    ChangeKinds `json:"links"`
	HTML     ChangeKinds `json:"html"`
	Images   ChangeKinds `json:"images"`
}
