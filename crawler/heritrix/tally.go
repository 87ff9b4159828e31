package heritrix

import (
	"bufio"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	crawlstages "github.com/sharc-archive/sharc/crawler/stages"
)

// Heritrix fetch codes that count as disregarded rather than failed
// (AbstractFrontier.isDisregarded): robots, a processor's refusal, out of
// scope, blocked or deleted by the user, too many hops.
var disregarded = map[int]bool{-9998: true, -5002: true, -5000: true, -5001: true, -4002: true, -4001: true, -6000: true}

// Heritrix's S_ROBOTS_PRECLUDED and S_OUT_OF_SCOPE.
const (
	codeRobots     = -9998
	codeOutOfScope = -5000
)

// annDuplicate is the annotation of a response whose payload an earlier
// one in the capture has (a WARC revisit record), Heritrix's too.
const annDuplicate = "duplicate:digest"

// Annotations of pages loaded in a browser (crawler/browser.go,
// docs/browser-capture.md).
const (
	annBrowser          = "browser"
	annBrowserUnsettled = "browser-unsettled"
	annBrowserBytesCut  = "browser-bytes-cut"
)

// browserPages counts the pages the browser stage loaded.
type browserPages struct{ pages, unsettled, bytesCut int64 }

func (b *browserPages) add(e crawllog.Entry) {
	if !hasAnnotation(e, annBrowser) {
		return
	}
	b.pages++
	if hasAnnotation(e, annBrowserUnsettled) {
		b.unsettled++
	}
	if hasAnnotation(e, annBrowserBytesCut) {
		b.bytesCut++
	}
}

// bytesByKind splits successful URIs as Heritrix's CrawledBytesHistotable
// does: novel, duplicate by payload digest, not modified (HTTP 304).
type bytesByKind struct {
	novelURLs, novelBytes int64
	dupURLs, dupBytes     int64
	nmURLs, nmBytes       int64
}

func (b *bytesByKind) add(e crawllog.Entry, size int64) {
	switch {
	case e.Status == 304:
		b.nmURLs++
		b.nmBytes += size
	case hasAnnotation(e, annDuplicate):
		b.dupURLs++
		b.dupBytes += size
	default:
		b.novelURLs++
		b.novelBytes += size
	}
}

func (b *bytesByKind) total() int64 { return b.novelBytes + b.dupBytes + b.nmBytes }

// host is one row of hosts-report.txt.
type host struct {
	urls, bytes, robots int64
	kinds               bytesByKind
}

// seed is one row of seeds-report.txt.
type seed struct {
	status   int
	redirect string
}

// counter is a count of URIs and their bytes.
type counter struct{ urls, bytes int64 }

// Tally accumulates crawl.log lines into what Heritrix's reports count.
type Tally struct {
	seeds      map[string]*seed
	hosts      map[string]*host
	mimes      map[string]*counter
	codes      map[int]int64
	kinds      bytesByKind
	successes  int64
	failures   int64
	disregards int64
	// Skipped counts lines ReadLog could not parse (a damaged log); they
	// are left out of every figure.
	Skipped int64
	// stages counts URIs by the measure of the stage that settled them, for
	// processors-report.txt.
	stages  map[crawlstages.Measure]int64
	browser browserPages
}

// NewTally starts a tally for a capture with these seeds (canonical URLs,
// as the crawler logs them).
func NewTally(seeds []string) *Tally {
	t := &Tally{seeds: map[string]*seed{}, hosts: map[string]*host{}, mimes: map[string]*counter{},
		codes: map[int]int64{}, stages: map[crawlstages.Measure]int64{}}
	for _, s := range seeds {
		t.seeds[s] = &seed{}
	}
	return t
}

