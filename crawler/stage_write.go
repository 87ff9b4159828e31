package crawler

import (
	"context"
	"sync/atomic"

	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// writeStage hands the exchange to the group committer and waits until
// its WARC records, index rows, new URLs and crawl.log line are durable
// (commit.go).
type writeStage struct {
	visitRevisit bool // capture.mode visit-revisit: a visit leaves its URL visited, not done
	commit       exchangeSubmitter
	counts       writeCounts
}

// exchangeSubmitter hands an exchange to the group committer and waits
// for it (Crawler.submit).
type exchangeSubmitter interface {
	submit(a *archived) ([]store.Record, error)
}

// writeCounts are the run's counters the write stage adds to (runState).
type writeCounts struct {
	bytes, fetched, revisitPhase, finished *atomic.Int64
}

func (writeStage) name() string { return stages.Write }

func (s writeStage) run(_ context.Context, it *item) (bool, error) {
	t, f := it.t, it.f
	it.state = store.StateDone
	if t.Action == scheduler.Visit && s.visitRevisit {
		it.state = store.StateVisited
	}
	s.counts.bytes.Add(f.Response.Size())
	_, err := s.commit.submit(&archived{t: t, f: f, rev: it.rev, outlinks: it.outlinks, graph: it.graph, cands: it.cands, textDigest: it.textDigest, newPayload: it.newPayload, resources: it.resources(),
		states: []store.StateChange{{SURT: t.SURT, State: it.state, Attempts: t.Attempt + 1}}, entry: fetchEntry(it.worker, t, f, it.ann)})
	if err != nil {
		return true, err
	}
	s.counts.fetched.Add(1)
	if t.Action != scheduler.Visit {
		s.counts.revisitPhase.Add(1)
	}
	if it.state == store.StateDone {
		s.counts.finished.Add(1)
	}
	return false, nil
}
