package daemon

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/store"
)

// Cluster mode (Config.Node): every daemon sharing the PostgreSQL store
// works on every running capture. The store is the only channel between
// nodes: a capture's status there ("running", "paused", "cancelled",
// "finished") is the cluster's decision, and each node's poll (clusterPoll)
// makes its own runs follow it. Within a capture the crawler's cluster mode
// (crawler.ClusterOptions) leases hosts to one node at a time. See
// docs/api.md, "Several nodes".

// errCaptureGone stops a run that was to join a capture the cluster has
// meanwhile ended (or, for a scheduled start, a capture another node
// already started): nothing went wrong, there is nothing to do.
var errCaptureGone = errors.New("cluster: the capture to join is no longer running")

// joinSpec limits which capture a clustered run may open, so that a node
// arriving late never opens a second capture of the whole job.
type joinSpec struct {
	// capture, if non-zero, is the running capture the poll saw: the run
	// joins it or nothing.
	capture int64
	// after, if non-zero, is when a scheduled capture was due: the run
	// joins the running capture or opens a new one, unless a capture
	// started at or after this time already (another node ran it).
	after time.Time
}

// joinStore is the store as a joining run sees it: OpenCapture honours a
// joinSpec instead of opening a new capture whenever none is running.
type joinStore struct {
	store.Store
	spec joinSpec
}

// Identity is the wrapped store's (the crawler compares stores by it;
// see crawler.CheckOwnerIn); "" if it has none.
func (s joinStore) Identity(ctx context.Context) (string, error) {
	return crawler.StoreIdentity(ctx, s.Store)
}

// OpenCapture implements store.Store.
func (s joinStore) OpenCapture(ctx context.Context, jobID int64, strategy, mode string) (store.Capture, bool, error) {
	caps, err := s.Store.Captures(ctx, jobID)
	if err != nil {
		return store.Capture{}, false, err
	}
	var last store.Capture
	if n := len(caps); n > 0 {
		last = caps[n-1]
	}
	switch {
	case s.spec.capture != 0 && (last.ID != s.spec.capture || last.Status != store.CaptureStatusRunning):
		return store.Capture{}, false, errCaptureGone
	case s.spec.capture == 0 && last.ID != 0 && last.Status != store.CaptureStatusRunning && !last.Started.Before(s.spec.after):
		return store.Capture{}, false, fmt.Errorf("%w: capture %d started at %s, after the schedule was due", errCaptureGone, last.ID, last.Started)
	}
	c, resumed, err := s.Store.OpenCapture(ctx, jobID, strategy, mode)
	if err != nil {
		return c, resumed, err
	}
	if s.spec.capture != 0 && c.ID != s.spec.capture {
		// The capture ended between the check and the open: undo the new
		// capture this node opened, or leave one another node opened.
		if !resumed {
			if err := s.Store.FinishCapture(context.WithoutCancel(ctx), c.ID, store.CaptureStatusCancelled); err != nil {
				return store.Capture{}, false, fmt.Errorf("cancelling capture %d opened by mistake: %w", c.ID, err)
			}
		}
		return store.Capture{}, false, errCaptureGone
	}
	return c, resumed, nil
}

// clusterPoll makes this node follow the cluster: it registers jobs
// submitted to other nodes, joins running captures it does not run, and
// stops runs whose capture another node paused or cancelled.
func (d *Daemon) clusterPoll(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, max(5*d.cfg.Poll, 10*time.Second))
	defer cancel()
	rows, err := d.st.Jobs(ctx)
	if err != nil {
		d.log.Warn("cluster poll: listing jobs", zap.Error(err))
		return
	}
	for _, row := range rows {
		caps, err := d.st.Captures(ctx, row.ID)
		if err != nil {
			d.log.Warn("cluster poll: listing captures", zap.String("job", row.Name), zap.Error(err))
			return
		}
		d.metrics.sawSuccess(row.Name, lastSuccess(caps))
		d.mu.Lock()
		d.followLocked(row, caps)
		d.mu.Unlock()
	}
}

