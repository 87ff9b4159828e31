package replaytest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit/browsertest"
	"github.com/sharc-archive/sharc/internal/testkit/crawltest"
	"github.com/sharc-archive/sharc/warc"
)

// jsHeadline is the text only the page's script writes, from the JSON it
// fetches and a variable a script of another host sets.
const jsHeadline = "Headline from JSON 90210 lib-v3"

// newJSSite serves a page whose visible text JavaScript builds from
// /api/data.json and from a script on cdn.test (the same server, named
// apart by resolve).
func newJSSite(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><html><head><title>JS app</title><script src="http://cdn.test/lib.js"></script></head>
<body><h1 id="out">Loading</h1><script>
fetch("/api/data.json").then(r => r.json()).then(d => { document.getElementById("out").textContent = d.headline + " " + window.libVersion; });
</script></body></html>`)
	})
	mux.HandleFunc("/api/data.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"headline":"Headline from JSON 90210"}`)
	})
	mux.HandleFunc("/lib.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/javascript")
		io.WriteString(w, `window.libVersion = "lib-v3";`)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// TestReplayBrowserCapture captures the JavaScript-built page with the
// browser stage (capture.browser), packs the capture as a WACZ and
// replays it in ReplayWeb.page: the replayed page runs its script against
// the archive and shows the text built from the archived JSON.
func TestReplayBrowserCapture(t *testing.T) {
	chromium, rwp := tools(t)
	s := newJSSite(t)
	dir := t.TempDir()
	host := strings.TrimPrefix(s.URL, "http://")
	cp := crawltest.Run(t, dir, "browser.yaml", fmt.Sprintf(`
name: replay-browser
seeds: [http://app.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
fetch: {allow_addresses: [127.0.0.0/8]}
politeness: {delay: 0s, delay_factor: 0}
capture:
  browser: {match: ['^http://app\.test/$'], page_timeout: 30s}
warc: {dir: %s}
resolve: {app.test: %s, cdn.test: %s}
`, filepath.Join(dir, "warcs"), host, host))
	ctx := context.Background()
	recs, err := cp.Store.Records(ctx, cp.Stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	in := wacz.Input{Title: "replay browser capture", Software: "SHARC test", Created: time.Now()}
	files := map[string]bool{}
	var page string
	var pageTS string
	for _, r := range recs {
		if r.WARCFile != "" && !files[r.WARCFile] {
			files[r.WARCFile] = true
			in.WARCs = append(in.WARCs, filepath.Join(cp.WARCs, r.WARCFile))
		}
		if r.URL == "http://app.test/" && r.RecordType == warc.Response {
			page, pageTS = r.URL, ts14(r)
			in.Pages = append(in.Pages, wacz.Page{URL: r.URL, TS: r.Time})
		}
	}
	if page == "" {
		t.Fatalf("no response record for the page among %d index rows", len(recs))
	}
	in.CDXJ = packageIndex(t, recs, in.WARCs)
	pkg := filepath.Join(dir, "browser.wacz")
	f, err := os.Create(pkg)
	if err != nil {
		t.Fatal(err)
	}
	if err := wacz.Write(ctx, f, in, p384(t)); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	checkWithWarcio(t, pkg)
	srv := replayServer(t, rwp, map[string]string{"browser.wacz": pkg})
	bctx := newBrowser(t, chromium)
	fr := replayText(t, bctx, browsertest.Listen(t, bctx), srv, "browser.wacz", page, pageTS, jsHeadline)
	t.Logf("replayed %s at %s → frame %s, text %q", page, pageTS, fr.URL, strings.TrimSpace(fr.Text))
}

// replayText replays target and waits until its frame shows want: the
// frame has text as soon as the document is parsed, the script's text
// comes after the archived JSON is served.
func replayText(t *testing.T, ctx context.Context, con *browsertest.Console, srv *httptest.Server, pkg, target, ts, want string) frame {
	t.Helper()
	f := replay(t, ctx, con, srv, pkg, target, ts)
	err := waitFor(ctx, func(ctx context.Context) (bool, error) {
		var err error
		f, err = chromedp.Run(ctx, chromedp.Evaluate[frame](frameJS))
		return strings.Contains(f.Text, want), err
	})
	if err != nil {
		t.Fatalf("replayed %s never showed %q: %v (last frame %+v)", target, want, err, f)
	}
	return f
}

// warcioRecord is what tests/js/read-wacz.mjs reports of a record.
type warcioRecord struct {
	Type                string `json:"type"`
	TargetURI           string `json:"targetURI"`
	BlockDigest         string `json:"blockDigest"`
	ComputedBlockDigest string `json:"computedBlockDigest"`
	HTTPStatus          *int   `json:"httpStatus"`
}

// checkWithWarcio reads the package with webrecorder's warcio
// (tests/js/read-wacz.mjs), a reader SHARC did not write: the JSON
// response and the page's screenshot, thumbnail, text and DOM resource records are there,
// and warcio's block digests agree with the records'.
func checkWithWarcio(t *testing.T, pkg string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Log("node is not on PATH: the warcio read-back is skipped")
		return
	}
	_, self, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(self), "..", "..", "..", "tests", "js", "read-wacz.mjs")
	out, err := exec.Command(node, script, pkg).Output()
	var res struct {
		Records  []warcioRecord `json:"records"`
		Problems []string       `json:"problems"`
	}
	if jerr := json.Unmarshal(out, &res); jerr != nil {
		t.Fatalf("read-wacz.mjs: %v / %v: %s", err, jerr, out)
	}
	for _, p := range res.Problems {
		t.Errorf("warcio: %s", p)
	}
	want := map[string]string{"http://app.test/api/data.json": "response", "urn:fullPage:http://app.test/": "resource",
		"urn:thumbnail:http://app.test/": "resource", "urn:text:http://app.test/": "resource", "urn:dom:http://app.test/": "resource"}
	for _, r := range res.Records {
		if r.BlockDigest != "" && r.ComputedBlockDigest != "" && r.BlockDigest != r.ComputedBlockDigest {
			t.Errorf("warcio: %s %s block digest %s, computed %s", r.Type, r.TargetURI, r.BlockDigest, r.ComputedBlockDigest)
		}
		if want[r.TargetURI] == r.Type {
			delete(want, r.TargetURI)
		}
	}
	for uri, typ := range want {
		t.Errorf("warcio found no %s record of %s", typ, uri)
	}
}
