//go:build !unix

package store

import (
	"errors"
	"os"
)

type flockMode int

const (
	flockExclusive flockMode = 1
	flockShared    flockMode = 2
)

var errLockHeld = errors.New("lock held")

// tryFlock: without flock a SQLite store's capture cannot be locked, and
// running unlocked would let two processes write one capture.
func tryFlock(*os.File, flockMode) error {
	return errors.New("store: capture locks of a SQLite store need a Unix system (flock)")
}
