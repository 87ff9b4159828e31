package main

import (
	"context"
	"fmt"

	"github.com/sharc-archive/sharc/store"
)

// runMigrate applies the store schema, for operators who migrate before
// starting daemons (the daemon also migrates on start).
func runMigrate(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("migrate", "usage: sharc migrate --store DSN")
	dsn := fs.String("store", "", "store DSN: sqlite:PATH or postgres://user@host/db")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dsn == "" || fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	s, err := store.Open(ctx, *dsn, c.log)
	if err != nil {
		return err
	}
	err = s.Migrate(ctx)
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(c.stdout, "store %s is migrated\n", store.Redact(*dsn))
	return err
}
