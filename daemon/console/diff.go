package console

import (
	"errors"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/sharc-archive/sharc/daemon/apitypes"
)

// maxDiffURL bounds the url a diff page asks the API for (the API's own
// bound, docs/openapi.yaml).
const maxDiffURL = 8 << 10

// diffSideView is one side of GET /api/v1/captures/{id}/diff.
type diffSideView struct {
	Capture     int64     `json:"capture"`
	Time        time.Time `json:"time"`
	Status      int       `json:"status"`
	RecordType  string    `json:"record_type"`
	Phase       string    `json:"phase"`
	PayloadTime time.Time `json:"payload_time"`
	Digest      string    `json:"digest"`
	MIME        string    `json:"mime"`
	Kind        string    `json:"kind"`
	Lines       int       `json:"lines"`
	Truncated   bool      `json:"truncated"`
}

type diffLineView struct {
	Op   string `json:"op"`
	Text string `json:"text"`
	// Numbered on the server: the line in a and in b (0: not in it).
	A, B int `json:"-"`
}

type diffHunkView struct {
	AStart int            `json:"a_start"`
	ALines int            `json:"a_lines"`
	BStart int            `json:"b_start"`
	BLines int            `json:"b_lines"`
	Lines  []diffLineView `json:"lines"`
	Where  string         `json:"-"` // "lines 3–9 before, 3–10 after"
}

// Sides are a then b, for the template's table.
func (dv *diffView) Sides() []diffSideView { return []diffSideView{dv.A, dv.B} }

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
	URL         string         `json:"url"`
	A           diffSideView   `json:"a"`
	B           diffSideView   `json:"b"`
	SamePayload bool           `json:"same_payload"`
	Same        bool           `json:"same"`
	Hunks       []diffHunkView `json:"hunks"`

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
	dv := &diffView{URL: q.Get("url"), Against: q.Get("against")}
	if dv.URL == "" || len(dv.URL) > maxDiffURL {
		return &APIError{Status: http.StatusBadRequest, Message: "url: give the archived page's URL (?url=)"}
	}
	if dv.Against != "" {
		if n, err := strconv.ParseInt(dv.Against, 10, 64); err != nil || n <= 0 {
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
	api := url.Values{"url": {dv.URL}}
	if dv.Against != "" {
		api.Set("against", dv.Against)
	}
	err = c.get(r.Context(), "/api/v1/captures/"+id+"/diff?"+api.Encode(), dv)
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
	for i := range dv.Hunks {
		h := &dv.Hunks[i]
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
			case "context":
				l.A, l.B = a, b
				a++
				b++
			case "removed":
				l.A = a
				a++
				dv.Removed++
			case "added":
				l.B = b
				b++
				dv.Added++
			}
		}
	}
}

func textKind(k string) bool { return k == "html" || k == "text" }

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
