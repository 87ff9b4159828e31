package migrations

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

//go:embed postgres/*.sql sqlite/*.sql
var files embed.FS

// Dialects supported by For.
const (
	Postgres = "postgres"
	SQLite   = "sqlite"
)

// Migration is one schema change.
type Migration struct {
	Version int    // from the NNNN prefix, starting at 1, without gaps
	Name    string // the rest of the file name without ".sql"
	SQL     string // may hold several statements
}

// For returns the migrations of a dialect in version order.
func For(dialect string) ([]Migration, error) {
	if dialect != Postgres && dialect != SQLite {
		return nil, fmt.Errorf("migrations: unknown dialect %q (want %q or %q)", dialect, Postgres, SQLite)
	}
	entries, err := fs.ReadDir(files, dialect)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	var ms []Migration
	for _, e := range entries {
		m, err := parseName(e.Name())
		if err != nil {
			return nil, err
		}
		b, err := files.ReadFile(path.Join(dialect, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("migrations: %w", err)
		}
		m.SQL = string(b)
		ms = append(ms, m)
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	for i, m := range ms {
		// A gap or duplicate means a botched rename; applying around it
		// would leave databases that differ by deployment order.
		if m.Version != i+1 {
			return nil, fmt.Errorf("migrations: %s: version %d at position %d, want %d", dialect, m.Version, i+1, i+1)
		}
	}
	return ms, nil
}

func parseName(file string) (Migration, error) {
	base, ok := strings.CutSuffix(file, ".sql")
	num, name, ok2 := strings.Cut(base, "_")
	if !ok || !ok2 || len(num) != 4 || name == "" {
		return Migration{}, fmt.Errorf("migrations: bad file name %q (want NNNN_name.sql)", file)
	}
	v, err := strconv.Atoi(num)
	if err != nil || v < 1 {
		return Migration{}, fmt.Errorf("migrations: bad version in %q", file)
	}
	return Migration{Version: v, Name: name}, nil
}
