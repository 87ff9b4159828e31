package store

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"go.uber.org/zap"
)

// Open connects to the store named by dsn and checks that it answers:
//
//	sqlite:PATH                    embedded SQLite file (created if missing)
//	postgres://user@host/db?...    PostgreSQL (also postgresql://)
//
// It does not migrate; call Migrate. The error names the DSN without its
// password.
func Open(ctx context.Context, dsn string, log *zap.Logger) (DB, error) {
	if log == nil {
		log = zap.NewNop()
	}
	var (
		s   DB
		err error
	)
	switch {
	case strings.HasPrefix(dsn, "sqlite:"):
		s, err = openSQLite(ctx, strings.TrimPrefix(dsn, "sqlite:"), log)
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		s, err = openPostgres(ctx, dsn, log)
	default:
		err = errors.New("unknown scheme (want sqlite:PATH or postgres://...)")
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", Redact(dsn), err)
	}
	log.Info("store opened", zap.String("dsn", Redact(dsn)))
	return s, nil
}

// Redact returns dsn with any password replaced by "xxxxx", in its user
// information or in a parameter (pgx reads ?password=, ?sslpassword=),
// for logs and error messages.
func Redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		if strings.Contains(dsn, "@") || strings.Contains(strings.ToLower(dsn), "password") {
			return unparseable(dsn) // may hold credentials
		}
		return dsn
	}
	MaskURLSecrets(u, "xxxxx")
	return u.String()
}

// MaskURLSecrets replaces, in place, u's password and the values of its
// parameters named like a password (pgx reads ?password=, ?sslpassword=)
// by mask: the one rule for logs (Redact) and for the job files a WACZ
// carries (wacz.MaskSecrets). The query is re-encoded only if a parameter
// was masked.
func MaskURLSecrets(u *url.URL, mask string) {
	if u.User != nil {
		if _, ok := u.User.Password(); ok {
			u.User = url.UserPassword(u.User.Username(), mask)
		}
	}
	if u.RawQuery == "" {
		return
	}
	q, masked := u.Query(), false
	for k := range q {
		if strings.Contains(strings.ToLower(k), "password") {
			q.Set(k, mask)
			masked = true
		}
	}
	if masked {
		u.RawQuery = q.Encode()
	}
}

// Describe names the database dsn opens with nothing a reader could log
// in with: a PostgreSQL URL's scheme, host and database (no user,
// password or parameters), a SQLite DSN's path. It is what a capture's
// record of its job says its store was (job.yaml in the capture folder,
// reports/job.yaml in its WACZ), which people without the store's
// credentials read.
func Describe(dsn string) string {
	if path, ok := strings.CutPrefix(dsn, "sqlite:"); ok {
		path, _, _ = strings.Cut(path, "?")
		return "sqlite:" + path
	}
	u, err := url.Parse(dsn)
	if err != nil || u.Opaque != "" {
		return unparseable(dsn)
	}
	return (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path}).String()
}

// unparseable keeps only the scheme of a DSN that does not parse.
func unparseable(dsn string) string {
	scheme, _, _ := strings.Cut(dsn, ":")
	return scheme + "://(unparseable DSN)"
}
