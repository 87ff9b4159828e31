package replaytest

import (
	"context"
	"crypto"
	"crypto/x509"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit/browsertest"
	"github.com/sharc-archive/sharc/internal/testkit/crawltest"
	"github.com/sharc-archive/sharc/internal/testkit/tsatest"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
	"github.com/sharc-archive/sharc/warc/cdxj"
)

// replayTimeout bounds each wait on the browser: the first replay of a
// package registers the service worker and loads the WACZ index.
const replayTimeout = 90 * time.Second

// tools returns Debian's chromium and the directory of ReplayWeb.page's
// build, or skips the test saying what is missing.
func tools(t *testing.T) (chromium, rwp string) {
	t.Helper()
	chromium = browsertest.Chromium(t)
	_, self, _, _ := runtime.Caller(0)
	rwp = filepath.Join(filepath.Dir(self), "..", "..", "..", "tests", "js", "node_modules", "replaywebpage")
	for _, f := range []string{"ui.js", "sw.js"} {
		if _, err := os.Stat(filepath.Join(rwp, f)); err != nil {
			t.Skipf("%s is missing: run make js (npm ci --prefix tests/js) first", filepath.Join(rwp, f))
		}
	}
	return chromium, rwp
}

// site is a loopback site whose /sameN pages never change (they answer
// If-None-Match with 304) and whose /changesN pages change at every
// request ("version K of /changesN", K counting from 1).
type site struct {
	*httptest.Server
	mu       sync.Mutex
	versions map[string]int
}

func newSite(t *testing.T) *site {
	s := &site{versions: map[string]int{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, `<html><body><h1>Home</h1><a href="/same1">a</a> <a href="/changes1">b</a> <a href="/same2">c</a> <a href="/changes2">d</a></body></html>`)
	})
	same := func(w http.ResponseWriter, r *http.Request) {
		etag := `"` + r.URL.Path + `-1"`
		w.Header().Set("ETag", etag)
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<html><body><p>Unchanged page %s</p></body></html>", r.URL.Path)
	}
	changing := func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.versions[r.URL.Path]++
		v := s.versions[r.URL.Path]
		s.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<html><body><p>Version %d of %s</p></body></html>", v, r.URL.Path)
	}
	for _, p := range []string{"/same1", "/same2"} {
		mux.HandleFunc(p, same)
	}
	for _, p := range []string{"/changes1", "/changes2"} {
		mux.HandleFunc(p, changing)
	}
	s.Server = httptest.NewServer(mux)
	t.Cleanup(s.Close)
	return s
}

// page is one URL's visit and revisit in a capture.
type page struct {
	url            string
	visit, revisit store.Record
}

// capture is a visit-revisit capture packed as a signed WACZ.
type capture struct {
	wacz      string
	publicKey string // base64 SPKI, as datapackage-digest.json has it
	pages     map[string]page
}

