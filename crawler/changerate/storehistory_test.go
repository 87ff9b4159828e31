package changerate_test

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/changerate"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// changingSite serves three pages linked from /: /words changes its
// visible words on every fetch, /counter only a visitor count (a digit
// token, which the text signal ignores but the payload digest does not),
// /still never changes.
func changingSite(t *testing.T) *httptest.Server {
	t.Helper()
	var n atomic.Int64
	words := []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot"}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := n.Add(1)
		w.Header().Set("Content-Type", "text/html")
		switch r.URL.Path {
		case "/":
			fmt.Fprint(w, `<html><body><a href="/words">w</a> <a href="/counter">c</a> <a href="/still">s</a></body></html>`)
		case "/words":
			fmt.Fprintf(w, "<html><body><p>today %s</p></body></html>", words[int(i)%len(words)])
		case "/counter":
			fmt.Fprintf(w, "<html><body><p>visitors %d</p></body></html>", i)
		case "/still":
			fmt.Fprint(w, "<html><body><p>nothing new here</p></body></html>")
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestTrainingAndCrawlerShareHistory: with change_signal: text, the
// history `sharc rates train` learns from (StoreHistory) is the history
// the crawler's history source reads. Two captures of a changing site go
// into a real SQLite store; StoreHistory labels each page; a third
// capture assigns every page its history rate, which must be the label
// (in changes per Δ). The counter page, changed by payload but not by
// text, must count as unchanged on both sides.
func TestTrainingAndCrawlerShareHistory(t *testing.T) {
	ctx := context.Background()
	srv := changingSite(t)
	dir := t.TempDir()
	const defaultRate = 36.0 // per hour: a prior the captures' seconds can move
	reg := scheduler.NewRegistry()
	j, err := job.Parse([]byte(fmt.Sprintf(`
name: history
seeds: [%s/]
user_agent: "SHARC-test (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 1
politeness: {delay: 10ms, delay_factor: 0}
capture: {change_signal: text}
change_rates: [history, default]
default_rate: %g
warc: {dir: %s}
`, srv.URL, defaultRate, filepath.Join(dir, "warcs"))), "history.yaml", reg.Names(), reg.VisitRevisit)
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(dir, "index.db"), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	crawl := func() {
		t.Helper()
		stats, err := crawler.New(j, st, reg, zap.NewNop(), crawler.Options{}).Run(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if stats.StopReason != "finished" {
			t.Fatalf("capture stopped: %s", stats.StopReason)
		}
	}
	crawl()
	crawl()
	hst := st.(changerate.HistoryStore)
	prior := changerate.WeakPrior(defaultRate)
	hs, err := changerate.StoreHistory(ctx, hst, "history", prior, changerate.HistoryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if hs.Signal != changerate.SignalText {
		t.Errorf("signal read from the captures' job: %q, want text", hs.Signal)
	}
	labels := map[string]changerate.Example{}
	for _, e := range hs.Examples {
		labels[strings.TrimPrefix(e.Page.URL, srv.URL)] = e
	}
	if len(labels) != 4 {
		t.Fatalf("trained on %d pages, want 4: %v", len(labels), labels)
	}
	wantChanged := map[string]bool{"/": false, "/words": true, "/counter": false, "/still": false}
	for path, e := range labels {
		if len(e.Page.History) != 1 || e.Page.History[0].Changed != wantChanged[path] {
			t.Errorf("%s: history %+v, want one interval, changed=%v", path, e.Page.History, wantChanged[path])
		}
	}
	// The payload signal sees the counter change: the test can tell the
	// signals apart.
	recs, err := st.History(ctx, srv.URL+"/counter")
	if err != nil {
		t.Fatal(err)
	}
	if obs := changerate.Observations(recs, changerate.HistoryOptions{Signal: changerate.SignalPayload}); len(obs) != 1 || !obs[0].Changed {
		t.Errorf("payload history of /counter: %+v, want one changed interval", obs)
	}

	crawl()
	jb, err := hst.JobByName(ctx, "history")
	if err != nil {
		t.Fatal(err)
	}
	caps, err := st.Captures(ctx, jb.ID)
	if err != nil || len(caps) != 3 {
		t.Fatalf("captures: %d, %v", len(caps), err)
	}
	fr, err := st.Frontier(ctx, caps[2].ID)
	if err != nil {
		t.Fatal(err)
	}
	deltaHours := (10 * time.Millisecond).Hours()
	seen := 0
	for _, f := range fr {
		path := strings.TrimPrefix(f.URL, srv.URL)
		e, ok := labels[path]
		if !ok {
			continue
		}
		seen++
		want := e.Lambda * deltaHours
		if f.RateSource != changerate.SourceHistory || math.Abs(f.Rate-want) > 1e-12*want {
			t.Errorf("%s: crawler rate %g (%s), training label %g per Δ (history %+v)", path, f.Rate, f.RateSource, want, e.Page.History)
		}
	}
	if seen != 4 {
		t.Errorf("third capture's frontier holds %d of the 4 trained pages", seen)
	}
}

// TestObservations: the definition of a change, case by case.
func TestObservations(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	rec := func(capture int64, min int, typ warc.RecordType, status int, payload, text string) store.Record {
		return store.Record{CaptureID: capture, Time: t0.Add(time.Duration(min) * time.Minute), RecordType: typ, Status: status, PayloadDigest: payload, TextDigest: text}
	}
	type obs = changerate.Observation
	iv := func(min int, changed bool) obs {
		return obs{Interval: time.Duration(min) * time.Minute, Changed: changed}
	}
	cases := []struct {
		name string
		recs []store.Record
		opt  changerate.HistoryOptions
		want []obs
	}{
		{"payload change", []store.Record{rec(1, 0, "response", 200, "A", "x"), rec(1, 10, "response", 200, "B", "x")},
			changerate.HistoryOptions{}, []obs{iv(10, true)}},
		{"text ignores a payload-only change", []store.Record{rec(1, 0, "response", 200, "A", "x"), rec(1, 10, "response", 200, "B", "x")},
			changerate.HistoryOptions{Signal: changerate.SignalText}, []obs{iv(10, false)}},
		{"text sees a text change", []store.Record{rec(1, 0, "response", 200, "A", "x"), rec(1, 10, "response", 200, "A", "y")},
			changerate.HistoryOptions{Signal: changerate.SignalText}, []obs{iv(10, true)}},
		{"text falls back to payload without a text digest", []store.Record{rec(1, 0, "response", 200, "A", ""), rec(1, 10, "response", 200, "B", "")},
			changerate.HistoryOptions{Signal: changerate.SignalText}, []obs{iv(10, true)}},
		{"revisit and 304 are unchanged", []store.Record{rec(1, 0, "response", 200, "A", ""), rec(1, 5, "revisit", 304, "", ""), rec(2, 15, "revisit", 200, "A", "")},
			changerate.HistoryOptions{}, []obs{iv(5, false), iv(10, false)}},
		{"errors are not fetches", []store.Record{rec(1, 0, "response", 200, "A", ""), rec(1, 5, "response", 500, "Z", ""), rec(1, 20, "response", 200, "A", "")},
			changerate.HistoryOptions{}, []obs{iv(20, false)}},
		{"the running capture is left out", []store.Record{rec(1, 0, "response", 200, "A", ""), rec(2, 10, "response", 200, "B", ""), rec(3, 30, "response", 200, "C", "")},
			changerate.HistoryOptions{ExcludeCapture: 3}, []obs{iv(10, true)}},
		{"same time gives no interval", []store.Record{rec(1, 0, "response", 200, "A", ""), rec(2, 0, "response", 200, "B", "")},
			changerate.HistoryOptions{}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := changerate.Observations(c.recs, c.opt)
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}
