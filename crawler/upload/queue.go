package upload

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/store"
)

// Recorder is where the Queue notes each upload (a store.Store).
type Recorder interface {
	SetWARCUpload(ctx context.Context, u store.WARCUpload) error
}

const (
	defaultParallel = 2
	firstBackoff    = time.Second
	maxBackoff      = time.Minute
)

// Queue uploads files in the background.
type Queue struct {
	c       *Client
	rec     Recorder
	log     *zap.Logger
	ctx     context.Context
	backoff time.Duration

	mu      sync.Mutex
	cond    *sync.Cond
	items   []item
	closed  bool
	failed  []error
	done    int
	workers sync.WaitGroup

	stopWake func() bool // unregisters the wake-up on ctx's end
}

type item struct {
	captureID int64
	path      string
}

// NewQueue starts c's configured number of upload workers; they stop when
// ctx is cancelled or Close has drained the queue.
func NewQueue(ctx context.Context, c *Client, rec Recorder, log *zap.Logger) *Queue {
	if log == nil {
		log = zap.NewNop()
	}
	q := &Queue{c: c, rec: rec, log: log, ctx: ctx, backoff: firstBackoff}
	q.cond = sync.NewCond(&q.mu)
	n := c.cfg.Parallel
	if n <= 0 {
		n = defaultParallel
	}
	q.workers.Add(n)
	for range n {
		go q.work()
	}
	// Wake idle workers when ctx ends so they can leave.
	q.stopWake = context.AfterFunc(ctx, func() {
		q.mu.Lock()
		q.cond.Broadcast()
		q.mu.Unlock()
	})
	return q
}

// Add queues a closed file of a capture. It never blocks; after Close it
// logs and drops the file (its row, if any, stays pending).
func (q *Queue) Add(captureID int64, path string) {
	// The row's path must still name the file for a run started from
	// another working directory.
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		q.log.Warn("upload: queue closed, file left for the next run", zap.String("file", path))
		return
	}
	q.items = append(q.items, item{captureID: captureID, path: path})
	q.cond.Signal()
}

// Close stops taking files, waits for the queued ones and reports how many
// uploaded and the failures: failed files stay local with a pending row.
func (q *Queue) Close() (uploaded int, err error) {
	q.mu.Lock()
	q.closed = true
	q.cond.Broadcast()
	q.mu.Unlock()
	q.workers.Wait()
	q.stopWake()
	q.mu.Lock()
	defer q.mu.Unlock()
	left := len(q.items)
	errs := q.failed
	if left > 0 {
		errs = append(errs, fmt.Errorf("upload: %d file(s) not tried before the run stopped: %w", left, context.Cause(q.ctx)))
	}
	if len(errs) > 0 {
		return q.done, fmt.Errorf("upload: %d file(s) not uploaded (kept locally, pending; the next run of the job uploads them): %w",
			len(q.failed)+left, errors.Join(errs...))
	}
	return q.done, nil
}

// next waits for an item; ok is false when the worker should stop.
func (q *Queue) next() (item, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.closed && q.ctx.Err() == nil {
		q.cond.Wait()
	}
	if len(q.items) == 0 || q.ctx.Err() != nil {
		return item{}, false
	}
	it := q.items[0]
	q.items = q.items[1:]
	return it, true
}

func (q *Queue) work() {
	defer q.workers.Done()
	for {
		it, ok := q.next()
		if !ok {
			return
		}
		err := q.upload(it)
		q.mu.Lock()
		if err != nil {
			q.failed = append(q.failed, err)
		} else {
			q.done++
		}
		q.mu.Unlock()
	}
}

// upload runs one file through pending → tries → uploaded (→ deleted).
func (q *Queue) upload(it item) error {
	file := filepath.Base(it.path)
	row := store.WARCUpload{CaptureID: it.captureID, File: file, LocalPath: it.path, State: store.UploadPending}
	// The row comes first: a crash mid-upload leaves it pending.
	if err := q.rec.SetWARCUpload(context.WithoutCancel(q.ctx), row); err != nil {
		q.log.Error("upload: recording pending upload", zap.String("file", it.path), zap.Error(err))
	}
	obj, err := q.try(it.path)
	if err != nil {
		row.LastError = err.Error()
		if rerr := q.rec.SetWARCUpload(context.WithoutCancel(q.ctx), row); rerr != nil {
			q.log.Error("upload: recording failed upload", zap.String("file", it.path), zap.Error(rerr))
		}
		q.log.Error("upload: file not uploaded, kept locally", zap.String("file", it.path), zap.Error(err))
		return fmt.Errorf("%s: %w", file, err)
	}
	row.State, row.ObjectURL, row.Size, row.SHA256 = store.UploadDone, obj.URL, obj.Size, obj.SHA256
	if err := q.rec.SetWARCUpload(context.WithoutCancel(q.ctx), row); err != nil {
		// The index does not know the object: keep the file.
		return fmt.Errorf("%s: uploaded to %s but not recorded (file kept): %w", file, obj.URL, err)
	}
	q.log.Info("upload: WARC uploaded", zap.String("file", it.path), zap.String("object", obj.URL), zap.Int64("bytes", obj.Size))
	if q.c.cfg.DeleteLocal {
		if err := os.Remove(it.path); err != nil {
			q.log.Warn("upload: removing uploaded file", zap.String("file", it.path), zap.Error(err))
		}
	}
	return nil
}

// try puts the file, retrying transient failures with growing waits.
func (q *Queue) try(path string) (Object, error) {
	retries := q.c.cfg.Retries
	wait := q.backoff
	for attempt := 0; ; attempt++ {
		obj, err := q.c.Put(q.ctx, path)
		var perm *Error
		if err == nil || attempt >= retries || q.ctx.Err() != nil || (errors.As(err, &perm) && perm.Permanent) {
			return obj, err
		}
		q.log.Warn("upload: retrying", zap.String("file", path), zap.Int("attempt", attempt+1), zap.Duration("wait", wait), zap.Error(err))
		t := time.NewTimer(wait)
		select {
		case <-q.ctx.Done():
			t.Stop()
			return Object{}, fmt.Errorf("%w (gave up: %w)", err, context.Cause(q.ctx))
		case <-t.C:
		}
		wait = min(2*wait, maxBackoff)
	}
}