// followLocked brings one job's local state in line with the store.
func (d *Daemon) followLocked(row store.Job, caps []store.Capture) {
	js := d.jobs[row.Name]
	if js == nil || (js.run == nil && js.yaml != row.YAML && js.state == stateIdle) {
		// New to this node, or replaced through another node.
		j, err := d.parse([]byte(row.YAML), "job "+row.Name)
		if err != nil {
			d.log.Debug("cluster poll: stored job not valid here; skipped", zap.String("job", row.Name), zap.Error(err))
			return
		}
		if js == nil {
			js = &jobState{name: row.Name, state: stateIdle, submitted: row.Created}
			d.jobs[row.Name] = js
			d.metrics.register(row.Name, lastSuccess(caps))
			d.log.Info("cluster: job registered from the store", zap.String("job", row.Name))
		}
		js.id, js.yaml, js.job, js.next = row.ID, row.YAML, j, time.Time{}
		if j.Schedule != nil {
			lastStart := d.now()
			if n := len(caps); n > 0 {
				lastStart = caps[n-1].Started
			}
			js.next = j.Schedule.Next(lastStart)
		}
	}
	js.archived = row.Archived // archived through another node: not scheduled here either
	if len(caps) == 0 {
		return
	}
	last := caps[len(caps)-1]
	if r := js.run; r != nil {
		id := r.captureID.Load()
		if id == 0 || r.intent != intentNone {
			return // not opened yet (joinStore checks then), or already stopping
		}
		for _, c := range caps {
			if c.ID == id && c.Status != store.CaptureStatusRunning {
				d.log.Info("cluster: capture ended by another node; stopping this node's run",
					zap.String("job", js.name), zap.Int64("capture", id), zap.String("status", string(c.Status)))
				r.intent = intentFollow
				r.cancel()
			}
		}
		return
	}
	switch {
	case last.Status == store.CaptureStatusRunning && last.ID != js.left && js.alert == "":
		d.log.Info("cluster: joining capture", zap.String("job", js.name), zap.Int64("capture", last.ID))
		d.startJoinLocked(js, joinSpec{capture: last.ID})
	case last.Status == store.CaptureStatusPaused && js.state == stateIdle:
		js.state = statePaused
	case last.Status != store.CaptureStatusRunning && last.Status != store.CaptureStatusPaused && js.state == statePaused:
		js.state, js.alert = stateIdle, ""
	}
}

// settleNode is settle in cluster mode. A node's stop is not the
// capture's: an error pauses this node only (with its alert; the others go
// on), a limit of this node leaves the capture to the others, and a run
// stopped because another node paused or cancelled the capture only
// mirrors that status. Pause and cancel asked of this node set the
// capture's status, which the other nodes follow.
func (d *Daemon) settleNode(ctx context.Context, js *jobState, intent stopIntent, capID int64, stats crawler.Stats, runErr error) (state, alert, outcome string, left int64) {
	stopped := stats.StopReason == crawler.StopInterrupted
	switch {
	case errors.Is(runErr, errCaptureGone):
		d.log.Info("cluster: not joining", zap.String("job", js.name), zap.Error(runErr))
		return stateIdle, "", "not_joined", 0
	case runErr != nil:
		alert = alertFor(runErr)
		d.log.Error("node's run stopped by error; the other nodes go on with the capture", zap.String("job", js.name),
			zap.Int64("capture", capID), zap.String("alert", alert))
		if capID == 0 {
			return stateIdle, alert, "alert", 0
		}
		return statePaused, alert, "alert", 0
	case intent == intentPause && stopped && capID != 0:
		if err := d.st.SetCaptureStatus(ctx, capID, store.CaptureStatusPaused); err != nil {
			d.log.Error("pausing capture", zap.Error(err))
		}
		return statePaused, "", outcomePaused, 0
	case intent == intentCancel && stopped && capID != 0:
		if err := d.st.FinishCapture(ctx, capID, store.CaptureStatusCancelled); err != nil {
			d.log.Error("cancelling capture", zap.Error(err))
		}
		return stateIdle, "", outcomeCancelled, 0
	}
	cp, err := d.st.Capture(ctx, capID)
	switch {
	case err != nil:
		d.log.Error("cluster: reading capture status", zap.Int64("capture", capID), zap.Error(err))
		return stateIdle, "", string(stats.StopReason), 0
	case cp.Status == store.CaptureStatusPaused:
		return statePaused, "", outcomePaused, 0
	case cp.Status != store.CaptureStatusRunning:
		return stateIdle, "", string(cp.Status), 0
	case stopped && intent == intentNone:
		// Daemon shutdown: this node rejoins on its next start.
		return stateIdle, "", outcomeInterrupted, 0
	}
	d.log.Info("node stopped; the cluster continues the capture", zap.String("job", js.name),
		zap.Int64("capture", capID), zap.String("reason", string(stats.StopReason)))
	return stateIdle, "", "node_stopped", capID
}

// clusterOpenCapture returns the job's open (running or paused) capture in
// the store, if any: in cluster mode it may run on other nodes only.
func (d *Daemon) clusterOpenCapture(ctx context.Context, js *jobState) (store.Capture, bool, error) {
	caps, err := d.st.Captures(ctx, js.id)
	if err != nil || len(caps) == 0 {
		return store.Capture{}, false, err
	}
	last := caps[len(caps)-1]
	return last, last.Status == store.CaptureStatusRunning || last.Status == store.CaptureStatusPaused, nil
}
