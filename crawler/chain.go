package crawler

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/browserfetch"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/stages"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// stage is one step of the chain a task goes through (see assemble). run
// either passes the task on (settled false) or settles it: reports it to
// the frontier, archives or fails it. An error ends the crawl (store or
// WARC failures, or ctx ended: the task stays queued for the next run).
// A stage holds the parts of the run it uses (wire), never changed once
// wired: several workers run it at once, each on its own item.
type stage interface {
	name() string
	run(ctx context.Context, it *item) (settled bool, err error)
}

// chain is the stages in the order a task meets them.
type chain []stage

// assemble builds the job's chain. It is the one place stages are put in
// order: adding a stage is a new file with its type, a line here, a case
// in wire (its parts) and its entry in package stages (name, description
// and report counters, which heritrix's report and --explain read).
func assemble(j *job.Job) chain {
	ch := chain{revisitHoldStage{}, prerequisitesStage{}}
	if j.Robots == job.RobotsObey {
		ch = append(ch, robotsStage{})
	}
	ch = append(ch, fetchStage{})
	if j.Capture.Browser.Enabled() {
		ch = append(ch, browserStage{})
	}
	return append(ch, netguardStage{}, retryStage{},
		dedupStage{}, extractStage{}, writeStage{}, scheduleStage{})
}

// wire gives each stage of ch the parts of c's run it uses, once Run has
// made them (setUp): the one place stages get their dependencies. A
// stage wire does not know (a test's) is kept as it is.
func (ch chain) wire(c *Crawler) chain {
	out := make(chain, len(ch))
	for i, s := range ch {
		out[i] = c.wireStage(s)
	}
	return out
}

func (c *Crawler) wireStage(s stage) stage {
	switch s.(type) {
	case revisitHoldStage:
		return revisitHoldStage{frontier: c.frontier, visits: c}
	case prerequisitesStage:
		return prerequisitesStage{obs: c.obs(), prereqs: c}
	case robotsStage:
		return robotsStage{robots: c.robots, frontier: c.frontier, tasks: c, finish: c}
	case fetchStage:
		return fetchStage{net: c}
	case browserStage:
		return browserStage{log: c.log, b: c}
	case netguardStage:
		return netguardStage{log: c.log, finish: c}
	case retryStage:
		return retryStage{retries: c.job.Fetch.Retries, backoff: c.job.Fetch.RetryBackoff, log: c.log, frontier: c.frontier, finish: c}
	case dedupStage:
		return dedupStage{store: c.store, digests: c.dedup, refreshing: c.refreshing(), lease: c}
	case extractStage:
		return extractStage{links: c}
	case writeStage:
		return writeStage{visitRevisit: c.job.Capture.Mode == job.ModeVisitRevisit, commit: c, limits: c,
			counts: writeCounts{bytes: &c.bytes, fetched: &c.fetched, revisitPhase: &c.revisitPhase, finished: &c.finished, handed: &c.handed}}
	case scheduleStage:
		return scheduleStage{pages: &c.pages, frontier: c.frontier, obs: c.obs(), limits: c}
	}
	return s
}

// The Crawler is what the stages' small interfaces ask of the run.
var (
	_ visitFinder       = (*Crawler)(nil)
	_ prereqProcessor   = (*Crawler)(nil)
	_ robotsTasker      = (*Crawler)(nil)
	_ unfetchedFinisher = (*Crawler)(nil)
	_ fetchDoer         = (*Crawler)(nil)
	_ leaseChecker      = (*Crawler)(nil)
	_ linkReader        = (*Crawler)(nil)
	_ exchangeSubmitter = (*Crawler)(nil)
	_ runChecker        = (*Crawler)(nil)
)

// unfetchedFinisher settles a task without a response: its crawl.log
// line, its URL's state, the frontier told (Crawler.finishUnfetched).
type unfetchedFinisher interface {
	finishUnfetched(ctx context.Context, worker int, t frontier.Task, code crawllog.Code, state store.URLState, note string) error
}

// item is one task on its way through the chain: what each stage found,
// for the stages after it.
type item struct {
	worker int
	t      frontier.Task
	visit  *store.Record // a revisit's visit in this capture (revisit-hold)

	f        *fetched // the response (fetch); nil without one
	fetchErr error    // why there is none, or the fetch's error

	rendered *browserfetch.Page // browser: the page as Chromium rendered it
	embeds   map[string]bool    // browser: URLs archived as the page's sub-resources
	found    *discovered        // browser: what the rendered DOM links to

	rev        *warc.RevisitOf // dedup: the record this response revisits
	newPayload bool            // dedup found no original for the payload
	textDigest string
	ann        []string // crawl.log annotations

	outlinks []warc.Outlink   // extract: for the WARC metadata record
	cands    []frontier.URL   // extract: links the candidate chain kept
	drops    []drop           // links it dropped, logged by schedule
	graph    *store.PageGraph // extract: the page's row for refresh policies, or nil
	state    store.URLState   // write: the URL's new state
	// committing, set by a stage that handed the task to the committer
	// (write), waits for the commit and says how it ended.
	committing func() error
}

// close releases the spooled response.
func (it *item) close() {
	if it.f != nil {
		it.f.Close()
	}
}

// process takes one task through the chain. A stage that hands the task
// to the committer (write) leaves the rest of the chain to afterCommit,
// and the worker is free at once.
func (c *Crawler) process(ctx context.Context, worker int, t frontier.Task) error {
	return c.runChain(ctx, &item{worker: worker, t: t}, 0)
}

