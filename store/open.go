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

// Redact returns dsn with any password replaced by "xxxxx", for logs and
// error messages.
func Redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.User == nil {
		if err != nil && strings.Contains(dsn, "@") {
			// Unparseable but may hold credentials: keep only the scheme.
			scheme, _, _ := strings.Cut(dsn, ":")
			return scheme + "://(unparseable DSN)"
		}
		return dsn
	}
	return u.Redacted()
}
