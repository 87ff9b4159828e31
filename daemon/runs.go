package daemon

import (
	"context"
	"net/http"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/store"
)

// Run outcomes beyond the crawler's stop reasons.
const (
	outcomePaused      = "paused"
	outcomeCancelled   = "cancelled"
	outcomeAlert       = "alert"
	outcomeInterrupted = string(crawler.StopInterrupted) // the daemon stopped; the capture resumes on start
	outcomeKilled      = "killed"                        // the daemon died during the run (found open on start)
)

// beginRun records r as started (its capture is not known yet); the
// run's goroutine calls it, so no store write waits under d.mu. A store
// error is logged: history is for operators, the capture goes on.
func (d *Daemon) beginRun(jobName string, r *run) {
	id, err := d.st.StartRun(context.Background(), store.Run{JobID: r.jobID, Node: d.cfg.Node, Scheduled: r.scheduled, Started: r.since})
	if err != nil {
		d.log.Error("recording run start", zap.String("job", jobName), zap.Error(err))
		return
	}
	r.id = id
}

// endRun records how r ended with what it archived itself (stats minus
// what earlier runs of a resumed capture had) and returns the row.
func (d *Daemon) endRun(js *jobState, r *run, capID int64, stats crawler.Stats, outcome string, runErr error) store.Run {
	row := store.Run{ID: r.id, JobID: r.jobID, CaptureID: capID, Node: d.cfg.Node, Scheduled: r.scheduled, Started: r.since, Ended: time.Now(), Outcome: outcome,
		Totals: store.CaptureTotals{Fetched: stats.Fetched - stats.Earlier.Fetched, Failed: stats.Failed - stats.Earlier.Failed,
			Blocked: stats.Blocked - stats.Earlier.Blocked, Records: stats.Records - stats.Earlier.Records, Bytes: stats.Bytes - stats.Earlier.Bytes}}
	if runErr != nil {
		row.Error = runErr.Error()
	}
	if r.id == 0 {
		return row
	}
	if err := d.st.EndRun(context.Background(), row); err != nil {
		d.log.Error("recording run end", zap.String("job", js.name), zap.Error(err))
	}
	return row
}

// loadRuns reads js's last ended run and closes the runs this daemon (this
// node: other nodes' runs may be running) left open when it was killed
// (outcome "killed", end unknown). It returns the schedule time of
// the newest scheduled run, the anchor of js's schedule.
func (d *Daemon) loadRuns(ctx context.Context, js *jobState) (anchor time.Time, err error) {
	runs, err := d.st.Runs(ctx, js.id, 20)
	if err != nil {
		return time.Time{}, err
	}
	for i, r := range runs {
		if r.Ended.IsZero() && r.Outcome == "" && r.Node == d.cfg.Node {
			r.Outcome = outcomeKilled
			if err := d.st.EndRun(ctx, r); err != nil {
				return time.Time{}, err
			}
			runs[i] = r
		}
		if anchor.IsZero() && !r.Scheduled.IsZero() {
			anchor = r.Scheduled
		}
		if js.lastRun.ID == 0 && r.Outcome != "" { // not another node's run still going
			js.lastRun = r
		}
	}
	return anchor, nil
}

// runInfo is a stored run as the API shows it.
func runInfo(r store.Run) RunInfo {
	ri := RunInfo{ID: r.ID, Capture: r.CaptureID, Node: r.Node, StopReason: r.Outcome, Scheduled: r.Scheduled, Started: r.Started, Ended: r.Ended,
		Fetched: r.Totals.Fetched, Failed: r.Totals.Failed, Records: r.Totals.Records, Bytes: r.Totals.Bytes, Error: r.Error}
	if !r.Ended.IsZero() {
		ri.Elapsed = r.Ended.Sub(r.Started).Seconds()
	}
	return ri
}

// getRuns lists a job's runs, newest first (?limit=N, default 50, 0 or
// more than maxRuns: maxRuns).
func (d *Daemon) getRuns(w http.ResponseWriter, r *http.Request) error {
	limit, err := queryCount(r, "limit", 50)
	if err != nil {
		return err
	}
	out, err := d.runList(r.Context(), r.PathValue("name"), clampLimit(limit, maxRuns))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// runList is GET /jobs/{name}/runs: the job's latest limit runs (0: all),
// newest first.
func (d *Daemon) runList(ctx context.Context, name string, limit int) ([]RunInfo, error) {
	var id, curCapture int64
	var cur *run
	if err := d.readJob(name, func(js *jobState) {
		id = js.id
		if cur = js.run; cur != nil {
			curCapture = cur.captureID.Load()
		}
	}); err != nil {
		return nil, err
	}
	runs, err := d.st.Runs(ctx, id, limit)
	if err != nil {
		return nil, err
	}
	out := make([]RunInfo, len(runs))
	for i, rn := range runs {
		out[i] = runInfo(rn)
		// This node's newest run, still open, is the job's run now: the
		// store learns its capture only when it ends.
		if i == 0 && cur != nil && rn.CaptureID == 0 && rn.Ended.IsZero() && rn.Outcome == "" && rn.Node == d.cfg.Node {
			out[i].Capture = curCapture
			if cur.started.Load() { // its counts so far, as endRun will store them
				s, _ := cur.cr.Status()
				e := s.Earlier
				out[i].Fetched, out[i].Failed, out[i].Records, out[i].Bytes = s.Fetched-e.Fetched, s.Failed-e.Failed, s.Records-e.Records, s.Bytes-e.Bytes
			}
		}
	}
	return out, nil
}
