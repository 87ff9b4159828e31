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

// counts are the report lines of each of SHARC's stages (package
// crawler/stages names them, and orders them into chains), from what the
// crawl.log says the stage settled. A stage whose outcome crawl.log does
// not show has no entry (countsOf says so).
var counts = map[string]func(t *Tally) []string{
	crawlstages.Canonicalize: func(t *Tally) []string {
		return []string{fmt.Sprintf("%d URIs malformed or of an unsupported scheme (-7)", t.stages[stageMalformed])}
	},
	crawlstages.Scope: func(t *Tally) []string {
		return []string{fmt.Sprintf("%d URIs out of scope (-5000)", t.stages[stageScope])}
	},
	crawlstages.Block: func(t *Tally) []string {
		return []string{fmt.Sprintf("%d URIs matching a block rule (-5001)", t.stages[stageBlock])}
	},
	crawlstages.Hops: func(t *Tally) []string {
		return []string{fmt.Sprintf("%d URIs beyond max_hops or the redirect limit (-4001)", t.stages[stageHops])}
	},
	crawlstages.Traps: func(t *Tally) []string {
		return []string{fmt.Sprintf("%d URIs dropped by a trap defence (-4000)", t.stages[stageTraps])}
	},
	crawlstages.Quotas: func(t *Tally) []string {
		return []string{fmt.Sprintf("%d URIs over a per-host quota (-5003)", t.stages[stageQuota])}
	},
	crawlstages.NetGuard: func(t *Tally) []string {
		return []string{fmt.Sprintf("%d URIs refused by the network guard or for an oversized header (-5002)", t.stages[stageGuard])}
	},
	crawlstages.Robots: func(t *Tally) []string {
		return []string{fmt.Sprintf("%d URIs precluded by robots.txt (-9998)", t.stages[stageRobots]),
			fmt.Sprintf("%d URIs whose robots.txt could not be fetched (-61)", t.stages[stageRobotsNA])}
	},
	crawlstages.FetchHTTP: func(t *Tally) []string {
		return []string{fmt.Sprintf("%d URIs with a response", t.stages[stageResponse]),
			fmt.Sprintf("%d URIs without one (connection, DNS, timeout, retries)", t.stages[stageFailed]),
			fmt.Sprintf("%d URIs the crawler failed on (-5)", t.stages[stageError])}
	},
	crawlstages.Browser: func(t *Tally) []string {
		b := t.browser
		return []string{fmt.Sprintf("%d pages loaded in the browser", b.pages),
			fmt.Sprintf("%d of them not settled by page_timeout", b.unsettled),
			fmt.Sprintf("%d of them cut at max_page_bytes", b.bytesCut)}
	},
	crawlstages.Dedup: func(t *Tally) []string {
		return []string{fmt.Sprintf("%d responses duplicate by payload digest (revisit records)", t.kinds.dupURLs)}
	},
	crawlstages.Write: func(t *Tally) []string {
		n := int64(0)
		for _, v := range t.stages {
			n += v
		}
		return []string{fmt.Sprintf("%d responses archived", t.successes), fmt.Sprintf("%d URIs logged", n)}
	},
}

// countsOf is the report lines of the stage named name.
func (t *Tally) countsOf(name string) []string {
	if f, ok := counts[name]; ok {
		return f(t)
	}
	return []string{"no count: crawl.log does not show what this stage settled"}
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