// runChain runs the chain's stages from the one at index from on it,
// closing it once settled.
func (c *Crawler) runChain(ctx context.Context, it *item, from int) error {
	handed := false
	defer func() {
		if !handed {
			it.close()
		}
	}()
	for i := from; i < len(c.wired); i++ {
		settled, err := c.wired[i].run(ctx, it)
		if it.committing != nil {
			handed = true
			c.afterCommit(ctx, it, i+1)
			return nil
		}
		if err != nil || settled {
			return err
		}
	}
	return fmt.Errorf("crawler: no stage settled %s", it.t.URL.URL)
}

// afterCommit waits, on a goroutine of its own, for the commit of a task
// a stage handed off (item.committing), then runs the chain's stages
// from next on. Its error stops the run as a worker's would (failRun);
// so does a panic, which here cannot become a failed URL: the page is
// committed.
func (c *Crawler) afterCommit(ctx context.Context, it *item, next int) {
	wait := it.committing
	it.committing = nil
	c.afterCommits.Add(1)
	go func() {
		defer c.afterCommits.Done()
		defer func() {
			if p := recover(); p != nil {
				c.log.Error("crawler error after commit", zap.String("url", it.t.URL.URL), zap.Any("panic", p), zap.Stack("stack"))
				c.failRun(fmt.Errorf("crawler: %s after its commit: %v", it.t.URL.URL, p))
			}
		}()
		err := wait()
		if err == nil {
			err = c.runChain(ctx, it, next)
		} else {
			it.close()
		}
		if err != nil && ctx.Err() == nil {
			c.failRun(err)
		}
	}()
}

// Explain lists the stages a crawl of j runs, in order: the candidate
// chain every discovered URL goes through, then the chain assembled for
// j's tasks, each as package stages describes it. It starts nothing and
// touches no file or store.
func Explain(j *job.Job) []stages.Stage {
	var out []stages.Stage
	for _, s := range listCandidates(j) {
		out = append(out, describe(s, stages.Candidate))
	}
	for _, s := range assemble(j) {
		out = append(out, describe(s, stages.Disposition))
	}
	return out
}

// WriteExplain writes Explain(j) for people: one line per stage, grouped
// by chain, in the order a URL meets them (sharc crawl --explain).
func WriteExplain(w io.Writer, j *job.Job) error {
	var last stages.Chain
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "job %s: the stages of its crawl, in order\n", j.Name)
	for _, s := range Explain(j) {
		if s.Chain != last {
			fmt.Fprintf(bw, "%s\n", s.Chain)
			last = s.Chain
		}
		fmt.Fprintf(bw, "  %-14s %s\n", s.Name, s.Does)
	}
	return bw.Flush()
}

// work is one fetcher: it takes tasks until the frontier is done or ctx
// ends. Only store or WARC failures (which would lose data) end it with an
// error; fetch failures are logged outcomes.
func (c *Crawler) work(ctx context.Context, worker int) error {
	for {
		t, err := c.frontier.Next(ctx)
		if errors.Is(err, frontier.ErrDone) || ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return err
		}
		c.busy.start()
		err = c.processSafely(ctx, worker, t)
		c.busy.stop()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
	}
}

// processSafely is process with a panic turned into a failed URL: no page
// the network serves may end a capture, and a bug met on one URL (a
// parser's, say) costs that URL only. The stack goes to the log.
func (c *Crawler) processSafely(ctx context.Context, worker int, t frontier.Task) (err error) {
	defer func() {
		if p := recover(); p != nil {
			c.log.Error("crawler error: URL failed", zap.String("url", t.URL.URL), zap.Any("panic", p), zap.Stack("stack"))
			err = c.finishUnfetched(ctx, worker, t, crawllog.CodeRuntimeError, store.StateFailed, annCrawlerError)
		}
	}()
	return c.process(ctx, worker, t)
}

// withoutEmbeds drops from a browser page's links those it already
// archived as its sub-resources (scripts, images, the JSON it read): they
// were fetched with the page, and fetching them again as tasks would only
// write revisits.
func (it *item) withoutEmbeds(cands []frontier.URL) []frontier.URL {
	if len(it.embeds) == 0 {
		return cands
	}
	kept := cands[:0]
	for _, u := range cands {
		if !it.embeds[u.URL] {
			kept = append(kept, u)
		}
	}
	return kept
}

// resources are the records a browser page adds to its exchange: the
// rendered DOM, its visible text, the full-page screenshot and the
// thumbnail (see browser.go for the names).
func (it *item) resources() []warc.ResourceRecord {
	if it.rendered == nil {
		return nil
	}
	u, pg := it.t.URL.URL, it.rendered
	out := []warc.ResourceRecord{{TargetURI: urnDOM + u, ContentType: "text/html; charset=utf-8", Body: pg.DOM}}
	if pg.DOMCut {
		out[0].Truncated = "length" // cut at max_page_bytes
	}
	if pg.Text != "" {
		out = append(out, warc.ResourceRecord{TargetURI: urnText + u, ContentType: "text/plain; charset=utf-8", Body: []byte(pg.Text)})
	}
	if len(pg.Screenshot) > 0 {
		out = append(out, warc.ResourceRecord{TargetURI: urnFullPage + u, ContentType: "image/png", Body: pg.Screenshot})
	}
	if len(pg.Thumbnail) > 0 {
		out = append(out, warc.ResourceRecord{TargetURI: urnThumbnail + u, ContentType: "image/jpeg", Body: pg.Thumbnail})
	}
	return out
}
