package main

import (
	"context"
	"io"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/daemon/crawltree"
)

// exportGraphML writes the capture's collapsed crawl tree as GraphML:
// sharc export graphml [CAPTURE] (--store DSN | --job JOB.yaml) [--capture ID] [-o FILE].
func exportGraphML(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("export graphml", "usage: sharc export graphml [CAPTURE] (--store DSN | --job JOB.yaml) [--capture ID] [-o FILE]")
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
	captureID := &tg.capt.ID
	tree, err := crawltree.Build(ctx, tg.st, *captureID)
	if err != nil {
		return err
	}
	_, err = writeOutput(*out, c.stdout, func(w io.Writer) (int, error) { return len(tree.Nodes), crawltree.WriteGraphML(w, tree) })
	if err != nil {
		return err
	}
	c.log.Info("exported GraphML", zap.Int64("capture", *captureID), zap.Int("pages", tree.Pages), zap.Int("nodes", len(tree.Nodes)), zap.String("out", *out))
	return nil
}
