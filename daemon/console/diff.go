package console

import (
	"errors"
	"html/template"
	"net/http"
	"strconv"

	"github.com/sharc-archive/sharc/daemon/apitypes"
	"github.com/sharc-archive/sharc/daemon/pagediff"
)

// maxDiffURL bounds the url a diff page asks the API for (the API's own
// bound, docs/openapi.yaml).
const maxDiffURL = 8 << 10

// diffLineView is a hunk's line, numbered on the server: the line in a
// and in b (0: not in it).
type diffLineView struct {
	pagediff.Line
	A, B int
}

// diffHunkView is a hunk with its numbered lines.
type diffHunkView struct {
	pagediff.Hunk
	Lines []diffLineView
	Where string // "lines 3–9 before, 3–10 after"
}

// Sides are a then b, for the template's table.
func (dv *diffView) Sides() []apitypes.DiffSide { return []apitypes.DiffSide{dv.A, dv.B} }

// span says which lines of one side a hunk holds.
func span(start, n int) string {
	switch n {
	case 0:
		return "none (after line " + strconv.Itoa(start) + ")"
	case 1:
		return "line " + strconv.Itoa(start)
	}
	return "lines " + strconv.Itoa(start) + "–" + strconv.Itoa(start+n-1)
}

// diffView is the what-changed page (issue 29).
type diffView struct {
	apitypes.PageDiff
	Hunks []diffHunkView // the answer's, numbered

	Against  string // the capture compared with, "" for visit and revisit
	Problem  string // why there is no diff (the API's 404 or 409)
	Others   []apitypes.CaptureInfo
	Removed  int
	Added    int
	Textual  bool // both sides were compared as text
	Captured bool // the API answered with a diff
}

