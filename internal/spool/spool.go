package spool

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"
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
	pool      *Pool // where the memory comes from and goes back to, or nil
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
		s.reserve(min(n, s.threshold-len(s.mem)))
	}
}

// reserve makes room in memory for n more bytes, with a buffer from the
// pool if it has one big enough.
func (s *Spool) reserve(n int) {
	if cap(s.mem)-len(s.mem) >= n {
		return
	}
	if s.pool != nil {
		if b := s.pool.take(len(s.mem) + n); b != nil {
			old := s.mem
			s.mem = append(b, old...)
			s.pool.give(old)
			return
		}
	}
	s.mem = slices.Grow(s.mem, n)
}

// Write appends p.
func (s *Spool) Write(p []byte) (int, error) {
	if s.closed {
		return 0, ErrClosed
	}
	if s.f == nil && len(s.mem)+len(p) <= s.threshold {
		s.reserve(len(p))
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
	s.mem = nil // not given to the pool: a spool this large is not typical
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
	if s.pool != nil && s.f == nil {
		s.pool.give(s.mem)
	}
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

// Pool is a bounded free list of the memory of closed Spools. A stream
// of short-lived spools (one per fetched page, one per WARC record) then
// reuses a few buffers instead of allocating and zeroing one each, which
// made them the crawler's largest allocations. A buffer of a spool that
// moved to a file is never kept, so the pool holds at most its buffer
// count times the threshold.
//
// A Pool is safe for concurrent use.
type Pool struct {
	dir       string
	threshold int
	max       int // buffers kept at most
	mu        sync.Mutex
	free      [][]byte
}

// NewPool returns a Pool of Spools as New(dir, threshold) makes them,
// keeping up to buffers idle buffers.
func NewPool(dir string, threshold, buffers int) *Pool {
	if threshold <= 0 {
		threshold = Threshold
	}
	return &Pool{dir: dir, threshold: threshold, max: max(buffers, 0)}
}

// New returns an empty Spool whose memory comes from p if it can, and
// goes back to p when the Spool is closed. Nothing may use the Spool,
// nor anything read from it in place, after Close.
func (p *Pool) New() *Spool {
	return &Spool{dir: p.dir, threshold: p.threshold, pool: p}
}

// take removes and returns the smallest idle buffer with room for n
// bytes, emptied, or nil if there is none.
func (p *Pool) take(n int) []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	best := -1
	for i, b := range p.free {
		if cap(b) >= n && (best < 0 || cap(b) < cap(p.free[best])) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	b := p.free[best]
	last := len(p.free) - 1
	p.free[best], p.free[last] = p.free[last], nil
	p.free = p.free[:last]
	return b[:0]
}

// give keeps b for reuse: in a free slot, else in place of the smallest
// idle buffer if b is larger (large buffers are the ones worth keeping).
func (p *Pool) give(b []byte) {
	if cap(b) == 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free) < p.max {
		p.free = append(p.free, b)
		return
	}
	small := -1
	for i, f := range p.free {
		if small < 0 || cap(f) < cap(p.free[small]) {
			small = i
		}
	}
	if small >= 0 && cap(b) > cap(p.free[small]) {
		p.free[small] = b
	}
}
