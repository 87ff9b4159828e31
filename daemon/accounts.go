package daemon

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/internal/fsutil"
	"github.com/sharc-archive/sharc/store"
)

// AddUser creates an account with a fresh token and returns it; by names
// who creates it (the audit trail and created_by keep it).
func AddUser(ctx context.Context, st store.Accounts, name string, role access.Role, by string, now time.Time) (NewUser, error) {
	if err := access.CheckName(name); err != nil {
		return NewUser{}, badRequest("%v", err)
	}
	if _, err := access.ParseRole(string(role)); err != nil {
		return NewUser{}, badRequest("%v", err)
	}
	tok, err := access.NewToken()
	if err != nil {
		return NewUser{}, err
	}
	u, err := st.AddUser(ctx, store.User{Name: name, Role: string(role), TokenHash: access.HashToken(tok), Created: now, CreatedBy: by})
	if errors.Is(err, store.ErrExists) {
		return NewUser{}, fmt.Errorf("%w: an active account %s exists; revoke it first to give the name a new token", errConflict, name)
	}
	if err != nil {
		return NewUser{}, err
	}
	return NewUser{UserInfo: userInfo(u), Token: tok}, nil
}

func userInfo(u store.User) UserInfo {
	ui := UserInfo{Name: u.Name, Role: u.Role, Created: u.Created, CreatedBy: u.CreatedBy}
	if !u.Revoked.IsZero() {
		r := u.Revoked
		ui.Revoked = &r
	}
	return ui
}

func (d *Daemon) getWhoami(w http.ResponseWriter, r *http.Request) error {
	p, _ := access.FromContext(r.Context())
	writeJSON(w, http.StatusOK, p)
	return nil
}

func (d *Daemon) getUsers(w http.ResponseWriter, r *http.Request) error {
	out, err := d.users(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// users is GET /api/v1/users's answer: every account, revoked ones too.
func (d *Daemon) users(ctx context.Context) ([]UserInfo, error) {
	us, err := d.st.Users(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]UserInfo, 0, len(us))
	for _, u := range us {
		out = append(out, userInfo(u))
	}
	return out, nil
}

// maxUserBody bounds POST /api/v1/users: a name and a role.
const maxUserBody = 4 << 10

func (d *Daemon) postUser(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Name string `json:"name"`
		Role string `json:"role"`
	}
	dec := json.NewDecoder(io.LimitReader(r.Body, maxUserBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return badRequest("body: want {\"name\": NAME, \"role\": viewer|operator|admin}: %v", err)
	}
	nu, err := d.addUser(r.Context(), req.Name, req.Role)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, nu)
	return nil
}

// addUser is POST /api/v1/users's core: the account, made by the
// context's principal, with its token.
func (d *Daemon) addUser(ctx context.Context, name, role string) (NewUser, error) {
	p, _ := access.FromContext(ctx)
	noteOf(ctx).detail = "account " + name + " as " + role
	return AddUser(ctx, d.st, name, access.Role(role), p.Name, d.now())
}

func (d *Daemon) deleteUser(w http.ResponseWriter, r *http.Request) error {
	if err := d.revokeUser(r.Context(), r.PathValue("user")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// revokeUser is DELETE /api/v1/users/{user}'s core.
func (d *Daemon) revokeUser(ctx context.Context, name string) error {
	noteOf(ctx).detail = "account " + name
	if err := d.st.RevokeUser(ctx, name, d.now()); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("%w: no active account %s", errNotFound, name)
		}
		return err
	}
	return nil
}

// maxAuditLimit bounds the entries one audit read answers.
const maxAuditLimit = 10000

// auditFilter reads ?after= and ?limit= (default 500, at most 10,000).
func auditFilter(r *http.Request) (store.AuditFilter, error) {
	after, err := queryCount(r, "after", 0)
	if err != nil {
		return store.AuditFilter{}, err
	}
	limit, err := queryCount(r, "limit", 500)
	if err != nil {
		return store.AuditFilter{}, err
	}
	return store.AuditFilter{AfterID: int64(after), Limit: min(max(limit, 1), maxAuditLimit)}, nil
}

func (d *Daemon) getAudit(w http.ResponseWriter, r *http.Request) error {
	f, err := auditFilter(r)
	if err != nil {
		return err
	}
	f.Job = r.URL.Query().Get("job")
	return d.writeAudit(w, r, f)
}

// getJobAudit is one job's chain of custody: what its captures' evidence
// packages carry, so a viewer may read it.
func (d *Daemon) getJobAudit(w http.ResponseWriter, r *http.Request) error {
	f, err := auditFilter(r)
	if err != nil {
		return err
	}
	f.Job = r.PathValue("name")
	if _, err := d.st.JobByName(r.Context(), f.Job); err != nil {
		return err
	}
	return d.writeAudit(w, r, f)
}

func (d *Daemon) writeAudit(w http.ResponseWriter, r *http.Request, f store.AuditFilter) error {
	es, err := d.auditEntries(r.Context(), f)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, es)
	return nil
}

// auditEntries are the audit trail's entries f selects, oldest first.
func (d *Daemon) auditEntries(ctx context.Context, f store.AuditFilter) ([]store.AuditEntry, error) {
	es, err := d.st.Audit(ctx, f)
	if es == nil && err == nil {
		es = []store.AuditEntry{}
	}
	return es, err
}

// yamlDigest is the audit trail's digest of a submitted job.
func yamlDigest(b []byte) string {
	h := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(h[:])
}

// custody is a job's chain of custody: its audit entries as JSON lines,
// oldest first, as a capture's folder (reports/audit.jsonl) and evidence
// package carry them.
func (d *Daemon) custody(ctx context.Context, jobName string) ([]byte, error) {
	es, err := d.st.Audit(ctx, store.AuditFilter{Job: jobName})
	if err != nil {
		return nil, fmt.Errorf("chain of custody: %w", err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, e := range es {
		if err := enc.Encode(e); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// writeCustody writes the job's chain of custody into the capture's
// folder beside its reports.
func (d *Daemon) writeCustody(ctx context.Context, jobName string, f jobdir.Folder) error {
	b, err := d.custody(ctx, jobName)
	if err != nil {
		return err
	}
	return fsutil.WriteAtomic(filepath.Join(f.Reports(), jobdir.AuditFile), func(w *os.File) error {
		_, err := w.Write(b)
		return err
	})
}
