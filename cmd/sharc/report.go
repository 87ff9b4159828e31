package main

import (
	"context"
	"fmt"
	"io"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/internal/version"
	"github.com/sharc-archive/sharc/store"
)

// runReport prints a capture's quality report:
//
//	sharc report [CAPTURE_ID] (--store DSN | --job JOB.yaml) [--capture ID] [--warc-dir DIR]
//	    [--format json|csv|html] [-o FILE] [--rebuild]
//
// The report stored in the index is printed if there is one and --rebuild
// is not given; otherwise it is built, and stored unless the capture is
// still running (a provisional report must not stand in for the final one).
func runReport(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("report", "usage: sharc report [CAPTURE_ID] (--store DSN | --job JOB.yaml) [--capture ID] [--warc-dir DIR] [--format json|csv|html] [-o FILE] [--rebuild]")
	cf := addCaptureFlags(fs)
	warcDir := fs.String("warc-dir", "", "directory of the capture's WARC files, for the similarity test (default: the job's)")
	format := fs.String("format", "json", "output format: json, csv or html")
	out := fs.String("o", "", "output file (default standard output)")
	rebuild := fs.Bool("rebuild", false, "build the report again even if one is stored")
	// The capture ID may come before or after the flags.
	args, err := cf.takePositional(args)
	if err != nil {
		return err
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		if cf.positional > 0 || fs.NArg() > 1 {
			return usagef("unexpected arguments %q", fs.Args())
		}
		if _, err := cf.takePositional(fs.Args()); err != nil {
			return err
		}
	}
	if *format != "json" && *format != "csv" && *format != "html" {
		return usagef("unknown format %q (valid: json, csv, html)", *format)
	}
	tg, err := cf.open(ctx, c.log)
	if err != nil {
		return err
	}
	st, capt, j := tg.st, tg.capt, tg.job
	defer st.Close()
	if j != nil && *warcDir == "" {
		*warcDir = j.WARC.Dir
	}
	if j != nil && *warcDir == j.WARC.Dir {
		*warcDir = jobdir.WARCDir(j.WARC.Dir, capt.ID, capt.Started) // the capture's folder
	}
	render, err := reportRenderer(ctx, c, st, capt, *rebuild, report.Options{WARCDir: *warcDir, Job: j, Tool: version.Software(), Log: c.log})
	if err != nil {
		return err
	}
	_, err = writeOutput(*out, c.stdout, func(w io.Writer) (int, error) { return 0, render(w, *format) })
	return err
}

// reportRenderer returns what prints capture capt's report: the stored
// one (unless rebuild), else one built and stored, streamed from the index
// as it is written; a report of a still running capture is built in memory
// and not stored (a provisional report must not stand in for the final
// one).
func reportRenderer(ctx context.Context, c *cli, st store.Store, capt store.Capture, rebuild bool, opts report.Options) (func(io.Writer, string) error, error) {
	id := capt.ID
	if len(capt.Report) > 0 && !rebuild {
		c.log.Info("printing the stored report", zap.Int64("capture", id))
	} else if capt.Status == store.CaptureStatusRunning {
		r, err := report.Build(ctx, st, id, opts)
		if err != nil {
			return nil, err
		}
		c.log.Warn("capture still running: report built but not stored", zap.Int64("capture", id))
		return func(w io.Writer, format string) error { return report.Render(w, r, format) }, nil
	} else {
		if _, err := report.BuildAndStore(ctx, st, id, opts); err != nil {
			return nil, err
		}
		c.log.Info("report built and stored", zap.Int64("capture", id))
		var err error
		if capt, err = st.Capture(ctx, id); err != nil {
			return nil, err
		}
	}
	stored, err := report.Load(st, capt)
	if err != nil {
		return nil, fmt.Errorf("stored report of capture %d: %w (use --rebuild)", id, err)
	}
	return func(w io.Writer, format string) error { return stored.Render(ctx, w, format) }, nil
}