// capturePack crawls the site in visit-revisit mode with the given
// capture.revisit_request and packs the capture as export wacz does,
// signed by signer (ECDSA P-384: what ReplayWeb.page verifies).
// Options (edit) change the package's Input before it is written: a
// named signer and a TSA, for one.
func capturePack(t *testing.T, s *site, mode string, signer crypto.Signer, edit ...func(*wacz.Input)) capture {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	cp := crawltest.Run(t, dir, "replay.yaml", fmt.Sprintf(`
name: replay-%s
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 2
politeness: {delay: 0s, delay_factor: 0}
scheduler: {strategy: sharc-selective-online, tau: 0.9}
capture: {mode: visit-revisit, revisit_request: %s}
warc: {dir: %s}
resolve: {site.test: %s}
`, mode, mode, filepath.Join(dir, "warcs"), strings.TrimPrefix(s.URL, "http://")))
	st, stats, warcDir := cp.Store, cp.Stats, cp.WARCs
	recs, err := st.Records(ctx, stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	c := capture{wacz: filepath.Join(dir, mode+".wacz"), pages: map[string]page{}}
	in := wacz.Input{Title: "replay " + mode, Software: "SHARC test", Created: time.Now()}
	files := map[string]bool{}
	for _, r := range recs {
		if r.WARCFile != "" && !files[r.WARCFile] {
			files[r.WARCFile] = true
			in.WARCs = append(in.WARCs, filepath.Join(warcDir, r.WARCFile))
		}
		if r.RecordType != warc.Response && r.RecordType != warc.Revisit {
			continue
		}
		p := c.pages[r.URL]
		p.url = r.URL
		switch r.Phase {
		case crawler.PhaseVisit:
			p.visit = r
			in.Pages = append(in.Pages, wacz.Page{URL: r.URL, TS: r.Time})
		case crawler.PhaseRevisit:
			p.revisit = r
		}
		c.pages[r.URL] = p
	}
	in.CDXJ = packageIndex(t, recs, in.WARCs)
	for _, e := range edit {
		e(&in)
	}
	if in.Identity != nil {
		signer = in.Identity.Signer
	}
	f, err := os.Create(c.wacz)
	if err != nil {
		t.Fatal(err)
	}
	anon := signer
	if in.Identity != nil {
		anon = nil
	}
	if err := wacz.Write(ctx, f, in, anon); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	spki, err := x509.MarshalPKIXPublicKey(signer.Public()) // the certificate's key for a named signer
	if err != nil {
		t.Fatal(err)
	}
	c.publicKey = base64.StdEncoding.EncodeToString(spki)
	return c
}

// packageIndex is SHARC's CDXJ of recs, or, when SHARC_REPLAY_INDEXER
// names a command (such as "cdxj-indexer -s"), that command's index of the
// WARC files: the manual re-index check of docs/interop.md, which shows
// what ReplayWeb.page makes of SHARC's WARCs indexed by another tool. CI
// has no such tool and leaves the variable unset.
func packageIndex(t *testing.T, recs []store.Record, warcs []string) []byte {
	t.Helper()
	indexer := strings.Fields(os.Getenv("SHARC_REPLAY_INDEXER"))
	if len(indexer) == 0 {
		var idx strings.Builder
		if _, err := cdxj.WriteRecords(&idx, recs); err != nil {
			t.Fatal(err)
		}
		return []byte(idx.String())
	}
	out, err := exec.Command(indexer[0], append(indexer[1:], warcs...)...).Output()
	if err != nil || len(out) == 0 {
		t.Fatalf("SHARC_REPLAY_INDEXER %v: %v (%d bytes of index)", indexer, err, len(out))
	}
	t.Logf("index of %d WARC file(s) by %v: %d lines", len(warcs), indexer, strings.Count(string(out), "\n"))
	return out
}

// pick returns a page of the capture with a visit and a separate revisit
// (a strategy may collapse one page's two downloads into one) whose path
// starts with prefix and whose revisit record is of type typ.
func (c capture) pick(t *testing.T, prefix string, typ warc.RecordType) page {
	t.Helper()
	for _, p := range c.pages {
		if strings.HasPrefix(p.url, "http://site.test"+prefix) && p.visit.RecordID != "" && p.revisit.RecordID != "" && p.revisit.RecordType == typ {
			return p
		}
	}
	t.Fatalf("no %s* page with a visit and a %s revisit in %v", prefix, typ, c.pages)
	return page{}
}

func ts14(r store.Record) string { return r.Time.UTC().Format(cdxj.TimestampLayout) }

// replayServer serves ReplayWeb.page's build, an embedding page and the
// WACZ packages on loopback. http.ServeFile answers Range requests, which
// ReplayWeb.page uses to read a WACZ.
func replayServer(t *testing.T, rwp string, packages map[string]string) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	for _, p := range []string{"/ui.js", "/replay/ui.js"} {
		mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, filepath.Join(rwp, "ui.js")) })
	}
	mux.HandleFunc("/replay/sw.js", func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, filepath.Join(rwp, "sw.js")) })
	for name, path := range packages {
		mux.HandleFunc("/archives/"+name, func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, path) })
	}
	mux.HandleFunc("/embed.html", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head><script src="/ui.js"></script></head>
<body style="margin:0;height:100vh"><replay-web-page source="%s" url="%s" ts="%s" replaybase="/replay/" embed="replayonly"></replay-web-page></body></html>`,
			attr(q.Get("source")), attr(q.Get("url")), attr(q.Get("ts")))
	})
	// The package's page list, searched for ?query= (ReplayWeb.page's
	// full-text search over pages.jsonl's titles and texts).
	mux.HandleFunc("/search.html", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head><script src="/ui.js"></script></head>
<body style="margin:0;height:100vh"><replay-web-page source="%s" view="pages" query="%s" replaybase="/replay/" embed="default"></replay-web-page></body></html>`,
			attr(q.Get("source")), attr(q.Get("query")))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func attr(s string) string {
	return strings.NewReplacer(`&`, "&amp;", `"`, "&quot;", `<`, "&lt;", `>`, "&gt;").Replace(s)
}

