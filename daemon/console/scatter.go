package console

import (
	"cmp"
	"hash/fnv"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/sharc-archive/sharc/daemon/apitypes"
	"github.com/sharc-archive/sharc/store"
)

// The change-pattern scatterplot (thesis §8.4): a capture's URLs placed
// by first-level directory (x), MIME type (y) and URL (their order within
// the directory's column), coloured by how each compares with the job's
// previous capture. Drawn on the server as SVG, each point with a <title>
// naming its URL (the browser's tooltip); console.js adds zoom and pan.

// maxScatter bounds the points drawn: a larger capture's URLs are
// sampled evenly in URL order (the API's ?sample=true).
const maxScatter = 5000

// Bounds of the axes: the most populated rows and columns are drawn, the
// rest folded into one.
const (
	maxScatterTypes = 24
	maxScatterDirs  = 40
	otherTypes      = "(other types)"
	otherDirs       = "(other folders)"
)

// Geometry, in SVG user units.
const (
	scatterW      = 1100.0
	scatterLeft   = 190.0 // MIME labels
	scatterRight  = 10.0
	scatterTop    = 10.0
	scatterBottom = 150.0 // rotated directory labels
	scatterRowH   = 26.0  // the least row height
	scatterPlotH  = 320.0 // rows share at least this height, up to maxRowH each
	maxRowH       = 80.0
	scatterR      = 3.5
)

// changeFills are the quality report's colours for each kind of change.
var changeFills = map[store.ChangeKind]string{store.ChangeNew: fillNew, store.ChangeChanged: fillChanged, store.ChangeUnchanged: fillUnchanged, store.ChangeDeleted: fillDeleted}

// changeOrder lists the kinds in the legend's order.
var changeOrder = []store.ChangeKind{store.ChangeNew, store.ChangeChanged, store.ChangeUnchanged, store.ChangeDeleted}

type scatterView struct {
	W, H, PlotBottom float64
	Previous         int64
	Total, Shown     int
	Every            int
	Kinds            []kindCount
	Rows             []scatterAxis
	Cols             []scatterAxis
	Points           []scatterPoint
}

type kindCount struct {
	Kind store.ChangeKind
	Fill string
	N    int
}

// scatterAxis is one MIME row or one directory column.
type scatterAxis struct {
	Label         string
	N             int
	Pos, From, To float64 // row: centre y; column: x range and label x
}

type scatterPoint struct {
	X, Y, R        float64
	URL, MIME, Dir string
	Kind           store.ChangeKind
	Fill           string
}

// changesPage shows the capture's change-pattern scatterplot.
func (c *Console) changesPage(w http.ResponseWriter, r *http.Request) error {
	id, err := captureID(r)
	if err != nil {
		return err
	}
	cv, err := c.api.Changes(r.Context(), captureNum(id), maxScatter, true)
	if err != nil {
		return err
	}
	c.render(w, "changes", page{Title: "Change patterns of capture " + id, CaptureID: id, Scatter: layoutScatter(cv), Who: whoOf(r)})
	return nil
}

// firstDir is a URL's host and first-level directory ("host/dir/"), or
// "host/" for a page at the top.
func firstDir(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable)"
	}
	p := strings.TrimPrefix(u.EscapedPath(), "/")
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return u.Host + "/" + p[:i+1]
	}
	return u.Host + "/"
}

// topLabels keeps the max labels with the most points (ties by label),
// mapping the others to other; the result is ordered by label.
func topLabels(count map[string]int, limit int, other string) (map[string]string, []string) {
	labels := make([]string, 0, len(count))
	for l := range count {
		labels = append(labels, l)
	}
	slices.SortFunc(labels, func(a, b string) int { return cmp.Or(cmp.Compare(count[b], count[a]), cmp.Compare(a, b)) })
	to := map[string]string{}
	var kept []string
	for i, l := range labels {
		if i < limit-1 || len(labels) <= limit {
			to[l] = l
			kept = append(kept, l)
			continue
		}
		to[l] = other
	}
	slices.Sort(kept)
	if len(kept) < len(labels) {
		kept = append(kept, other)
	}
	return to, kept
}

// layoutScatter places every point: columns as wide as their share of the
// points, each URL at its rank within its column; rows of equal height,
// each point jittered within its row by a hash of its URL (stable between
// loads), so points of one directory and type do not all overlap.
func layoutScatter(cv apitypes.CaptureChanges) *scatterView {
	sv := &scatterView{W: scatterW, Previous: cv.Previous, Total: cv.Total, Shown: len(cv.Pages), Every: cv.Every}
	types, dirs, kinds := map[string]int{}, map[string]int{}, map[store.ChangeKind]int{}
	for _, p := range cv.Pages {
		types[cmp.Or(p.MIME, "(none)")]++
		dirs[firstDir(p.URL)]++
		kinds[p.Change]++
	}
	for _, k := range changeOrder {
		sv.Kinds = append(sv.Kinds, kindCount{Kind: k, Fill: changeFills[k], N: kinds[k]})
	}
	typeOf, rows := topLabels(types, maxScatterTypes, otherTypes)
	dirOf, cols := topLabels(dirs, maxScatterDirs, otherDirs)
	rowAt := map[string]int{}
	rowH := min(maxRowH, max(scatterRowH, scatterPlotH/float64(max(len(rows), 1))))
	for i, l := range rows {
		rowAt[l] = i
		sv.Rows = append(sv.Rows, scatterAxis{Label: l, Pos: scatterTop + (float64(i)+0.5)*rowH})
	}
	sv.PlotBottom = scatterTop + float64(len(rows))*rowH
	sv.H = sv.PlotBottom + scatterBottom
	colN := map[string]int{}
	for _, p := range cv.Pages {
		colN[dirOf[firstDir(p.URL)]]++
	}
	colAt, x := map[string]int{}, scatterLeft
	plotW := scatterW - scatterLeft - scatterRight
	for i, l := range cols {
		wd := plotW * float64(colN[l]) / float64(max(len(cv.Pages), 1))
		colAt[l] = i
		sv.Cols = append(sv.Cols, scatterAxis{Label: l, N: colN[l], From: x, To: x + wd, Pos: x + wd/2})
		x += wd
	}
	for i := range sv.Rows {
		sv.Rows[i].N = 0
	}
	rank := map[string]int{} // pages are in URL order: rank within the column
	for _, p := range cv.Pages {
		mime, dir := cmp.Or(p.MIME, "(none)"), firstDir(p.URL)
		row, col := rowAt[typeOf[mime]], colAt[dirOf[dir]]
		sv.Rows[row].N++
		cl := sv.Cols[col]
		k := rank[cl.Label]
		rank[cl.Label]++
		h := fnv.New32a()
		h.Write([]byte(p.URL))
		jitter := (float64(h.Sum32()%1000)/1000 - 0.5) * rowH * 0.7
		sv.Points = append(sv.Points, scatterPoint{
			X: cl.From + (float64(k)+0.5)*(cl.To-cl.From)/float64(cl.N), Y: sv.Rows[row].Pos + jitter, R: scatterR,
			URL: p.URL, MIME: mime, Dir: dir, Kind: p.Change, Fill: cmp.Or(changeFills[p.Change], "#999"),
		})
	}
	return sv
}
