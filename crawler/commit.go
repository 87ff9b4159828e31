package crawler

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// maxGroup bounds how many exchanges one group commit takes. A group
// shares one fsync: once groups are full, the fsync's latency over
// maxGroup is its share of a page's serial time (serial.go; about 25 µs
// at 256 on a disk whose fsync takes 6 ms, 100 µs at the former 64). A
// group is never larger than the workers waiting in it, so a bigger
// bound costs no memory of its own.
const maxGroup = 256

// archived is one exchange waiting to be written and indexed.
type archived struct {
	t        frontier.Task
	f        *fetched
	rev      *warc.RevisitOf
	outlinks []warc.Outlink
	graph    *store.PageGraph // the page's row for refresh policies, or nil
	states   []store.StateChange
	cands    []frontier.URL
	// textDigest is the normalised visible text's digest ("" if none).
	textDigest string
	// newPayload says deduplication found no original for the payload:
	// its response is the first with its digest (see dedup.committed).
	newPayload bool
	// resources are a browser page's screenshot and rendered DOM.
	resources []warc.ResourceRecord
	// entry is the exchange's crawl.log line, written by the committer
	// with its group (Digest and Time are filled in then).
	entry crawllog.Entry
	// built is the exchange's WARC records, compressed by the worker
	// before submit (buildExchange); buildErr its failure.
	built    *warc.Built
	buildErr error
	// prov are the exchange's connection records (provenance.go),
	// written with it unless an earlier exchange of the run carried them.
	prov []provRecord
	// indexURL, when set, is the URL the exchange is indexed under
	// instead of its target: a login form's POST, keyed as replay tools
	// key POSTs (login.go), so it never answers a GET of its URL.
	indexURL string
	done     chan archivedResult
}

// resourceType is the content type of the resource record with target
// uri.
func (a *archived) resourceType(uri string) string {
	for _, r := range a.resources {
		if r.TargetURI == uri {
			return mediaType(r.ContentType)
		}
	}
	return ""
}

type archivedResult struct {
	recs []store.Record
	prov []store.HostProvenance
	err  error
}

// committer writes exchanges in groups: the group's records (built and
// compressed by the workers) are appended to the WARC with one fsync, the
// group's crawl.log lines are written in one write, then the group's
// index rows, URL states, discoveries and crawl.log length are committed
// in one store transaction (see crawllogmark.go). Grouping is what makes
// the index keep up with many workers: one fsync and one transaction
// serve up to maxGroup pages.
//
// Two goroutines share the work as a pipeline (issue 33): the writer
// gathers and writes group N+1 (append and fsync) while the indexer
// commits group N, so a page's serial time is the slower of the two
// stages, not their sum. Groups are written and committed in the same
// order, at most writtenAhead groups between the stages, so the bytes of
// every uncommitted group still lie after the last indexed record of
// their file: a crash loses the groups written but not yet committed,
// and repair truncates them away (see Crawler.repairWARCFiles). A file
// rotated out by a written group stays .open until that group is
// committed (warc.Writer.SettleTo).
//
// A commit that fails (the store has already retried what can be retried)
// ends the unit the same way as a crash: the WARC files are abandoned
// .open, no later group is written or committed (a group already written
// gets the error), and the crawl stops, so the next run's repair cuts the
// groups away. Cutting them here instead would need to know whether the
// commit landed, which a lost acknowledgement leaves unknown; repair asks
// the index.
func (c *Crawler) committer(ctx context.Context, in <-chan *archived) {
	written := make(chan writtenGroup, writtenAhead)
	indexed := make(chan struct{})
	go func() {
		defer close(indexed)
		for g := range written {
			c.indexGroup(ctx, mergeWritten(g, written))
		}
	}()
	for first := range in {
		written <- c.writeGroupTurn(ctx, c.gather(in, first))
	}
	close(written)
	<-indexed
}

