package crawler

import (
	"context"
	"errors"
	"fmt"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/internal/version"
	"github.com/sharc-archive/sharc/store"
)

// WARCDir is the directory of the capture's WARC files: its folder's
// warcs/, the one place every step after the run (report, package) reads
// them; "" when the run stopped before it opened the capture.
func (s Stats) WARCDir() string {
	if s.Folder == "" {
		return ""
	}
	return jobdir.Folder(s.Folder).WARCs()
}

// FinishOptions are what a caller of Finish adds to the steps every
// capture gets.
type FinishOptions struct {
	Log *zap.Logger
	// Custody, when set, writes the caller's record of the capture into
	// its folder after the reports (the daemon's chain of custody); a
	// failure is logged, as a failed folder report is.
	Custody func(ctx context.Context, f jobdir.Folder) error
	// Package, when set, packages the capture from its WARC folder once
	// the reports are written (the daemon's WACZ, the demo's signed
	// one); its error is Finish's.
	Package func(ctx context.Context, warcDir string) error
}

// Finish is what happens to a stopped capture, the same for `sharc
// crawl`, the daemon and `sharc demo`: its quality report is built over
// its WARC folder and stored (report.BuildAndStore), the folder's reports
// are written (jobdir.Finish: Heritrix's and the quality report), then
// the caller's custody record and package. A failed report leaves the
// capture intact (`sharc report --rebuild` makes it later): the folder's
// reports and the package are still written, and the error is returned
// with the package's; a failed folder report is logged only.
func Finish(ctx context.Context, st store.Store, j *job.Job, stats Stats, o FinishOptions) (*report.Report, error) {
	log := o.Log
	if log == nil {
		log = zap.NewNop()
	}
	rep, repErr := report.BuildAndStore(ctx, st, stats.CaptureID,
		report.Options{WARCDir: stats.WARCDir(), Job: j, Tool: version.Software(), Log: log})
	if repErr != nil {
		repErr = fmt.Errorf("quality report: %w", repErr)
	}
	f := jobdir.Folder(stats.Folder)
	err := jobdir.Finish(ctx, st, f, j, stats.CaptureID, string(stats.StopReason),
		func(c store.Capture) (jobdir.QualityReport, error) { return report.Load(st, c) })
	if err != nil {
		log.Error("capture folder reports", zap.Int64("capture", stats.CaptureID), zap.Error(err))
	}
	if o.Custody != nil {
		if err := o.Custody(ctx, f); err != nil {
			log.Error("capture folder chain of custody", zap.Int64("capture", stats.CaptureID), zap.Error(err))
		}
	}
	var pkgErr error
	if o.Package != nil {
		pkgErr = o.Package(ctx, stats.WARCDir())
	}
	return rep, errors.Join(repErr, pkgErr)
}
