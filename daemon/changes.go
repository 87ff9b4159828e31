package daemon

import (
	"context"
	"net/http"

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

// addChange counts n URLs of kind in k.
func addChange(k *ChangeKinds, kind store.ChangeKind, n int64) {
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
	out, err := d.captureChanges(r.Context(), r.PathValue("id"), limit, sample)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// captureChanges is getChanges' answer for capture idText.
func (d *Daemon) captureChanges(ctx context.Context, idText string, limit int, sample bool) (CaptureChanges, error) {
	if limit == 0 || limit > maxChangePages {
		return CaptureChanges{}, badRequest("limit: want 1 to %d", maxChangePages)
	}
	c, _, err := d.capture(ctx, idText)
	if err != nil {
		return CaptureChanges{}, err
	}
	out := CaptureChanges{Capture: c.ID, Pages: []PageChangeJSON{}, Every: 1}
	if out.Previous, err = d.previousCapture(ctx, c); err != nil {
		return CaptureChanges{}, err
	}
	if sample {
		counts, err := d.st.ChangeCounts(ctx, c.ID, out.Previous)
		if err != nil {
			return CaptureChanges{}, err
		}
		var total int64
		for _, n := range counts {
			total += n.URLs
		}
		out.Every = max(1, int((total+int64(limit)-1)/int64(limit)))
	}
	err = d.st.EachPageChange(ctx, c.ID, out.Previous, func(p store.PageChange) error {
		if out.Total%out.Every == 0 && len(out.Pages) < limit {
			out.Pages = append(out.Pages, PageChangeJSON{URL: p.URL, MIME: p.MIME, Change: p.Change})
		}
		out.Total++
		return nil
	})
	if err != nil {
		return CaptureChanges{}, err
	}
	return out, nil
}

// getJobChanges answers GET /api/v1/jobs/{name}/changes: for each finished
// capture of the job (the latest maxSeriesCaptures), oldest first, its URLs
// counted against the finished capture before it.
func (d *Daemon) getJobChanges(w http.ResponseWriter, r *http.Request) error {
	out, err := d.jobSeries(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// jobSeries is getJobChanges' answer for job name.
func (d *Daemon) jobSeries(ctx context.Context, name string) ([]SeriesPoint, error) {
	var jobID int64
	if err := d.readJob(name, func(js *jobState) { jobID = js.id }); err != nil {
		return nil, err
	}
	caps, err := d.st.Captures(ctx, jobID)
	if err != nil {
		return nil, err
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
		counts, err := d.st.ChangeCounts(ctx, c.ID, p.Previous)
		if err != nil {
			return nil, err
		}
		for _, n := range counts {
			addChange(&p.Links, n.Kind, n.URLs)
			switch n.Class {
			case store.ClassHTML:
				addChange(&p.HTML, n.Kind, n.URLs)
			case store.ClassImage:
				addChange(&p.Images, n.Kind, n.URLs)
			}
		}
		out = append(out, p)
	}
	return out, nil
}
