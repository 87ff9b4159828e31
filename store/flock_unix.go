//go:build unix

package store

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// flockMode is how a capture lock file is locked.
type flockMode int

const (
	flockExclusive flockMode = syscall.LOCK_EX
	flockShared    flockMode = syscall.LOCK_SH
)

// errLockHeld: another open file description holds a conflicting lock.
var errLockHeld = errors.New("lock held")

// tryFlock locks f without waiting. flock locks belong to the open file,
// so they conflict between processes and between two opens in one.
func tryFlock(f *os.File, how flockMode) error {
	for range 100 { // EINTR: a signal arrived; bounded
		err := syscall.Flock(int(f.Fd()), int(how)|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLockHeld
		case errors.Is(err, syscall.EINTR):
			continue
		default:
			return fmt.Errorf("store: lock %s: %w", f.Name(), err)
		}
	}
	return fmt.Errorf("store: lock %s: interrupted", f.Name())
}
