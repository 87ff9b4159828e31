package daemon

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync/atomic"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
)

// seedHostCounts gives a resumed capture's host rows the counts of its
// earlier runs (issue 29: "the console's top row counts the capture, the
// host row only this run"). The crawl.log is the one record of every
// fetch and failure each run made, with the status the observer classes:
// each line is counted as the crawler's call made then (countFetched,
// countUnfetched), so a host's fetched and errors are the capture's, as
// the top row's are. A store or file error is logged; the rows then
// count this run only.
func (d *Daemon) seedHostCounts(obs *runObserver, root string, captureID int64) {
	ctx := context.Background()
	c, err := d.st.Capture(ctx, captureID)
	if err != nil {
		d.log.Warn("host counts of earlier runs", zap.Int64("capture", captureID), zap.Error(err))
		return
	}
	// Called once the run has set up the capture's folder (a capture
	// begun before capture folders has been moved into its own).
	if err := obs.seedFromLogs(jobdir.Path(root, c.ID, c.Started).Logs()); err != nil {
		d.log.Warn("host counts of earlier runs", zap.Int64("capture", captureID), zap.Error(err))
	}
}

// seedFromLogs counts the lines of every crawl.log in dir, as far as
// each was written when called (this run appends after), into the host
// counts. Lines that do not parse (a torn last line) are skipped.
func (o *runObserver) seedFromLogs(dir string) error {
	names, err := logFiles(dir)
	if err != nil {
		return err
	}
	for _, name := range names {
		if err := o.seedFromLog(filepath.Join(dir, name)); err != nil {
			return err
		}
	}
	return nil
}

func (o *runObserver) seedFromLog(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("open %s: %w", filepath.Base(path), err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(io.LimitReader(f, fi.Size()))
	sc.Buffer(make([]byte, 0, 64<<10), maxLogLine)
	o.mu.Lock()
	defer o.mu.Unlock()
	for sc.Scan() {
		e, err := crawllog.Parse(sc.Text())
		if err != nil {
			continue
		}
		host := urlcanon.Host(e.URI)
		if e.Status > 0 {
			o.countFetched(host, e.Status, max(e.Size, 0))
		} else {
			o.countUnfetched(host, e.Status)
		}
	}
	for _, hc := range o.hosts {
		hc.earlierFetched = hc.fetched
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read %s: %w", filepath.Base(path), err)
	}
	return nil
}

// lastHostRows are a stopped run's host rows, as last seen.
type lastHostRows struct {
	capture int64
	at      time.Time
	rows    []HostStatusJSON
}

// stoppedHostRows keeps the host rows of run r, which has stopped, for
// the status of its job until the next run (issue 29: the host table
// emptied while a job was paused). Nothing is in flight or waited for
// any more; the counts stay.
func (r *run) stoppedHostRows(ctx context.Context, log *zap.Logger, capID int64) lastHostRows {
	if capID == 0 || !r.started.Load() {
		return lastHostRows{}
	}
	now := time.Now()
	rows := r.hostRows(ctx, log, now, 0)
	out := lastHostRows{capture: capID, at: now, rows: make([]HostStatusJSON, len(rows))}
	for i, h := range rows {
		h.InFlight, h.PolitenessWait, h.NextReady = 0, 0, time.Time{}
		out.rows[i] = h.HostStatusJSON
	}
	return out
}

// storedHostRows are the host rows of capture capID of js when no run of
// it is known to this daemon (after a restart): each host's URLs from
// the store's frontier summary, its counts from the capture's crawl.logs
// (seedFromLogs, the same counting as a resumed run's). They are kept in
// js.lastHosts, so the console's polls read the logs once. A store or
// file error is logged and leaves the rows it could make.
func (d *Daemon) storedHostRows(ctx context.Context, js *jobState, capID int64) lastHostRows {
	out := lastHostRows{capture: capID, at: time.Now()}
	c, err := d.st.Capture(ctx, capID)
	if err != nil {
		d.log.Warn("stored host rows", zap.Int64("capture", capID), zap.Error(err))
		return out
	}
	if c.Status != store.CaptureStatusPaused && c.Status != store.CaptureStatusRunning {
		// An ended capture's hosts are in its folder's hosts-report; its
		// crawl.log may be long, and nothing waits on it.
		return d.keepHostRows(js, out)
	}
	sums, err := d.st.FrontierHosts(ctx, capID)
	if err != nil {
		d.log.Warn("stored host rows", zap.Int64("capture", capID), zap.Error(err))
		return out
	}
	d.mu.Lock()
	root := js.job.WARC.Dir
	d.mu.Unlock()
	obs := newRunObserver(d.metrics, js.name, new(atomic.Bool), func(int64) {})
	if f := jobdir.Path(root, c.ID, c.Started); f.Exists() {
		if err := obs.seedFromLogs(f.Logs()); err != nil {
			d.log.Warn("stored host rows", zap.Int64("capture", capID), zap.Error(err))
		}
	}
	for _, h := range sums {
		hc := obs.counts(h.Host)
		out.rows = append(out.rows, HostStatusJSON{Host: h.Host, URLs: h.URLs, Finished: h.Finished, Queued: h.URLs - h.Finished,
			Fetched: hc.fetched, Errors: hc.errors, ErrorsByClass: hc.byClass, Bytes: hc.bytes})
	}
	sort.Slice(out.rows, func(i, j int) bool {
		if out.rows[i].Queued != out.rows[j].Queued {
			return out.rows[i].Queued > out.rows[j].Queued
		}
		return out.rows[i].Host < out.rows[j].Host
	})
	return d.keepHostRows(js, out)
}

// keepHostRows keeps rows as js's last known, unless a run has begun
// or another request kept them first.
func (d *Daemon) keepHostRows(js *jobState, rows lastHostRows) lastHostRows {
	d.mu.Lock()
	defer d.mu.Unlock()
	if js.run == nil && js.lastHosts.capture != rows.capture {
		js.lastHosts = rows
	}
	return rows
}
