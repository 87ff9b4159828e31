package store

import (
	"context"
	"fmt"
	"path/filepath"
)

// Identity names the database a store opened, whatever DSN reached it:
// two processes whose stores have the same identity share their captures.
// A DSN's text does not say that: host aliases (127.0.0.1, localhost),
// pgbouncer, per-node users and credentials, and connection parameters
// all name one database in many ways (issue 27, row 8).
//
// PostgreSQL: "postgres:" + the cluster's system identifier (set by
// initdb; a physical replica or base backup shares it) + "/" + database +
// "/" + schema (the first in search_path, where the store's tables are).
func (s *pgStore) Identity(ctx context.Context) (string, error) {
	var sysid int64
	var db, schema string
	err := s.pool.QueryRow(ctx, `SELECT (SELECT system_identifier FROM pg_control_system()), current_database(), coalesce(current_schema(), '')`).
		Scan(&sysid, &db, &schema)
	if err != nil {
		return "", fmt.Errorf("store: identity: %w", err)
	}
	return fmt.Sprintf("postgres:%d/%s/%s", sysid, db, schema), nil
}

// Identity of an SQLite store: "sqlite:" + its file's absolute path with
// symbolic links resolved, so relative paths, ./ and links to one file
// agree (a copy of the file is another store).
func (s *sqliteStore) Identity(ctx context.Context) (string, error) {
	var file string
	if err := s.r.QueryRowContext(ctx, `SELECT file FROM pragma_database_list WHERE name = 'main'`).Scan(&file); err != nil {
		return "", fmt.Errorf("store: identity: %w", err)
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", fmt.Errorf("store: identity: %w", err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	return "sqlite:" + abs, nil
}
