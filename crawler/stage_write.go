package crawler

import (
	"context"
	"sync/atomic"

	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// writeStage hands the exchange to the group committer (commit.go) and
// frees its worker: the chain's later stages run once its WARC records,
// index rows, new URLs and crawl.log line are durable (afterCommit).
type writeStage struct {
	visitRevisit bool // capture.mode visit-revisit: a visit leaves its URL visited, not done
	commit       exchangeSubmitter
	counts       writeCounts
	limits       runChecker
}

// exchangeSubmitter hands an exchange to the group committer
// (Crawler.handOff); wait gives the commit's outcome.
type exchangeSubmitter interface {
	handOff(a *archived) (wait func() ([]store.Record, error))
}

// writeCounts are the run's counters the write stage adds to (runState).
type writeCounts struct {
	bytes, fetched, revisitPhase, finished *atomic.Int64
	// handed counts the pages handed to the committer, committed or not:
	// the page limits are checked against it, so that pages waiting for
	// their commits cannot carry a run past max_pages.
	handed *atomic.Int64
}

func (writeStage) name() string { return stages.Write }

func (s writeStage) run(_ context.Context, it *item) (bool, error) {
	t, f := it.t, it.f
	it.state = store.StateDone
	if t.Action == scheduler.Visit && s.visitRevisit {
		it.state = store.StateVisited
	}
	s.counts.bytes.Add(f.Response.Size())
	wait := s.commit.handOff(&archived{t: t, f: f, rev: it.rev, outlinks: it.outlinks, graph: it.graph, cands: it.cands, textDigest: it.textDigest, newPayload: it.newPayload, resources: it.resources(),
		states: []store.StateChange{{SURT: t.SURT, State: it.state, Attempts: t.Attempt + 1}}, entry: fetchEntry(it.worker, t, f, it.ann)})
	// Its records are built: the response is not read again, and its
	// memory is not held while the commit waits (Size stays known).
	_ = f.Response.Close()
	s.limits.checkLimits(s.counts.handed.Add(1))
	it.committing = func() error {
		if _, err := wait(); err != nil {
			return err
		}
		s.counts.fetched.Add(1)
		if t.Action != scheduler.Visit {
			s.counts.revisitPhase.Add(1)
		}
		if it.state == store.StateDone {
			s.counts.finished.Add(1)
		}
		return nil
	}
	return false, nil
}
