package heritrix

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
)

// Report file names, as Heritrix names them (Report.getFilename).
const (
	CrawlReport        = "crawl-report.txt"
	SeedsReport        = "seeds-report.txt"
	HostsReport        = "hosts-report.txt"
	MimetypeReport     = "mimetype-report.txt"
	ResponseCodeReport = "responsecode-report.txt"
	ProcessorsReport   = "processors-report.txt"
)

// Reports lists the report files Write knows, in Heritrix's order.
var Reports = []string{CrawlReport, SeedsReport, HostsReport, MimetypeReport, ResponseCodeReport, ProcessorsReport}

// Write writes the named report (one of Reports) to w.
func (t *Tally) Write(w io.Writer, name string, c Crawl) error {
	bw := bufio.NewWriter(w)
	switch name {
	case CrawlReport:
		t.writeCrawl(bw, c)
	case SeedsReport:
		t.writeSeeds(bw)
	case HostsReport:
		t.writeHosts(bw)
	case MimetypeReport:
		t.writeMimetypes(bw)
	case ResponseCodeReport:
		t.writeCodes(bw)
	case ProcessorsReport:
		t.writeProcessors(bw, c)
	default:
		return fmt.Errorf("heritrix: no report %q", name)
	}
	return bw.Flush()
}

// writeCrawl writes crawl-report.txt (CrawlSummaryReport). Lines Heritrix
// ends with a space keep it.
func (t *Tally) writeCrawl(w *bufio.Writer, c Crawl) {
	crawled := int64(0)
	for _, s := range t.seeds {
		if s.status > 0 {
			crawled++
		}
	}
	fmt.Fprintf(w, "crawl name: %s\ncrawl status: %s\nduration: %s\n\n", c.Name, c.Status, formatDuration(c.Elapsed))
	fmt.Fprintf(w, "seeds crawled: %d\nseeds uncrawled: %d\n\n", crawled, int64(len(t.seeds))-crawled)
	fmt.Fprintf(w, "hosts visited: %d\n\n", len(t.hosts))
	fmt.Fprintf(w, "URIs processed: %d\nURI successes: %d\nURI failures: %d\nURI disregards: %d\n\n",
		t.successes+t.failures+t.disregards, t.successes, t.failures, t.disregards)
	k := t.kinds
	fmt.Fprintf(w, "novel URIs: %d\n", k.novelURLs)
	if k.dupURLs > 0 {
		fmt.Fprintf(w, "duplicate-by-hash URIs: %d\n", k.dupURLs)
	}
	if k.nmURLs > 0 {
		fmt.Fprintf(w, "not-modified URIs: %d\n", k.nmURLs)
	}
	fmt.Fprintf(w, "\ntotal crawled bytes: %d (%s) \n", k.total(), formatBytes(k.total()))
	fmt.Fprintf(w, "novel crawled bytes: %d (%s)\n", k.novelBytes, formatBytes(k.novelBytes))
	if k.dupURLs > 0 {
		fmt.Fprintf(w, "duplicate-by-hash crawled bytes: %d (%s) \n", k.dupBytes, formatBytes(k.dupBytes))
	}
	if k.nmURLs > 0 {
		fmt.Fprintf(w, "not-modified crawled bytes: %d (%s) \n", k.nmBytes, formatBytes(k.nmBytes))
	}
	secs := c.Elapsed.Seconds()
	fmt.Fprintf(w, "\nURIs/sec: %s\n", doubleToString(float64(t.successes)/secs, 2))
	// Heritrix adds a millisecond so a zero duration does not divide by 0.
	fmt.Fprintf(w, "KB/sec: %d\n", int64(float64(k.total())/1024/(float64(c.Elapsed.Milliseconds()+1)/1000)))
}

// writeSeeds writes seeds-report.txt (SeedsReport): seeds by status, the
// unattempted and failed (status <= 0) first, each group from the highest
// status down (Heritrix's SeedRecord.sortShiftStatusCode order), then by
// URI; a redirecting seed names its target.
func (t *Tally) writeSeeds(w *bufio.Writer) {
	w.WriteString("[code] [status] [seed] [redirect]\n")
	uris := make([]string, 0, len(t.seeds))
	for u := range t.seeds {
		uris = append(uris, u)
	}
	slices.SortFunc(uris, func(a, b string) int {
		sa, sb := t.seeds[a].status, t.seeds[b].status
		if (sa > 0) != (sb > 0) {
			return map[bool]int{true: 1, false: -1}[sa > 0]
		}
		return cmp.Or(cmp.Compare(sb, sa), cmp.Compare(a, b))
	})
	for _, u := range uris {
		s := t.seeds[u]
		state := "NOTCRAWLED"
		if s.status > 0 {
			state = "CRAWLED"
		}
		fmt.Fprintf(w, "%d %s %s", s.status, state, u)
		switch s.status {
		case 301, 302, 303, 307, 308:
			if s.redirect != "" {
				w.WriteString(" " + s.redirect)
			}
		}
		w.WriteString("\n")
	}
}

// writeHosts writes hosts-report.txt (HostsReport): hosts by successful
// URIs, most first, then by name; every field is followed by a space.
func (t *Tally) writeHosts(w *bufio.Writer) {
	w.WriteString("[#urls] [#bytes] [host] [#robots] [#remaining] [#novel-urls] [#novel-bytes] [#dup-by-hash-urls] [#dup-by-hash-bytes] [#not-modified-urls] [#not-modified-bytes]\n")
	names := make([]string, 0, len(t.hosts))
	for n := range t.hosts {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(t.hosts[b].urls, t.hosts[a].urls), cmp.Compare(a, b))
	})
	for _, n := range names {
		h := t.hosts[n]
		k := h.kinds
		// #remaining is 0: the reports are written when the capture
		// stops, and crawl.log has no line for a URL still queued.
		fmt.Fprintf(w, "%d %d %s %d %d %d %d %d %d %d %d \n", h.urls, h.bytes, n, h.robots, 0,
			k.novelURLs, k.novelBytes, k.dupURLs, k.dupBytes, k.nmURLs, k.nmBytes)
	}
}

// writeMimetypes writes mimetype-report.txt (MimetypesReport): successful
// URIs by MIME type, most first, then by type.
func (t *Tally) writeMimetypes(w *bufio.Writer) {
	w.WriteString("[#urls] [#bytes] [mime-types]\n")
	types := make([]string, 0, len(t.mimes))
	for m := range t.mimes {
		types = append(types, m)
	}
	slices.SortFunc(types, func(a, b string) int {
		return cmp.Or(cmp.Compare(t.mimes[b].urls, t.mimes[a].urls), cmp.Compare(a, b))
	})
	for _, m := range types {
		fmt.Fprintf(w, "%d %d %s\n", t.mimes[m].urls, t.mimes[m].bytes, m)
	}
}

// writeCodes writes responsecode-report.txt (ResponseCodeReport):
// successful URIs (status > 0) by status, most first, then by the status
// as text (Heritrix sorts the codes as strings).
func (t *Tally) writeCodes(w *bufio.Writer) {
	w.WriteString("[#urls] [rescode]\n")
	codes := make([]int, 0, len(t.codes))
	for c := range t.codes {
		codes = append(codes, c)
	}
	slices.SortFunc(codes, func(a, b int) int {
		return cmp.Or(cmp.Compare(t.codes[b], t.codes[a]), cmp.Compare(strconv.Itoa(a), strconv.Itoa(b)))
	})
	for _, c := range codes {
		fmt.Fprintf(w, "%d %d\n", t.codes[c], c)
	}
}
