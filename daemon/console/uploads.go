package console

import (
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/sharc-archive/sharc/daemon/apitypes"
)

// uploadsView is the uploads page: the list, and the form's outcome.
type uploadsView struct {
	List  []apitypes.WACZUpload
	Error string
}

// uploadsPage lists the uploaded WACZs with their verification, with the
// upload form for an operator or admin and Delete for an admin.
func (c *Console) uploadsPage(w http.ResponseWriter, r *http.Request) error {
	return c.renderUploads(w, r, http.StatusOK, "")
}

func (c *Console) renderUploads(w http.ResponseWriter, r *http.Request, status int, msg string) error {
	list, err := c.api.Uploads(r.Context())
	if err != nil {
		return err
	}
	uv := &uploadsView{List: list, Error: msg}
	ss, _ := c.sessionOf(r)
	if status != http.StatusOK {
		w.WriteHeader(status)
	}
	c.render(w, "uploads", page{Title: "Uploaded WACZ packages", Who: whoOf(r), CSRF: ss.csrf, Uploads: uv})
	return nil
}

// uploadProgress moves the console request's read deadline on with every
// read of the upload (the server's ReadTimeout would cut a large one).
type uploadProgress struct {
	r    io.Reader
	rc   *http.ResponseController
	idle time.Duration
}

func (p *uploadProgress) Read(b []byte) (int, error) {
	_ = p.rc.SetReadDeadline(time.Now().Add(p.idle))
	return p.r.Read(b)
}

// uploadIdle is how long an upload may send nothing before it is cut.
const uploadIdle = time.Minute

// upload takes the form's multipart body as a stream: its first part
// must be the form token (checked before a byte of the file is read),
// its second the file, passed on to the API's POST /api/v1/waczs
// in-process as it arrives, never held in memory.
func (c *Console) upload(w http.ResponseWriter, r *http.Request) error {
	mr, err := r.MultipartReader()
	if err != nil {
		return &APIError{Status: http.StatusBadRequest, Message: "want a multipart form with the form token, then the file"}
	}
	ss, ok := c.sessionOf(r)
	part, err := mr.NextPart()
	if err != nil || part.FormName() != "csrf" {
		return &APIError{Status: http.StatusForbidden, Message: "the form's token is missing: reload the page"}
	}
	tok, _ := io.ReadAll(io.LimitReader(part, 256))
	if !ok || len(tok) == 0 || subtle.ConstantTimeCompare(tok, []byte(ss.csrf)) != 1 {
		return &APIError{Status: http.StatusForbidden, Message: "the form's token is wrong or expired: reload the page"}
	}
	part, err = mr.NextPart()
	if err != nil || part.FormName() != "file" {
		return c.renderUploads(w, r, http.StatusBadRequest, "choose a WACZ file to upload")
	}
	body := &uploadProgress{r: part, rc: http.NewResponseController(w), idle: uploadIdle}
	rec, err := c.api.Ask(r.Context(), Request{Method: http.MethodPost, Path: "/api/v1/waczs?" + url.Values{"name": {part.FileName()}}.Encode(),
		Header: http.Header{"Content-Type": {"application/zip"}}, Body: body})
	if err != nil {
		return err
	}
	if rec.Status != http.StatusCreated {
		var e struct {
			Error string `json:"error"`
		}
		_ = json.Unmarshal(rec.Body, &e)
		return c.renderUploads(w, r, rec.Status, fmt.Sprintf("Upload refused (%d): %s", rec.Status, e.Error))
	}
	var up apitypes.WACZUpload
	if err := json.Unmarshal(rec.Body, &up); err != nil {
		return err
	}
	http.Redirect(w, r, "/ui/uploads#u-"+up.ID, http.StatusSeeOther)
	return nil
}

// deleteUpload deletes an upload through the API (an admin's).
func (c *Console) deleteUpload(w http.ResponseWriter, r *http.Request) error {
	if !c.csrfOK(r) {
		return &APIError{Status: http.StatusForbidden, Message: "the form's token is wrong or expired: reload the page"}
	}
	if err := c.api.DeleteUpload(r.Context(), r.PathValue("upload")); err != nil {
		return err
	}
	http.Redirect(w, r, "/ui/uploads", http.StatusSeeOther)
	return nil
}

// uploadReplayPage replays an uploaded WACZ on the replay origin (its
// bytes are never served on the console's), at ?url= and ?ts= or on
// ReplayWeb.page's list of its pages.
func (c *Console) uploadReplayPage(w http.ResponseWriter, r *http.Request) error {
	up, err := c.api.Upload(r.Context(), r.PathValue("upload"))
	if err != nil {
		return err
	}
	q := r.URL.Query()
	rv := c.newReplayView(q.Get("url"), q.Get("ts"))
	if err := checkReplayTarget(rv.URL, rv.TS); err != nil {
		return err
	}
	rv.What = fmt.Sprintf("Uploaded WACZ %s (%s, uploaded %s by %s)", up.Name, up.ID, whenText(up.Uploaded), up.Uploader)
	rv.Back, rv.BackText = "/ui/uploads", "back to the uploads"
	rv.Upload = &up
	rv.frame(c, w, r, Subject{Kind: SubjectUpload, Name: up.ID})
	c.render(w, "replay", page{Title: "Replay of " + up.Name, Replay: rv, Who: whoOf(r)})
	return nil
}
