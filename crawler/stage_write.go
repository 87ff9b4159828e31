package crawler

import (
	"context"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// writeStage hands the exchange to the group committer and waits until
// its WARC records, index rows, new URLs and crawl.log line are durable
// (commit.go).
type writeStage struct{}

func (writeStage) name() string { return stages.Write }

func (writeStage) run(_ context.Context, c *Crawler, it *item) (bool, error) {
	t, f := it.t, it.f
	it.state = store.StateDone
	if t.Action == scheduler.Visit && c.job.Capture.Mode == job.ModeVisitRevisit {
		it.state = store.StateVisited
	}
	c.bytes.Add(f.Response.Size())
	_, err := c.submit(&archived{t: t, f: f, rev: it.rev, outlinks: it.outlinks, graph: it.graph, cands: it.cands, textDigest: it.textDigest, newPayload: it.newPayload, resources: it.resources(),
		states: []store.StateChange{{SURT: t.SURT, State: it.state, Attempts: t.Attempt + 1}}, entry: fetchEntry(it.worker, t, f, it.ann)})
	if err != nil {
		return true, err
	}
	c.fetched.Add(1)
	if t.Action != scheduler.Visit {
		c.revisitPhase.Add(1)
	}
	if it.state == store.StateDone {
		c.finished.Add(1)
	}
	return false, nil
}
