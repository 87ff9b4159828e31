package refresh

import (
	"math"
	"reflect"
	"slices"
	"testing"
)

func TestStaticFeatures(t *testing.T) {
	tests := []struct {
		name string
		s    PageStats
		want []float64
	}{
		{"root", PageStats{URL: "http://a.test/"}, []float64{0, 0, 0, 0, 0, 0, 0, math.Log1p(14)}},
		{"deep with query", PageStats{URL: "http://a.test/x/y/z.html?q=1", BodyBytes: 99, Text: "one two  three",
			NavLinks: 4, SiteLinks: 3, Embeds: 2},
			[]float64{math.Log1p(99), math.Log1p(3), math.Log1p(4), 0.75, math.Log1p(2), 3, 1, math.Log1p(28)}},
		{"unparsable URL", PageStats{URL: "http://a.test/%zz", BodyBytes: -5}, []float64{0, 0, 0, 0, 0, 0, 0, math.Log1p(17)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := StaticFeatures(tc.s)
			if len(got) != len(StaticFeatureNames) || !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestTopicCategories(t *testing.T) {
	a := TopicCategories("Rivers and rivers, mountains; the rivers of MOUNTAINS and lakes. This page.")
	b := TopicCategories("rivers mountains lakes")
	if len(a) != 3 || !reflect.DeepEqual(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))) {
		t.Errorf("the same three words must give the same categories: %v vs %v", a, b)
	}
	if c := TopicCategories("the and of a this page"); len(c) != 0 {
		t.Errorf("short and stop words only: %v, want none", c)
	}
	if c := TopicCategories("rivers"); len(c) != 1 || c[0] != a[0] {
		t.Errorf("one word: %v, want [%d] (the most frequent word comes first)", c, a[0])
	}
}

func TestDynamicFeatures(t *testing.T) {
	h := NewHistory(3)
	for _, cyc := range [][]Obs{{Changed, NotFetched, Failed}, {Unchanged, NotFetched, NotFetched}, {Gone, NotFetched, Unchanged}} {
		if err := h.AddCycle(cyc); err != nil {
			t.Fatal(err)
		}
	}
	mean := MeanChange(h) // 2 changes of 4 observations
	if mean != 0.5 {
		t.Fatalf("mean change %v, want 0.5", mean)
	}
	for p, want := range [][]float64{{2.0 / 3, 1}, {0.5, 0}, {0, 1.0 / 3}} {
		if got := DynamicFeatures(h, PageID(p), mean); !reflect.DeepEqual(got, want) {
			t.Errorf("page %d: %v, want %v", p, got, want)
		}
	}
}

// FuzzPageFeatures: a page's URL and text come from the network; features
// are finite, categories at most three, and nothing panics.
func FuzzPageFeatures(f *testing.F) {
	f.Add("http://a.test/x?y", "Rivers and rivers", int64(10), 3, 2)
	f.Add("%", "\xff\xfe über straße ÜBER", int64(-1), 0, 5)
	f.Fuzz(func(t *testing.T, u, text string, body int64, nav, site int) {
		nav, site = max(nav, 0)%1000, max(site, 0)%1000
		for i, x := range StaticFeatures(PageStats{URL: u, BodyBytes: body, Text: text, NavLinks: nav, SiteLinks: min(site, nav)}) {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Fatalf("feature %d (%s) is %v", i, StaticFeatureNames[i], x)
			}
		}
		if c := TopicCategories(text); len(c) > topicWords {
			t.Fatalf("%d categories", len(c))
		}
	})
}
