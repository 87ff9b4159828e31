package crawler

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"
)

// The serial path (issue 33): every page passes through the group
// committer, whose two stages (the writer and the indexer, commit.go)
// are one goroutine each. A stage's time on a page (its group's time
// divided by the group's pages) is serial: no core can share it. The two
// stages run at once, on different groups, so the slower stage bounds
// the capture at 1/(its time per page) pages per second however many
// cores there are. serialTimes splits the stages' time by step, so the
// bound can be read per step (Stats.Serial, sharc crawl's summary,
// BenchmarkSerialPerPage).

// SerialStage is one of the committer's two pipelined goroutines.
type SerialStage int

const (
	// SerialWriter gathers a group and writes it to the WARC file.
	SerialWriter SerialStage = iota
	// SerialIndexer commits a written group to the index.
	SerialIndexer
)

// String names a stage as the summary prints it.
func (s SerialStage) String() string {
	if s == SerialWriter {
		return "writer"
	}
	return "indexer"
}

// SerialStep is one step of the committer's work on a group.
type SerialStep int

// The committer's steps, in the order a group goes through them.
const (
	// SerialWARC: appending the group's built records to the WARC file
	// (and the writer's own bookkeeping, formatting the group's crawl.log
	// lines among it).
	SerialWARC SerialStep = iota
	// SerialSync: the WARC file's fsync, one a group. Waiting on the
	// disk, not using a core: its share of a page is the fsync's latency
	// over the group's size, and groups grow with the rate (a page that
	// arrives during an fsync joins the next group), so it bounds the
	// rate only once groups are full (maxGroup).
	SerialSync
	// SerialFrontier: numbering the group's new URLs and adding them to
	// the frontier (its locks), with their change rates.
	SerialFrontier
	// SerialLog: writing the group's crawl.log lines (formatted by the
	// writer stage).
	SerialLog
	// SerialIndex: the store transaction (index rows, URL states,
	// discoveries, crawl.log mark).
	SerialIndex
	// SerialOther: the rest of a group's turn (deduplication's memory,
	// settling WARC files, page graphs, counters).
	SerialOther
	numSerialSteps
)

// Stage is the goroutine that runs step.
func (s SerialStep) Stage() SerialStage {
	if s == SerialWARC || s == SerialSync {
		return SerialWriter
	}
	return SerialIndexer
}

// String names a step as the summary prints it.
func (s SerialStep) String() string {
	switch s {
	case SerialWARC:
		return "warc"
	case SerialSync:
		return "fsync"
	case SerialFrontier:
		return "frontier"
	case SerialLog:
		return "crawl.log"
	case SerialIndex:
		return "index"
	case SerialOther:
		return "other"
	}
	return "unknown"
}

// SerialTimes is the committer's time per step, summed over a run, and
// the pages (exchanges) it committed. Steps are wall time: on a loaded
// machine they include the time a stage waited for a core, and SerialSync
// the disk's latency. CPU is the same steps' CPU time (the stage's
// thread's; zero where it cannot be read, CPUKnown false): what no other
// core can take over, the serial time that does not depend on load.
type SerialTimes struct {
	Steps    [numSerialSteps]time.Duration
	CPU      [numSerialSteps]time.Duration
	CPUKnown bool
	Pages    int64
	// Rated is how many new URLs the indexer had to rate itself
	// (assignRates) because their worker had not (prerate): on a single
	// node only links found as a run was ending. Rating can read the
	// store, so each one lengthens the serial path.
	Rated int64
}

// StageTotal is the wall time of stage over its steps.
func (s SerialTimes) StageTotal(stage SerialStage) time.Duration {
	return stageSum(&s.Steps, stage)
}

// StageCPU is the CPU time of stage over its steps.
func (s SerialTimes) StageCPU(stage SerialStage) time.Duration {
	return stageSum(&s.CPU, stage)
}

func stageSum(steps *[numSerialSteps]time.Duration, stage SerialStage) time.Duration {
	var t time.Duration
	for i, d := range steps {
		if SerialStep(i).Stage() == stage {
			t += d
		}
	}
	return t
}

// Bottleneck is the stage with more wall time, whose time is PerPage.
func (s SerialTimes) Bottleneck() SerialStage {
	if s.StageTotal(SerialIndexer) > s.StageTotal(SerialWriter) {
		return SerialIndexer
	}
	return SerialWriter
}

