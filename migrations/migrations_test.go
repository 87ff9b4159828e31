package migrations

import (
	"strings"
	"testing"
)

func TestForBothDialectsAgree(t *testing.T) {
	pg, err := For(Postgres)
	if err != nil {
		t.Fatal(err)
	}
	lite, err := For(SQLite)
	if err != nil {
		t.Fatal(err)
	}
	if len(pg) == 0 || len(pg) != len(lite) {
		t.Fatalf("postgres has %d migrations, sqlite %d", len(pg), len(lite))
	}
	for i := range pg {
		if pg[i].Version != i+1 || pg[i].Version != lite[i].Version || pg[i].Name != lite[i].Name {
			t.Errorf("migration %d: postgres %d_%s, sqlite %d_%s", i, pg[i].Version, pg[i].Name, lite[i].Version, lite[i].Name)
		}
		// Same tables and indexes in both dialects.
		for _, obj := range []string{"CREATE TABLE", "CREATE INDEX", "CREATE UNIQUE INDEX"} {
			if a, b := strings.Count(pg[i].SQL, obj), strings.Count(lite[i].SQL, obj); a != b {
				t.Errorf("%s: %q appears %d times in postgres, %d in sqlite", pg[i].Name, obj, a, b)
			}
		}
	}
}

func TestForUnknownDialect(t *testing.T) {
	if _, err := For("mysql"); err == nil || !strings.Contains(err.Error(), "mysql") {
		t.Fatalf("want error naming the dialect, got %v", err)
	}
}

func TestParseName(t *testing.T) {
	tests := []struct {
		file    string
		version int
		name    string
		ok      bool
	}{
		{"0001_init.sql", 1, "init", true},
		{"0012_add_index.sql", 12, "add_index", true},
		{"1_init.sql", 0, "", false},
		{"0001init.sql", 0, "", false},
		{"0001_init.txt", 0, "", false},
		{"0000_zero.sql", 0, "", false},
		{"abcd_x.sql", 0, "", false},
		{"0001_.sql", 0, "", false},
	}
	for _, tt := range tests {
		m, err := parseName(tt.file)
		if (err == nil) != tt.ok {
			t.Errorf("%s: err = %v, want ok=%v", tt.file, err, tt.ok)
			continue
		}
		if tt.ok && (m.Version != tt.version || m.Name != tt.name) {
			t.Errorf("%s: got %d %q", tt.file, m.Version, m.Name)
		}
	}
}
