package crawler

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/upload"
	"github.com/sharc-archive/sharc/store"
)

// uploads is a run's side of warc.upload: closed WARC files go to the
// queue, which the run drains before it ends.
type uploads struct {
	client *upload.Client
	queue  *upload.Queue // nil until startUploads and after finishUploads

	mu   sync.Mutex // guards done and err: Status reads them any time
	done int
	err  error
}

// uploadClient builds and checks the job's upload client before a capture
// exists, so missing credentials, refused ones or a missing bucket stop
// the run at once and nothing is written that could not be uploaded.
func uploadClient(ctx context.Context, u *job.Upload, build func(context.Context, *job.Upload) (*upload.Client, error)) (*upload.Client, error) {
	if u == nil {
		return nil, nil
	}
	if build == nil {
		build = envClient
	}
	cl, err := build(ctx, u)
	if err == nil {
		err = cl.Check(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("warc.upload: %w", err)
	}
	return cl, nil
}

// envClient is `sharc crawl`'s upload client: credentials from the
// environment variables the job names (a remote is refused).
func envClient(_ context.Context, u *job.Upload) (*upload.Client, error) {
	return upload.FromJob(u, os.Getenv)
}

// startUploads starts the queue and queues what earlier runs left: the
// job's pending uploads, and for a resumed capture its closed files with
// no upload row (a crash between a file's close and its queueing).
// Only files in dir named with prefix are this node's to upload.
func (c *Crawler) startUploads(ctx context.Context, dir, prefix string) {
	u := c.upl
	if u == nil || u.client == nil {
		return
	}
	u.queue = upload.NewQueue(ctx, u.client, c.store, c.log)
	known := map[string]bool{}
	pending, err := c.store.PendingWARCUploads(ctx, c.capture.JobID)
	if err != nil {
		c.log.Error("upload: reading pending uploads; they wait for the next run", zap.Error(err))
	}
	for _, p := range pending {
		if p.CaptureID == c.capture.ID {
			known[p.File] = true
		}
		if !ownFile(p.File, prefix) {
			continue
		}
		if _, err := os.Stat(p.LocalPath); err != nil {
			c.log.Warn("upload: pending file not found here, left pending", zap.String("file", p.LocalPath), zap.Error(err))
			continue
		}
		u.queue.Add(p.CaptureID, p.LocalPath)
	}
	if c.resumed {
		c.queueUnrecorded(ctx, dir, prefix, known)
	}
}

// queueUnrecorded queues the resumed capture's closed files that have
// records but no upload row.
func (c *Crawler) queueUnrecorded(ctx context.Context, dir, prefix string, known map[string]bool) {
	ends, err := c.store.FileEnds(ctx, c.capture.ID)
	if err == nil {
		var rows []string
		rows, err = c.uploadedFiles(ctx)
		for _, f := range rows {
			known[f] = true
		}
	}
	if err != nil {
		c.log.Error("upload: finding files left unqueued; they wait for the next run", zap.Error(err))
		return
	}
	for f := range ends {
		p := filepath.Join(dir, f)
		if known[f] || !ownFile(f, prefix) {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			c.log.Info("upload: queueing a file closed before the interruption", zap.String("file", p))
			c.upl.queue.Add(c.capture.ID, p)
		}
	}
}

func (c *Crawler) uploadedFiles(ctx context.Context) ([]string, error) {
	rows, err := c.store.WARCUploads(ctx, c.capture.ID)
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.File
	}
	return out, err
}

// ownFile: a cluster node (prefix set) uploads only the files it wrote.
func ownFile(name, prefix string) bool { return prefix == "" || strings.HasPrefix(name, prefix+"-") }

// warcClosed is the WARC writer's OnClose: queue the file. It runs under
// the writer's lock; Queue.Add does not block.
func (c *Crawler) warcClosed(path string) {
	switch {
	case c.upl == nil || c.upl.client == nil:
	case c.upl.queue != nil:
		c.upl.queue.Add(c.capture.ID, path)
	default:
		// Closed after the run's uploads ended (a dead cluster node's
		// file, repaired): leave it pending for the next run.
		row := store.WARCUpload{CaptureID: c.capture.ID, File: filepath.Base(path), LocalPath: path, State: store.UploadPending}
		if err := c.store.SetWARCUpload(context.Background(), row); err != nil {
			c.log.Error("upload: recording a file for the next run", zap.String("file", path), zap.Error(err))
		}
	}
}

// finishUploads waits for the queued uploads. A failure does not fail
// the capture (its files are kept and stay pending for the next run);
// it is logged and reported in Stats.
func (c *Crawler) finishUploads() {
	u := c.upl
	if u == nil || u.queue == nil {
		return
	}
	q := u.queue
	u.queue = nil
	done, err := q.Close()
	u.mu.Lock()
	u.done, u.err = done, err
	u.mu.Unlock()
	if err != nil && !errors.Is(err, context.Canceled) {
		c.log.Error("upload: some WARC files were not uploaded", zap.Error(err))
	}
}

// uploaded and failure are what Stats reports; nil-safe for runs that
// stopped before uploads were set up.
func (u *uploads) uploaded() int {
	if u == nil {
		return 0
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.done
}

func (u *uploads) failure() string {
	if u == nil {
		return ""
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.err == nil {
		return ""
	}
	return u.err.Error()
}