// writtenAhead is how many written groups may wait for the indexer. When
// the indexer is the slower stage, the groups waiting are committed in
// one transaction (mergeWritten): the index transaction's fixed cost is
// then shared by more pages, the more the indexer falls behind. A crash
// loses at most these groups and the one being committed; repair cuts
// them all, as it cuts one.
const writtenAhead = 3

// mergeWritten joins to g the groups already waiting in written, in
// order, for one index transaction.
func mergeWritten(g writtenGroup, written <-chan writtenGroup) writtenGroup {
	for {
		select {
		case next, ok := <-written:
			if !ok {
				return g
			}
			g.group = append(g.group, next.group...)
			g.results = append(g.results, next.results...)
			g.lines += next.lines
			g.settle = next.settle // later groups' marks are later
		default:
			return g
		}
	}
}

// writtenGroup is a group on its way from the writer to the indexer.
type writtenGroup struct {
	group   []*archived
	results []archivedResult
	// settle marks the WARC files rotated out once the group was written:
	// those hold committed groups' records only once it is committed.
	settle warc.SettleMark
	// lines are the group's crawl.log lines, formatted by the writer
	// (groupLines) and written by the indexer before its commit.
	lines crawllog.Lines
}

// failure is the failed commit that ended the WARC unit, or nil.
func (c *Crawler) failure() error {
	c.commitMu.Lock()
	defer c.commitMu.Unlock()
	return c.commitErr
}

func (c *Crawler) setFailure(err error) {
	c.commitMu.Lock()
	defer c.commitMu.Unlock()
	c.commitErr = err
}

// gather takes what else is queued behind first, up to maxGroup. While
// the group is smaller than groupEnough and a worker is still processing a
// page, it also waits, up to groupWindow after first, for more: a group of
// several pages shares one fsync and one transaction. With no worker busy
// (one host at per_host 1, say) no page can come, and the group goes at
// once; with groupEnough queued the committer is what pages wait for, and
// waiting would only idle it.
func (c *Crawler) gather(in <-chan *archived, first *archived) []*archived {
	group := []*archived{first}
	var window <-chan time.Time
	for len(group) < maxGroup {
		var a *archived
		var ok bool
		select {
		case a, ok = <-in:
		default:
			if len(group) >= groupEnough || !c.busy.anyBusy() {
				return group
			}
			if window == nil {
				window = c.busy.window(groupWindow)
			}
			select {
			case a, ok = <-in:
			case <-c.busy.idle:
				continue // look again: queued, or nobody busy
			case <-window:
				return group
			}
		}
		if !ok {
			return group
		}
		group = append(group, a)
	}
	return group
}

// writeGroupTurn is the writer's turn for a group: the group's records
// go to the WARC file with one fsync (writeGroup), unless a commit has
// failed, since nothing may follow an unindexed group in its file
// (repair keeps everything up to the last indexed record).
func (c *Crawler) writeGroupTurn(ctx context.Context, group []*archived) writtenGroup {
	g := writtenGroup{group: group, results: make([]archivedResult, len(group))}
	if err := c.failure(); err != nil {
		for i, a := range group {
			a.built.Release()
			releaseProv(a.prov)
			a.built, g.results[i].err = nil, err
		}
		return g
	}
	sw := c.serial.start(SerialWriter, len(group))
	defer sw.stop()
	c.writeGroup(withStopwatch(ctx, sw), group, g.results)
	g.settle = c.warc.Mark()
	g.lines = groupLines(group, g.results)
	sw.lap(SerialWARC)
	return g
}

// groupLines formats the crawl.log lines of a written group's exchanges.
// The writer formats them, so that the indexer, the slower stage and the
// serial path's bottleneck, only writes them (issue 33: formatting was
// about half of its crawl.log step); their time is when the group's WARC
// records were written.
func groupLines(group []*archived, results []archivedResult) crawllog.Lines {
	var lines []crawllog.Entry
	for i, a := range group {
		if results[i].err == nil && a.entry.URI != "" {
			lines = append(lines, logEntry(a.entry, results[i].recs))
		}
	}
	return crawllog.FormatLines(lines...)
}

