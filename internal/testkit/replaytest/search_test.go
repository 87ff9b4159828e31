package replaytest

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit/browsertest"
	"github.com/sharc-archive/sharc/internal/testkit/crawltest"
	"go.uber.org/zap/zaptest"
)

// updateImg rewrites docs/img/replay-search.png, ReplayWeb.page's page
// list of the test's package searched for the browser page's word.
var updateImg = flag.Bool("update-img", false, "rewrite docs/img/replay-search.png")

// Words that each occur in one page only: plainWord in the body of a page
// the fetcher archives, jsWord only in the text the app page's script
// builds (its HTML and every other page lack it).
const (
	plainWord = "quetzalcoatl"
	jsWord    = "xylophonist"
)

// newSearchSite serves the app page (JavaScript writes its text, with
// jsWord, from /api/data.json), linking /plain, a static page with
// plainWord.
func newSearchSite(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><html><head><title>JS app</title></head>
<body style="background:#fc0"><h1 id="out">Loading</h1><a href="/plain">plain</a><script>
fetch("/api/data.json").then(r => r.json()).then(d => { document.getElementById("out").textContent = d.headline; });
</script></body></html>`)
	})
	mux.HandleFunc("/api/data.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"headline":"Rendered by the `+jsWord+` script"}`)
	})
	mux.HandleFunc("/plain", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<!doctype html><html><head><title>Plain page</title></head><body><p>A page about the `+plainWord+` only.</p></body></html>`)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// entriesJS lists ReplayWeb.page's page list entries (wr-page-entry,
// through shadow roots and frames): the page's URL, the entry's text
// (title, URL, the search's text snippet) and its thumbnail image (the
// urn:thumbnail: record replayed), naturalWidth 0 until it loaded.
const entriesJS = `(() => {
  const docs = [document, ...` + browsertest.FramesJS + `];
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.localName === "wr-page-entry") {
        const img = el.shadowRoot ? el.shadowRoot.querySelector("img.thumbnail") : null;
        out.push({url: (el.page && el.page.url) || "", text: (el.shadowRoot ? el.shadowRoot.textContent : "").replace(/\s+/g, " ").trim(),
          thumbSrc: img ? img.src : "", thumbWidth: img && img.complete ? img.naturalWidth : 0, thumbHeight: img && img.complete ? img.naturalHeight : 0});
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  for (const d of docs) walk(d);
  return out;
})()`

type entry struct {
	URL         string `json:"url"`
	Text        string `json:"text"`
	ThumbSrc    string `json:"thumbSrc"`
	ThumbWidth  int    `json:"thumbWidth"`
	ThumbHeight int    `json:"thumbHeight"`
}

// TestReplayFullTextSearch captures the app page in the browser and the
// plain page with the fetcher, packs the capture as export wacz does
// (FromCapture: pages.jsonl with each page's text) with the compressed
// index (index.cdx.gz + index.idx), and opens it in ReplayWeb.page's page
// list: searching for a word finds the one page that holds it, for the
// fetched page's body and for the text only the browser saw, and the
// browser page's entry shows its screenshot (urn:thumbnail:, 640x360).
// The replay of the app page from the compressed index shows its text.
func TestReplayFullTextSearch(t *testing.T) {
	chromium, rwp := tools(t)
	s := newSearchSite(t)
	dir := t.TempDir()
	host := strings.TrimPrefix(s.URL, "http://")
	cp := crawltest.Run(t, dir, "search.yaml", fmt.Sprintf(`
name: replay-search
seeds: [http://app.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
fetch: {allow_addresses: [127.0.0.0/8]}
politeness: {delay: 0s, delay_factor: 0}
capture:
  browser: {match: ['^http://app\.test/$'], page_timeout: 30s}
warc: {dir: %s}
resolve: {app.test: %s}
`, filepath.Join(dir, "warcs"), host))
	ctx := context.Background()
	in, err := wacz.FromCapture(ctx, cp.Store, cp.Stats.CaptureID, cp.WARCs, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	in.Software, in.Created, in.CompressIndexAt = "SHARC test", time.Now(), 1
	texts := map[string]string{}
	for _, p := range in.Pages {
		texts[p.URL] = p.Text
	}
	if !strings.Contains(texts["http://app.test/"], jsWord) || !strings.Contains(texts["http://app.test/plain"], plainWord) {
		t.Fatalf("pages.jsonl texts %q: want the app page's rendered text and the plain page's body", texts)
	}
	pkg := filepath.Join(dir, "search.wacz")
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
	if rep, err := wacz.Verify(mustOpen(t, pkg)); err != nil || !rep.OK() {
		t.Fatalf("Verify: %v %v", err, rep.Problems)
	}
	srv := replayServer(t, rwp, map[string]string{"search.wacz": pkg})
	bctx := newBrowser(t, chromium)
	con := browsertest.Listen(t, bctx)

	for _, tc := range []struct {
		word, page string
		thumb      bool
	}{
		{plainWord, "http://app.test/plain", false},
		{jsWord, "http://app.test/", true},
	} {
		es := search(t, bctx, con, srv, "search.wacz", tc.word, func(es []entry) bool {
			return len(es) == 1 && (!tc.thumb || es[0].ThumbWidth > 0)
		})
		t.Logf("search %q: %+v", tc.word, es)
		if len(es) != 1 || es[0].URL != tc.page || !strings.Contains(es[0].Text, tc.word) {
			t.Errorf("search %q found %+v, want only %s with the word in its snippet", tc.word, es, tc.page)
			continue
		}
		if tc.thumb && (es[0].ThumbWidth != 640 || es[0].ThumbHeight != 360 || !strings.Contains(es[0].ThumbSrc, "urn:thumbnail:"+tc.page)) {
			t.Errorf("search %q: thumbnail %s %dx%d, want the urn:thumbnail: record, 640x360", tc.word, es[0].ThumbSrc, es[0].ThumbWidth, es[0].ThumbHeight)
		}
	}
	// The page list's screenshot, for docs/img.
	if *updateImg {
		png, err := chromedp.Run(bctx, chromedp.FullScreenshot(100))
		if err == nil {
			err = os.WriteFile(filepath.Join("..", "..", "..", "docs", "img", "replay-search.png"), png, 0o644)
		}
		if err != nil {
			t.Error(err)
		}
	}
	// Replay from the compressed index: the app page shows the text its
	// script built from the archived JSON.
	var ts string
	for _, p := range in.Pages {
		if p.URL == "http://app.test/" {
			ts = p.TS.UTC().Format("20060102150405")
		}
	}
	fr := replayText(t, bctx, con, srv, "search.wacz", "http://app.test/", ts, jsWord)
	t.Logf("replayed from the compressed index: frame %s, text %q", fr.URL, strings.TrimSpace(fr.Text))
}

// search opens the package's page list searched for word and waits until
// done holds for its entries.
func search(t *testing.T, ctx context.Context, con *browsertest.Console, srv *httptest.Server, pkg, word string, done func([]entry) bool) []entry {
	t.Helper()
	q := url.Values{"source": {srv.URL + "/archives/" + pkg}, "query": {word}}
	var es []entry
	var err error
	for attempt := 1; attempt <= replayAttempts; attempt++ {
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/search.html?"+q.Encode())); err != nil {
			t.Fatalf("navigate: %v", err)
		}
		err = waitWithin(ctx, attemptTimeout, func(ctx context.Context) (bool, error) {
			var err error
			es, err = chromedp.Run(ctx, chromedp.Evaluate[[]entry](entriesJS))
			return err == nil && done(es), err
		})
		if err == nil {
			return es
		}
		shown, _ := chromedp.Run(ctx, chromedp.Evaluate[string](shownJS))
		t.Logf("search %q, attempt %d: %v (entries %+v); page shows %q; console: %q", word, attempt, err, es, shown, con.Tail(10))
	}
	return es
}

func mustOpen(t *testing.T, p string) (*os.File, int64) {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	return f, fi.Size()
}