// PerPage is the serial wall time per committed page: the slower stage's
// time over the pages, or 0 before any.
func (s SerialTimes) PerPage() time.Duration {
	if s.Pages == 0 {
		return 0
	}
	return s.StageTotal(s.Bottleneck()) / time.Duration(s.Pages)
}

// CPUPerPage is the serial CPU time per committed page: the larger of
// the stages' CPU time over the pages, or 0 before any (or without a
// thread clock).
func (s SerialTimes) CPUPerPage() time.Duration {
	if s.Pages == 0 {
		return 0
	}
	return max(s.StageCPU(SerialWriter), s.StageCPU(SerialIndexer)) / time.Duration(s.Pages)
}

// serialTimes accumulates SerialTimes. The committer adds; Stats reads
// from other goroutines, hence atomics.
type serialTimes struct {
	steps    [numSerialSteps]atomic.Int64 // wall nanoseconds
	cpu      [numSerialSteps]atomic.Int64 // thread CPU nanoseconds
	cpuKnown atomic.Bool
	pages    atomic.Int64
	rated    atomic.Int64
	now      func() time.Time
	// cpuNow is threadCPU; the caller's goroutine must be locked to its
	// thread (committer).
	cpuNow func() (time.Duration, bool)
}

func newSerialTimes(now func() time.Time) *serialTimes {
	if now == nil {
		now = time.Now
	}
	return &serialTimes{now: now, cpuNow: threadCPU}
}

// stopwatch times one stage's turn on a group: each lap adds the time
// since the previous one to a step. One goroutine (the stage's) uses it.
type stopwatch struct {
	times   *serialTimes
	mark    time.Time
	cpuMark time.Duration
	cpuOK   bool
}

// start begins stage's turn on a group of pages exchanges (the writer
// counts them; the indexer commits the same pages).
func (s *serialTimes) start(stage SerialStage, pages int) *stopwatch {
	if s == nil {
		return nil
	}
	if stage == SerialWriter {
		s.pages.Add(int64(pages))
	}
	// The turn keeps its thread, so the thread's CPU clock is the
	// turn's; between turns the stage's goroutine may block on its
	// channel without holding a thread.
	runtime.LockOSThread()
	w := &stopwatch{times: s, mark: s.now()}
	w.cpuMark, w.cpuOK = s.cpuNow()
	s.cpuKnown.Store(w.cpuOK)
	return w
}

// stop ends the turn: the thread is free again.
func (w *stopwatch) stop() {
	if w != nil {
		runtime.UnlockOSThread()
	}
}

// lap adds the time since the last lap to step. A nil stopwatch (a
// commit made outside the committer: seeds, refresh) times nothing.
func (w *stopwatch) lap(step SerialStep) {
	if w == nil {
		return
	}
	t := w.times.now()
	w.times.steps[step].Add(int64(t.Sub(w.mark)))
	w.mark = t
	if w.cpuOK {
		if c, ok := w.times.cpuNow(); ok {
			w.times.cpu[step].Add(int64(c - w.cpuMark))
			w.cpuMark = c
		}
	}
}

// rated counts n URLs rated by the committer (SerialTimes.Rated).
func (w *stopwatch) rated(n int) {
	if w != nil {
		w.times.rated.Add(int64(n))
	}
}

// stopwatchKey carries a group's stopwatch down to the commit of its
// coordinator (commitLocal), the way net/http/httptrace carries a trace:
// the coordinator interface stays the same for callers that time nothing.
type stopwatchKey struct{}

func withStopwatch(ctx context.Context, w *stopwatch) context.Context {
	if w == nil {
		return ctx
	}
	return context.WithValue(ctx, stopwatchKey{}, w)
}

func stopwatchFrom(ctx context.Context) *stopwatch {
	w, _ := ctx.Value(stopwatchKey{}).(*stopwatch)
	return w
}

func (s *serialTimes) snapshot() SerialTimes {
	var out SerialTimes
	if s == nil {
		return out
	}
	for i := range s.steps {
		out.Steps[i] = time.Duration(s.steps[i].Load())
		out.CPU[i] = time.Duration(s.cpu[i].Load())
	}
	out.CPUKnown = s.cpuKnown.Load()
	out.Pages = s.pages.Load()
	out.Rated = s.rated.Load()
	return out
}
