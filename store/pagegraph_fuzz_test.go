package store

import (
	"reflect"
	"testing"
)

// FuzzDecodeGraph: a page_graph row's stored lists are read back without
// a panic, and a row that decodes and encodes again decodes to the same
// page graph.
func FuzzDecodeGraph(f *testing.F) {
	f.Add("http://a.test/y\nhttp://a.test/z", "0 1.5 -2", "7 2147483647", "0 9 ffffffff")
	f.Add("", "", "", "")
	f.Add("x", "NaN", "-1", "100000000")
	f.Fuzz(func(t *testing.T, links, feats, cats, sketch string) {
		g := PageGraph{URL: "http://a.test/x"}
		if err := decodeGraph(&g, links, feats, cats, sketch); err != nil {
			return
		}
		l2, f2, c2, s2, err := encodeGraph(g)
		if err != nil {
			return // not finite, or a bad link: refused on the way in
		}
		back := PageGraph{URL: g.URL}
		if err := decodeGraph(&back, l2, f2, c2, s2); err != nil || !reflect.DeepEqual(back, g) {
			t.Fatalf("decoded %+v, encoded again and decoded %+v (%v)", g, back, err)
		}
	})
}
