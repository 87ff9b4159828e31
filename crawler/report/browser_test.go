package report_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/warc"
)

// chromiumPath is Debian's chromium; browser-facing pages are tested in it.
const chromiumPath = "/usr/bin/chromium"

func renderHTML(t *testing.T, r *report.Report) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := report.WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// dumpDOM loads page from a file:// URL in headless Chromium and returns
// the DOM after rendering. No network: the page is self-contained and the
// flags turn off Chromium's own background traffic.
func dumpDOM(t *testing.T, page []byte) []byte {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("%s not installed (apt-get install -y chromium): HTML not checked in a browser", chromiumPath)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "report.html")
	if err := os.WriteFile(file, page, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromiumPath, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--dump-dom", "file://"+file)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	if len(out) == 0 {
		t.Fatalf("chromium dumped an empty DOM\n%s", stderr.String())
	}
	return out
}

// measureCharts is added, in the test only, to a copy of the report
// (which has no script of its own): it records the size at which Chromium
// lays out each chart and each coloured bar, and whether Chromium parsed
// the chart as SVG, in attributes that --dump-dom then shows.
const measureCharts = `<script>
for (const e of document.querySelectorAll("svg.chart, svg.chart rect.stripe, svg.chart rect.segment")) {
  const b = e.getBoundingClientRect();
  e.setAttribute("data-laid-out", b.width + "x" + b.height);
  e.setAttribute("data-svg-element", String(e instanceof SVGElement));
}
</script>`

// checkCharts checks, in the DOM Chromium dumped, that both charts are
// SVG elements laid out with a non-zero size, and so is every coloured
// bar of them: as many as the report drew.
func checkCharts(t *testing.T, doc *goquery.Document, page []byte) {
	t.Helper()
	for _, id := range []string{"timeline-chart", "breakdown-chart"} {
		root, _ := chartSVG(t, page, id)
		drawn := len(root.all("rect", "stripe")) + len(root.all("rect", "segment"))
		chart := doc.Find("svg#" + id)
		if chart.Length() != 1 {
			t.Errorf("rendered DOM has %d svg#%s", chart.Length(), id)
			continue
		}
		bars := chart.Find("rect.stripe, rect.segment")
		if drawn == 0 || bars.Length() != drawn {
			t.Errorf("#%s: %d bars in the DOM, %d drawn", id, bars.Length(), drawn)
		}
		chart.AddSelection(bars).Each(func(_ int, e *goquery.Selection) {
			size, _ := e.Attr("data-laid-out")
			svg, _ := e.Attr("data-svg-element")
			var w, h float64
			if _, err := fmt.Sscanf(size, "%gx%g", &w, &h); err != nil || w <= 0 || h <= 0 || svg != "true" {
				cls, _ := e.Attr("class")
				t.Errorf("#%s: <%s class=%q> laid out at %q, SVG element %q", id, goquery.NodeName(e), cls, size, svg)
			}
		})
	}
}

// checkBrowser renders page in Chromium and checks the element with each
// ID shows the wanted text, and that the charts are drawn.
func checkBrowser(t *testing.T, page []byte, want map[string]string) {
	t.Helper()
	measured := bytes.Replace(page, []byte("</body>"), []byte(measureCharts+"</body>"), 1)
	dom := dumpDOM(t, measured)
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(dom))
	if err != nil {
		t.Fatal(err)
	}
	checkCharts(t, doc, page)
	for id, v := range want {
		sel := doc.Find("#" + id)
		if sel.Length() != 1 {
			t.Errorf("rendered DOM has %d elements #%s", sel.Length(), id)
			continue
		}
		if got := strings.TrimSpace(sel.Text()); got != v {
			t.Errorf("rendered #%s = %q, want %q", id, got, v)
		}
	}
	if !strings.Contains(doc.Find("title").Text(), "Capture quality report") {
		t.Errorf("rendered title %q", doc.Find("title").Text())
	}
}

func TestHTMLInChromium(t *testing.T) {
	r := build(t, visitRevisitFixture)
	checkBrowser(t, renderHTML(t, r), map[string]string{
		"capture-id": fmt.Sprint(r.CaptureID), "total-pages": "10", "total-coherent": "3", "total-changed": "1",
		"total-deleted": "1", "total-incoherent": "2", "total-new": "1", "total-failed": "4", "total-blocked": "1",
		"actual-incoherence": "2", "reference-time": "2026-03-14 09:00:15.000 UTC (the middle of the capture)",
	})
}

// readBlockAt reads the record a report download points at and checks it
// is the one the report names.
func readBlockAt(dir string, d *report.Download) ([]byte, error) {
	f, err := os.Open(filepath.Join(dir, d.WARCFile))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rec, err := warc.NewReader(io.NewSectionReader(f, d.Offset, d.RecordLength)).Next()
	if err != nil {
		return nil, fmt.Errorf("%s @ %d: %w", d.WARCFile, d.Offset, err)
	}
	if rec.Type() != d.RecordType || strings.Trim(rec.ID(), "<>") != strings.Trim(d.RecordID, "<>") {
		return nil, fmt.Errorf("%s @ %d holds %s %s, report says %s %s", d.WARCFile, d.Offset, rec.Type(), rec.ID(), d.RecordType, d.RecordID)
	}
	return rec.Block, nil
}
