package upload

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sharc-archive/sharc/store"
)

// Stage makes the named WARC files of a capture readable in one
// directory, for readers that take a directory (wacz.FromCapture). When
// every file is in dir, or none missing from it was uploaded, it returns
// dir and a no-op cleanup. Otherwise it makes a temporary directory under
// dir holding a symbolic link to each local file and a copy of each file
// that is only in object storage (rows with state uploaded), fetched with
// Fetch so its size and SHA-256 match the upload's record; cleanup
// removes that directory. cl may be nil when the job sets no
// warc.upload: then files only in object storage are an error.
func Stage(ctx context.Context, cl *Client, dir string, names []string, rows []store.WARCUpload) (string, func(), error) {
	fetch := remoteOnly(dir, names, rows)
	if len(fetch) == 0 {
		return dir, func() {}, nil
	}
	if cl == nil {
		return "", nil, fmt.Errorf("upload: %s is only in object storage (%s) and the job sets no warc.upload to read it with",
			fetch[0].File, fetch[0].ObjectURL)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, fmt.Errorf("upload: %w", err)
	}
	tmp, err := os.MkdirTemp(dir, ".fetched-*")
	if err != nil {
		return "", nil, fmt.Errorf("upload: %w", err)
	}
	cleanup := func() { _ = os.RemoveAll(tmp) }
	if err := fill(ctx, cl, dir, tmp, names, fetch); err != nil {
		cleanup()
		return "", nil, err
	}
	return tmp, cleanup, nil
}

// remoteOnly returns the upload rows of the named files missing from dir.
func remoteOnly(dir string, names []string, rows []store.WARCUpload) []store.WARCUpload {
	done := map[string]store.WARCUpload{}
	for _, u := range rows {
		if u.State == store.UploadDone {
			done[u.File] = u
		}
	}
	var out []store.WARCUpload
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			continue
		}
		if u, ok := done[n]; ok && n == filepath.Base(n) {
			out = append(out, u)
		}
	}
	return out
}

// fill links the local files into tmp and fetches the others.
func fill(ctx context.Context, cl *Client, dir, tmp string, names []string, fetch []store.WARCUpload) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("upload: %w", err)
	}
	for _, n := range names {
		if n != filepath.Base(n) {
			continue
		}
		if _, err := os.Stat(filepath.Join(abs, n)); err == nil {
			if err := os.Symlink(filepath.Join(abs, n), filepath.Join(tmp, n)); err != nil {
				return fmt.Errorf("upload: %w", err)
			}
		}
	}
	for _, u := range fetch {
		if err := cl.Fetch(ctx, u.ObjectURL, filepath.Join(tmp, u.File), u.Size, u.SHA256); err != nil {
			return err
		}
	}
	return nil
}
