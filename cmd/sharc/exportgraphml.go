package main

import (
	"context"
	"io"
	"strconv"
	"strings"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawltree"
)

// exportGraphML writes the capture's collapsed crawl tree as GraphML:
// sharc export graphml CAPTURE --store DSN [-o FILE].
func exportGraphML(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("export graphml", "usage: sharc export graphml CAPTURE --store DSN [-o FILE]")
	dsn := fs.String("store", "", "store DSN: sqlite:PATH or postgres://user@host/db")
	captureID := fs.Int64("capture", 0, "capture ID (or give it as the first argument)")
	out := fs.String("o", "", "output file (default standard output)")
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		id, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil {
			fs.Usage()
			return errUsage
		}
		*captureID = id
		args = args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dsn == "" || *captureID <= 0 || fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	s, err := openExistingStore(ctx, *dsn, c.log)
	if err != nil {
		return err
	}
	defer s.Close()
	tree, err := crawltree.Build(ctx, s, *captureID)
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
