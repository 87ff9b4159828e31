package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// User is one per-person API account. The store knows roles only as text;
// what a role may do is the daemon's (daemon/access).
type User struct {
	ID        int64
	Name      string
	Role      string
	TokenHash string // SHA-256 of the token, hex; the token itself is never stored
	Created   time.Time
	CreatedBy string
	Revoked   time.Time // zero while active
}

// AuditEntry is one state-changing request, as the audit trail keeps it.
type AuditEntry struct {
	ID        int64     `json:"id"`
	At        time.Time `json:"at"`
	Actor     string    `json:"actor"`
	Role      string    `json:"role"`
	Remote    string    `json:"remote"`
	Via       string    `json:"via"`
	Action    string    `json:"action"`
	Method    string    `json:"method,omitempty"`
	Path      string    `json:"path,omitempty"`
	Job       string    `json:"job,omitempty"`
	CaptureID int64     `json:"capture_id,omitempty"`
	Digest    string    `json:"digest,omitempty"` // sha256:HEX of a submitted job's YAML
	Status    int       `json:"status"`           // the HTTP status answered
	Detail    string    `json:"detail,omitempty"`
}

// AuditFilter selects audit entries: all of them when zero.
type AuditFilter struct {
	Job     string // only this job's entries ("" all)
	AfterID int64  // only entries with a larger ID (paging)
	Limit   int    // at most this many, oldest first (0: all)
}

// ErrExists is returned when adding an account whose name is taken by an
// active one.
var ErrExists = errors.New("already exists")

// Accounts keeps the daemon's per-person accounts and its append-only
// audit trail.
type Accounts interface {
	// AddUser stores an account; ErrExists when an active account has
	// the name.
	AddUser(ctx context.Context, u User) (User, error)
	// Users returns every account, active and revoked, by name then ID.
	Users(ctx context.Context) ([]User, error)
	// UserByTokenHash returns the active account with this token hash,
	// or ErrNotFound.
	UserByTokenHash(ctx context.Context, hash string) (User, error)
	// HasUsers reports whether any account is active.
	HasUsers(ctx context.Context) (bool, error)
	// RevokeUser ends the active account name at `at`; ErrNotFound when
	// there is none.
	RevokeUser(ctx context.Context, name string, at time.Time) error
	// AppendAudit adds an entry and returns its ID. Entries are never
	// changed or removed (the schema's triggers refuse it).
	AppendAudit(ctx context.Context, e AuditEntry) (int64, error)
	// Audit returns entries by ID order.
	Audit(ctx context.Context, f AuditFilter) ([]AuditEntry, error)
}

const userCols = `id, name, role, token_hash, created, created_by, revoked`

const auditCols = `id, at, actor, role, remote, via, action, method, path, job, capture_id, digest, status, detail`

// auditQuery builds Audit's SELECT; ph numbers placeholders per dialect.
func auditQuery(f AuditFilter, ph func(int) string) (string, []any) {
	var where []string
	var args []any
	if f.Job != "" {
		args = append(args, f.Job)
		where = append(where, "job = "+ph(len(args)))
	}
	args = append(args, f.AfterID)
	where = append(where, "id > "+ph(len(args)))
	q := `SELECT ` + auditCols + ` FROM audit_log WHERE ` + strings.Join(where, " AND ") + ` ORDER BY id`
	if f.Limit > 0 {
		args = append(args, f.Limit)
		q += " LIMIT " + ph(len(args))
	}
	return q, args
}

func sqlitePH(int) string { return "?" }
func pgPH(n int) string   { return fmt.Sprintf("$%d", n) }
func checkUser(u User) error {
	if u.Name == "" || u.Role == "" || len(u.TokenHash) != 64 {
		return fmt.Errorf("store: add user: need a name, a role and a SHA-256 token hash")
	}
	return nil
}

func (s *sqliteStore) AddUser(ctx context.Context, u User) (User, error) {
	if err := checkUser(u); err != nil {
		return User{}, err
	}
	u.Created = dbTime(u.Created)
	err := s.w.QueryRowContext(ctx, `INSERT INTO users (name, role, token_hash, created, created_by) VALUES (?, ?, ?, ?, ?) RETURNING id`,
		u.Name, u.Role, u.TokenHash, micros(u.Created), u.CreatedBy).Scan(&u.ID)
	if err != nil && strings.Contains(err.Error(), "UNIQUE constraint failed") {
		return User{}, fmt.Errorf("store: account %q: %w", u.Name, ErrExists)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: add account %q: %w", u.Name, err)
	}
	return u, nil
}

func scanSQLiteUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	var created int64
	var revoked sql.NullInt64
	if err := row.Scan(&u.ID, &u.Name, &u.Role, &u.TokenHash, &created, &u.CreatedBy, &revoked); err != nil {
		return User{}, err
	}
	u.Created = fromMicros(created)
	if revoked.Valid {
		u.Revoked = fromMicros(revoked.Int64)
	}
	return u, nil
}

func (s *sqliteStore) Users(ctx context.Context) ([]User, error) {
	us, err := sqliteAll(ctx, s.r, scanSQLiteUser, `SELECT `+userCols+` FROM users ORDER BY name, id`)
	if err != nil {
		return nil, fmt.Errorf("store: accounts: %w", err)
	}
	return us, nil
}

func (s *sqliteStore) UserByTokenHash(ctx context.Context, hash string) (User, error) {
	u, err := scanSQLiteUser(s.r.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE token_hash = ? AND revoked IS NULL`, hash))
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, fmt.Errorf("store: account by token: %w", ErrNotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: account by token: %w", err)
	}
	return u, nil
}

func (s *sqliteStore) HasUsers(ctx context.Context) (bool, error) {
	var n int
	if err := s.r.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE revoked IS NULL)`).Scan(&n); err != nil {
		return false, fmt.Errorf("store: accounts: %w", err)
	}
	return n == 1, nil
}

