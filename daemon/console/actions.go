package console

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/sharc-archive/sharc/daemon/apitypes"
)

// maxJobForm bounds a posted job form: the API takes 1 MiB of YAML, which
// URL-encoding may triple.
const maxJobForm = 4 << 20

// formFile is the file name submitted jobs are given: the API names it in
// each problem ("job.yaml:LINE: FIELD: MSG"), which problemLine reads back.
const formFile = "job.yaml"

// JobAction is a button of the job page; each is the API's POST of the
// same name.
type JobAction string

const (
	ActionPause  JobAction = "pause"
	ActionResume JobAction = "resume"
	ActionCancel JobAction = "cancel"
)

// editorView is the submit page's form: the YAML, and after a refused
// submission its lines with the API's problems under the lines they name.
type editorView struct {
	Name     string // the job edited; "" for a new one
	Text     string
	Lines    []editorLine
	General  []string // problems without a line (conflict, size, …)
	Problems int
	// ConfirmReplace: the daemon refused to replace a job of this name
	// with other settings until asked; the form offers to.
	ConfirmReplace bool
}

type editorLine struct {
	N        int
	Text     string
	Problems []string
}

// problemLine reads "job.yaml:LINE: REST" (job.Error's form); line 0 when
// the problem names no line.
var problemLine = regexp.MustCompile(`^` + regexp.QuoteMeta(formFile) + `(?::(\d+))?: (.*)$`)

// submitPage shows the job form: empty, or with ?job=NAME the job's YAML
// as the daemon keeps it, to edit and submit again.
func (c *Console) submitPage(w http.ResponseWriter, r *http.Request) error {
	ss, _ := c.sessionOf(r)
	p := page{Title: "Submit a job", Who: whoOf(r), CSRF: ss.csrf, Editor: &editorView{}}
	if name := r.URL.Query().Get("job"); name != "" {
		info, err := c.api.Job(r.Context(), name)
		if err != nil {
			return err
		}
		p.Title, p.Editor.Name, p.Editor.Text = "Edit job "+name, name, info.YAML
	}
	c.render(w, "submit", p)
	return nil
}

// submit posts the form's YAML to the API. A job the API takes leads to
// its page; a refused one comes back in the form with each problem shown
// under the line it names.
func (c *Console) submit(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxJobForm)
	if !c.csrfOK(r) {
		return errStaleForm
	}
	text := strings.ReplaceAll(r.PostFormValue("yaml"), "\r\n", "\n") // textareas post CRLF
	path := "/api/v1/jobs?filename=" + formFile
	if r.PostFormValue("replace") == "true" { // confirmed on the form below
		path += "&replace=true"
	}
	rec, err := c.do(r.Context(), http.MethodPost, path,
		http.Header{"Content-Type": {"application/yaml"}}, []byte(text))
	var ae *APIError
	if errors.As(err, &ae) && ae.Status/100 == 4 {
		ss, _ := c.sessionOf(r)
		ed := annotate(text, ae)
		ed.Name = r.PostFormValue("name")
		ed.ConfirmReplace = ae.Status == http.StatusConflict && strings.Contains(ae.Message, "replace=true")
		w.WriteHeader(ae.Status)
		c.render(w, "submit", page{Title: "Submit a job", Who: whoOf(r), CSRF: ss.csrf, Editor: ed})
		return nil
	}
	if err != nil {
		return err
	}
	var info apitypes.JobInfo
	if err := json.Unmarshal(rec.Body, &info); err != nil {
		return err
	}
	http.Redirect(w, r, "/ui/jobs/"+url.PathEscape(info.Name), http.StatusSeeOther)
	return nil
}

// annotate puts the API's problems under the lines of text they name.
func annotate(text string, ae *APIError) *editorView {
	lines := strings.Split(text, "\n")
	ed := &editorView{Text: text, Lines: make([]editorLine, len(lines))}
	for i, l := range lines {
		ed.Lines[i] = editorLine{N: i + 1, Text: l}
	}
	if len(ae.Details) == 0 {
		ed.General = append(ed.General, ae.Message)
	}
	for _, d := range ae.Details {
		ed.Problems++
		m := problemLine.FindStringSubmatch(d)
		if m == nil {
			ed.General = append(ed.General, d)
			continue
		}
		n, _ := strconv.Atoi(m[1])
		if n < 1 || n > len(lines) {
			ed.General = append(ed.General, m[2])
			continue
		}
		ed.Lines[n-1].Problems = append(ed.Lines[n-1].Problems, m[2])
	}
	if ed.Problems == 0 {
		ed.Problems = len(ed.General)
	}
	return ed
}

// errStaleForm refuses a POST without the session's form token: a form
// of another site, or one from before the login.
var errStaleForm = &APIError{Status: http.StatusForbidden, Message: "this form is stale or was not sent by the console: reload the page and try again"}

// act runs a job page's button (pause, resume or start a new capture,
// cancel once confirmed) through the API.
func (c *Console) act(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	if !c.csrfOK(r) {
		return errStaleForm
	}
	a := JobAction(r.PathValue("action"))
	switch a {
	case ActionPause, ActionResume, ActionCancel:
	default:
		return &APIError{Status: http.StatusNotFound, Message: "no such action: " + string(a)}
	}
	name := r.PathValue("name")
	if who := whoOf(r); a == ActionCancel && r.PostFormValue("confirm") != "yes" {
		if who == nil || !who.CanOperate {
			return &APIError{Status: http.StatusForbidden, Message: "cancelling a capture needs role operator"}
		}
		// Cancelling is final: the job page's button only asks, and the
		// confirmation page's form (same token) cancels.
		ss, _ := c.sessionOf(r)
		c.render(w, "confirm-cancel", page{Title: "Cancel the capture of " + name + "?", Who: who, CSRF: ss.csrf, Job: name})
		return nil
	}
	if _, err := c.api.Act(r.Context(), name, a); err != nil {
		return err
	}
	http.Redirect(w, r, "/ui/jobs/"+url.PathEscape(name), http.StatusSeeOther)
	return nil
}

// statusJSON passes the API's status of the job to the job page's poll
// (console.js): the browser holds a session cookie, not the API token.
func (c *Console) statusJSON(w http.ResponseWriter, r *http.Request) error {
	st, err := c.api.Status(r.Context(), r.PathValue("name"))
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	return json.NewEncoder(w).Encode(st)
}

// buildReport asks the API to build the report of a stopped capture that
// has none (its capture page's button), then shows the capture again.
func (c *Console) buildReport(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	if !c.csrfOK(r) {
		return errStaleForm
	}
	id, err := captureID(r)
	if err != nil {
		return err
	}
	if _, err := c.do(r.Context(), http.MethodPost, "/api/v1/captures/"+id+"/report", nil, nil); err != nil {
		return err
	}
	http.Redirect(w, r, "/ui/captures/"+id, http.StatusSeeOther)
	return nil
}
