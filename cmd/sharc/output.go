package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/internal/fsutil"
	"github.com/sharc-archive/sharc/store"
)

// outputPerm is the mode every output file sharc writes is created with
// (before the umask); signing keys are the exception (0600).
const outputPerm = fsutil.OutputPerm

// openExistingStore opens the store of the commands that read captures
// (export, report, rates): a missing SQLite file is an error, not a new
// empty database left behind by a mistyped path (store.Open creates one,
// as a first crawl needs).
func openExistingStore(ctx context.Context, dsn string, log *zap.Logger) (store.DB, error) {
	if path, ok := strings.CutPrefix(dsn, "sqlite:"); ok {
		path = strings.TrimPrefix(path, "//")
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("store %s: no such database (sharc crawl and sharc migrate create one)", store.Redact(dsn))
		}
	}
	return store.Open(ctx, dsn, log)
}
