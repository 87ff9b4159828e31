package daemon

import (
	"context"
	"fmt"
	"net/http"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/store"
)

// postReport builds and stores the quality report of a capture that
// stopped without one (cancelled, failed, abandoned: only a finished
// capture gets its report when it ends), as `sharc report` does for the
// same capture: crawler.Finish, as at a capture's end, without the WACZ
// (a capture begun before capture folders is moved into its folder
// first). ?rebuild=true builds a
// stored report again. An open capture (running or paused) is refused: a
// provisional report must not stand in for the final one.
func (d *Daemon) postReport(w http.ResponseWriter, r *http.Request) error {
	rebuild, err := queryBool(r, "rebuild")
	if err != nil {
		return err
	}
	c, js, err := d.capture(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if c.Status == store.CaptureStatusRunning || c.Status == store.CaptureStatusPaused {
		return fmt.Errorf("%w: capture %d is %s; its report is written when it ends (`sharc report %d` prints a provisional one)", errConflict, c.ID, c.Status, c.ID)
	}
	d.mu.Lock()
	j, name, root := js.job, js.name, js.job.WARC.Dir
	d.mu.Unlock()
	if len(c.Report) == 0 || rebuild {
		// The capture is stopped and the daemon owns its job: one
		// written before capture folders moves into its folder now.
		folder, err := crawler.MigrateFolder(r.Context(), d.st, root, c)
		if err != nil {
			return err
		}
		stats := crawler.Stats{CaptureID: c.ID, StopReason: crawler.StopReason(stopReasonOf(c)), Folder: string(folder)}
		_, err = crawler.Finish(r.Context(), d.st, j, stats, crawler.FinishOptions{Log: d.log,
			Custody: func(ctx context.Context, f jobdir.Folder) error { return d.writeCustody(ctx, name, f) }})
		if err != nil {
			return err
		}
		d.log.Info("quality report built on demand", zap.String("job", name), zap.Int64("capture", c.ID))
		if c, err = d.st.Capture(r.Context(), c.ID); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, captureInfo(c, name, root))
	return nil
}

// stopReasonOf is why capture c stopped, as its folder's reports name it:
// the crawler's stop reason, or its status when it has none (a cancel).
func stopReasonOf(c store.Capture) string {
	if c.StopReason != "" {
		return c.StopReason
	}
	return string(c.Status)
}
