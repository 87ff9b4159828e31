package testsite

import (
	"encoding/json"
	"encoding/xml"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n got:\n%s\nwant:\n%s", name, got, want)
	}
}

// TestGolden pins the formats of the page HTML, robots.txt and the sitemap.
func TestGolden(t *testing.T) {
	_, srv, clk := serve(t, Config{Pages: 7, Outdegree: 3, Skew: 1, TimeUnit: time.Minute, Seed: 1,
		Host: "site.test:8080", Embeds: true, TrapLink: true, CrawlDelay: 1500 * time.Millisecond,
		DeleteAfter: map[int]time.Duration{6: time.Hour}})
	clk.Set(t0.Add(2 * time.Hour))
	for _, tc := range []struct{ path, file string }{
		{"/", "root.html"},
		{"/p/2", "page2.html"},
		{"/robots.txt", "robots.txt"},
		{"/sitemap.xml", "sitemap.xml"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			resp, body := get(t, srv, tc.path)
			if resp.StatusCode != 200 {
				t.Fatalf("status %d", resp.StatusCode)
			}
			golden(t, tc.file, body)
		})
	}
}

type urlset struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []struct {
		Loc        string `xml:"loc"`
		Lastmod    string `xml:"lastmod"`
		Changefreq string `xml:"changefreq"`
	} `xml:"url"`
}

type sitemapindex struct {
	XMLName  xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex"`
	Sitemaps []struct {
		Loc string `xml:"loc"`
	} `xml:"sitemap"`
}

// TestSitemap parses the sitemap (and, for a chunked site, the index and
// its parts) as XML and checks that every existing page is listed once with
// the changefreq of its rate and its last change as lastmod.
func TestSitemap(t *testing.T) {
	for _, chunk := range []int{0, 7} {
		t.Run("chunk "+strconv.Itoa(chunk), func(t *testing.T) {
			s, srv, clk := serve(t, Config{Pages: 30, Outdegree: 3, Skew: 2.5, TimeUnit: time.Second, Seed: 4,
				SitemapChunk: chunk, DeleteAfter: map[int]time.Duration{29: time.Minute}})
			now := t0.Add(2 * time.Minute)
			clk.Set(now)
			_, body := get(t, srv, "/sitemap.xml")
			files := []string{"/sitemap.xml"}
			if chunk > 0 {
				var idx sitemapindex
				if err := xml.Unmarshal([]byte(body), &idx); err != nil {
					t.Fatalf("sitemap index: %v\n%s", err, body)
				}
				if len(idx.Sitemaps) != 5 {
					t.Fatalf("%d sitemaps in the index, want 5", len(idx.Sitemaps))
				}
				files = files[:0]
				for _, sm := range idx.Sitemaps {
					files = append(files, sm.Loc[len(srv.URL):])
				}
			}
			seen := map[string]bool{}
			for _, f := range files {
				resp, body := get(t, srv, f)
				if resp.StatusCode != 200 {
					t.Fatalf("%s: status %d", f, resp.StatusCode)
				}
				var us urlset
				if err := xml.Unmarshal([]byte(body), &us); err != nil {
					t.Fatalf("%s: %v\n%s", f, err, body)
				}
				for _, u := range us.URLs {
					path := u.Loc[len(srv.URL):]
					k, ok := PageIndex(path)
					if !ok || seen[path] {
						t.Fatalf("bad or repeated loc %q", u.Loc)
					}
					seen[path] = true
					if want := Changefreq(s.Tree().Rates[k], time.Second); u.Changefreq != want {
						t.Errorf("%s: changefreq %q, want %q", path, u.Changefreq, want)
					}
					mod, err := time.Parse(time.RFC3339Nano, u.Lastmod)
					if err != nil {
						t.Fatalf("%s: lastmod: %v", path, err)
					}
					ch := s.ChangeLog(t0, now)[path]
					want := t0
					if len(ch) > 0 {
						want = ch[len(ch)-1]
					}
					if !mod.Equal(want) {
						t.Errorf("%s: lastmod %v, want %v", path, mod, want)
					}
				}
			}
			if len(seen) != 29 || seen["/p/29"] {
				t.Fatalf("sitemap lists %d pages (deleted /p/29 listed: %v), want the 29 existing", len(seen), seen["/p/29"])
			}
		})
	}
}

