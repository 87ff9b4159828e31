//go:build unix

package jobdir

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockMigrations takes the job folder's migration lock (an flock on
// root/.migrate.lock), waiting for a holder to finish, and returns its
// release. flock locks belong to the open file, so they exclude other
// processes (cluster nodes) and other calls in one process alike.
func lockMigrations(root string) (func(), error) {
	f, err := os.OpenFile(root+string(os.PathSeparator)+migrateLock, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("capture folder: migrate: %w", err)
	}
	for range 100 { // EINTR: a signal arrived; bounded
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("capture folder: migrate: lock: %w", err)
	}
	return func() { f.Close() }, nil // closing releases the lock
}
