package changerate

import (
	"context"
	"math"
	"testing"
	"time"
)

// TestPooled: the three levels of the hierarchy, each where it should
// decide: sitemap (or default) alone without history, the depth group's
// pooled history for a page without its own, and the page's own censored
// MLE once it has a long history.
func TestPooled(t *testing.T) {
	sm, err := NewSitemap(time.Second, 0)
	if err != nil {
		t.Fatal(err)
	}
	hourly := sm.RateOf(Hourly)
	every := func(n int, d time.Duration, changed bool) []Observation {
		obs := make([]Observation, n)
		for i := range obs {
			obs[i] = Observation{Interval: d, Changed: changed}
		}
		return obs
	}
	// Group at depth 2: ten pages that changed in every 10-minute interval
	// (fast); page "own" at depth 3 has 400 unchanged hours of its own.
	var pages []PageInfo
	for i := 0; i < 10; i++ {
		pages = append(pages, PageInfo{URL: "http://x/g" + string(rune('a'+i)), Depth: 2, Changefreq: "weekly", History: every(5, 10*time.Minute, true)})
	}
	pages = append(pages, PageInfo{URL: "http://x/own", Depth: 3, History: every(400, time.Hour, false)})
	pooled := NewPooled(pages, PooledConfig{Sitemap: sm, Default: 0.01})
	flat := CensoredMLE(pages[0].History, PriorOf(sm.RateOf(Weekly), 1))
	for _, tc := range []struct {
		name   string
		page   PageInfo
		lo, hi float64
	}{
		{"sitemap alone", PageInfo{URL: "http://x/new", Depth: 1, Changefreq: "hourly"}, hourly * 0.999, hourly * 1.001},
		{"default alone", PageInfo{URL: "http://x/new", Depth: 1}, 0.00999, 0.01001},
		{"group history lifts a new page above its sitemap", PageInfo{URL: "http://x/new", Depth: 2, Changefreq: "weekly"}, 10 * sm.RateOf(Weekly), math.Inf(1)},
		{"own long history dominates", PageInfo{URL: "http://x/own", Depth: 3, Changefreq: "hourly"}, 0, 0.1 * hourly},
		{"one group page is near its own fast estimate", PageInfo{URL: pages[0].URL, Depth: 2, Changefreq: "weekly"}, flat / 3, math.Inf(1)},
		{"another changefreq is another group", PageInfo{URL: "http://x/new", Depth: 2, Changefreq: "monthly"}, sm.RateOf(Monthly) * 0.999, sm.RateOf(Monthly) * 1.001},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, ok := pooled.Rate(context.Background(), tc.page)
			if !ok || e.Source != SourcePooled {
				t.Fatalf("no answer: %+v %v", e, ok)
			}
			if !(e.Lambda >= tc.lo && e.Lambda <= tc.hi) {
				t.Errorf("λ = %g per hour, want in [%g, %g]", e.Lambda, tc.lo, tc.hi)
			}
		})
	}
	if _, ok := NewPooled(nil, PooledConfig{}).Rate(context.Background(), PageInfo{URL: "u"}); ok {
		t.Error("no sitemap, no default, no history: answered")
	}
}
