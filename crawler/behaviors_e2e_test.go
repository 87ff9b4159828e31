package crawler_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/crawllog"
	"github.com/sharc-archive/sharc/scheduler"
)

// behaviorPage is a page a person would scroll, press "Load more" on
// and play: a native lazy image and an IntersectionObserver image far
// down, a JS-lazy image (data-lazy-src, which no extractor reads), a 2x
// srcset candidate, media with preload="none", and a button that loads
// three pages of items.
const behaviorPage = `<!doctype html><html><body>
<img src="/img/small.png" srcset="/img/small.png 1x, /img/big.png 2x">
<img class="lazyjs" data-lazy-src="/img/lazy-attr.png">
<video preload="none" controls><source src="/media/clip.webm"></video>
<audio preload="none" src="/media/sound.ogg"></audio>
<div style="height: 8000px">scroll on</div>
<img loading="lazy" src="/img/lazy-native.png">
<div id="list"></div><button id="more">Load more</button>
<div id="sentinel">end</div>
<script>
new IntersectionObserver((es, o) => {
  if (es.some(e => e.isIntersecting)) { o.disconnect(); const i = document.createElement("img"); i.src = "/img/scrolled.png"; document.body.appendChild(i); }
}).observe(document.getElementById("sentinel"));
let page = 0;
document.getElementById("more").onclick = async () => {
  page++;
  const d = await (await fetch("/api/items?page=" + page)).json();
  for (const u of d.items) { const i = document.createElement("img"); i.src = u; document.getElementById("list").appendChild(i); }
  if (!d.more) document.getElementById("more").remove();
};
</script></body></html>`

// behaviorURLs are what only the behaviours load.
var behaviorURLs = []string{
	"/img/big.png", "/img/lazy-attr.png", "/media/clip.webm", "/media/sound.ogg",
	"/img/lazy-native.png", "/img/scrolled.png",
	"/api/items?page=1", "/api/items?page=2", "/api/items?page=3",
	"/img/item-1.png", "/img/item-2.png", "/img/item-3.png",
}

