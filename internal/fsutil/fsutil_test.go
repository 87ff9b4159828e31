package fsutil

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteAtomic: the file has OutputPerm under a 022 umask, its
// content whole; a failed write leaves neither the file nor a temporary.
func TestWriteAtomic(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	p := filepath.Join(dir, "report.txt")
	if err := WriteAtomic(p, func(f *os.File) error { _, err := f.WriteString("all of it\n"); return err }); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v (%v), want 0644", fi.Mode().Perm(), err)
	}
	if b, _ := os.ReadFile(p); string(b) != "all of it\n" {
		t.Errorf("content %q", b)
	}
	boom := errors.New("boom")
	q := filepath.Join(dir, "failed.txt")
	if err := WriteAtomic(q, func(*os.File) error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("err %v, want boom", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("after a failed write the folder holds %d entries, want only report.txt", len(ents))
	}
}
