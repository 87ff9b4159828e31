package spool

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// TestSpoolMemoryThenFile writes across the threshold and reads back at
// every boundary; the file leaves no directory entry behind.
func TestSpoolMemoryThenFile(t *testing.T) {
	dir := t.TempDir()
	s := New(dir, 10)
	defer s.Close()
	want := []byte("0123456789abcdefghijklmnopqrstuvwxyz")
	if _, err := s.Write(want[:8]); err != nil {
		t.Fatal(err)
	}
	if !s.InMemory() {
		t.Fatal("8 bytes of a 10-byte threshold went to a file")
	}
	if _, err := s.Write(want[8:]); err != nil {
		t.Fatal(err)
	}
	if s.InMemory() {
		t.Fatal("36 bytes of a 10-byte threshold stayed in memory")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("spool file visible in %s: %v", dir, ents)
	}
	got, err := io.ReadAll(s.Reader())
	if err != nil || !bytes.Equal(got, want) || s.Size() != int64(len(want)) {
		t.Fatalf("read back %q (%v), size %d", got, err, s.Size())
	}
	p := make([]byte, 10)
	if n, err := s.ReadAt(p, 30); n != 6 || err != io.EOF || string(p[:n]) != "uvwxyz" {
		t.Errorf("ReadAt tail: %d %v %q", n, err, p[:n])
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ReadAt(p, 0); err != ErrClosed {
		t.Errorf("ReadAt after Close: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// TestSpoolInMemory keeps small contents in memory and reads them back.
func TestSpoolInMemory(t *testing.T) {
	s := New(t.TempDir(), 0)
	defer s.Close()
	if _, err := io.WriteString(s, "hello"); err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(s.Reader())
	if string(got) != "hello" || !s.InMemory() {
		t.Errorf("%q in memory=%v", got, s.InMemory())
	}
}

// TestSpoolGrowWriteTo: Grow keeps the bytes, and WriteTo gives them all
// back, in memory and after the move to a file.
func TestSpoolGrowWriteTo(t *testing.T) {
	for _, tc := range []struct {
		name      string
		threshold int
		grow      int
	}{{"memory", 1 << 10, 100}, {"memory, grow past threshold", 64, 1 << 20}, {"file", 8, 4}} {
		t.Run(tc.name, func(t *testing.T) {
			s := New(t.TempDir(), tc.threshold)
			defer s.Close()
			_, _ = s.Write([]byte("abc"))
			s.Grow(tc.grow)
			_, _ = s.Write([]byte("defghijkl"))
			var out bytes.Buffer
			n, err := s.WriteTo(&out)
			if err != nil || n != 12 || out.String() != "abcdefghijkl" {
				t.Fatalf("WriteTo = %d, %v: %q", n, err, out.String())
			}
			if want := tc.threshold >= 12; s.InMemory() != want {
				t.Errorf("in memory %v, want %v", s.InMemory(), want)
			}
		})
	}
}

// TestPoolReuse: a closed in-memory spool's buffer serves the next
// spool, which reads back only its own bytes; a spool that moved to a
// file gives nothing back; the pool keeps at most its count, the largest.
func TestPoolReuse(t *testing.T) {
	for _, tc := range []struct {
		name    string
		buffers int
		writes  []int // bytes written to successive spools, each closed
		kept    []int // minimum capacities of the idle buffers after
	}{
		{"one in memory", 2, []int{100}, []int{100}},
		{"moved to a file", 2, []int{300}, nil},
		{"bounded, largest kept", 2, []int{10, 200, 50, 20}, []int{200, 50}},
		{"no room", 0, []int{10}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := NewPool(t.TempDir(), 256, tc.buffers)
			var open []*Spool
			for _, n := range tc.writes {
				s := p.New()
				for k := 0; k < n; k += 100 { // 300 bytes: 200 in memory first
					if _, err := s.Write(bytes.Repeat([]byte{'x'}, min(100, n-k))); err != nil {
						t.Fatal(err)
					}
				}
				open = append(open, s)
			}
			for _, s := range open {
				if err := s.Close(); err != nil {
					t.Fatal(err)
				}
			}
			if len(p.free) != len(tc.kept) {
				t.Fatalf("%d idle buffers, want %d", len(p.free), len(tc.kept))
			}
			for _, want := range tc.kept {
				if b := p.take(want); b == nil {
					t.Errorf("no idle buffer of %d bytes", want)
				}
			}
		})
	}
}

// TestPoolReusedContents: a spool on a reused buffer holds only what was
// written to it, and the spool that gave the buffer back is closed.
func TestPoolReusedContents(t *testing.T) {
	p := NewPool(t.TempDir(), 0, 1)
	old := p.New()
	_, _ = io.WriteString(old, "the old page, longer")
	_ = old.Close()
	s := p.New()
	defer s.Close()
	s.Grow(10)
	_, _ = io.WriteString(s, "new")
	var out bytes.Buffer
	if _, err := s.WriteTo(&out); err != nil || out.String() != "new" || s.Size() != 3 {
		t.Errorf("reused spool holds %q (%v), size %d", out.String(), err, s.Size())
	}
	if len(p.free) != 0 {
		t.Error("the idle buffer was not reused")
	}
	if _, err := old.ReadAt(make([]byte, 3), 0); err != ErrClosed {
		t.Errorf("ReadAt on the closed spool: %v", err)
	}
}

// TestPoolAllocs: once a buffer is idle, a spool of the same size costs
// only its own struct.
func TestPoolAllocs(t *testing.T) {
	p := NewPool(t.TempDir(), 0, 4)
	body := bytes.Repeat([]byte{'x'}, 64<<10)
	cycle := func() {
		s := p.New()
		s.Grow(len(body))
		_, _ = s.Write(body)
		_ = s.Close()
	}
	cycle()
	if n := testing.AllocsPerRun(50, cycle); n > 1 {
		t.Errorf("%v allocations per pooled spool, want 1", n)
	}
}
