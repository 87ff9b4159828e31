package spool

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
)

// Threshold is how many bytes a Spool keeps in memory before it moves its
// contents to a temporary file.
const Threshold = 1 << 20

// ErrClosed is returned by operations on a closed Spool.
var ErrClosed = errors.New("spool: closed")

// Spool is an io.Writer whose contents can be read back at any offset.
// The zero value is not usable; call New.
type Spool struct {
	dir       string
	threshold int
	mem       []byte
	f         *os.File
	name      string // set only if the file could not be unlinked at once
	size      int64
	closed    bool
}

// New returns an empty Spool keeping up to threshold bytes in memory
// (threshold <= 0 means Threshold) and the rest in a file in dir ("" means
// os.TempDir).
func New(dir string, threshold int) *Spool {
	if threshold <= 0 {
		threshold = Threshold
	}
	return &Spool{dir: dir, threshold: threshold}
}

// Grow makes room in memory for n more bytes (as far as the threshold
// allows), so that a writer that knows its size, such as a response with
// a Content-Length, fills one buffer instead of a doubling series.
func (s *Spool) Grow(n int) {
	if s.f == nil && n > 0 {
		s.mem = slices.Grow(s.mem, min(n, s.threshold-len(s.mem)))
	}
}

// Write appends p.
func (s *Spool) Write(p []byte) (int, error) {
	if s.closed {
		return 0, ErrClosed
	}
	if s.f == nil && len(s.mem)+len(p) <= s.threshold {
		s.mem = append(s.mem, p...)
		s.size += int64(len(p))
		return len(p), nil
	}
	if s.f == nil {
		if err := s.toFile(); err != nil {
			return 0, err
		}
	}
	n, err := s.f.WriteAt(p, s.size)
	s.size += int64(n)
	if err != nil {
		return n, fmt.Errorf("spool: %w", err)
	}
	return n, nil
}

// toFile moves the in-memory bytes to a new, unlinked temporary file.
func (s *Spool) toFile() error {
	f, err := os.CreateTemp(s.dir, ".sharc-spool-*")
	if err != nil {
		return fmt.Errorf("spool: %w", err)
	}
	if err := os.Remove(f.Name()); err != nil {
		s.name = f.Name() // cannot unlink an open file here: remove on Close
	}
	s.f = f
	if _, err := f.WriteAt(s.mem, 0); err != nil {
		return fmt.Errorf("spool: %w", err)
	}
	s.mem = nil
	return nil
}

// Size returns the number of bytes written.
func (s *Spool) Size() int64 { return s.size }

// InMemory reports whether the contents are still held in memory.
func (s *Spool) InMemory() bool { return s.f == nil }

// ReadAt implements io.ReaderAt over the bytes written.
func (s *Spool) ReadAt(p []byte, off int64) (int, error) {
	if s.closed {
		return 0, ErrClosed
	}
	if off < 0 {
		return 0, errors.New("spool: negative offset")
	}
	if off >= s.size {
		return 0, io.EOF
	}
	if s.f == nil {
		n := copy(p, s.mem[off:])
		if n < len(p) {
			return n, io.EOF
		}
		return n, nil
	}
	if rest := s.size - off; int64(len(p)) > rest {
		n, err := s.f.ReadAt(p[:rest], off)
		if err == nil {
			err = io.EOF
		}
		return n, err
	}
	return s.f.ReadAt(p, off)
}

// Reader returns a reader over everything written so far.
func (s *Spool) Reader() *io.SectionReader { return io.NewSectionReader(s, 0, s.size) }

// WriteTo writes the contents to w: in one Write while they are in
// memory (no copy buffer), else from the file.
func (s *Spool) WriteTo(w io.Writer) (int64, error) {
	if s.closed {
		return 0, ErrClosed
	}
	if s.f == nil {
		n, err := w.Write(s.mem)
		return int64(n), err
	}
	return io.Copy(w, io.NewSectionReader(s.f, 0, s.size))
}

// Close releases the memory and the temporary file. It is safe to call
// more than once and on a nil Spool.
func (s *Spool) Close() error {
	if s == nil || s.closed {
		return nil
	}
	s.closed = true
	s.mem = nil
	if s.f == nil {
		return nil
	}
	err := s.f.Close()
	if s.name != "" {
		if rerr := os.Remove(s.name); err == nil {
			err = rerr
		}
	}
	return err
}
