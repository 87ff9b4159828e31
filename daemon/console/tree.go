package console

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"

	"github.com/sharc-archive/sharc/daemon/crawltree"
)

// maxTreeNodes bounds the nodes a tree page draws: the first ones in
// breadth-first order (every drawn node's parent is drawn too); the
// GraphML download has them all.
const maxTreeNodes = 2000

// Layout of the tree drawing, in SVG user units.
const (
	treeColumn = 14.0 // between neighbouring leaves
	treeRow    = 60.0 // between depths
	treeMargin = 20.0
	treeMaxR   = 12.0 // radius of the largest collapsed subtree
)

// treeNode is one circle of the drawing.
type treeNode struct {
	URL       string
	Kind      string
	Fill      string
	Size      int
	Collapsed bool
	X, Y, R   float64
	parent    int
}

// treeEdge is one line of the drawing, parent to child.
type treeEdge struct{ X1, Y1, X2, Y2 float64 }

// treeView is what the tree template gets.
type treeView struct {
	Nodes         []treeNode
	Edges         []treeEdge
	Width, Height float64
	Total         int // nodes in the GraphML
	Pages         int // pages the drawn nodes stand for
	Kinds         []kindView
}

type kindView struct{ Kind, Fill string }

// treePage draws the capture's collapsed crawl tree from the API's
// GraphML: server-side SVG, no script.
func (c *Console) treePage(w http.ResponseWriter, r *http.Request) error {
	id, err := captureID(r)
	if err != nil {
		return err
	}
	rec, err := c.call(r.Context(), "/api/v1/captures/"+id+"/graphml", nil)
	if err != nil {
		return err
	}
	var g crawltree.GraphML
	if err := xml.NewDecoder(io.LimitReader(bytes.NewReader(rec.Body), maxAnswer)).Decode(&g); err != nil {
		return fmt.Errorf("console: GraphML of capture %s: %w", id, err)
	}
	tv, err := layoutTree(g)
	if err != nil {
		return err
	}
	c.render(w, "tree", page{Title: "Crawl tree of capture " + id, Tree: tv, CaptureID: id, Who: whoOf(r)})
	return nil
}

// graphMLFile hands the API's GraphML to a logged-in browser, which has
// a session cookie and not the API's token.
func (c *Console) graphMLFile(w http.ResponseWriter, r *http.Request) error {
	id, err := captureID(r)
	if err != nil {
		return err
	}
	rec, err := c.call(r.Context(), "/api/v1/captures/"+id+"/graphml", nil)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", rec.Header.Get("Content-Type"))
	w.Header().Set("Content-Disposition", rec.Header.Get("Content-Disposition"))
	w.Write(rec.Body)
	return nil
}

// layoutTree places at most maxTreeNodes nodes: depth down, leaves left
// to right in depth-first order, each parent centred over its children,
// radius growing with the square root of the pages a node stands for.
func layoutTree(g crawltree.GraphML) (*treeView, error) {
	tv := &treeView{Total: len(g.Graph.Nodes)}
	index := map[string]int{}
	for _, gn := range g.Graph.Nodes {
		if len(tv.Nodes) == maxTreeNodes {
			break
		}
		index[gn.ID] = len(tv.Nodes)
		tv.Nodes = append(tv.Nodes, nodeOf(gn))
	}
	children := make([][]int, len(tv.Nodes))
	for _, e := range g.Graph.Edges {
		p, okP := index[e.Source]
		ch, okC := index[e.Target]
		if !okP || !okC || tv.Nodes[ch].parent >= 0 || p == ch {
			continue
		}
		tv.Nodes[ch].parent = p
		children[p] = append(children[p], ch)
	}
	placeTree(tv, children)
	return tv, nil
}

func nodeOf(gn crawltree.GNode) treeNode {
	n := treeNode{parent: -1, Size: 1}
	for _, d := range gn.Data {
		switch d.Key {
		case "url":
			n.URL = d.Value
		case "kind":
			n.Kind = d.Value
		case "size":
			if k, err := strconv.Atoi(d.Value); err == nil && k > 0 {
				n.Size = k
			}
		case "collapsed":
			n.Collapsed = d.Value == "true"
		}
	}
	n.Fill = crawltree.Kind(n.Kind).Colour()
	return n
}

// placeTree sets each node's position without recursion (a chain of
// links can be as deep as the tree is large).
func placeTree(tv *treeView, children [][]int) {
	maxSize := 1
	for _, n := range tv.Nodes {
		maxSize = max(maxSize, n.Size)
		tv.Pages += n.Size
	}
	depth := make([]int, len(tv.Nodes))
	var order []int // depth-first pre-order
	var stack []int
	for i := len(tv.Nodes) - 1; i >= 0; i-- {
		if tv.Nodes[i].parent < 0 {
			stack = append(stack, i)
		}
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		order = append(order, n)
		for k := len(children[n]) - 1; k >= 0; k-- {
			ch := children[n][k]
			depth[ch] = depth[n] + 1
			stack = append(stack, ch)
		}
	}
	leaves, maxDepth := 0, 0
	for _, n := range order {
		if len(children[n]) == 0 {
			tv.Nodes[n].X = treeMargin + float64(leaves)*treeColumn
			leaves++
		}
		maxDepth = max(maxDepth, depth[n])
	}
	for k := len(order) - 1; k >= 0; k-- {
		n := order[k]
		if cs := children[n]; len(cs) > 0 {
			tv.Nodes[n].X = (tv.Nodes[cs[0]].X + tv.Nodes[cs[len(cs)-1]].X) / 2
		}
		tv.Nodes[n].Y = treeMargin + float64(depth[n])*treeRow
		tv.Nodes[n].R = 3 + (treeMaxR-3)*math.Sqrt(float64(tv.Nodes[n].Size-1)/float64(max(maxSize-1, 1)))
	}
	for _, n := range tv.Nodes {
		if n.parent >= 0 {
			p := tv.Nodes[n.parent]
			tv.Edges = append(tv.Edges, treeEdge{p.X, p.Y, n.X, n.Y})
		}
	}
	tv.Width = 2*treeMargin + float64(max(leaves-1, 0))*treeColumn
	tv.Height = 2*treeMargin + float64(maxDepth)*treeRow
	for _, k := range []crawltree.Kind{crawltree.KindUnchanged, crawltree.KindChanged, crawltree.KindMissing, crawltree.KindNew} {
		tv.Kinds = append(tv.Kinds, kindView{string(k), k.Colour()})
	}
}
