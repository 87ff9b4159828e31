package heritrix

import (
	"slices"
	"testing"

	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/crawler/stages"
)

// The browser stage's report lines count the pages crawl.log marks as
// loaded in the browser, and those of them cut short.
func TestBrowserCounts(t *testing.T) {
	tl := NewTally(nil)
	for _, e := range []crawllog.Entry{
		{Status: 200, URI: "http://a.test/", Annotations: []string{annBrowser}},
		{Status: 200, URI: "http://a.test/slow", Annotations: []string{annBrowser, annBrowserUnsettled}},
		{Status: 200, URI: "http://a.test/big", Annotations: []string{annBrowser, annBrowserBytesCut, "2t"}},
		{Status: 200, URI: "http://a.test/api.json", HopPath: "E"},
		{Status: 200, URI: "http://a.test/plain"},
	} {
		tl.Add(e)
	}
	want := []string{"3 pages loaded in the browser", "1 of them not settled by page_timeout", "1 of them cut at max_page_bytes"}
	if got := tl.countsOf(stages.Browser); !slices.Equal(got, want) {
		t.Errorf("browser counts %q, want %q", got, want)
	}
}
