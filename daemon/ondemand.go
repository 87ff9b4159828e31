package daemon

import (
	"fmt"
	"net/http"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/internal/version"
	"github.com/sharc-archive/sharc/store"
)

// postReport builds and stores the quality report of a capture that
// stopped without one (cancelled, failed, abandoned: only a finished
// capture gets its report when it ends), as `sharc report` does for the
// same capture: report.BuildAndStore over the capture's WARC folder, then
// the capture folder's reports (jobdir.Finish). ?rebuild=true builds a
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
		folder := jobdir.Path(root, c.ID, c.Started)
		warcDir := root // a capture begun before capture folders
		if folder.Exists() {
			warcDir = folder.WARCs()
		}
		if _, err := report.BuildAndStore(r.Context(), d.st, c.ID, report.Options{WARCDir: warcDir, Job: j, Tool: version.Software(), Log: d.log}); err != nil {
			return err
		}
		if folder.Exists() {
			d.writeFolderReports(r.Context(), j, folder, c.ID, stopReasonOf(c))
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
