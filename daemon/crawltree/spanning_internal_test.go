package crawltree

import (
	"strconv"
	"testing"

	"github.com/sharc-archive/sharc/store"
)

// TestCollapse covers the shapes a real capture rarely has but an index
// may hold: unknown and self parents, a cycle, several seeds, and a deep
// chain (no recursion).
func TestCollapse(t *testing.T) {
	fu := func(url, via string) store.FrontierURL { return store.FrontierURL{URL: url, Via: via} }
	chain := []store.FrontierURL{fu("c0", "")}
	for i := 1; i < 100000; i++ {
		chain = append(chain, fu("c"+strconv.Itoa(i), "c"+strconv.Itoa(i-1)))
	}
	tests := []struct {
		name  string
		urls  []store.FrontierURL
		kinds map[string]Kind
		want  []Node // URL, Parent, Kind, Size, Collapsed
	}{
		{"all unchanged", []store.FrontierURL{fu("a", ""), fu("b", "a"), fu("c", "b")}, nil,
			[]Node{{URL: "a", Parent: -1, Kind: KindUnchanged, Size: 3, Collapsed: true}}},
		{"changed leaf keeps its path", []store.FrontierURL{fu("a", ""), fu("b", "a"), fu("c", "b"), fu("d", "a")}, map[string]Kind{"c": KindChanged},
			[]Node{{URL: "a", Parent: -1, Kind: KindUnchanged, Size: 1}, {URL: "b", Parent: 0, Kind: KindUnchanged, Size: 1},
				{URL: "d", Parent: 0, Kind: KindUnchanged, Size: 1}, {URL: "c", Parent: 1, Kind: KindChanged, Size: 1}}},
		{"unknown and self parents are roots", []store.FrontierURL{fu("a", "zzz"), fu("b", "b")}, map[string]Kind{"b": KindMissing},
			[]Node{{URL: "a", Parent: -1, Kind: KindUnchanged, Size: 1}, {URL: "b", Parent: -1, Kind: KindMissing, Size: 1}}},
		{"cycle broken", []store.FrontierURL{fu("a", "b"), fu("b", "a")}, nil,
			[]Node{{URL: "a", Parent: -1, Kind: KindUnchanged, Size: 2, Collapsed: true}}},
		{"deep chain", chain, nil, []Node{{URL: "c0", Parent: -1, Kind: KindUnchanged, Size: 100000, Collapsed: true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := spanning(tt.urls, tt.kinds).collapse()
			if len(got) != len(tt.want) {
				t.Fatalf("%d nodes %v, want %d", len(got), got, len(tt.want))
			}
			for i, w := range tt.want {
				w.ID = i
				if got[i] != w {
					t.Errorf("node %d = %+v, want %+v", i, got[i], w)
				}
			}
		})
	}
}
