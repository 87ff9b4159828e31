package daemon

import (
	"context"
	"net/http"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// defaultChangePages and maxChangePages bound GET …/changes: a capture of
// 10^6 URLs is not sent whole to draw a scatterplot.
const (
	defaultChangePages = 10000
	maxChangePages     = 100000
)

// maxSeriesCaptures bounds the captures GET /jobs/{name}/changes counts:
// the latest ones.
const maxSeriesCaptures = 200

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

func (k *ChangeKinds) add(kind store.ChangeKind, n int64) {
	switch kind {
	case store.ChangeNew:
		k.New += n
	case store.ChangeChanged:
		k.Changed += n
	case store.ChangeUnchanged:
		k.Unchanged += n
	case store.ChangeDeleted:
		k.Deleted += n
	}
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

// previousCapture is the newest finished capture of c's job begun before
// c, or 0 for none.
func (d *Daemon) previousCapture(ctx context.Context, c store.Capture) (int64, error) {
	caps, err := d.st.Captures(ctx, c.JobID)
	if err != nil {
		return 0, err
	}
	var prev int64
	for _, o := range caps {
		if o.ID < c.ID && o.Status == store.CaptureStatusFinished {
			prev = o.ID
		}
	}
	return prev, nil
}

// getChanges answers GET /api/v1/captures/{id}/changes: the §8.4
// scatterplot's points. With ?sample=true a capture of more than limit
// URLs gives every k-th in URL order (k = ⌈total/limit⌉), spread over
// the whole capture, rather than its first limit URLs; counting them
// first costs a second pass of the comparison.
func (d *Daemon) getChanges(w http.ResponseWriter, r *http.Request) error {
	limit, err := queryCount(r, "limit", defaultChangePages)
	if err != nil {
		return err
	}
	if limit == 0 || limit > maxChangePages {
		return badRequest("limit: want 1 to %d", maxChangePages)
	}
	sample, err := queryBool(r, "sample")
	if err != nil {
		return err
	}
	c, _, err := d.capture(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	out := CaptureChanges{Capture: c.ID, Pages: []PageChangeJSON{}, Every: 1}
	if out.Previous, err = d.previousCapture(r.Context(), c); err != nil {
		return err
	}
	if sample {
		counts, err := d.st.ChangeCounts(r.Context(), c.ID, out.Previous)
		if err != nil {
			return err
		}
		var total int64
		for _, n := range counts {
			total += n.URLs
		}
		out.Every = max(1, int((total+int64(limit)-1)/int64(limit)))
	}
	err = d.st.EachPageChange(r.Context(), c.ID, out.Previous, func(p store.PageChange) error {
		if out.Total%out.Every == 0 && len(out.Pages) < limit {
			out.Pages = append(out.Pages, PageChangeJSON{URL: p.URL, MIME: p.MIME, Change: p.Change})
		}
		out.Total++
		return nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// getJobChanges answers GET /api/v1/jobs/{name}/changes: for each finished
// capture of the job (the latest maxSeriesCaptures), oldest first, its URLs
// counted against the finished capture before it.
func (d *Daemon) getJobChanges(w http.ResponseWriter, r *http.Request) error {
	var jobID int64
	if err := d.readJob(r.PathValue("name"), func(js *jobState) { jobID = js.id }); err != nil {
		return err
	}
	caps, err := d.st.Captures(r.Context(), jobID)
	if err != nil {
		return err
	}
	var done []store.Capture
	for _, c := range caps {
		if c.Status == store.CaptureStatusFinished {
			done = append(done, c)
		}
	}
	out := []SeriesPoint{}
	for i, c := range done {
		if i < len(done)-maxSeriesCaptures {
			continue
		}
		p := SeriesPoint{Capture: c.ID, Started: c.Started.UTC()}
		if i > 0 {
			p.Previous = done[i-1].ID
		}
		counts, err := d.st.ChangeCounts(r.Context(), c.ID, p.Previous)
		if err != nil {
			return err
		}
		for _, n := range counts {
			p.Links.add(n.Kind, n.URLs)
			switch n.Class {
			case store.ClassHTML:
				p.HTML.add(n.Kind, n.URLs)
			case store.ClassImage:
				p.Images.add(n.Kind, n.URLs)
			}
		}
		out = append(out, p)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