// newBrowser starts headless chromium with a fresh profile: a service
// worker left by an earlier run would serve stale collections.
func newBrowser(t *testing.T, _ string) context.Context { return browsertest.New(t) }

// frameJS finds, through shadow roots and same-origin iframes, the
// innermost frame whose URL contains "/w/" (the replayed page) and
// returns its URL, text and the capture timestamp wabac.js wrote into it
// (wbinfo.timestamp, from the index entry it served).
const frameJS = `(() => {
  const docs = ` + browsertest.FramesJS + `;
  const replay = docs.filter((d) => d.location.href.includes("/w/"));
  if (!replay.length) return {url: "", text: "", ts: ""};
  const d = replay[replay.length - 1];
  const w = d.defaultView;
  return {url: d.location.href, text: d.body ? d.body.innerText : "", ts: (w && w.wbinfo && w.wbinfo.timestamp) || ""};
})()`

// resourcesJS lists, from every collection's IndexedDB, the index entries
// wabac.js holds for one URL (%q): collection, timestamp (ms), MIME and
// status (a revisit entry takes its original's MIME once replayed).
const resourcesJS = `(async () => {
  const req = (r) => new Promise((res, rej) => { r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
  const out = [];
  for (const info of await indexedDB.databases()) {
    const db = await req(indexedDB.open(info.name));
    if (db.objectStoreNames.contains("resources")) {
      for (const e of await req(db.transaction("resources").objectStore("resources").getAll())) {
        if (e.url === %q) out.push({db: info.name, ts: Number(e.ts), mime: String(e.mime || ""), status: Number(e.status || 0)});
      }
    }
    db.close();
  }
  return out;
})()`

type resource struct {
	DB     string `json:"db"`
	TS     int64  `json:"ts"`
	MIME   string `json:"mime"`
	Status int    `json:"status"`
}

// indexed returns wabac.js's index entries for target, waiting until there
// are at least want of them.
func indexed(t *testing.T, ctx context.Context, target string, want int) []resource {
	t.Helper()
	var rs []resource
	err := waitFor(ctx, func(ctx context.Context) (bool, error) {
		var err error
		rs, err = chromedp.Run(ctx, chromedp.Evaluate[[]resource](fmt.Sprintf(resourcesJS, target), chromedp.EvalAwaitPromise))
		return len(rs) >= want, err
	})
	if err != nil {
		t.Fatalf("index entries of %s: %v (have %+v)", target, err, rs)
	}
	return rs
}

type frame struct {
	URL  string `json:"url"`
	Text string `json:"text"`
	TS   string `json:"ts"`
}

// replayAttempts and attemptTimeout: a replay that shows no frame is
// loaded again. ReplayWeb.page installs its service worker on the first
// load; on a loaded machine (CI runs every package at once) that first
// load has been seen to leave the embed without a frame for 90 s, and a
// new navigation starts it over. Each failed attempt is logged with what
// the page showed and printed, so a real replay failure still fails, with
// its reason.
const (
	replayAttempts = 3
	attemptTimeout = 40 * time.Second
)

// replay opens the embedding page for one URL at one timestamp and waits
// until the replayed frame has text and its capture timestamp.
func replay(t *testing.T, ctx context.Context, con *browsertest.Console, srv *httptest.Server, pkg, target, ts string) frame {
	t.Helper()
	q := url.Values{"source": {srv.URL + "/archives/" + pkg}, "url": {target}, "ts": {ts}}
	var f frame
	var err error
	for attempt := 1; attempt <= replayAttempts; attempt++ {
		if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/embed.html?"+q.Encode())); err != nil {
			t.Fatalf("navigate: %v", err)
		}
		err = waitWithin(ctx, attemptTimeout, func(ctx context.Context) (bool, error) {
			var err error
			if f, err = chromedp.Run(ctx, chromedp.Evaluate[frame](frameJS)); err != nil {
				return false, err
			}
			return strings.TrimSpace(f.Text) != "" && f.TS != "", nil
		})
		if err == nil {
			return f
		}
		shown, _ := chromedp.Run(ctx, chromedp.Evaluate[string](shownJS))
		t.Logf("replay of %s at %s in %s, attempt %d: %v (last frame %+v); page shows %q; console: %q",
			target, ts, pkg, attempt, err, f, shown, con.Tail(10))
	}
	t.Fatalf("replay of %s at %s in %s: no frame after %d attempts: %v", target, ts, pkg, replayAttempts, err)
	return f
}

