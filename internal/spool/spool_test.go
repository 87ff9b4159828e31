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
