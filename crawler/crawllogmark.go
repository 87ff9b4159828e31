package crawler

import (
	"context"
	"errors"
	"fmt"
	"os"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
)

// A commit's crawl.log lines are written before the commit, and the commit
// records the log's length in the same transaction (store.LogMark). A kill
// between the two leaves lines after the recorded length that describe
// work the index never got; the next run cuts those (repairCrawlLog) and
// does the work again, logging it once. Lines written with no commit
// (dropped links, robots.txt failures) or with a commit that records no
// mark (a URL refused or failed without a response, finishUnfetched) may
// sit after the mark too; they are kept unless their URL is still queued.
// A mark is recorded only once the log is synced, so a power loss never
// keeps a mark and loses the exchange lines it counts. Before this, lines were written after the commit, and a kill in
// between lost them (TestSIGKILLResume caught it once).

// logThenMark writes a commit's lines and returns the mark that commit
// records, once the log is synced. Call with logMu held. If the write
// fails, the mark leaves the lines out and the error is returned with it,
// as a failed sync's is.
func (c *Crawler) logThenMark(lines crawllog.Lines) (*store.LogMark, error) {
	err := c.clog.WriteLines(lines)
	if err == nil {
		// On disk before the mark that counts the lines can be: after a
		// power loss the log still holds every line of a landed commit.
		// (Syncing while the store runs the batch measured slower: the
		// file system's journal serialises the two.)
		err = c.clog.Sync()
	}
	return &store.LogMark{Node: c.coord.node(), Bytes: c.clog.Size()}, err
}

// repairCrawlLog cuts from a resumed capture's crawl.log the lines of a
// commit that did not land: after the last recorded mark, an exchange's
// line (an HTTP status) or any line about a URL of the frontier (a URL
// the index still has to settle, so it is fetched and logged again). A
// capture without a mark (begun before marks were recorded) is left
// alone.
func (c *Crawler) repairCrawlLog(ctx context.Context, logPath string) error {
	mark, err := c.store.CrawlLogMark(ctx, c.capture.ID, c.coord.node())
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if fi, err := os.Stat(logPath); err == nil && fi.Size() < mark {
		// Nothing can bring the lines back; say so rather than go on as
		// if the log were whole. Since logs are synced before their
		// marks, only a failed sync or an altered file leads here.
		c.log.Warn("crawl.log is shorter than its last commit recorded: lines of archived exchanges are missing",
			zap.String("path", logPath), zap.Int64("bytes", fi.Size()), zap.Int64("mark", mark))
	}
	dropped, err := crawllog.RepairTail(logPath, mark, func(es []crawllog.Entry) ([]bool, error) {
		return c.uncommittedLines(ctx, es)
	})
	if err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	if dropped > 0 {
		c.log.Info("crawl.log: cut the lines of a commit that did not land", zap.Int("lines", dropped), zap.Int64("at", mark))
	}
	return nil
}

// uncommittedLines says, for each line after the mark, whether to keep it.
func (c *Crawler) uncommittedLines(ctx context.Context, es []crawllog.Entry) ([]bool, error) {
	surts := make([]string, len(es))
	for i, e := range es {
		surts[i] = urlcanon.SURT(e.URI)
	}
	in, err := c.store.InFrontier(ctx, c.capture.ID, surts)
	if err != nil {
		return nil, err
	}
	keep := make([]bool, len(es))
	for i, e := range es {
		keep[i] = e.Status <= 0 && !in[surts[i]]
	}
	return keep, nil
}
