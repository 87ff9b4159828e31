package console

import (
	"html/template"
	"net/http"

	"github.com/sharc-archive/sharc/daemon/apitypes"
	"github.com/sharc-archive/sharc/store"
)

// adminView is what the accounts and audit pages show.
type adminView struct {
	Accounts []apitypes.UserInfo
	Audit    []store.AuditEntry
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
	var err error
	if av.Accounts, err = c.api.Users(r.Context()); err != nil {
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
	nu, err := c.api.AddAccount(r.Context(), r.PostFormValue("name"), r.PostFormValue("role"))
	if err != nil {
		return err
	}
	return c.renderAccounts(w, r, nu.Name, nu.Token)
}

func (c *Console) revokeAccount(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, 4096)
	if !c.csrfOK(r) {
		return errStaleForm
	}
	if err := c.api.RevokeAccount(r.Context(), r.PathValue("user")); err != nil {
		return err
	}
	http.Redirect(w, r, "/ui/accounts", http.StatusSeeOther)
	return nil
}

// auditRead is how many entries the audit page reads (the API's most).
const auditRead = 10000

// auditPage lists the newest entries (at most 500), optionally one job's.
func (c *Console) auditPage(w http.ResponseWriter, r *http.Request) error {
	av := adminView{Job: r.URL.Query().Get("job")}
	var err error
	if av.Audit, err = c.api.AuditTrail(r.Context(), av.Job, auditRead); err != nil {
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
