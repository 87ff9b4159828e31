package testsite

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/temoto/robotstxt"
)

// TestFaults checks deleted and appearing pages: status codes, the parent's
// links, and that both events show in the change log of the page and of
// its parent.
func TestFaults(t *testing.T) {
	const (
		del = 2 // child of 0
		app = 4 // child of 1
	)
	delAt, appAt := 30*time.Second, 50*time.Second
	s, srv, clk := serve(t, Config{Pages: 10, Outdegree: 2, Skew: 1, TimeUnit: time.Hour, Seed: 3,
		DeleteAfter: map[int]time.Duration{del: delAt},
		// Page 5 appears under the deleted page 2: no change of page 2.
		AppearAfter: map[int]time.Duration{app: appAt, 5: appAt}})
	tests := []struct {
		at                 time.Duration
		delStatus          int
		appStatus          int
		rootLinks, p1Links []string
	}{
		{10 * time.Second, 200, 404, []string{"/p/1", "/p/2"}, []string{"/p/3"}},
		{delAt, 410, 404, []string{"/p/1"}, []string{"/p/3"}},
		{appAt - time.Nanosecond, 410, 404, []string{"/p/1"}, []string{"/p/3"}},
		{appAt, 410, 200, []string{"/p/1"}, []string{"/p/3", "/p/4"}},
	}
	for _, tc := range tests {
		clk.Set(t0.Add(tc.at))
		if r, _ := get(t, srv, PagePath(del)); r.StatusCode != tc.delStatus {
			t.Errorf("at %v: deleted page status %d, want %d", tc.at, r.StatusCode, tc.delStatus)
		}
		if r, _ := get(t, srv, PagePath(app)); r.StatusCode != tc.appStatus {
			t.Errorf("at %v: appearing page status %d, want %d", tc.at, r.StatusCode, tc.appStatus)
		}
		for _, pg := range []struct {
			path string
			want []string
		}{{"/", tc.rootLinks}, {"/p/1", tc.p1Links}} {
			_, body := get(t, srv, pg.path)
			var got []string
			for _, l := range links(body) {
				got = append(got, strings.TrimPrefix(l, srv.URL))
			}
			if !slices.Equal(got, pg.want) {
				t.Errorf("at %v: %s links %v, want %v", tc.at, pg.path, got, pg.want)
			}
		}
	}
	// With an hour as time unit and rates ≤ 1, changes within a minute are
	// rare; the structural events must be there regardless.
	log := s.ChangeLog(t0, t0.Add(time.Minute))
	for _, c := range []struct {
		path string
		at   time.Duration
	}{{"/", delAt}, {"/p/2", delAt}, {"/p/1", appAt}, {"/p/4", appAt}} {
		if !slices.Contains(log[c.path], t0.Add(c.at)) {
			t.Errorf("change log of %s lacks the event at %v: %v", c.path, c.at, log[c.path])
		}
	}
	// Poisson changes of the appearing page before it exists do not count.
	for _, ts := range log["/p/4"] {
		if ts.Before(t0.Add(appAt)) {
			t.Errorf("/p/4 changed at %v before it appeared", ts.Sub(t0))
		}
	}
	for _, ts := range s.ChangeLog(t0, t0.Add(1000*time.Hour))["/p/2"] {
		if ts.After(t0.Add(delAt)) {
			t.Errorf("/p/2 changed at %v after its deletion", ts.Sub(t0))
		}
	}
}

// TestRobotsAndRequestLog checks that robots.txt, read by the robots parser
// the crawler uses, allows the pages and disallows the trap linked from the
// root, and that the request log records what was asked.
func TestRobotsAndRequestLog(t *testing.T) {
	s, srv, _ := serve(t, Config{Pages: 5, Outdegree: 2, Skew: 1, TimeUnit: time.Second, TrapLink: true,
		Embeds: true, CrawlDelay: 2 * time.Second, RequestLogSize: 4})
	_, body := get(t, srv, "/robots.txt")
	rb, err := robotstxt.FromString(body)
	if err != nil {
		t.Fatalf("robots.txt: %v", err)
	}
	g := rb.FindGroup("sharc")
	for _, c := range []struct {
		path  string
		allow bool
	}{{"/", true}, {"/p/3", true}, {"/sitemap.xml", true}, {"/static/site.css", true},
		{"/private/trap", false}, {"/_changes", false}, {"/_info", false}} {
		if g.Test(c.path) != c.allow {
			t.Errorf("robots: %s allowed=%v, want %v", c.path, g.Test(c.path), c.allow)
		}
	}
	if g.CrawlDelay != 2*time.Second {
		t.Errorf("crawl delay %v", g.CrawlDelay)
	}
	if len(rb.Sitemaps) != 1 || rb.Sitemaps[0] != srv.URL+"/sitemap.xml" {
		t.Errorf("sitemaps %v", rb.Sitemaps)
	}
	_, root := get(t, srv, "/")
	if !slices.Contains(links(root), srv.URL+"/private/trap") {
		t.Error("root does not link the trap")
	}
	for _, p := range []string{"/static/site.css", "/static/img/3.png"} {
		r, _ := get(t, srv, p)
		if r.StatusCode != 200 || r.Header.Get("ETag") == "" {
			t.Errorf("%s: status %d, ETag %q", p, r.StatusCode, r.Header.Get("ETag"))
		}
	}
	if r, _ := get(t, srv, "/static/img/5.png"); r.StatusCode != 404 {
		t.Errorf("image of a missing page: %d", r.StatusCode)
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/p/1?x=1", nil)
	req.Header.Set("User-Agent", "sharc-test/1")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	// The log keeps the last 4 of the 6 requests, oldest first.
	got := s.Requests()
	want := []string{"/static/site.css", "/static/img/3.png", "/static/img/5.png", "/p/1"}
	if len(got) != len(want) {
		t.Fatalf("%d log entries, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].Path != w || got[i].Method != http.MethodGet || !got[i].Time.Equal(t0) {
			t.Errorf("entry %d: %+v, want GET %s at t0", i, got[i], w)
		}
	}
	if last := got[3]; last.Status != 200 || last.Query != "x=1" || last.UserAgent != "sharc-test/1" {
		t.Errorf("last entry %+v", last)
	}
	if got[2].Status != 404 {
		t.Errorf("missing image logged with status %d", got[2].Status)
	}
	s.ResetRequests()
	if n := len(s.Requests()); n != 0 {
		t.Errorf("%d entries after reset", n)
	}
}