// indexGroup is the indexer's turn for a written group: its crawl.log
// lines, index rows, states and discoveries are committed, and its
// workers hear back.
func (c *Crawler) indexGroup(ctx context.Context, g writtenGroup) {
	group, results := g.group, g.results
	if err := c.failure(); err != nil {
		// Written behind a group whose commit failed: it stays unindexed
		// in the abandoned files, for repair.
		for i := range results {
			if results[i].err == nil {
				results[i].err = err
			}
		}
		for i, a := range group {
			a.done <- results[i]
		}
		return
	}
	sw := c.serial.start(SerialIndexer, 0)
	defer sw.stop()
	ctx = withStopwatch(ctx, sw)
	b := store.Batch{CaptureID: c.capture.ID}
	var cands []frontier.URL
	var hosts []string
	for i, a := range group {
		if results[i].err != nil {
			continue
		}
		b.Records = append(b.Records, results[i].recs...)
		b.Provenance = append(b.Provenance, results[i].prov...)
		b.States = append(b.States, a.states...)
		if a.graph != nil {
			b.Graphs = append(b.Graphs, *a.graph)
		}
		cands = append(cands, a.cands...)
		hosts = append(hosts, a.t.Host)
	}
	// The leases the group's fetches were made under: a cluster store
	// refuses the group if one has passed to another node meanwhile.
	b.Epochs = c.coord.epochs(hosts)
	if err := c.commitAndLog(ctx, group, results, b, cands, g); err != nil {
		for i := range results {
			if results[i].err == nil {
				results[i].err = err
			}
		}
	} else {
		c.groups.Add(1)
	}
	sw.lap(SerialOther)
	for i, a := range group {
		a.done <- results[i]
	}
}

// commitAndLog commits a written group with its crawl.log lines and
// settles the WARC files it fills; if the commit fails, it abandons the
// WARC files for repair and returns the error every later group gets.
func (c *Crawler) commitAndLog(ctx context.Context, group []*archived, results []archivedResult, b store.Batch, cands []frontier.URL, g writtenGroup) error {
	_, logErr, err := c.commit(ctx, b, cands, g.lines)
	if err != nil {
		failed := fmt.Errorf("index commit to %s failed, crawl stopped (resume repairs the WARC left .open): %w",
			store.Redact(c.job.Store), err)
		c.setFailure(failed)
		if aerr := c.warc.Abandon(); aerr != nil {
			c.log.Error("abandoning WARC", zap.Error(aerr))
		}
		return failed
	}
	// Before any fetcher of the group hears back, so a payload fetched
	// again right after is found in memory.
	for i, a := range group {
		if results[i].err == nil {
			c.dedup.committed(results[i].recs, a.newPayload)
		}
	}
	// Files rotated out by the group written behind this one may hold
	// its unindexed records: they stay .open (SettleTo).
	return errors.Join(logErr, c.warc.SettleTo(g.settle))
}

// logEntry completes an exchange's crawl.log line from its written
// records.
func logEntry(e crawllog.Entry, recs []store.Record) crawllog.Entry {
	e.Time = time.Now()
	for _, r := range recs {
		if warc.HTTPExchange(r.RecordType) {
			e.Digest = r.PayloadDigest
		}
	}
	return e
}

// submit builds an exchange's WARC records, hands it to the committer and
// waits until it is durable in the WARC and the index. Building here, in
// the worker, keeps the compression out of the committer's sequence of
// groups (issue 11: with it inside, each group's turn began with the CPU
// work of compressing its records).
func (c *Crawler) submit(a *archived) ([]store.Record, error) {
	wait := c.handOff(a)
	// Waiting, the worker cannot add to the group: not busy (gather).
	c.busy.stop()
	defer c.busy.start()
	return wait()
}