// TestChangefreqDef61 checks the Definition 6.1 mapping: category
// boundaries in mean change intervals, and that each category's λ_i maps
// back to the category.
func TestChangefreqDef61(t *testing.T) {
	L := math.Log(1 / Tau)
	tests := []struct {
		interval time.Duration // mean change interval 1/λ
		unit     time.Duration
		want     string
	}{
		{time.Second, time.Second, "always"},
		{19 * time.Second, time.Second, "always"},
		{20 * time.Second, time.Second, "hourly"},
		{19 * time.Hour, time.Second, "hourly"},
		{20 * time.Hour, time.Second, "daily"},
		{19 * 24 * time.Hour, time.Second, "daily"},
		{20 * 24 * time.Hour, time.Second, "weekly"},
		{130 * 24 * time.Hour, time.Second, "weekly"},
		{140 * 24 * time.Hour, time.Second, "monthly"},
		{19 * 365 * 24 * time.Hour, time.Second, "yearly"},
		{20 * 365 * 24 * time.Hour, time.Second, "never"},
		// A one-minute unit scales "always" to ≈19.5 minutes.
		{19 * time.Minute, time.Minute, "always"},
		{20 * time.Minute, time.Minute, "hourly"},
		// With a day as unit, hourly and daily collapse into always.
		{19 * 24 * time.Hour, 24 * time.Hour, "always"},
		{20 * 24 * time.Hour, 24 * time.Hour, "weekly"},
	}
	for _, tc := range tests {
		rate := float64(tc.unit) / float64(tc.interval)
		if got := Changefreq(rate, tc.unit); got != tc.want {
			t.Errorf("interval %v, unit %v (λ=%g): %q, want %q (L=%.4f)", tc.interval, tc.unit, rate, got, tc.want, L)
		}
	}
	if got := Changefreq(0, time.Second); got != "never" {
		t.Errorf("λ=0: %q", got)
	}
	for _, unit := range []time.Duration{time.Second, time.Minute, time.Hour, 24 * time.Hour} {
		for _, c := range changefreqs {
			r, ok := ChangefreqRate(c, unit)
			if !ok || !(r > 0) {
				t.Fatalf("ChangefreqRate(%q, %v) = %v, %v", c, unit, r, ok)
			}
			got := Changefreq(r, unit)
			collapsed := r == 1 && c != "always"
			if got != c && !(collapsed && got == "always") {
				t.Errorf("unit %v: λ(%s)=%g maps back to %q", unit, c, r, got)
			}
		}
	}
	if _, ok := ChangefreqRate("sometimes", time.Second); ok {
		t.Error("unknown category accepted")
	}
	// Def. 6.1 with T_0 = 1 s, T_1 = 1 h: λ_hourly = (1+3600)/(2·3600)·L.
	if r, _ := ChangefreqRate("hourly", time.Second); math.Abs(r-3601.0/7200*L) > 1e-12 {
		t.Errorf("λ_hourly = %g, want %g", r, 3601.0/7200*L)
	}
}

// TestChangesEndpoint checks /_changes against ChangeLog and its errors.
func TestChangesEndpoint(t *testing.T) {
	s, srv, clk := serve(t, Config{Pages: 20, Outdegree: 3, Skew: 1, TimeUnit: time.Second, Seed: 8})
	now := t0.Add(90 * time.Second)
	clk.Set(now)
	from := t0.Add(30 * time.Second)
	tests := []struct {
		name, query string
		status      int
		from, to    time.Time
		page        string
	}{
		{"defaults", "", 200, t0, now, ""},
		{"window", "from=" + from.Format(time.RFC3339Nano) + "&to=" + now.Add(-time.Second).Format(time.RFC3339Nano), 200, from, now.Add(-time.Second), ""},
		{"future clamped", "to=" + now.Add(time.Hour).Format(time.RFC3339), 200, t0, now, ""},
		{"one page", "page=/", 200, t0, now, "/"},
		{"one page deep", "page=/p/3&from=" + from.Format(time.RFC3339), 200, from, now, "/p/3"},
		{"reversed", "from=" + now.Format(time.RFC3339) + "&to=" + from.Format(time.RFC3339), 400, t0, t0, ""},
		{"bad time", "from=yesterday", 400, t0, t0, ""},
		{"unknown", "since=1", 400, t0, t0, ""},
		{"repeated", "page=/&page=/p/1", 400, t0, t0, ""},
		{"not a page", "page=/p/20", 400, t0, t0, ""},
		{"bad escape", "from=%zz", 400, t0, t0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := get(t, srv, "/_changes?"+tc.query)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tc.status, body)
			}
			if tc.status != 200 {
				return
			}
			var got changesResponse
			if err := json.Unmarshal([]byte(body), &got); err != nil {
				t.Fatal(err)
			}
			if !got.From.Equal(tc.from) || !got.To.Equal(tc.to) {
				t.Errorf("window %v..%v, want %v..%v", got.From, got.To, tc.from, tc.to)
			}
			want := s.ChangeLog(tc.from, tc.to)
			if tc.page != "" {
				want = map[string][]time.Time{tc.page: want[tc.page]}
			}
			if len(want) == 0 || len(want[firstKey(want)]) == 0 {
				t.Fatalf("test window has no changes: %v", want)
			}
			if len(got.Changes) != len(want) {
				t.Fatalf("%d pages, want %d", len(got.Changes), len(want))
			}
			for p, ts := range want {
				g := got.Changes[p]
				if len(g) != len(ts) {
					t.Fatalf("%s: %d changes, want %d", p, len(g), len(ts))
				}
				for i := range ts {
					if !g[i].Equal(ts[i]) {
						t.Fatalf("%s change %d: %v, want %v", p, i, g[i], ts[i])
					}
				}
			}
		})
	}
}

func firstKey(m map[string][]time.Time) string {
	for k := range m {
		return k
	}
	return ""
}

func TestInfoEndpoint(t *testing.T) {
	_, srv, _ := serve(t, Config{Pages: 5, Outdegree: 2, Skew: 1.5, HotLeaves: true, TimeUnit: time.Minute, Seed: 77,
		AppearAfter: map[int]time.Duration{4: time.Hour}})
	for _, q := range []string{"", "?rates=1"} {
		_, body := get(t, srv, "/_info"+q)
		var info Info
		if err := json.Unmarshal([]byte(body), &info); err != nil {
			t.Fatal(err)
		}
		if info.Pages != 5 || info.Outdegree != 2 || info.Skew != 1.5 || !info.HotLeaves || info.Seed != 77 ||
			info.TimeUnitSec != 60 || !info.Start.Equal(t0) || info.AppearAfter["/p/4"] != "1h0m0s" {
			t.Errorf("info %+v", info)
		}
		if q == "" && info.Rates != nil {
			t.Error("rates without ?rates=1")
		}
		if q != "" && (len(info.Rates) != 5 || info.Rates[4] != 1) {
			t.Errorf("rates %v (hot leaves: the last page has λ=1)", info.Rates)
		}
	}
}
