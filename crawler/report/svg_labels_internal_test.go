package report

import (
	"encoding/xml"
	"strconv"
	"strings"
	"testing"
)

// TestTimelineMarkerLabels: the timeline's marker labels stay inside the
// chart and do not overlap, wherever the reference time and the start of
// the second downloads fall (the "second downloads began" label near the
// right edge was cut off).
func TestTimelineMarkerLabels(t *testing.T) {
	for _, tc := range []struct {
		name          string
		ref, revisit  float64 // seconds of a 10 s capture
		stacked       bool    // the two labels on two lines
		refAnchor     string
		revisitAnchor string
	}{
		{"apart, room on both sides", 3, 5, false, "end", "start"},
		{"second downloads near the right edge", 5, 9.8, false, "end", "end"},
		{"both near the right edge", 9.3, 9.8, true, "end", "end"},
		{"reference near the left edge", 0.1, 5, false, "start", "start"},
		{"both near the left edge", 0.1, 0.5, true, "start", "start"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tl := Timeline{Seconds: 10, ReferenceSeconds: tc.ref, RevisitPhaseSeconds: tc.revisit,
				Rows: []TimelineRow{{First: Span{From: 0, To: 1}, Second: &Span{From: 9, To: 10}, Pages: StatusCounts{Coherent: 1}}}}
			labels := svgLabels(t, string(TimelineSVG(tl, true)))
			ref, rev := labels["reference-label"], labels["revisit-start-label"]
			if ref.anchor != tc.refAnchor || rev.anchor != tc.revisitAnchor {
				t.Errorf("anchors %s, %s; want %s, %s", ref.anchor, rev.anchor, tc.refAnchor, tc.revisitAnchor)
			}
			for _, l := range []drawnLabel{ref, rev} {
				if l.x0 < 0 || l.x1 > chartWidth {
					t.Errorf("%q spans %.0f..%.0f, outside the chart's 0..%d", l.text, l.x0, l.x1, chartWidth)
				}
			}
			overlap := ref.x0 < rev.x1 && rev.x0 < ref.x1
			if (ref.y != rev.y) != tc.stacked || (overlap && ref.y == rev.y) {
				t.Errorf("labels at y %v and %v spanning %.0f..%.0f and %.0f..%.0f; stacked want %v", ref.y, rev.y, ref.x0, ref.x1, rev.x0, rev.x1, tc.stacked)
			}
		})
	}
}

type drawnLabel struct {
	text, anchor string
	x0, x1, y    float64
}

// svgLabels reads the SVG's text elements by class, with their estimated
// extents (labelWidth).
func svgLabels(t *testing.T, svg string) map[string]drawnLabel {
	t.Helper()
	out := map[string]drawnLabel{}
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "text" {
			continue
		}
		attr := map[string]string{}
		for _, a := range se.Attr {
			attr[a.Name.Local] = a.Value
		}
		var text string
		if err := dec.DecodeElement(&text, &se); err != nil {
			t.Fatal(err)
		}
		x, _ := strconv.ParseFloat(attr["x"], 64)
		y, _ := strconv.ParseFloat(attr["y"], 64)
		w := labelWidth(text)
		l := drawnLabel{text: text, anchor: attr["text-anchor"], x0: x, x1: x + w, y: y}
		if l.anchor == "end" {
			l.x0, l.x1 = x-w, x
		}
		out[attr["class"]] = l
	}
	return out
}
