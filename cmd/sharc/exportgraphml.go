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
	return exportCapture(ctx, c, "graphml", args, func(ctx context.Context, tg target, out string) error {
		tree, err := crawltree.Build(ctx, tg.st, tg.capt.ID)
		if err != nil {
			return err
		}
		_, err = writeOutput(out, c.stdout, func(w io.Writer) (int, error) { return len(tree.Nodes), crawltree.WriteGraphML(w, tree) })
		if err != nil {
			return err
		}
		c.log.Info("exported GraphML", zap.Int64("capture", tg.capt.ID), zap.Int("pages", tree.Pages), zap.Int("nodes", len(tree.Nodes)), zap.String("out", out))
		return nil
	})
}
