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
