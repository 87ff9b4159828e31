package jobdir

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/sharc-archive/sharc/crawler/heritrix"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
)

// SHARC quality report files written beside Heritrix's.
const (
	QualityHTML = "sharc-report.html"
	QualityJSON = "sharc-report.json"
	// AuditFile is the daemon's chain of custody of the capture: its
	// job's audit trail entries, one JSON object a line.
	AuditFile = "audit.jsonl"
)

// QualityReport is a capture's stored SHARC quality report
// (*report.Stored), rendered as "html" or "json".
type QualityReport interface {
	Render(ctx context.Context, w io.Writer, format string) error
}

// Capture is what WriteReports needs to know of a stopped capture.
type Capture struct {
	Row        store.Capture // the capture as the store has it (ID, start, end)
	Job        *job.Job
	StopReason string    // crawler.Stats.StopReason: "finished", "max_pages", …
	Now        time.Time // when the reports are written
}

// WriteReports writes the capture folder's reports/: Heritrix's reports,
// counted from the folder's crawl.log files (every node's), and the
// capture's SHARC quality report q as HTML and JSON (none if q is nil).
// Each file is replaced atomically, so running it again (a
// rebuilt report) leaves whole files only.
func WriteReports(ctx context.Context, f Folder, c Capture, q QualityReport) error {
	tally, err := tallyLogs(f, c.Job)
	if err != nil {
		return err
	}
	end := c.Row.Finished
	if end.IsZero() {
		end = c.Now
	}
	crawl := heritrix.Crawl{Name: c.Job.Name, Status: heritrix.StatusFor(c.StopReason), Elapsed: end.Sub(c.Row.Started), Now: c.Now}
	for _, name := range heritrix.Reports {
		err := WriteAtomic(filepath.Join(f.Reports(), name), func(w *os.File) error { return tally.Write(w, name, crawl) })
		if err != nil {
			return fmt.Errorf("capture folder: %w", err)
		}
	}
	if q == nil {
		return nil
	}
	for name, format := range map[string]string{QualityHTML: "html", QualityJSON: "json"} {
		err := WriteAtomic(filepath.Join(f.Reports(), name), func(w *os.File) error { return q.Render(ctx, w, format) })
		if err != nil {
			return fmt.Errorf("capture folder: %w", err)
		}
	}
	return nil
}

// tallyLogs streams every crawl.log of the folder (one per cluster node)
// into one tally.
func tallyLogs(f Folder, j *job.Job) (*heritrix.Tally, error) {
	var seeds []string
	for _, s := range j.Seeds {
		if u, err := urlcanon.Canonical("", s); err == nil {
			seeds = append(seeds, u) // as the crawler logs it
		}
	}
	tally := heritrix.NewTally(seeds)
	logs, err := filepath.Glob(filepath.Join(f.Logs(), "crawl*.log"))
	if err != nil {
		return nil, err
	}
	for _, p := range logs {
		if err := tallyFile(tally, p); err != nil {
			return nil, err
		}
	}
	return tally, nil
}

func tallyFile(t *heritrix.Tally, path string) error {
	r, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("capture folder: %w", err)
	}
	defer r.Close()
	return t.ReadLog(r)
}

// CaptureReader reads a capture's row (store.Store has it).
type CaptureReader interface {
	Capture(ctx context.Context, id int64) (store.Capture, error)
}

// Finish writes the reports of a stopped capture into its folder: it reads
// the capture's row, and its quality report with load when one is stored
// (load is not called otherwise). `sharc crawl` and the daemon call it
// once the capture's quality report is built.
func Finish(ctx context.Context, st CaptureReader, f Folder, j *job.Job, captureID int64, stopReason string,
	load func(store.Capture) (QualityReport, error)) error {
	row, err := st.Capture(ctx, captureID)
	if err != nil {
		return fmt.Errorf("capture folder: %w", err)
	}
	var q QualityReport
	if len(row.Report) > 0 {
		if q, err = load(row); err != nil {
			return fmt.Errorf("capture folder: quality report: %w", err)
		}
	}
	return WriteReports(ctx, f, Capture{Row: row, Job: j, StopReason: stopReason, Now: time.Now()}, q)
}
