package crawler

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// earlierTotals reads what earlier runs of a resumed capture archived, so
// Stats counts the whole capture and agrees with its WARC files. A
// cluster node counts only its own run: the capture's totals are every
// node's.
func (c *Crawler) earlierTotals(ctx context.Context, captureID int64, resumed bool) (store.CaptureTotals, error) {
	if !resumed || c.coord.shared() {
		return store.CaptureTotals{}, nil
	}
	t, err := c.store.CaptureTotals(ctx, captureID)
	if err != nil {
		return t, fmt.Errorf("resume: %w", err)
	}
	return t, nil
}

// nextSerial is one past the highest serial among the capture's WARC
// files written with prefix (a cluster node's prefix names the node), so
// a resumed capture's file names go on where they stopped instead of
// restarting at 00000. A new capture starts at 0.
func (c *Crawler) nextSerial(ctx context.Context, captureID int64, resumed bool, prefix string) (int, error) {
	if !resumed {
		return 0, nil
	}
	ends, err := c.store.FileEnds(ctx, captureID)
	if err != nil {
		return 0, fmt.Errorf("resume: %w", err)
	}
	next := 0
	for name := range ends {
		if n, ok := warc.FileSerial(name, prefix); ok && n >= next {
			next = n + 1
		}
	}
	return next, nil
}

// repairWARCFiles closes the .open files (matching pattern) an interrupted
// run left behind, truncating each to the end of its last indexed record:
// bytes after that belong to exchanges whose URLs are still queued and
// will be fetched again.
func (c *Crawler) repairWARCFiles(ctx context.Context, pattern string) error {
	ends, err := c.store.FileEnds(ctx, c.capture.ID)
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	open, err := filepath.Glob(pattern)
	if err != nil {
		return err
	}
	for _, p := range open {
		final := strings.TrimSuffix(filepath.Base(p), ".open")
		keep, ok := ends[final]
		if !ok {
			// No record of this file is indexed: nothing in it counts.
			c.log.Warn("removing interrupted WARC with no indexed record", zap.String("file", p))
			if err := os.Remove(p); err != nil {
				return fmt.Errorf("repair %s: %w", p, err)
			}
			continue
		}
		fp, cut, err := warc.Repair(p, keep, c.log)
		if err != nil {
			return fmt.Errorf("repair %s: %w", p, err)
		}
		c.log.Warn("repaired interrupted WARC", zap.String("file", fp), zap.Int64("bytes_cut", cut))
		c.warcClosed(fp)
	}
	return nil
}