func (s *sqliteStore) RevokeUser(ctx context.Context, name string, at time.Time) error {
	res, err := s.w.ExecContext(ctx, `UPDATE users SET revoked = ? WHERE name = ? AND revoked IS NULL`, micros(at), name)
	if err != nil {
		return fmt.Errorf("store: revoke account %q: %w", name, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("store: account %q: %w", name, ErrNotFound)
	}
	return nil
}

func (s *sqliteStore) AppendAudit(ctx context.Context, e AuditEntry) (int64, error) {
	var id int64
	err := s.w.QueryRowContext(ctx, `INSERT INTO audit_log (at, actor, role, remote, via, action, method, path, job, capture_id, digest, status, detail)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		micros(e.At), e.Actor, e.Role, e.Remote, e.Via, e.Action, e.Method, e.Path, e.Job, e.CaptureID, e.Digest, e.Status, e.Detail).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: append audit entry: %w", err)
	}
	return id, nil
}

func scanSQLiteAudit(row interface{ Scan(...any) error }) (AuditEntry, error) {
	var e AuditEntry
	var at int64
	err := row.Scan(&e.ID, &at, &e.Actor, &e.Role, &e.Remote, &e.Via, &e.Action, &e.Method, &e.Path, &e.Job, &e.CaptureID, &e.Digest, &e.Status, &e.Detail)
	e.At = fromMicros(at)
	return e, err
}

func (s *sqliteStore) Audit(ctx context.Context, f AuditFilter) ([]AuditEntry, error) {
	q, args := auditQuery(f, sqlitePH)
	es, err := sqliteAll(ctx, s.r, scanSQLiteAudit, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: audit: %w", err)
	}
	return es, nil
}

func (s *pgStore) AddUser(ctx context.Context, u User) (User, error) {
	if err := checkUser(u); err != nil {
		return User{}, err
	}
	u.Created = dbTime(u.Created)
	err := s.pool.QueryRow(ctx, `INSERT INTO users (name, role, token_hash, created, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
		u.Name, u.Role, u.TokenHash, u.Created, u.CreatedBy).Scan(&u.ID)
	if isUniqueViolation(err) {
		return User{}, fmt.Errorf("store: account %q: %w", u.Name, ErrExists)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: add account %q: %w", u.Name, err)
	}
	return u, nil
}

func scanPGUser(row pgx.Row) (User, error) {
	var u User
	var revoked *time.Time
	if err := row.Scan(&u.ID, &u.Name, &u.Role, &u.TokenHash, &u.Created, &u.CreatedBy, &revoked); err != nil {
		return User{}, err
	}
	u.Created = u.Created.UTC()
	if revoked != nil {
		u.Revoked = revoked.UTC()
	}
	return u, nil
}

func (s *pgStore) Users(ctx context.Context) ([]User, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+userCols+` FROM users ORDER BY name, id`)
	if err != nil {
		return nil, fmt.Errorf("store: accounts: %w", err)
	}
	defer rows.Close()
	var out []User
	for rows.Next() {
		u, err := scanPGUser(rows)
		if err != nil {
			return nil, fmt.Errorf("store: accounts: %w", err)
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

func (s *pgStore) UserByTokenHash(ctx context.Context, hash string) (User, error) {
	u, err := scanPGUser(s.pool.QueryRow(ctx, `SELECT `+userCols+` FROM users WHERE token_hash = $1 AND revoked IS NULL`, hash))
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, fmt.Errorf("store: account by token: %w", ErrNotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: account by token: %w", err)
	}
	return u, nil
}

func (s *pgStore) HasUsers(ctx context.Context) (bool, error) {
	var ok bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE revoked IS NULL)`).Scan(&ok); err != nil {
		return false, fmt.Errorf("store: accounts: %w", err)
	}
	return ok, nil
}

func (s *pgStore) RevokeUser(ctx context.Context, name string, at time.Time) error {
	tag, err := s.pool.Exec(ctx, `UPDATE users SET revoked = $1 WHERE name = $2 AND revoked IS NULL`, dbTime(at), name)
	if err != nil {
		return fmt.Errorf("store: revoke account %q: %w", name, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("store: account %q: %w", name, ErrNotFound)
	}
	return nil
}

func (s *pgStore) AppendAudit(ctx context.Context, e AuditEntry) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, `INSERT INTO audit_log (at, actor, role, remote, via, action, method, path, job, capture_id, digest, status, detail)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
		dbTime(e.At), e.Actor, e.Role, e.Remote, e.Via, e.Action, e.Method, e.Path, e.Job, e.CaptureID, e.Digest, e.Status, e.Detail).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("store: append audit entry: %w", err)
	}
	return id, nil
}

func (s *pgStore) Audit(ctx context.Context, f AuditFilter) ([]AuditEntry, error) {
	q, args := auditQuery(f, pgPH)
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: audit: %w", err)
	}
	defer rows.Close()
	var out []AuditEntry
	for rows.Next() {
		var e AuditEntry
		if err := rows.Scan(&e.ID, &e.At, &e.Actor, &e.Role, &e.Remote, &e.Via, &e.Action, &e.Method, &e.Path, &e.Job, &e.CaptureID, &e.Digest, &e.Status, &e.Detail); err != nil {
			return nil, fmt.Errorf("store: audit: %w", err)
		}
		e.At = e.At.UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}
