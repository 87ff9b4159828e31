package testsite

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestFetchChangesAndInfo(t *testing.T) {
	s, srv, clk := serve(t, Config{Pages: 25, Outdegree: 4, Skew: 1, TimeUnit: time.Second, Seed: 12})
	now := t0.Add(time.Minute)
	clk.Set(now)
	ctx := context.Background()
	tests := []struct {
		name     string
		from, to time.Time
		want     map[string][]time.Time
	}{
		{"all", t0, now, s.ChangeLog(t0, now)},
		{"window", t0.Add(10 * time.Second), t0.Add(20 * time.Second), s.ChangeLog(t0.Add(10*time.Second), t0.Add(20*time.Second))},
		{"clamped", t0, now.Add(time.Hour), s.ChangeLog(t0, now)},
		{"empty", t0, t0, map[string][]time.Time{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FetchChanges(ctx, srv.Client(), srv.URL+"/", tc.from, tc.to)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%d pages, want %d", len(got), len(tc.want))
			}
			for p, ts := range tc.want {
				if len(got[p]) != len(ts) {
					t.Fatalf("%s: %d changes, want %d", p, len(got[p]), len(ts))
				}
				for i := range ts {
					if !got[p][i].Equal(ts[i]) {
						t.Fatalf("%s change %d: %v, want %v", p, i, got[p][i], ts[i])
					}
				}
				k, _ := PageIndex(p)
				to := tc.to
				if to.After(now) {
					to = now
				}
				if !reflect.DeepEqual(s.PageChanges(k, tc.from, to), ts) {
					t.Fatalf("PageChanges(%d) differs from ChangeLog", k)
				}
			}
		})
	}
	if _, err := FetchChanges(ctx, srv.Client(), srv.URL, now, t0); err == nil || !strings.Contains(err.Error(), "400") {
		t.Errorf("reversed window: error %v, want a 400", err)
	}
	info, err := FetchInfo(ctx, srv.Client(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if info.Pages != 25 || !reflect.DeepEqual(info.Rates, s.Tree().Rates) {
		t.Errorf("info pages %d, rates %v", info.Pages, info.Rates)
	}
	if s.PageChanges(25, t0, now) != nil || s.PageChanges(-1, t0, now) != nil {
		t.Error("changes for a page that does not exist")
	}
}