// crawlBehaviors crawls /page (and /slow) with the given behaviours and
// returns what the server was asked for and crawl.log.
func crawlBehaviors(t *testing.T, behaviors, scripts string) (map[string]int, map[string]crawllog.Entry, string) {
	t.Helper()
	var mu sync.Mutex
	asked := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked[r.URL.RequestURI()]++
		mu.Unlock()
		switch {
		case r.URL.Path == "/page":
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, behaviorPage)
		case r.URL.Path == "/slow":
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, `<!doctype html><title>slow</title><p>a page whose site scripts never end`)
		case r.URL.Path == "/api/items":
			n, _ := strconv.Atoi(r.URL.Query().Get("page"))
			w.Header().Set("Content-Type", "application/json")
			_, _ = fmt.Fprintf(w, `{"items": ["/img/item-%d.png"], "more": %t}`, n, n < 3)
		default:
			w.Header().Set("Content-Type", "application/octet-stream")
			_, _ = io.WriteString(w, "bytes")
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: behaviors
seeds: [http://beh.test/page, http://beh.test/slow]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
workers: 2
politeness: {delay: 0s, delay_factor: 0}
scope: {max_hops: 0}
capture:
  browser: {match: ['^http://beh\.test/'], page_timeout: 60s, behaviors: %s, behavior_timeout: 2s, screenshot: false}
warc: {dir: %s}
resolve: {beh.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
`, behaviors, filepath.Join(dir, "warcs"), addr(srv)))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{SiteScripts: scripts}).Run(context.Background())
	if err != nil || stats.StopReason != "finished" {
		t.Fatalf("crawl: %v (%s)", err, stats.StopReason)
	}
	mu.Lock()
	defer mu.Unlock()
	return asked, firstLines(t, stats.CrawlLog), filepath.Join(dir, "warcs")
}

// TestBehaviors is the done-when (issue 30): a lazy-loading,
// autoplaying, "load more" page in headless Chromium is archived with the
// images and media a person scrolling, clicking and playing would have
// loaded, each behaviour logged on the page's crawl.log line; without
// behaviours none of them is. scope.max_hops 0 keeps the fetcher out:
// every URL asked for came from the browser.
func TestBehaviors(t *testing.T) {
	needChromium(t)
	t.Run("none", func(t *testing.T) {
		asked, _, _ := crawlBehaviors(t, "[]", "")
		for _, u := range behaviorURLs {
			if asked[u] != 0 {
				t.Errorf("%s loaded without behaviours: the page does not test them", u)
			}
		}
	})
	t.Run("all", func(t *testing.T) {
		asked, logged, _ := crawlBehaviors(t, "[autoscroll, loadmore, autofetch, autoplay]", "")
		for _, u := range behaviorURLs {
			if asked[u] == 0 {
				t.Errorf("%s was never loaded", u)
			}
			if e := logged["http://beh.test"+u]; e.Status != 200 || e.Via != "http://beh.test/page" {
				t.Errorf("crawl.log of %s: %+v, want 200 via the page", u, e)
			}
		}
		page := logged["http://beh.test/page"]
		t.Logf("the page's crawl.log annotations: %q", page.Annotations)
		for _, a := range []string{"behavior:loadmore:done:3", "behavior:autoplay:done:2"} {
			if !hasAnnotation(page, a) {
				t.Errorf("page annotations %q lack %s", page.Annotations, a)
			}
		}
		for _, b := range []string{"autoscroll", "autofetch"} {
			if !hasPrefixAnnotation(page, "behavior:"+b+":done:") {
				t.Errorf("page annotations %q lack behavior:%s:done:N", page.Annotations, b)
			}
		}
	})
}

// firstLines reads crawl.log, keeping each URL's first line: the
// browser pages ask for some URLs twice (the favicon, media a player and
// a behaviour both load).
func firstLines(t *testing.T, path string) map[string]crawllog.Entry {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]crawllog.Entry{}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		e, err := crawllog.Parse(l)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := out[e.URI]; !ok {
			out[e.URI] = e
		}
	}
	return out
}

func hasPrefixAnnotation(e crawllog.Entry, prefix string) bool {
	for _, a := range e.Annotations {
		if strings.HasPrefix(a, prefix) {
			return true
		}
	}
	return false
}

// TestSiteScriptTimeouts: site scripts run on the pages their @match
// names, in file-name order, each cut off by behavior_timeout: a
// synchronous endless loop is stopped and one awaiting forever is left
// behind, both logged timeout, and the script after them still runs and
// the page is archived with its DOM (its title set by that script).
func TestSiteScriptTimeouts(t *testing.T) {
	needChromium(t)
	scripts := t.TempDir()
	for name, src := range map[string]string{
		"a-busy.js":   "// @match ^http://beh\\.test/slow$\nwhile (true) {}\n",
		"b-never.js":  "// @match /slow$\nawait new Promise(() => {});\n",
		"c-after.js":  "// @match /slow$\ndocument.title = 'after';\nreturn 7;\n",
		"d-other.js":  "// @match /elsewhere$\nreturn 1;\n",
		"e-throws.js": "// @match /slow$\nthrow new Error('broken site script');\n",
	} {
		if err := os.WriteFile(filepath.Join(scripts, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, logged, warcs := crawlBehaviors(t, "[site]", scripts)
	slow := logged["http://beh.test/slow"]
	if slow.Status != 200 {
		t.Fatalf("slow page: %+v", slow)
	}
	want := []string{"behavior:site/a-busy.js:timeout", "behavior:site/b-never.js:timeout", "behavior:site/c-after.js:done:7", "behavior:site/e-throws.js:failed"}
	var got []string
	for _, a := range slow.Annotations {
		if strings.HasPrefix(a, "behavior:") {
			got = append(got, a)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("behaviour annotations %q, want %q", got, want)
	}
	if e := logged["http://beh.test/page"]; hasPrefixAnnotation(e, "behavior:") {
		t.Errorf("/page ran site scripts not meant for it: %q", e.Annotations)
	}
	var dom []byte
	for _, r := range readAllRecords(t, latestWARCDir(t, warcs)) {
		if r.uri == "urn:dom:http://beh.test/slow" {
			dom = r.block
		}
	}
	if !strings.Contains(string(dom), "<title>after</title>") {
		t.Errorf("the slow page's DOM record lacks the title c-after.js set:\n%s", dom)
	}
}

// TestSiteBehaviorNeedsDirectory: a job asking for site behaviours is
// refused when the runner granted no directory of scripts.
func TestSiteBehaviorNeedsDirectory(t *testing.T) {
	needChromium(t)
	dir := t.TempDir()
	j := testJob(t, dir, fmt.Sprintf(`
name: no-scripts
seeds: [http://beh.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
capture: {browser: {match: [beh], behaviors: [site]}}
warc: {dir: %s}
`, filepath.Join(dir, "warcs")))
	st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
	_, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), crawler.Options{}).Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "site needs a directory of site scripts") {
		t.Fatalf("err = %v, want the missing-directory refusal", err)
	}
}
