package console

import (
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"time"
)

// accountView is an account as the accounts page lists it.
type accountView struct {
	Name      string     `json:"name"`
	Role      string     `json:"role"`
	Created   time.Time  `json:"created"`
	CreatedBy string     `json:"created_by"`
	Revoked   *time.Time `json:"revoked"`
}

// auditView is one audit entry as the audit page lists it.
type auditView struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	Actor     string    `json:"actor"`
	Role      string    `json:"role"`
	Remote    string    `json:"remote"`
	Via       string    `json:"via"`
	Action    string    `json:"action"`
	Path      string    `json:"path"`
	Job       string    `json:"job"`
	CaptureID int64     `json:"capture_id"`
	Digest    string    `json:"digest"`
	Status    int       `json:"status"`
	Detail    string    `json:"detail"`
}

// adminView is what the accounts and audit pages show.
type adminView struct {
	Accounts []accountView
	Audit    []auditView
	Job      string // the audit page's filter
	NewName  string // the account just made, with its token shown once
	NewToken string
}

var _ = template.Must(pages.Parse(`
{{define "accounts"}}{{template "top" .}}
{{with .Admin}}
{{if .NewToken}}<div class="newtoken"><p><strong>Account {{.NewName}} created.</strong> Its token is shown this once: hand it to its holder now.</p><pre id="new-token">{{.NewToken}}</pre></div>{{end}}
<table><tr><th>Name</th><th>Role</th><th>Created</th><th>By</th><th>State</th><th></th></tr>
{{range .Accounts}}<tr><td>{{.Name}}</td><td>{{.Role}}</td><td>{{.Created.Format "2006-01-02 15:04:05 UTC"}}</td><td>{{.CreatedBy}}</td>
<td>{{if .Revoked}}revoked {{.Revoked.Format "2006-01-02 15:04"}}{{else}}active{{end}}</td>
<td>{{if not .Revoked}}<form class="inline" method="post" action="/ui/accounts/{{.Name}}/revoke" data-confirm="Revoke {{.Name}}'s token?"><input type="hidden" name="csrf" value="{{$.CSRF}}"><button type="submit">Revoke</button></form>{{end}}</td></tr>
{{else}}<tr><td colspan="6" class="muted">No accounts yet: only the bootstrap token logs in.</td></tr>{{end}}
</table>
{{end}}
<h2>Add an account</h2>
<form class="account" method="post" action="/ui/accounts">
<input type="hidden" name="csrf" value="{{.CSRF}}">
<label>Name <input name="name" required pattern="[a-z0-9][a-z0-9._@-]{0,63}"></label>
<label>Role <select name="role"><option>viewer</option><option>operator</option><option>admin</option></select></label>
<button type="submit">Add</button>
</form>
{{template "bottom" .}}{{end}}
{{define "audit"}}{{template "top" .}}
{{with .Admin}}
<form method="get" action="/ui/audit"><label>Job <input name="job" value="{{.Job}}"></label> <button type="submit">Filter</button></form>
<table class="audit"><tr><th>#</th><th>When (UTC)</th><th>Who</th><th>Role</th><th>From</th><th>Via</th><th>Action</th><th>Job</th><th>Outcome</th><th>Detail</th></tr>
{{range .Audit}}<tr><td>{{.ID}}</td><td>{{.At.Format "2006-01-02 15:04:05"}}</td><td>{{.Actor}}</td><td>{{.Role}}</td><td>{{.Remote}}</td><td>{{.Via}}</td><td>{{.Action}}</td><td>{{.Job}}</td><td>{{.Status}}</td><td class="url">{{.Detail}}{{if .Digest}} <code>{{.Digest}}</code>{{end}}</td></tr>
{{else}}<tr><td colspan="10" class="muted">Nothing recorded yet.</td></tr>{{end}}
</table>
{{end}}
{{template "bottom" .}}{{end}}
`))

func (c *Console) accountsPage(w http.ResponseWriter, r *http.Request) error {
	return c.renderAccounts(w, r, "", "")
}

func (c *Console) renderAccounts(w http.ResponseWriter, r *http.Request, name, token string) error {
	var av adminView
	if err := c.get(r.Context(), "/api/v1/users", &av.Accounts); err != nil {
		return err
	}
	av.NewName, av.NewToken = name, token
	ss, _ := c.sessionOf(r)
	c.render(w, "accounts", page{Title: "Accounts", Who: whoOf(r), CSRF: ss.csrf, Admin: &av})
	return nil
}

// addAccount creates an account through the API and shows its token once.
func (c *Console) addAccount(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	if !c.csrfOK(r) {
		return errStaleForm
	}
	body, _ := json.Marshal(map[string]string{"name": r.PostFormValue("name"), "role": r.PostFormValue("role")})
	rec, err := c.do(r.Context(), http.MethodPost, "/api/v1/users", http.Header{"Content-Type": {"application/json"}}, body)
	if err != nil {
		return err
	}
	var nu struct {
		Name  string `json:"name"`
		Token string `json:"token"`
	}
	if err := json.Unmarshal(rec.Body, &nu); err != nil {
		return fmt.Errorf("account answer: %w", err)
	}
	return c.renderAccounts(w, r, nu.Name, nu.Token)
}

func (c *Console) revokeAccount(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	if !c.csrfOK(r) {
		return errStaleForm
	}
	if _, err := c.do(r.Context(), http.MethodDelete, "/api/v1/users/"+url.PathEscape(r.PathValue("user")), nil, nil); err != nil {
		return err
	}
	http.Redirect(w, r, "/ui/accounts", http.StatusSeeOther)
	return nil
}

// auditPage lists the newest entries (at most 500), optionally one job's.
func (c *Console) auditPage(w http.ResponseWriter, r *http.Request) error {
	av := adminView{Job: r.URL.Query().Get("job")}
	q := url.Values{"limit": {"10000"}}
	if av.Job != "" {
		q.Set("job", av.Job)
	}
	if err := c.get(r.Context(), "/api/v1/audit?"+q.Encode(), &av.Audit); err != nil {
		return err
	}
	// Newest first, at most 500 on a page.
	for i, j := 0, len(av.Audit)-1; i < j; i, j = i+1, j-1 {
		av.Audit[i], av.Audit[j] = av.Audit[j], av.Audit[i]
	}
	av.Audit = av.Audit[:min(len(av.Audit), 500)]
	c.render(w, "audit", page{Title: "Audit trail", Who: whoOf(r), Admin: &av})
	return nil
}