// diffPage shows what changed in one URL: its visit against its revisit
// in the capture, or (?against=) its version in another capture of the
// job against this one's. The text is the API's, escaped by html/template
// like everything else: an archived <script> shows as text.
func (c *Console) diffPage(w http.ResponseWriter, r *http.Request) error {
	id, err := captureID(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	dv := &diffView{PageDiff: apitypes.PageDiff{URL: q.Get("url")}, Against: q.Get("against")}
	if dv.URL == "" || len(dv.URL) > maxDiffURL {
		return &APIError{Status: http.StatusBadRequest, Message: "url: give the archived page's URL (?url=)"}
	}
	var against int64
	if dv.Against != "" {
		if against, err = strconv.ParseInt(dv.Against, 10, 64); err != nil || against <= 0 {
			return &APIError{Status: http.StatusBadRequest, Message: "against: want a capture id"}
		}
	}
	cv, err := c.api.Capture(r.Context(), captureNum(id))
	if err != nil {
		return err
	}
	caps, err := c.api.Captures(r.Context(), cv.Job)
	if err != nil {
		return err
	}
	for _, o := range caps {
		if strconv.FormatInt(o.ID, 10) != id {
			dv.Others = append(dv.Others, o)
		}
	}
	dv.PageDiff, err = c.api.Diff(r.Context(), captureNum(id), dv.URL, against)
	var ae *APIError
	switch {
	case errors.As(err, &ae) && (ae.Status == http.StatusNotFound || ae.Status == http.StatusConflict || ae.Status == http.StatusBadRequest):
		// The form stays: another capture may have the page.
		dv.Problem = ae.Message
	case err != nil:
		return err
	default:
		dv.Captured = true
		dv.number()
	}
	c.render(w, "diff", page{Title: "What changed in capture " + id, CaptureID: id, Capture: cv, Diff: dv, Who: whoOf(r)})
	return nil
}

// number gives each hunk line its line numbers and counts the changes.
func (dv *diffView) number() {
	dv.Textual = textKind(dv.A.Kind) && textKind(dv.B.Kind)
	dv.Hunks = make([]diffHunkView, len(dv.PageDiff.Hunks))
	for i, ph := range dv.PageDiff.Hunks {
		h := &dv.Hunks[i]
		h.Hunk, h.Lines = ph, make([]diffLineView, len(ph.Lines))
		for j, l := range ph.Lines {
			h.Lines[j].Line = l
		}
		h.Where = "before: " + span(h.AStart, h.ALines) + "; after: " + span(h.BStart, h.BLines)
		a, b := h.AStart, h.BStart
		if h.ALines == 0 {
			a++
		}
		if h.BLines == 0 {
			b++
		}
		for j := range h.Lines {
			l := &h.Lines[j]
			switch l.Op {
			case pagediff.OpContext:
				l.A, l.B = a, b
				a++
				b++
			case pagediff.OpRemoved:
				l.A = a
				a++
				dv.Removed++
			case pagediff.OpAdded:
				l.B = b
				b++
				dv.Added++
			}
		}
	}
}

func textKind(k pagediff.Kind) bool { return k == pagediff.KindHTML || k == pagediff.KindText }

var _ = template.Must(pages.Parse(`
{{define "diff"}}{{template "top" .}}
{{with .Diff}}<p class="diff-url">Page <span class="url">{{.URL}}</span> of capture <a href="/ui/captures/{{$.CaptureID}}">{{$.CaptureID}}</a> (job <a href="/ui/jobs/{{$.Capture.Job}}">{{$.Capture.Job}}</a>){{if .Against}}, against capture <a href="/ui/captures/{{.Against}}">{{.Against}}</a>{{else}}: its visit against its revisit{{end}}.</p>
<form class="diff-against" method="get" action="/ui/captures/{{$.CaptureID}}/diff"><input type="hidden" name="url" value="{{.URL}}">
<label>Compare with <select name="against"><option value="">its visit and revisit in this capture</option>{{range .Others}}<option value="{{.ID}}"{{if eq (print .ID) $.Diff.Against}} selected{{end}}>capture {{.ID}}, started {{when .Started}}</option>{{end}}</select></label> <button type="submit">Compare</button></form>
{{if .Problem}}<p class="alert" id="diff-problem">{{.Problem}}</p>{{else}}
<table class="diff-sides"><tr><th></th><th>Capture</th><th>Archived</th><th>HTTP status</th><th>Record</th><th>Type</th><th>Payload digest</th><th>Text</th></tr>
{{range $i, $s := .Sides}}<tr><th>{{if eq $i 0}}before (a){{else}}after (b){{end}}</th><td><a href="/ui/captures/{{$s.Capture}}">{{$s.Capture}}</a>{{with $s.Phase}}, {{.}}{{end}}</td><td><a class="replay" href="{{replayLink (print $s.Capture) $.Diff.URL $s.Time}}">{{when $s.Time}}</a></td><td class="num">{{$s.Status}}</td><td>{{$s.RecordType}}{{if eq $s.RecordType "revisit"}} of the payload archived {{when $s.PayloadTime}}{{end}}</td><td>{{$s.MIME}}</td><td class="digest">{{$s.Digest}}</td><td>{{if eq $s.Kind "html" "text"}}{{$s.Lines}} lines{{if $s.Truncated}} <span class="alert">(truncated: only the beginning is compared)</span>{{end}}{{else if eq $s.Kind "too-large"}}too large to read as text{{else}}binary{{end}}</td></tr>
{{end}}</table>
{{if .Same}}<p class="diff-verdict diff-same" id="diff-verdict">No visible change: {{if .SamePayload}}the payloads are identical{{else}}the payloads differ, but not in their visible text (markup, scripts or styles changed){{end}}.</p>
{{else if not .Textual}}<p class="diff-verdict" id="diff-verdict">Binary payload{{if ne .A.Kind .B.Kind}}s{{end}}, not compared as text: digests {{.A.Digest}} vs {{.B.Digest}}.</p>
{{else}}<p class="diff-verdict" id="diff-verdict">{{.Removed}} line{{if ne .Removed 1}}s{{end}} removed and {{.Added}} added, in {{len .Hunks}} place{{if ne (len .Hunks) 1}}s{{end}}; {{3}} unchanged lines around each.</p>
<table class="diff">{{range .Hunks}}<tr class="hunk"><td colspan="3">{{.Where}}</td></tr>
{{range .Lines}}<tr class="diff-{{.Op}}"><td class="ln">{{if .A}}{{.A}}{{end}}</td><td class="ln">{{if .B}}{{.B}}{{end}}</td><td class="text"><span class="sign">{{if eq .Op "removed"}}−{{else if eq .Op "added"}}+{{else}} {{end}}</span>{{.Text}}</td></tr>
{{end}}{{end}}</table>{{end}}{{end}}{{end}}
<p><a href="/ui/captures/{{.CaptureID}}">back to the capture</a></p>
{{template "bottom" .}}{{end}}
`))
