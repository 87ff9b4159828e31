package fsutil

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// OutputPerm is the mode (before the umask) of the files SHARC writes for
// the archive's readers: WARCs, logs, reports, exports, WACZ packages.
// Signing keys are the exception (0600).
const OutputPerm fs.FileMode = 0o644

// CreateTemp creates a new file dir/prefix+RANDOM+suffix with mode perm
// (before the umask), like os.CreateTemp, which always uses 0600.
func CreateTemp(dir, prefix, suffix string, perm fs.FileMode) (*os.File, error) {
	var b [8]byte
	for range 100 {
		if _, err := rand.Read(b[:]); err != nil {
			return nil, err
		}
		name := filepath.Join(dir, prefix+hex.EncodeToString(b[:])+suffix)
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("create a temporary file in %s: too many name collisions", dir)
}

// WriteAtomic writes path (mode OutputPerm before the umask) through a
// synced temporary file in its directory, a rename and a sync of the
// directory.
func WriteAtomic(path string, write func(*os.File) error) (err error) {
	tmp, err := CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".", ".tmp", OutputPerm)
	if err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	defer func() {
		if err != nil {
			err = errors.Join(err, os.Remove(tmp.Name()))
		}
	}()
	if err = write(tmp); err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err == nil {
		// The rename is durable only once the directory is.
		err = SyncDir(filepath.Dir(path))
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", filepath.Base(path), err)
	}
	return nil
}

// SyncDir makes dir's entries (files created, renamed or removed in it)
// durable. A file system that cannot sync a directory (EINVAL) is taken
// as having nothing to sync.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}