// shownJS returns the text the embedding page shows, through shadow roots
// (ReplayWeb.page renders its messages there).
const shownJS = `(() => {
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) { out.push(el.shadowRoot.textContent || ""); walk(el.shadowRoot); }
    }
  };
  walk(document);
  return out.join(" | ").replace(/\s+/g, " ").slice(0, 600);
})()`

// waitFor polls cond until it holds, fails, or replayTimeout passes.
func waitFor(ctx context.Context, cond func(context.Context) (bool, error)) error {
	return waitWithin(ctx, replayTimeout, cond)
}

// waitWithin polls cond until it holds, fails, or limit passes.
func waitWithin(ctx context.Context, limit time.Duration, cond func(context.Context) (bool, error)) error {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		ok, err := cond(ctx)
		if ok {
			return nil
		}
		if err != nil && ctx.Err() == nil {
			return err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("condition not met within %v", limit)
		case <-tick.C:
		}
	}
}

// verificationJS reads wabac.js's verification records of every
// collection from IndexedDB (the service worker shares the page's
// origin): one entry per checked file hash plus "publicKey" and
// "signature" (matched: the WebCrypto verification result).
const verificationJS = `(async () => {
  const req = (r) => new Promise((res, rej) => { r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
  const out = [];
  for (const info of await indexedDB.databases()) {
    const db = await req(indexedDB.open(info.name));
    if (db.objectStoreNames.contains("verification")) {
      const entries = await req(db.transaction("verification").objectStore("verification").getAll());
      out.push({db: info.name, entries: entries.map((e) => ({id: String(e.id), expected: typeof e.expected === "string" ? e.expected : JSON.stringify(e.expected), matched: e.matched === true ? "true" : e.matched === false ? "false" : "null", matchedText: typeof e.matched === "string" ? e.matched : ""}))});
    }
    db.close();
  }
  return out;
})()`

// infoFields are the verification records that hold information, not a
// check (wabac.js's getVerifyInfo reads them so).
var infoFields = map[string]bool{"domain": true, "created": true, "certFingerprint": true, "software": true, "datapackageHash": true, "publicKey": true}

type verification struct {
	DB      string `json:"db"`
	Entries []struct {
		ID          string `json:"id"`
		Expected    string `json:"expected"`
		Matched     string `json:"matched"`
		MatchedText string `json:"matchedText"`
	} `json:"entries"`
}

// signatureOf waits until ReplayWeb.page has checked the signature of the
// package signed with publicKey and returns the result: "true" or
// "false". It also returns how many other verification records matched
// and did not: ReplayWeb.page 2.5.3 hashes files only when its service
// worker is registered with useHashCheck=1, which the embed does not do,
// so these are placeholders (docs/interop.md).
func signatureOf(t *testing.T, ctx context.Context, publicKey string) (sig string, valid, invalid int) {
	t.Helper()
	err := waitFor(ctx, func(ctx context.Context) (bool, error) {
		vs, err := chromedp.Run(ctx, chromedp.Evaluate[[]verification](verificationJS, chromedp.EvalAwaitPromise))
		if err != nil {
			return false, err
		}
		for _, v := range vs {
			mine := false
			sig, valid, invalid = "", 0, 0
			for _, e := range v.Entries {
				switch {
				case e.ID == "publicKey":
					mine = e.Expected == publicKey
				case e.ID == "signature":
					sig = e.Matched
				case infoFields[e.ID]:
				case e.Matched == "true":
					valid++
				case e.Matched == "false":
					invalid++
				}
			}
			if mine && sig != "" {
				return true, nil
			}
		}
		return false, nil
	})
	if err != nil {
		t.Fatalf("no signature verification for key %s…: %v", publicKey[:24], err)
	}
	return sig, valid, invalid
}

