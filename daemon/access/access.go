package access

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
)

// Role is what a person may do. Each role includes the ones below it.
type Role string

// The roles, lowest first.
const (
	// Viewer reads status, reports, logs, replay and downloads.
	Viewer Role = "viewer"
	// Operator also submits, edits, pauses, resumes and cancels jobs.
	Operator Role = "operator"
	// Admin also manages accounts and reads the audit trail.
	Admin Role = "admin"
)

// Roles lists every role, lowest first.
func Roles() []Role { return []Role{Viewer, Operator, Admin} }

// rank orders the roles; an unknown role ranks below Viewer.
func (r Role) rank() int {
	switch r {
	case Viewer:
		return 1
	case Operator:
		return 2
	case Admin:
		return 3
	}
	return 0
}

// Allows reports whether a person with role r may do what needs role need.
func (r Role) Allows(need Role) bool { return r.rank() > 0 && r.rank() >= need.rank() }

// ParseRole reads a role name.
func ParseRole(s string) (Role, error) {
	r := Role(strings.ToLower(strings.TrimSpace(s)))
	if r.rank() == 0 {
		return "", fmt.Errorf("role %q: want viewer, operator or admin", s)
	}
	return r, nil
}

// Via says how a request reached the daemon.
type Via string

// The ways in.
const (
	ViaAPI     Via = "api"
	ViaConsole Via = "console"
	ViaCLI     Via = "cli"
)

// Principal is who makes a request.
type Principal struct {
	// Name is the account's name; BootstrapName for the config's token,
	// OpenName on a daemon without tokens.
	Name string `json:"name"`
	Role Role   `json:"role"`
	// Remote is the client's address (host:port), as the daemon saw it.
	Remote string `json:"remote,omitempty"`
	Via    Via    `json:"via,omitempty"`
}

// Names of the principals that are not accounts.
const (
	// BootstrapName is the holder of the daemon's config token
	// (token: or SHARC_TOKEN), an admin.
	BootstrapName = "bootstrap-admin"
	// OpenName is anyone on a loopback daemon that has no token and no
	// accounts.
	OpenName = "local-open"
	// ReplayName is the console's replay origin fetching a capture's
	// package for a capability the console minted (a viewer).
	ReplayName = "replay-capability"
)

// namePattern is what an account name may be: it appears in logs, the
// audit trail and evidence packages.
var namePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._@-]{0,63}$`)

// CheckName validates an account name.
func CheckName(name string) error {
	if !namePattern.MatchString(name) || name == BootstrapName || name == OpenName || name == ReplayName {
		return fmt.Errorf("account name %q: want 1-64 lower-case letters, digits, '.', '_', '@' or '-', starting with a letter or digit (and not %s or %s)", name, BootstrapName, OpenName)
	}
	return nil
}

type ctxKey struct{}

// WithPrincipal returns ctx carrying p. Only the daemon's own code builds
// request contexts, so a principal in one was put there by the daemon or
// its console after authentication.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// FromContext returns the principal ctx carries.
func FromContext(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(ctxKey{}).(Principal)
	return p, ok
}

// TokenPrefix starts every account token, so a leaked one is recognisable
// (secret scanners) and cannot be mistaken for a config token.
const TokenPrefix = "sharc_"

// NewToken returns a fresh account token: 32 random bytes.
func NewToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("access: token: %w", err)
	}
	return TokenPrefix + base64.RawURLEncoding.EncodeToString(b), nil
}

// HashToken is what the store keeps of a token. A plain SHA-256 is enough:
// tokens carry 256 random bits, so there is nothing to guess, and a stolen
// hash cannot be sent as a token.
func HashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// Action names a state-changing request in the audit trail.
type Action string

// The audited actions (docs/security.md, "Audit trail").
const (
	ActSubmit     Action = "job.submit"
	ActArchive    Action = "job.archive"
	ActPause      Action = "job.pause"
	ActResume     Action = "job.resume"
	ActCancel     Action = "job.cancel"
	ActFrontier   Action = "job.frontier"
	ActReport     Action = "capture.report" // build a capture's quality report on demand
	ActUserAdd    Action = "user.add"
	ActUserRevoke Action = "user.revoke"
	ActWACZUpload Action = "wacz.upload"
	ActWACZDelete Action = "wacz.delete"
	ActLogin      Action = "console.login"
	ActLogout     Action = "console.logout"
	// ActOther is a state-changing request no route names (a 404 or 405).
	ActOther Action = "request"
)
