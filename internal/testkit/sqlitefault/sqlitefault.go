package sqlitefault

import (
	"context"
	"database/sql"
	"fmt"
	"testing"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/store"
)

// Refuse migrates the SQLite index at path (creating it if need be) and
// makes it refuse every insert into table whose new row matches when (an
// SQL condition on NEW, or "1" for every row), until the returned
// function is called.
func Refuse(t testing.TB, path, table, when string) (allow func()) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+path, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	err = st.Migrate(ctx)
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	name := "refuse_" + table
	create := fmt.Sprintf(`CREATE TRIGGER %s BEFORE INSERT ON %s WHEN %s
		BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`, name, table, when)
	if _, err := db.Exec(create); err != nil {
		t.Fatal(err)
	}
	return func() {
		t.Helper()
		if _, err := db.Exec(`DROP TRIGGER ` + name); err != nil {
			t.Fatal(err)
		}
	}
}
