package upload

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
)

// ErrObject is wrapped by Open's and Fetch's errors when the stored
// object is missing or is not the file that was uploaded: the archive's
// copy needs an operator, and a retry does not help.
var ErrObject = errors.New("object missing or altered")

// Reader reads one uploaded object. Read, Seek and ReadAt go to the
// server (minio-go fetches ranges as needed). A read that runs from
// offset 0 to the end without a Seek is checked against the SHA-256
// recorded at upload: on a mismatch the last Read returns an error
// instead of the last bytes, so a whole-file copy never ends cleanly
// with altered content.
type Reader struct {
	obj     *minio.Object
	url     string
	size    int64
	modTime time.Time
	want    string // hex SHA-256 recorded at upload

	h   hash.Hash // nil once a Seek breaks the sequential read
	pos int64
}

var _ io.ReadSeekCloser = (*Reader)(nil)
var _ io.ReaderAt = (*Reader)(nil)

// Open opens the object at objectURL (s3://bucket/key) for reading and
// checks, before any byte is read, that it still has the size and the
// SHA-256 metadata recorded when it was uploaded (wantSize, wantSHA256).
func (c *Client) Open(ctx context.Context, objectURL string, wantSize int64, wantSHA256 string) (*Reader, error) {
	bucket, key, err := parseObjectURL(objectURL)
	if err != nil {
		return nil, err
	}
	info, err := c.mc.StatObject(ctx, bucket, key, minio.StatObjectOptions{})
	if err != nil {
		if minio.ToErrorResponse(err).Code == "NoSuchKey" {
			return nil, fmt.Errorf("upload: %s: %w: the server has no such object", objectURL, ErrObject)
		}
		return nil, c.explain("stat "+key, err)
	}
	if info.Size != wantSize || info.UserMetadata[metaSHA256] != wantSHA256 {
		return nil, fmt.Errorf("upload: %s: %w: object has %d bytes and SHA-256 metadata %q, the upload recorded %d bytes and %s",
			objectURL, ErrObject, info.Size, info.UserMetadata[metaSHA256], wantSize, wantSHA256)
	}
	obj, err := c.mc.GetObject(ctx, bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, c.explain("get "+key, err)
	}
	return &Reader{obj: obj, url: objectURL, size: info.Size, modTime: info.LastModified, want: wantSHA256, h: sha256.New()}, nil
}

// Size is the object's length in bytes.
func (r *Reader) Size() int64 { return r.size }

// ModTime is when the object was stored.
func (r *Reader) ModTime() time.Time { return r.modTime }

// Read reads sequentially; see Reader for the end-of-object check.
func (r *Reader) Read(p []byte) (int, error) {
	n, err := r.obj.Read(p)
	if r.h == nil || n == 0 {
		r.pos += int64(n)
		return n, err
	}
	r.h.Write(p[:n])
	r.pos += int64(n)
	if r.pos == r.size {
		got := hex.EncodeToString(r.h.Sum(nil))
		r.h = nil
		if got != r.want {
			return 0, fmt.Errorf("upload: %s: %w: its bytes have SHA-256 %s, the upload recorded %s", r.url, ErrObject, got, r.want)
		}
	}
	return n, err
}

// Seek moves the read position; any move but to the start ends the
// whole-object check (a range cannot be hashed against the whole file).
func (r *Reader) Seek(off int64, whence int) (int64, error) {
	n, err := r.obj.Seek(off, whence)
	if err != nil {
		return n, err
	}
	if n != r.pos {
		r.h = nil
		if n == 0 {
			r.h = sha256.New()
		}
	}
	r.pos = n
	return n, nil
}

// ReadAt reads len(p) bytes at off, without the whole-object check.
func (r *Reader) ReadAt(p []byte, off int64) (int, error) { return r.obj.ReadAt(p, off) }

// Close releases the object.
func (r *Reader) Close() error { return r.obj.Close() }

// Fetch copies the object at objectURL to the new file dst and checks
// its size and SHA-256 against the recorded ones; on any failure dst is
// removed.
func (c *Client) Fetch(ctx context.Context, objectURL, dst string, wantSize int64, wantSHA256 string) (err error) {
	r, err := c.Open(ctx, objectURL, wantSize, wantSHA256)
	if err != nil {
		return err
	}
	defer r.Close()
	f, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return fmt.Errorf("upload: fetch %s: %w", objectURL, err)
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			_ = os.Remove(dst)
		}
	}()
	n, err := io.Copy(f, r)
	if err != nil {
		return fmt.Errorf("upload: fetch %s: %w", objectURL, err)
	}
	if n != wantSize {
		return fmt.Errorf("upload: fetch %s: %w: read %d bytes, the upload recorded %d", objectURL, ErrObject, n, wantSize)
	}
	return nil
}

// parseObjectURL splits s3://bucket/key.
func parseObjectURL(u string) (bucket, key string, err error) {
	rest, ok := strings.CutPrefix(u, "s3://")
	bucket, key, ok2 := strings.Cut(rest, "/")
	if !ok || !ok2 || bucket == "" || key == "" {
		return "", "", fmt.Errorf("upload: object URL %q: want s3://bucket/key", u)
	}
	return bucket, key, nil
}
