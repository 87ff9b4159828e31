package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/internal/fsutil"
	"github.com/sharc-archive/sharc/warc/cdxj"
)

// exportFormats lists the formats runExport dispatches to; keep it in step
// with the switch.
var exportFormats = []string{"cdxj", "graphml", "wacz"}

// runExport writes a capture in an exchange format: sharc export FORMAT
// [flags]. Each format is one case and one function.
func runExport(ctx context.Context, c *cli, args []string) error {
	if len(args) > 0 && isHelp(args[0]) {
		fmt.Fprintln(c.stdout, commandUsage("export"))
		return flag.ErrHelp
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(c.stderr, commandUsage("export"))
		return errUsage
	}
	switch args[0] {
	case "cdxj":
		return exportCDXJ(ctx, c, args[1:])
	case "graphml":
		return exportGraphML(ctx, c, args[1:])
	case "wacz":
		return runExportWACZ(ctx, c, args[1:])
	}
	return usagef("unknown format %q (valid formats: %s)", args[0], strings.Join(exportFormats, ", "))
}

// exportCDXJ writes the capture's CDXJ index (pywb convention).
func exportCDXJ(ctx context.Context, c *cli, args []string) error {
	return exportCapture(ctx, c, "cdxj", args, func(ctx context.Context, tg target, out string) error {
		recs, err := tg.st.Records(ctx, tg.capt.ID)
		if err != nil {
			return err
		}
		n, err := writeOutput(out, c.stdout, func(w io.Writer) (int, error) { return cdxj.WriteRecords(w, recs) })
		if err != nil {
			return err
		}
		c.log.Info("exported CDXJ", zap.Int64("capture", tg.capt.ID), zap.Int("lines", n), zap.Int("records", len(recs)), zap.String("out", out))
		return nil
	})
}

// exportCapture parses the flags every single-file export shares
// (sharc export FORMAT [CAPTURE] (--store DSN | --job JOB.yaml) [--capture
// ID] [-o FILE]), opens the capture and runs write with it and the -o path.
func exportCapture(ctx context.Context, c *cli, format string, args []string, write func(context.Context, target, string) error) error {
	fs := c.flags("export "+format, "usage: sharc export "+format+" [CAPTURE] (--store DSN | --job JOB.yaml) [--capture ID] [-o FILE]")
	cf := addCaptureFlags(fs)
	out := fs.String("o", "", "output file (default standard output)")
	args, err := cf.takePositional(args)
	if err != nil {
		return err
	}
	if err := parseFlagsOnly(fs, args); err != nil {
		return err
	}
	tg, err := cf.open(ctx, c.log)
	if err != nil {
		return err
	}
	defer tg.st.Close()
	return write(ctx, tg, *out)
}

// writeOutput runs write on stdout, or on a file written atomically
// (fsutil.WriteAtomic: a synced temporary file renamed to path once
// complete), so a failed export or a crash never leaves a truncated file
// that reads as the export.
func writeOutput(path string, stdout io.Writer, write func(io.Writer) (int, error)) (int, error) {
	if path == "" || path == "-" {
		return write(stdout)
	}
	var n int
	err := fsutil.WriteAtomic(path, func(f *os.File) error {
		var err error
		n, err = write(f)
		return err
	})
	if err != nil {
		return 0, err
	}
	return n, nil
}
