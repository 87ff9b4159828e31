package console

import (
	"strconv"
	"testing"

	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/daemon/apitypes"
	"github.com/sharc-archive/sharc/daemon/crawltree"
)

// TestLayoutTree: the drawing keeps at most maxTreeNodes nodes, ignores
// edges to unknown nodes, second parents and self loops, and places a
// child one row under its parent.
func TestLayoutTree(t *testing.T) {
	node := func(i, size int) crawltree.GNode {
		return crawltree.GNode{ID: "n" + strconv.Itoa(i), Data: []crawltree.Data{{Key: "url", Value: "u" + strconv.Itoa(i)}, {Key: "kind", Value: "changed"}, {Key: "size", Value: strconv.Itoa(size)}}}
	}
	edge := func(a, b string) crawltree.Edge { return crawltree.Edge{Source: a, Target: b} }
	small := crawltree.GraphML{Graph: crawltree.Graph{
		Nodes: []crawltree.GNode{node(0, 1), node(1, 9), node(2, 1)},
		Edges: []crawltree.Edge{edge("n0", "n1"), edge("n0", "n2"), edge("n1", "n2"), edge("n2", "n2"), edge("zz", "n1")},
	}}
	big := crawltree.GraphML{}
	for i := range maxTreeNodes + 50 {
		big.Graph.Nodes = append(big.Graph.Nodes, node(i, 1))
		if i > 0 {
			big.Graph.Edges = append(big.Graph.Edges, edge("n"+strconv.Itoa((i-1)/2), "n"+strconv.Itoa(i)))
		}
	}
	tests := []struct {
		name         string
		g            crawltree.GraphML
		nodes, edges int
		pages        int
	}{
		{"hostile edges", small, 3, 2, 11},
		{"bounded", big, maxTreeNodes, maxTreeNodes - 1, maxTreeNodes},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tv, err := layoutTree(tt.g)
			if err != nil {
				t.Fatal(err)
			}
			if len(tv.Nodes) != tt.nodes || len(tv.Edges) != tt.edges || tv.Pages != tt.pages || tv.Total != len(tt.g.Graph.Nodes) {
				t.Fatalf("%d nodes, %d edges, %d pages, total %d; want %d, %d, %d", len(tv.Nodes), len(tv.Edges), tv.Pages, tv.Total, tt.nodes, tt.edges, tt.pages)
			}
			for _, n := range tv.Nodes {
				if n.parent >= 0 && n.Y != tv.Nodes[n.parent].Y+treeRow {
					t.Errorf("%s at y %.0f, parent at %.0f", n.URL, n.Y, tv.Nodes[n.parent].Y)
				}
				if n.X < 0 || n.X > tv.Width || n.R < 3 || n.R > treeMaxR {
					t.Errorf("%s at x %.0f r %.1f outside the %.0f-wide drawing", n.URL, n.X, n.R, tv.Width)
				}
			}
		})
	}
}

// TestLayoutSeries: captures without totals are skipped, at most
// maxSeries are kept (the latest), and each band's counts are the sums
// the legend names.
func TestLayoutSeries(t *testing.T) {
	var caps []apitypes.CaptureInfo
	caps = append(caps, apitypes.CaptureInfo{ID: 1})
	for i := 2; i <= maxSeries+3; i++ {
		caps = append(caps, apitypes.CaptureInfo{ID: int64(i), Totals: &report.Totals{Coherent: i, Captured: 1, Changed: 2, ChangedInsignificantly: 1, New: 4, Deleted: 5}})
	}
	sv := layoutSeries("j", caps)
	if len(sv.Captures) != maxSeries || sv.Dropped != 2 || sv.Captures[0].ID != 4 {
		t.Fatalf("%d captures from %d, %d dropped", len(sv.Captures), sv.Captures[0].ID, sv.Dropped)
	}
	last := maxSeries - 1
	want := map[string]int{"unchanged": maxSeries + 3 + 1, "changed": 3, "new": 4, "deleted": 5}
	for _, l := range sv.Layers {
		if l.Counts[last] != want[l.Name] {
			t.Errorf("%s: %d, want %d", l.Name, l.Counts[last], want[l.Name])
		}
	}
	if sv.MaxPages != maxSeries+3+1+3+4+5 {
		t.Errorf("max pages %d", sv.MaxPages)
	}
	if one := layoutSeries("j", caps[:2]); len(one.Captures) != 1 || one.Layers[0].Points == "" {
		t.Errorf("one capture: %+v", one)
	}
}
