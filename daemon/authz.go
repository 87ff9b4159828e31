package daemon

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/daemon/access"
	"github.com/sharc-archive/sharc/daemon/console"
	"github.com/sharc-archive/sharc/store"
)

const (
	maxAuditDetail  = 500
	errUnauthorized = "unauthorized: send Authorization: Bearer TOKEN (your account's token, or the daemon's bootstrap token)"
)

// errUnknownToken is a token that is neither the bootstrap token nor an
// active account's.
var errUnknownToken = errors.New("unknown or revoked token")

// Authenticate returns the principal holding the token whose SHA-256 is
// tokenHash (hex): the bootstrap admin for the config's token, else the
// active account. An empty hash is a request without a token: it is the
// open principal only on a daemon without a token and without accounts.
// The console calls it on every page, so a revoked account's sessions end
// at once.
func (d *Daemon) Authenticate(ctx context.Context, tokenHash string) (access.Principal, error) {
	if tokenHash == "" {
		if d.cfg.Token != "" {
			return access.Principal{}, errUnknownToken
		}
		has, err := d.st.HasUsers(ctx)
		if err != nil || has {
			return access.Principal{}, errors.Join(errUnknownToken, err)
		}
		return access.Principal{Name: access.OpenName, Role: access.Admin}, nil
	}
	if d.cfg.Token != "" {
		want := sha256.Sum256([]byte(d.cfg.Token))
		got, err := hex.DecodeString(tokenHash)
		if err == nil && subtle.ConstantTimeCompare(got, want[:]) == 1 {
			return access.Principal{Name: access.BootstrapName, Role: access.Admin}, nil
		}
	}
	u, err := d.st.UserByTokenHash(ctx, tokenHash)
	if errors.Is(err, store.ErrNotFound) {
		return access.Principal{}, errUnknownToken
	}
	if err != nil {
		return access.Principal{}, err
	}
	role, err := access.ParseRole(u.Role)
	if err != nil {
		return access.Principal{}, fmt.Errorf("account %s: %w", u.Name, err)
	}
	return access.Principal{Name: u.Name, Role: role}, nil
}

// principal is who makes r: the console's person (carried in the
// context, which no client can set), or the bearer token's holder.
func (d *Daemon) principal(r *http.Request) (access.Principal, error) {
	if p, ok := access.FromContext(r.Context()); ok {
		return p, nil
	}
	hash := ""
	if tok, ok := bearerToken(r.Header.Get("Authorization")); ok && tok != "" {
		hash = access.HashToken(tok)
	}
	p, err := d.Authenticate(r.Context(), hash)
	p.Remote, p.Via = r.RemoteAddr, access.ViaAPI
	return p, err
}

// auth lets a request through when its principal's role allows need,
// answering 401 (and closing the connection, so an unread body is never
// drained) or 403 naming the role it needs. State-changing requests are
// recorded in the audit trail with their outcome (act names them).
func (d *Daemon) auth(need access.Role, act access.Action, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := d.principal(r)
		if err != nil {
			if !errors.Is(err, errUnknownToken) {
				d.log.Error("authentication", zap.Error(err))
			}
			w.Header().Set("Connection", "close")
			w.Header().Set("WWW-Authenticate", `Bearer realm="sharc"`)
			writeJSON(w, http.StatusUnauthorized, &APIError{Message: errUnauthorized})
			return
		}
		audited := act != "" || !safeMethod(r.Method)
		note := &auditNote{job: r.PathValue("name"), captureID: pathID(r)}
		r = r.WithContext(withAuditNote(access.WithPrincipal(r.Context(), p), note))
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		if !p.Role.Allows(need) {
			w.Header().Set("Connection", "close")
			msg := fmt.Sprintf("forbidden: %s %s needs role %s; %s has role %s", r.Method, r.URL.Path, need, p.Name, p.Role)
			note.detail = msg
			writeJSON(sw, http.StatusForbidden, &APIError{Message: msg})
		} else {
			next.ServeHTTP(sw, r)
		}
		if audited {
			d.audit(r.Context(), p, act, r, sw.status, note)
		}
	})
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

func pathID(r *http.Request) int64 {
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	return id
}

// audit appends one entry. A failed append cannot undo the action: it is
// logged in full at error level, so the daemon's log keeps it.
func (d *Daemon) audit(ctx context.Context, p access.Principal, act access.Action, r *http.Request, status int, n *auditNote) {
	if act == "" {
		act = access.ActOther
	}
	e := store.AuditEntry{At: d.now(), Actor: p.Name, Role: string(p.Role), Remote: p.Remote, Via: string(p.Via), Action: string(act),
		Method: r.Method, Path: r.URL.Path, Job: n.job, CaptureID: n.captureID, Digest: n.digest, Status: status, Detail: clip(n.detail, maxAuditDetail)}
	if _, err := d.st.AppendAudit(context.WithoutCancel(ctx), e); err != nil {
		d.log.Error("audit trail: entry not stored", zap.Error(err), zap.Any("entry", e))
	}
}

// Record appends an audit entry for an action the console handles itself
// (log in and out, at path).
func (d *Daemon) Record(ctx context.Context, p access.Principal, act access.Action, path string, status int, detail string) {
	e := store.AuditEntry{At: d.now(), Actor: p.Name, Role: string(p.Role), Remote: p.Remote, Via: string(p.Via), Action: string(act),
		Method: http.MethodPost, Path: path, Status: status, Detail: clip(detail, maxAuditDetail)}
	if _, err := d.st.AppendAudit(context.WithoutCancel(ctx), e); err != nil {
		d.log.Error("audit trail: entry not stored", zap.Error(err), zap.Any("entry", e))
	}
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

// auditNote is what a handler adds to its request's audit entry: the job
// a submission named, the digest of its YAML, why it failed.
type auditNote struct {
	job       string
	captureID int64
	digest    string
	detail    string
}

type auditNoteKey struct{}

func withAuditNote(ctx context.Context, n *auditNote) context.Context {
	return context.WithValue(ctx, auditNoteKey{}, n)
}

// noteOf returns the request's audit note; a throwaway one outside auth.
func noteOf(ctx context.Context) *auditNote {
	if n, ok := ctx.Value(auditNoteKey{}).(*auditNote); ok {
		return n
	}
	return &auditNote{}
}

// statusWriter remembers the status a handler answered.
type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection (deadlines,
// flushes) through the wrapper.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// The console asks the daemon who holds a token.
var _ console.Accounts = (*Daemon)(nil)
