package heritrix

import (
	"bufio"
	"fmt"

	crawlstages "github.com/sharc-archive/sharc/crawler/stages"
)

// measureByCode is the measure (crawler/stages) that counts a URI
// settled without a response, by its crawl.log status (crawllog.Code
// lists what each code means).
var measureByCode = map[int]crawlstages.Measure{
	-5000: crawlstages.OutOfScope, -5001: crawlstages.Blocked, -4001: crawlstages.TooManyHops,
	-4000: crawlstages.Trapped, -5003: crawlstages.OverQuota, -7: crawlstages.Malformed,
	-5002: crawlstages.Guarded, -9998: crawlstages.RobotsPrecluded, -61: crawlstages.RobotsUnavailable,
	-5: crawlstages.CrawlerFailed,
}

// measureOf is the measure a crawl.log line of status counts in:
// responses, one of measureByCode, or no response.
func measureOf(status int) crawlstages.Measure {
	if status > 0 {
		return crawlstages.Responses
	}
	if m, ok := measureByCode[status]; ok {
		return m
	}
	return crawlstages.NoResponse
}

// measure is the figure m (a stage's report line names it, in
// crawler/stages.All) in the tally.
func (t *Tally) measure(m crawlstages.Measure) int64 {
	if n, ok := t.stages[m]; ok {
		return n
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
