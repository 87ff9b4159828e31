package daemon

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/sharc-archive/sharc/daemon/pagediff"
	"github.com/sharc-archive/sharc/store"
)

// The store's History is the index pagediff reads.
var _ pagediff.Index = store.Store(nil)

// maxDiffURL bounds GET …/diff's url parameter: it is looked up in the
// index, never fetched, and no archived URL is longer than this.
const maxDiffURL = 8 << 10

// getDiff answers GET /api/v1/captures/{id}/diff?url=U[&against=C]: the
// visible-text diff of U's visit and revisit in the capture, or with
// against of U's latest version in capture C (a) and in this one (b).
// U must be in the index exactly as archived: nothing is fetched.
func (d *Daemon) getDiff(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	out, err := d.pageDiff(r.Context(), r.PathValue("id"), q.Get("url"), q.Get("against"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// pageDiff is getDiff's answer for capture idText, URL u and, unless "",
// the capture againstText.
func (d *Daemon) pageDiff(ctx context.Context, idText, u, againstText string) (PageDiff, error) {
	c, js, err := d.capture(ctx, idText)
	if err != nil {
		return PageDiff{}, err
	}
	if u == "" || len(u) > maxDiffURL {
		return PageDiff{}, badRequest("url: want the archived URL, at most %d bytes", maxDiffURL)
	}
	var against store.Capture
	if againstText != "" {
		other, ojs, err := d.capture(ctx, againstText)
		if err != nil {
			return PageDiff{}, err
		}
		if ojs != js || other.ID == c.ID {
			return PageDiff{}, badRequest("against: capture %d is not another capture of job %s", other.ID, js.name)
		}
		against = other
	}
	hist, err := d.st.History(ctx, u)
	if err != nil {
		return PageDiff{}, err
	}
	var ra, rb store.Record
	if against.ID == 0 {
		ra, rb, err = pagediff.VisitRevisit(hist, c.ID, u)
	} else if ra, err = pagediff.Latest(hist, against.ID, u); err == nil {
		rb, err = pagediff.Latest(hist, c.ID, u)
	}
	if err != nil {
		return PageDiff{}, diffError(err)
	}
	ar := &pagediff.Archive{Index: d.st, Dir: d.captureWARCDir, Limits: pagediff.DefaultLimits()}
	va, err := ar.Load(ctx, ra)
	if err != nil {
		return PageDiff{}, diffError(err)
	}
	vb, err := ar.Load(ctx, rb)
	if err != nil {
		return PageDiff{}, diffError(err)
	}
	out := PageDiff{URL: u, A: diffSide(va), B: diffSide(vb), Hunks: []pagediff.Hunk{}}
	out.SamePayload = va.Payload.PayloadDigest != "" && va.Payload.PayloadDigest == vb.Payload.PayloadDigest
	if !out.SamePayload && textual(va.Text.Kind) && textual(vb.Text.Kind) {
		if h := pagediff.Diff(va.Text.Lines, vb.Text.Lines); h != nil {
			out.Hunks = h
		}
		out.Same = len(out.Hunks) == 0
	} else {
		out.Same = out.SamePayload
	}
	return out, nil
}

func textual(k pagediff.Kind) bool { return k == pagediff.KindHTML || k == pagediff.KindText }

func diffSide(v pagediff.Version) DiffSide {
	return DiffSide{Capture: v.Record.CaptureID, Time: v.Record.Time.UTC(), Status: v.Record.Status,
		RecordType: string(v.Record.RecordType), Phase: v.Record.Phase, PayloadTime: v.Payload.Time.UTC(),
		Digest: v.Payload.PayloadDigest, MIME: v.Payload.MIME, Kind: v.Text.Kind, Lines: len(v.Text.Lines), Truncated: v.Text.Truncated}
}

// diffError maps pagediff's errors to answers: a URL not archived where
// asked is a 404, a payload that cannot be read back a 409.
func diffError(err error) error {
	switch {
	case errors.Is(err, pagediff.ErrNotArchived):
		return fmt.Errorf("%w: %w", errNotFound, err)
	case errors.Is(err, pagediff.ErrUnreadable):
		return fmt.Errorf("%w: %w", errConflict, err)
	}
	return err
}

// captureWARCDir is the WARC directory of any capture of a known job (a
// revisit may refer to a response of an earlier capture).
func (d *Daemon) captureWARCDir(ctx context.Context, id int64) (string, error) {
	c, js, err := d.capture(ctx, strconv.FormatInt(id, 10))
	if err != nil {
		return "", err
	}
	return d.warcDir(js, c), nil
}