// handOff is submit without the wait (issue 33; the write stage's, for
// the exchanges of the chain's tasks): it builds the
// exchange's records, takes one of the run's pending-commit slots
// (waiting while all are taken) and hands the exchange to the committer;
// the returned wait gives the commit's outcome and frees the slot. The
// worker meanwhile fetches its next task, so the pages in flight, and
// with them the commit groups, are no longer capped by the workers
// waiting for their commits: a group's fsync and index transaction are
// shared by more pages. Commit order, crash safety and what a page's
// commit makes durable are submit's.
func (c *Crawler) handOff(a *archived) (wait func() ([]store.Record, error)) {
	c.buildExchange(a)
	c.pendingSlots <- struct{}{}
	a.done = make(chan archivedResult, 1)
	c.toCommit <- a
	return func() ([]store.Record, error) {
		r := <-a.done
		<-c.pendingSlots
		return r.recs, r.err
	}
}

// pendingPerWorker is how many handed-off exchanges (handOff) a worker's
// share of the run may have waiting for their commit. Their responses
// are closed once built (writeStage), so a waiting exchange holds its
// compressed records until its group is written, then only its index
// rows: the bound keeps that memory to a few exchanges a worker.
const pendingPerWorker = 2

// commit writes the crawl.log lines of a batch, then commits the batch
// with the new URLs among cands and the log's length (logThenMark), then
// hands the new URLs to the frontier; logErr is the lines' failure, err
// the commit's.
func (c *Crawler) commit(ctx context.Context, b store.Batch, cands []frontier.URL, lines crawllog.Lines) (fresh []frontier.URL, logErr, err error) {
	return c.coord.commit(ctx, b, cands, lines)
}

// commitLocal is commit on a single node: it numbers the URLs itself.
func (c *Crawler) commitLocal(ctx context.Context, b store.Batch, cands []frontier.URL, lines crawllog.Lines) (fresh []frontier.URL, logErr, err error) {
	for _, u := range cands {
		if len(u.URL) > 8 && u.URL[:8] == "https://" {
			c.scope.noteHTTPS(u.Host)
		}
	}
	// Numbering and committing are one step against activations (see
	// parkMu): a host's rows are read either before or after the batch.
	sw := stopwatchFrom(ctx)
	sw.lap(SerialOther)
	c.parkMu.Lock()
	defer c.parkMu.Unlock()
	var parked, refused []frontier.URL
	fresh, parked, refused = c.frontier.AssignAll(cands)
	sw.rated(c.assignRates(ctx, fresh) + c.assignRates(ctx, parked))
	// The frontier holds every URL of an active host, so one it has
	// never seen is new to the store too (Batch.Fresh: no conflict probe
	// on PostgreSQL).
	for _, u := range fresh {
		b.Fresh = append(b.Fresh, frontierRow(c.capture.ID, u))
	}
	// Parked hosts' URLs go to the store only; the store drops those
	// already in the capture.
	for _, u := range parked {
		b.Discovered = append(b.Discovered, frontierRow(c.capture.ID, u))
	}
	sw.lap(SerialFrontier)
	c.logMu.Lock()
	defer c.logMu.Unlock()
	b.Log, logErr = c.logThenMark(lines)
	sw.lap(SerialLog)
	// The store commit must not be abandoned half-way by Ctrl-C: the WARC
	// bytes are already written.
	if err := c.store.Commit(context.WithoutCancel(ctx), b); err != nil {
		return nil, logErr, err // the store's errors say "store: …"
	}
	sw.lap(SerialIndex)
	c.countRecords(b.Records)
	if err := c.logDrops(0, quotasStage{}.refused(refused)); err != nil && logErr == nil {
		logErr = err
	}
	sw.lap(SerialOther)
	for _, u := range fresh {
		c.noteHost(u.Host, u.URL)
	}
	err = c.frontier.Add(fresh...)
	sw.lap(SerialFrontier)
	if err != nil {
		return nil, logErr, err
	}
	return fresh, logErr, nil
}

// countRecords adds a committed batch's index rows to the run's counters.
func (c *Crawler) countRecords(recs []store.Record) {
	c.records.Add(int64(len(recs)))
	for _, r := range recs {
		switch r.RecordType {
		case warc.Response:
			c.responses.Add(1)
		case warc.Revisit:
			c.revisits.Add(1)
		}
	}
}
