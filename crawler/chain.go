package crawler

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/sharc-archive/sharc/crawler/browserfetch"
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
// Stages hold no state of their own: several workers run them at once,
// each on its own item.
type stage interface {
	name() string
	run(ctx context.Context, c *Crawler, it *item) (settled bool, err error)
}

// chain is the stages in the order a task meets them.
type chain []stage

// assemble builds the job's chain. It is the one place stages are put in
// order: adding a stage is a new file with its type and a line here (and
// its name in package stages, which heritrix's report and --explain read).
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
}

// close releases the spooled response.
func (it *item) close() {
	if it.f != nil {
		it.f.Close()
	}
}

// process takes one task through the chain.
func (c *Crawler) process(ctx context.Context, worker int, t frontier.Task) error {
	it := &item{worker: worker, t: t}
	defer it.close()
	for _, s := range c.chain {
		settled, err := s.run(ctx, c, it)
		if err != nil || settled {
			return err
		}
	}
	return fmt.Errorf("crawler: no stage settled %s", t.URL.URL)
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