// Add counts one crawl.log line.
func (t *Tally) Add(e crawllog.Entry) {
	t.stages[measureOf(e.Status)]++
	t.browser.add(e)
	t.addSeed(e)
	size := max(e.Size, 0)
	var h *host
	if e.Status != codeOutOfScope {
		// A host only met in out-of-scope links was never visited
		// (Heritrix rejects those before they reach a host queue).
		h = t.hostOf(e.URI)
	}
	switch {
	case e.Status > 0:
		t.successes++
		t.codes[e.Status]++
		m := t.mimes[crawllog.MIMEField(e.MIME)]
		if m == nil {
			m = &counter{}
			t.mimes[crawllog.MIMEField(e.MIME)] = m
		}
		m.urls++
		m.bytes += size
		t.kinds.add(e, size)
		if h != nil {
			h.urls++
			h.bytes += size
			h.kinds.add(e, size)
		}
	case disregarded[e.Status]:
		t.disregards++
		if h != nil && e.Status == codeRobots {
			h.robots++
		}
	default:
		t.failures++
	}
}

// addSeed records a seed's outcome (its own line: no hops from a seed)
// and, for a redirecting seed, where it redirects (the line of the URI
// it led to by one redirect hop).
func (t *Tally) addSeed(e crawllog.Entry) {
	if s := t.seeds[e.URI]; s != nil && e.HopPath == "" {
		s.status = e.Status
	}
	if e.HopPath != "R" {
		return
	}
	if s := t.seeds[e.Via]; s != nil && s.redirect == "" {
		s.redirect = e.URI
	}
}

// hostOf returns the host row of uri, creating it; nil for a URI without
// a host (a malformed link logged as written). Heritrix counts per host
// name, ports folded together (CrawlHost).
func (t *Tally) hostOf(uri string) *host {
	u, err := url.Parse(uri)
	if err != nil || u.Hostname() == "" {
		return nil
	}
	name := strings.ToLower(u.Hostname())
	h := t.hosts[name]
	if h == nil {
		h = &host{}
		t.hosts[name] = h
	}
	return h
}

func hasAnnotation(e crawllog.Entry, a string) bool {
	for _, x := range e.Annotations {
		if x == a {
			return true
		}
	}
	return false
}

// maxLine bounds one crawl.log line; the crawler writes none longer
// (URLs are capped well below), so a longer one is damage.
const maxLine = 1 << 20

// ReadLog counts every line of a crawl.log. Lines that do not parse are
// counted in Skipped, not failed on: a report of the rest beats none.
func (t *Tally) ReadLog(r io.Reader) error {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := readLine(br)
		if line != "" {
			if e, perr := crawllog.Parse(line); perr == nil {
				t.Add(e)
			} else {
				t.Skipped++
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("crawl.log: %w", err)
		}
	}
}

// readLine returns the next line without its newline; a line longer than
// maxLine is returned as "-" (unparseable) after being skipped in full.
func readLine(br *bufio.Reader) (string, error) {
	var b strings.Builder
	for {
		frag, err := br.ReadSlice('\n')
		if b.Len()+len(frag) <= maxLine {
			b.Write(frag)
		} else {
			b.Reset()
			b.WriteString("-")
			for err == bufio.ErrBufferFull {
				_, err = br.ReadSlice('\n')
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		return strings.TrimRight(b.String(), "\r\n"), err
	}
}

// Crawl is what the summary report says about the capture beyond its log.
type Crawl struct {
	Name    string        // the job's name
	Status  string        // Heritrix's crawl status wording, see StatusFor
	Elapsed time.Duration // how long the capture ran
	Now     time.Time     // when the reports are written (processors report header)
}

// StatusFor words a SHARC stop reason as Heritrix's CrawlStatus does.
func StatusFor(stopReason string) string {
	switch stopReason {
	case "finished", "":
		return "Finished"
	case "max_pages":
		return "Finished - Maximum number of documents limit hit"
	case "max_bytes":
		return "Finished - Maximum amount of data limit hit"
	case "max_duration":
		return "Finished - Timelimit hit"
	case "interrupted", "cancelled", "abandoned":
		return "Finished - Ended by operator"
	}
	return "Finished - Abnormal exit from crawling"
}
