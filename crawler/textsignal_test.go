package crawler_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// TestChangeSignal: a page whose bytes change at every fetch only in a
// visitor counter is "changed" by payload digest but not by normalised text
// digest; with capture.change_signal: text the history source must see it
// as unchanged and predict a lower rate than with change_signal: payload,
// while a page whose words really change stays hot under both.
func TestChangeSignal(t *testing.T) {
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := hits.Add(1)
		w.Header().Set("Content-Type", "text/html")
		switch r.URL.Path {
		case "/":
			fmt.Fprint(w, `<html><body><a href="/counter">c</a> <a href="/news">n</a></body></html>`)
		case "/counter":
			fmt.Fprintf(w, `<html><body><p>Opening hours of the archive reading room.</p><p>Visitors: %d</p></body></html>`, n)
		case "/news":
			words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"}
			fmt.Fprintf(w, `<html><body><p>Today: %s %s</p></body></html>`, words[n%8], words[(n+3)%8])
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()

	rates := map[string]map[string]store.FrontierURL{}
	for _, signal := range []string{"payload", "text"} {
		dir := t.TempDir()
		j := testJob(t, dir, fmt.Sprintf(`
name: signal
seeds: [http://site.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
robots: ignore
politeness: {delay: 5ms, delay_factor: 0}
capture: {change_signal: %s}
change_rates: [history, default]
default_rate: 360
warc: {dir: %s}
resolve: {site.test: %s}
`, signal, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://")))
		st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
		var last crawler.Stats
		for run := 0; run < 3; run++ {
			stats, err := crawler.New(j, st, scheduler.NewRegistry(), zap.NewNop(), crawler.Options{}).Run(context.Background())
			if err != nil || stats.StopReason != "finished" {
				t.Fatalf("%s run %d: %v %s", signal, run, err, stats.StopReason)
			}
			last = stats
		}
		// Text digests: the counter page keeps one, its payload digest does not.
		hist, err := st.History(context.Background(), "http://site.test/counter")
		if err != nil || len(hist) != 3 {
			t.Fatalf("history of /counter: %d records, %v", len(hist), err)
		}
		if hist[0].TextDigest == "" || hist[0].TextDigest != hist[2].TextDigest || hist[0].PayloadDigest == hist[2].PayloadDigest {
			t.Fatalf("/counter digests: text %q/%q payload %q/%q", hist[0].TextDigest, hist[2].TextDigest, hist[0].PayloadDigest, hist[2].PayloadDigest)
		}
		rows, err := st.Frontier(context.Background(), last.CaptureID)
		if err != nil {
			t.Fatal(err)
		}
		rates[signal] = map[string]store.FrontierURL{}
		for _, r := range rows {
			rates[signal][strings.TrimPrefix(r.URL, "http://site.test")] = r
		}
	}
	for _, signal := range []string{"payload", "text"} {
		for _, p := range []string{"/counter", "/news"} {
			if src := rates[signal][p].RateSource; src != changerate.SourceHistory {
				t.Fatalf("%s %s: rate from %q, want history", signal, p, src)
			}
		}
	}
	counterPayload, counterText := rates["payload"]["/counter"].Rate, rates["text"]["/counter"].Rate
	newsText := rates["text"]["/news"].Rate
	if !(counterText < counterPayload/2) {
		t.Errorf("/counter rate: text signal %g, payload signal %g; want the text signal to see it as (much) colder", counterText, counterPayload)
	}
	if !(newsText > 2*counterText) {
		t.Errorf("text signal: /news %g vs /counter %g; want the page whose words change hotter", newsText, counterText)
	}
	t.Logf("rates per Δ: /counter payload %.3g text %.3g; /news text %.3g", counterPayload, counterText, newsText)
}
