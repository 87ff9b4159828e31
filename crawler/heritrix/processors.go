package heritrix

import (
	"bufio"
	"fmt"

	crawlstages "github.com/sharc-archive/sharc/crawler/stages"
)

// stage is the crawler stage that settled a URI, told by its crawl.log
// status (crawllog.Code lists what each code means).
type stage string

const (
	stageScope     stage = "scope"     // -5000
	stageBlock     stage = "block"     // -5001
	stageHops      stage = "hops"      // -4001
	stageTraps     stage = "traps"     // -4000
	stageQuota     stage = "quota"     // -5003
	stageMalformed stage = "malformed" // -7
	stageGuard     stage = "guard"     // -5002
	stageRobots    stage = "robots"    // -9998
	stageRobotsNA  stage = "robots-na" // -61
	stageResponse  stage = "response"  // status > 0
	stageError     stage = "error"     // -5: the crawler failed on the URI
	stageFailed    stage = "failed"    // any other code: no response
)

var stageByCode = map[int]stage{-5000: stageScope, -5001: stageBlock, -4001: stageHops, -4000: stageTraps, -5003: stageQuota,
	-7: stageMalformed, -5002: stageGuard, -9998: stageRobots, -61: stageRobotsNA, -5: stageError}

func stageOf(status int) stage {
	if status > 0 {
		return stageResponse
	}
	if s, ok := stageByCode[status]; ok {
		return s
	}
	return stageFailed
}

// measure is the figure m (a stage's report line names it, in
// crawler/stages.All) in the tally.
func (t *Tally) measure(m crawlstages.Measure) int64 {
	byStage := map[crawlstages.Measure]stage{
		crawlstages.Malformed: stageMalformed, crawlstages.OutOfScope: stageScope, crawlstages.Blocked: stageBlock,
		crawlstages.TooManyHops: stageHops, crawlstages.Trapped: stageTraps, crawlstages.OverQuota: stageQuota,
		crawlstages.Guarded: stageGuard, crawlstages.RobotsPrecluded: stageRobots, crawlstages.RobotsUnavailable: stageRobotsNA,
		crawlstages.Responses: stageResponse, crawlstages.NoResponse: stageFailed, crawlstages.CrawlerFailed: stageError,
	}
	if s, ok := byStage[m]; ok {
		return t.stages[s]
	}
	switch m {
	case crawlstages.BrowserPages:
		return t.browser.pages
	case crawlstages.BrowserUnsettled:
		return t.browser.unsettled
	case crawlstages.BrowserBytesCut:
		return t.browser.bytesCut
	case crawlstages.DuplicateDigest:
		return t.kinds.dupURLs
	case crawlstages.Archived:
		return t.successes
	case crawlstages.Logged:
		n := int64(0)
		for _, v := range t.stages {
			n += v
		}
		return n
	}
	return 0
}

// countsOf is the report lines of the stage named name, as its entry in
// crawler/stages.All words them.
func (t *Tally) countsOf(name string) []string {
	s, _ := crawlstages.Lookup(name)
	if len(s.Counts) == 0 {
		return []string{"no count: crawl.log does not show what this stage settled"}
	}
	out := make([]string, 0, len(s.Counts))
	for _, c := range s.Counts {
		out = append(out, fmt.Sprintf(c.Line, t.measure(c.Of)))
	}
	return out
}

// writeProcessors writes processors-report.txt in the layout of Heritrix's
// ProcessorsReport (ProcessorChain.reportTo for each chain); the
// processors are SHARC's stages (crawler/stages.All, the list `sharc
// crawl --explain` shows), grouped into Heritrix's chains, with what each
// settled.
func (t *Tally) writeProcessors(w *bufio.Writer, c Crawl) {
	all := crawlstages.All()
	for i := 0; i < len(all); {
		chain := all[i].Chain
		n := 0
		for i+n < len(all) && all[i+n].Chain == chain {
			n++
		}
		fmt.Fprintf(w, "%s - Processors report - %s\n", chain, c.Now.UTC().Format("200601021504"))
		fmt.Fprintf(w, "  Number of Processors: %d\n\n", n)
		for _, s := range all[i : i+n] {
			fmt.Fprintf(w, "Processor: sharc/%s\n", s.Name)
			for _, l := range t.countsOf(s.Name) {
				fmt.Fprintf(w, "  %s\n", l)
			}
			w.WriteString("\n")
		}
		w.WriteString("\n")
		i += n
	}
}
