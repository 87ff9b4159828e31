package daemon

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawllog"
	"github.com/sharc-archive/sharc/jobdir"
	"github.com/sharc-archive/sharc/urlcanon"
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
	f := jobdir.Path(root, c.ID, c.Started)
	if !f.Exists() {
		return // a capture begun before capture folders
	}
	if err := obs.seedFromLogs(f.Logs()); err != nil {
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
