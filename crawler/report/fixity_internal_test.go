package report

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHashWARCs: a file is hashed; one that is missing, a directory, or
// named outside the folder gets a problem instead of a hash; no folder
// leaves every file unhashed; a cancelled context stops.
func TestHashWARCs(t *testing.T) {
	dir := t.TempDir()
	content := []byte(strings.Repeat("WARC/1.1\r\n", 100_000)) // several read buffers
	if err := os.WriteFile(filepath.Join(dir, "a.warc.gz"), content, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "d.warc.gz"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(filepath.Dir(dir), "outside.warc.gz"), content, 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(content)
	files := []string{"a.warc.gz", "missing.warc.gz", "d.warc.gz", "../outside.warc.gz", ".."}
	fx, err := hashWARCs(context.Background(), dir, files)
	if err != nil {
		t.Fatal(err)
	}
	want := []FileFixity{
		{File: "a.warc.gz", Bytes: int64(len(content)), SHA256: hex.EncodeToString(sum[:])},
		{File: "missing.warc.gz", Problem: "file not found"},
		{File: "d.warc.gz", Problem: "not a regular file"},
		{File: "../outside.warc.gz", Problem: errNotPlainName.Error()},
		{File: "..", Problem: errNotPlainName.Error()},
	}
	if len(fx.Files) != len(want) {
		t.Fatalf("%d files, want %d", len(fx.Files), len(want))
	}
	for i := range want {
		if fx.Files[i] != want[i] {
			t.Errorf("file %d: %+v, want %+v", i, fx.Files[i], want[i])
		}
	}
	if fx.Hashed() != 1 {
		t.Errorf("hashed %d, want 1", fx.Hashed())
	}
	none, err := hashWARCs(context.Background(), "", []string{"a.warc.gz"})
	if err != nil || none.Hashed() != 0 || !strings.Contains(none.Files[0].Problem, "not given") {
		t.Errorf("without a folder: %+v, %v", none, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := hashWARCs(ctx, dir, []string{"a.warc.gz"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
