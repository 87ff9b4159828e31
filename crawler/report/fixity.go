package report

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/store"
)

// Fixity holds the size and SHA-256 of every WARC file of a capture, as
// they were when the report was built: anyone holding the files can run
// `sha256sum` and compare. They are part of the stored report, so the
// HTML shows the same figures every time it is rendered, even when the
// files are no longer where they were.
type Fixity struct {
	// Files has one entry per WARC file named by the capture's records
	// (Summary.WARCFiles), in the same order.
	Files []FileFixity `json:"files"`
}

// FileFixity is one WARC file's size and hash.
type FileFixity struct {
	File string `json:"file"`
	// Bytes is the file's size; SHA256 its hash in lower-case hex. Both
	// are empty when Problem says why the file could not be read.
	Bytes   int64  `json:"bytes"`
	SHA256  string `json:"sha256,omitempty"`
	Problem string `json:"problem,omitempty"`
}

// Hashed counts the files whose hash was computed.
func (f Fixity) Hashed() int {
	n := 0
	for _, ff := range f.Files {
		if ff.SHA256 != "" {
			n++
		}
	}
	return n
}

// hashBuffer is the read size while hashing: large enough that reading a
// multi-gigabyte WARC file costs few system calls, small enough not to
// matter.
const hashBuffer = 256 << 10

// warcDir is where the capture's WARC files are: the option, else, when
// the job's warc.dir is absolute (a relative one was relative to the job
// file, unknown here), the capture folder's warcs/ there (package jobdir),
// or warc.dir itself for a capture written before capture folders.
func warcDir(opts Options, j *job.Job, c store.Capture) string {
	if opts.WARCDir != "" {
		return opts.WARCDir
	}
	if j != nil && filepath.IsAbs(j.WARC.Dir) {
		return jobdir.WARCDir(j.WARC.Dir, c.ID, c.Started)
	}
	return ""
}

// hashWARCs hashes each named file in dir, streaming. A file that cannot
// be read gets a Problem, not an error: the report is still worth having.
// Only a cancelled ctx is an error.
func hashWARCs(ctx context.Context, dir string, files []string) (Fixity, error) {
	fx := Fixity{Files: make([]FileFixity, 0, len(files))}
	for _, name := range files {
		ff := FileFixity{File: name}
		if dir == "" {
			ff.Problem = "the folder holding the WARC files was not given when this report was built"
		} else if err := hashFile(ctx, dir, &ff); err != nil {
			if ctx.Err() != nil {
				return fx, fmt.Errorf("report: fixity: %w", ctx.Err())
			}
			ff.Problem = err.Error()
		}
		fx.Files = append(fx.Files, ff)
	}
	return fx, nil
}

// errNotPlainName rejects a file name from the index that would reach
// outside the WARC directory.
var errNotPlainName = errors.New("not a plain file name")

func hashFile(ctx context.Context, dir string, ff *FileFixity) error {
	if ff.File != filepath.Base(ff.File) || ff.File == "." || ff.File == ".." {
		return errNotPlainName
	}
	f, err := os.Open(filepath.Join(dir, ff.File))
	if errors.Is(err, os.ErrNotExist) {
		return errors.New("file not found")
	}
	if err != nil {
		return fmt.Errorf("cannot open: %w", err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return errors.New("not a regular file")
	}
	h := sha256.New()
	n, err := io.CopyBuffer(h, ctxReader{ctx, f}, make([]byte, hashBuffer))
	if err != nil {
		return fmt.Errorf("cannot read: %w", err)
	}
	ff.Bytes, ff.SHA256 = n, hex.EncodeToString(h.Sum(nil))
	return nil
}

// ctxReader stops a long read when ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