// domainOf returns what ReplayWeb.page recorded for the package signed
// with publicKey: the domain signedData claims and the one it read from
// the certificate's subject, and the certificate's fingerprint.
func domainOf(t *testing.T, ctx context.Context, publicKey string) (claimed, read, fingerprint string) {
	t.Helper()
	vs, err := chromedp.Run(ctx, chromedp.Evaluate[[]verification](verificationJS, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		mine := false
		claimed, read, fingerprint = "", "", ""
		for _, e := range v.Entries {
			switch e.ID {
			case "publicKey":
				mine = e.Expected == publicKey
			case "domain":
				claimed, read = e.Expected, e.MatchedText
			case "certFingerprint":
				fingerprint = e.Expected
			}
		}
		if mine {
			return claimed, read, fingerprint
		}
	}
	return "", "", ""
}

// namedSigner makes a P-384 key with a self-signed certificate for
// archive.example.org and a TSA on loopback, as Input options.
func namedSigner(t *testing.T) (func(*wacz.Input), *wacz.Identity) {
	t.Helper()
	s := p384(t)
	certPEM, err := wacz.SelfSignedCertificate(s, "archive.example.org", time.Now(), 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	chain, err := wacz.ParseChain(string(certPEM))
	if err != nil {
		t.Fatal(err)
	}
	id, err := wacz.NewIdentity(s, chain, "")
	if err != nil {
		t.Fatal(err)
	}
	tsa := tsatest.Start(t, nil)
	return func(in *wacz.Input) {
		in.Identity, in.Timestamper = id, wacz.TSAClient{URL: tsa.URL, Client: http.DefaultClient}
	}, id
}

func p384(t *testing.T) crypto.Signer {
	t.Helper()
	key, err := wacz.GenerateKey(wacz.KeyECDSAP384)
	if err != nil {
		t.Fatal(err)
	}
	s, err := wacz.ParseSigner(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wrongKey signs with one key and publishes another: a package it signs
// carries a signature that cannot verify.
type wrongKey struct {
	crypto.Signer
	pub crypto.PublicKey
}

func (w wrongKey) Public() crypto.PublicKey { return w.pub }

// TestReplayWebPage replays SHARC captures in ReplayWeb.page 2.5.3 and
// checks what a reader of the archive sees: each page at its visit time,
// an unchanged page at its revisit time for both kinds of revisit record
// (server-not-modified from conditional revisits, identical-payload-digest
// from full ones), a changed page's new content at its revisit time, and
// a verified signature (a package with a bad one is caught).
func TestReplayWebPage(t *testing.T) {
	chromium, rwp := tools(t)
	s := newSite(t)
	cond := capturePack(t, s, job.RevisitConditional, p384(t))
	full := capturePack(t, s, job.RevisitFull, p384(t))
	bad := p384(t)
	forged := capturePack(t, s, job.RevisitConditional, wrongKey{Signer: bad, pub: p384(t).Public()})
	withName, id := namedSigner(t)
	named := capturePack(t, s, job.RevisitConditional, nil, withName)
	srv := replayServer(t, rwp, map[string]string{"conditional.wacz": cond.wacz, "full.wacz": full.wacz, "forged.wacz": forged.wacz,
		"named.wacz": named.wacz})
	ctx := newBrowser(t, chromium)
	con := browsertest.Listen(t, ctx)

	type check struct {
		name, pkg string
		rec       store.Record
		want      string       // text the replayed page must show
		notWant   string       // text it must not show ("" for none)
		served    store.Record // the capture whose content and date wabac.js serves
	}
	sameNM := cond.pick(t, "/same", warc.Revisit)
	sameID := full.pick(t, "/same", warc.Revisit)
	changed := cond.pick(t, "/changes", warc.Response)
	if sameNM.revisit.Status != http.StatusNotModified || sameID.revisit.Status != http.StatusOK {
		t.Fatalf("revisit kinds: conditional %d, full %d; want 304 and 200", sameNM.revisit.Status, sameID.revisit.Status)
	}
	changedPath := strings.TrimPrefix(changed.url, "http://site.test")
	// A revisit is served as its original: wabac.js answers with the
	// visit's record and date (wbinfo.timestamp), as the research found.
	checks := []check{
		{"page at its visit", "conditional.wacz", sameNM.visit, "Unchanged page", "", sameNM.visit},
		{"unchanged page at its server-not-modified revisit", "conditional.wacz", sameNM.revisit, "Unchanged page", "", sameNM.visit},
		{"unchanged page at its identical-payload-digest revisit", "full.wacz", sameID.revisit, "Unchanged page", "", sameID.visit},
		{"changed page at its visit", "conditional.wacz", changed.visit, "Version 1 of " + changedPath, "Version 2", changed.visit},
		{"changed page at its revisit", "conditional.wacz", changed.revisit, "Version 2 of " + changedPath, "Version 1", changed.revisit},
	}
	for _, c := range checks {
		ts := ts14(c.rec)
		f := replay(t, ctx, con, srv, c.pkg, c.rec.URL, ts)
		t.Logf("%s: %s at %s (%s %d) → frame %s, capture %s, text %q", c.name, c.rec.URL, ts, c.rec.RecordType, c.rec.Status, f.URL, f.TS, strings.TrimSpace(f.Text))
		if !strings.Contains(f.Text, c.want) || (c.notWant != "" && strings.Contains(f.Text, c.notWant)) {
			t.Errorf("%s: replayed text %q, want %q", c.name, f.Text, c.want)
		}
		if !strings.Contains(f.URL, "/"+ts+"mp_/") {
			t.Errorf("%s: replay frame %s is not at %s", c.name, f.URL, ts)
		}
		if f.TS != ts14(c.served) {
			t.Errorf("%s: ReplayWeb.page served the capture of %s, want %s", c.name, f.TS, ts14(c.served))
		}
	}
	// wabac.js keeps each revisit as an entry of its own at its own time
	// ("Skipping duplicate revisit" drops one that shares its visit's
	// second): one collection holds entries at the visit's and at the
	// revisit's second, and a replay at the revisit's time reads the latter.
	for _, p := range []page{sameNM, sameID} {
		rs := indexed(t, ctx, p.url, 2)
		at := map[string]map[int64]bool{}
		for _, r := range rs {
			if at[r.DB] == nil {
				at[r.DB] = map[int64]bool{}
			}
			at[r.DB][r.TS] = true
		}
		both := false
		for _, ts := range at {
			both = both || (ts[p.visit.Time.Truncate(time.Second).UnixMilli()] && ts[p.revisit.Time.Truncate(time.Second).UnixMilli()])
		}
		if !both {
			t.Errorf("%s: no collection of ReplayWeb.page holds entries at both %s and %s: %+v", p.url, ts14(p.visit), ts14(p.revisit), rs)
		}
	}
	for _, p := range []page{sameNM, sameID, changed} {
		if ts14(p.visit) == ts14(p.revisit) {
			t.Errorf("%s: visit and revisit share the timestamp %s", p.url, ts14(p.visit))
		}
	}

	// Signatures: both packages verify and all their file hashes match; the
	// forged one is caught.
	for _, c := range []capture{cond, full} {
		sig, valid, invalid := signatureOf(t, ctx, c.publicKey)
		t.Logf("%s: signature %s, %d other checks matched, %d did not (placeholders: no useHashCheck)", filepath.Base(c.wacz), sig, valid, invalid)
		if sig != "true" {
			t.Errorf("%s: signature verified %s, want true", filepath.Base(c.wacz), sig)
		}
	}
	p := forged.pick(t, "/same", warc.Revisit)
	replay(t, ctx, con, srv, "forged.wacz", p.visit.URL, ts14(p.visit))
	if sig, _, _ := signatureOf(t, ctx, forged.publicKey); sig != "false" {
		t.Errorf("forged.wacz: signature verified %s, want false", sig)
	}

	// A named signer (certificate, domain) with a TSA timestamp: still
	// verified, and ReplayWeb.page reads the domain from the certificate.
	p = named.pick(t, "/same", warc.Revisit)
	replay(t, ctx, con, srv, "named.wacz", p.visit.URL, ts14(p.visit))
	if sig, _, _ := signatureOf(t, ctx, named.publicKey); sig != "true" {
		t.Errorf("named.wacz: signature verified %s, want true", sig)
	}
	claimed, read, fp := domainOf(t, ctx, named.publicKey)
	t.Logf("named.wacz: domain %q, read from the certificate %q, fingerprint %s", claimed, read, fp)
	if claimed != "archive.example.org" || read != claimed || !strings.EqualFold(fp, wacz.Fingerprint(id.Chain[0])) {
		t.Errorf("named.wacz: domain %q, certificate says %q, fingerprint %s; want archive.example.org twice and %s", claimed, read, fp, wacz.Fingerprint(id.Chain[0]))
	}
}
