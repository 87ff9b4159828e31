package crawltree

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
)

// GraphML's namespace (http://graphml.graphdrawing.org/).
const graphmlNS = "http://graphml.graphdrawing.org/xmlns"

// The GraphML elements WriteGraphML uses, also what tests read back.
type (
	// GraphML is the document element.
	GraphML struct {
		XMLName xml.Name `xml:"http://graphml.graphdrawing.org/xmlns graphml"`
		Keys    []Key    `xml:"key"`
		Graph   Graph    `xml:"graph"`
	}
	// Key declares a data attribute.
	Key struct {
		ID       string `xml:"id,attr"`
		For      string `xml:"for,attr"`
		AttrName string `xml:"attr.name,attr"`
		AttrType string `xml:"attr.type,attr"`
	}
	// Graph holds the nodes and edges.
	Graph struct {
		ID          string  `xml:"id,attr"`
		EdgeDefault string  `xml:"edgedefault,attr"`
		Nodes       []GNode `xml:"node"`
		Edges       []Edge  `xml:"edge"`
	}
	// GNode is a node with its data.
	GNode struct {
		ID   string `xml:"id,attr"`
		Data []Data `xml:"data"`
	}
	// Edge links parent (Source) to child (Target).
	Edge struct {
		Source string `xml:"source,attr"`
		Target string `xml:"target,attr"`
	}
	// Data is one attribute value.
	Data struct {
		Key   string `xml:"key,attr"`
		Value string `xml:",chardata"`
	}
)

var graphKeys = []Key{
	{ID: "url", For: "node", AttrName: "url", AttrType: "string"},
	{ID: "kind", For: "node", AttrName: "kind", AttrType: "string"},
	{ID: "size", For: "node", AttrName: "size", AttrType: "int"},
	{ID: "collapsed", For: "node", AttrName: "collapsed", AttrType: "boolean"},
	{ID: "color", For: "node", AttrName: "color", AttrType: "string"},
}

// WriteGraphML writes t as a directed GraphML graph, one node per
// collapsed-tree node (id "n" + index) and one edge per parent link. It
// encodes node by node, so its memory beyond t is constant.
func WriteGraphML(w io.Writer, t *Tree) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", " ")
	root := xml.StartElement{Name: xml.Name{Local: "graphml"}, Attr: []xml.Attr{{Name: xml.Name{Local: "xmlns"}, Value: graphmlNS}}}
	graph := xml.StartElement{Name: xml.Name{Local: "graph"}, Attr: []xml.Attr{
		{Name: xml.Name{Local: "id"}, Value: "capture-" + strconv.FormatInt(t.CaptureID, 10)},
		{Name: xml.Name{Local: "edgedefault"}, Value: "directed"},
	}}
	if err := enc.EncodeToken(root); err != nil {
		return err
	}
	for _, k := range graphKeys {
		if err := enc.EncodeElement(k, xml.StartElement{Name: xml.Name{Local: "key"}}); err != nil {
			return err
		}
	}
	if err := enc.EncodeToken(graph); err != nil {
		return err
	}
	for _, n := range t.Nodes {
		if err := enc.EncodeElement(gnode(n), xml.StartElement{Name: xml.Name{Local: "node"}}); err != nil {
			return err
		}
	}
	for _, n := range t.Nodes {
		if n.Parent < 0 {
			continue
		}
		e := Edge{Source: nodeID(n.Parent), Target: nodeID(n.ID)}
		if err := enc.EncodeElement(e, xml.StartElement{Name: xml.Name{Local: "edge"}}); err != nil {
			return err
		}
	}
	if err := enc.EncodeToken(graph.End()); err != nil {
		return err
	}
	if err := enc.EncodeToken(root.End()); err != nil {
		return err
	}
	if err := enc.Flush(); err != nil {
		return fmt.Errorf("crawltree: graphml: %w", err)
	}
	return nil
}

func nodeID(i int) string { return "n" + strconv.Itoa(i) }

func gnode(n Node) GNode {
	return GNode{ID: nodeID(n.ID), Data: []Data{
		{Key: "url", Value: n.URL},
		{Key: "kind", Value: string(n.Kind)},
		{Key: "size", Value: strconv.Itoa(n.Size)},
		{Key: "collapsed", Value: strconv.FormatBool(n.Collapsed)},
		{Key: "color", Value: n.Kind.Colour()},
	}}
}
