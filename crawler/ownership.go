package crawler

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/store"
)

// One owner per capture (issue 27): a run holds its job's capture lock
// (store.LockCapture) from before it opens the capture until it has
// closed its outputs, so no second process resumes a capture that is
// being crawled, and no resume repairs a live process's .open WARC files.
// Cluster nodes lock shared: they share the capture through host leases.

// Defaults of Options.OwnerHeartbeat and Options.OwnerRetry.
const (
	DefaultOwnerHeartbeat = 5 * time.Second
	DefaultOwnerRetry     = time.Second
)

// deadOwnerWait bounds how long a run waits for a capture lock that only
// dead processes of this host hold. After a crash (SIGKILL, the OOM
// killer) and a quick restart, a PostgreSQL server frees the dead
// process's lock only once it notices the closed connection; refusing at
// once would leave the restarted daemon's capture with an alert
// (TestServeSIGKILL hit it on a loaded machine).
const deadOwnerWait = 30 * time.Second

// holdersDead reports whether every recorded holder is a process of this
// host that no longer runs. A holder on another host, or a PID now in use
// again, counts as alive: the lock is then refused as before.
func holdersDead(hs []store.CaptureHolder) bool {
	host, err := os.Hostname()
	if err != nil || len(hs) == 0 {
		return false
	}
	for _, h := range hs {
		if h.Host != host || h.PID <= 0 || h.PID == os.Getpid() || processAlive(h.PID) {
			return false
		}
	}
	return true
}

// newHolder describes this process as the holder of job's capture.
func newHolder(job, node string, now time.Time) store.CaptureHolder {
	host, err := os.Hostname()
	if err != nil {
		host = "unknown"
	}
	return store.CaptureHolder{Job: job, Node: node, Host: host, PID: os.Getpid(), Since: now, Heartbeat: now}
}

// now is the crawler's clock for ownership records.
func (c *Crawler) now() time.Time {
	if c.opts.Now != nil {
		return c.opts.Now()
	}
	return time.Now()
}

// ownCapture takes the job's capture lock. Without Options.Wait a busy
// capture is refused at once (*store.CaptureBusyError), unless all its
// recorded holders are dead processes of this host: then it waits up to
// deadOwnerWait for the lock to be let go. With Wait the run waits,
// logging once whom it waits for, until the lock is free or ctx ends.
func (c *Crawler) ownCapture(ctx context.Context) (store.CaptureLock, error) {
	retry := c.opts.OwnerRetry
	if retry <= 0 {
		retry = DefaultOwnerRetry
	}
	logged := false
	var deadline time.Time // for a lock only dead processes hold
	for {
		lock, err := c.store.LockCapture(ctx, newHolder(c.job.Name, c.coord.node(), c.now()), c.coord.shared())
		var busy *store.CaptureBusyError
		if !errors.As(err, &busy) {
			return lock, err
		}
		if !c.opts.Wait {
			if deadline.IsZero() {
				deadline = c.now().Add(deadOwnerWait)
			}
			if !holdersDead(busy.Holders) || c.now().After(deadline) {
				return lock, err
			}
		}
		if !logged {
			c.log.Info("waiting for the capture's owner to stop", zap.String("job", c.job.Name), zap.String("owner", busy.Error()))
			logged = true
		}
		t := time.NewTimer(retry)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, fmt.Errorf("waiting for the capture's owner: %w", context.Cause(ctx))
		case <-t.C:
		}
	}
}

// heartbeat keeps lock's record alive until stop is called. A lock lost
// to another process (its connection died and another took it) cancels
// the returned context with the *store.CaptureBusyError: the run stops.
func (c *Crawler) heartbeat(ctx context.Context, lock store.CaptureLock) (context.Context, func()) {
	every := c.opts.OwnerHeartbeat
	if every <= 0 {
		every = DefaultOwnerHeartbeat
	}
	ctx, cancel := context.WithCancelCause(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			bctx, bcancel := context.WithTimeout(ctx, every)
			err := lock.Heartbeat(bctx, c.now())
			bcancel()
			switch {
			case errors.Is(err, store.ErrCaptureBusy):
				c.log.Error("capture lock lost to another process: stopping", zap.Error(err))
				cancel(err)
				return
			case err != nil && ctx.Err() == nil:
				c.log.Warn("capture heartbeat", zap.Error(err))
			}
		}
	}()
	return ctx, func() { cancel(nil); <-done }
}

// releaseCapture lets the capture lock go, after the outputs are closed.
func (c *Crawler) releaseCapture(ctx context.Context, lock store.CaptureLock) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if err := lock.Release(ctx); err != nil {
		c.log.Warn("releasing the capture lock (it ends with the process anyway)", zap.Error(err))
	}
}

// repairDeadNode closes the .open WARC files of a cluster node whose
// heartbeat expired, once it is provably gone: its node lock can be
// taken, so no process of that name is alive (a stopped one keeps it).
func (c *Crawler) repairDeadNode(ctx context.Context, node string) error {
	lock, err := c.store.LockCapture(ctx, newHolder(c.job.Name, node, c.now()), true)
	if errors.Is(err, store.ErrCaptureBusy) {
		c.log.Warn("cluster: a node's lease expired but its process lives: its WARC files are left to it", zap.String("node", node))
		return nil
	}
	if err != nil {
		return err
	}
	defer c.releaseCapture(ctx, lock)
	c.log.Warn("cluster: repairing the WARC files of a dead node", zap.String("node", node))
	return c.repairWARCFiles(ctx, filepath.Join(c.warcDir, warcPrefix(c.job.WARC.Prefix, node)+"-*.warc.gz.open"))
}
