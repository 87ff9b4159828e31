package daemon

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"go.uber.org/zap"
)

// Archive archives a job: it is no longer listed (unless asked for) or
// scheduled, and its captures, WARCs, reports and runs stay in the store
// for provenance. A job with an open capture (running or paused, here or
// on another cluster node) is refused (409) unless force, which cancels
// the capture first. Submitting a job of that name again brings it back.
func (d *Daemon) Archive(ctx context.Context, name string, force bool) (JobInfo, error) {
	open, err := d.openCapture(ctx, name)
	if err != nil {
		return JobInfo{}, err
	}
	if open && !force {
		return JobInfo{}, fmt.Errorf("%w: job %s has an open capture: cancel it first, or archive with ?force=true", errConflict, name)
	}
	if open {
		if _, err := d.Cancel(ctx, name); err != nil {
			return JobInfo{}, fmt.Errorf("archive %s: cancelling its capture: %w", name, err)
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	js, err := d.jobLocked(name)
	if err != nil {
		return JobInfo{}, err
	}
	if !js.archived.IsZero() {
		return d.infoLocked(js, false), nil
	}
	if js.state != stateIdle { // a schedule or a resume came in between
		return JobInfo{}, fmt.Errorf("%w: job %s is %s again; try again", errConflict, name, js.state)
	}
	now := d.now()
	if err := d.st.ArchiveJob(ctx, js.id, now); err != nil {
		return JobInfo{}, err
	}
	js.archived, js.next = now, time.Time{}
	d.log.Info("job archived", zap.String("job", name), zap.Bool("force", force))
	return d.infoLocked(js, false), nil
}

// openCapture reports whether the named job has a running or paused
// capture, on this node or (cluster mode) on any.
func (d *Daemon) openCapture(ctx context.Context, name string) (bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	js, err := d.jobLocked(name)
	if err != nil {
		return false, err
	}
	if js.state != stateIdle {
		return true, nil
	}
	_, remote, err := d.remoteCapture(ctx, js)
	return remote, err
}

// queryBool reads the boolean URL query parameter key (absent: false).
func queryBool(r *http.Request, key string) (bool, error) {
	v := r.URL.Query().Get(key)
	if v == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, badRequest("%s: want true or false, got %q", key, v)
	}
	return b, nil
}

func (d *Daemon) deleteJob(w http.ResponseWriter, r *http.Request) error {
	force, err := queryBool(r, "force")
	if err != nil {
		return err
	}
	info, err := d.Archive(r.Context(), r.PathValue("name"), force)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, info)
	return nil
}
