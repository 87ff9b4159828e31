package daemon

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/crawler/wacz"
)

// TestStageCommitted: of each WARC file the store indexed, the staged
// folder has the closed file (linked) or the committed prefix of the
// open one (copied); a file renamed closed meanwhile is read closed; an
// open file shorter than its indexed end, or a name with a folder in it,
// is an error; a file neither closed nor open is left for FromCapture to
// call missing.
func TestStageCommitted(t *testing.T) {
	for _, tc := range []struct {
		name   string
		closed map[string]string // closed files in the WARC folder
		open   map[string]string // NAME.open files
		ends   map[string]int64
		want   map[string]string // staged files
		err    string
	}{
		{name: "all closed", closed: map[string]string{"a.warc.gz": "AAAA"}, ends: map[string]int64{"a.warc.gz": 4},
			want: map[string]string{"a.warc.gz": "AAAA"}},
		{name: "open cut at the committed end", closed: map[string]string{"a.warc.gz": "AAAA"}, open: map[string]string{"b.warc.gz": "committed|half a rec"},
			ends: map[string]int64{"a.warc.gz": 4, "b.warc.gz": 9}, want: map[string]string{"a.warc.gz": "AAAA", "b.warc.gz": "committed"}},
		{name: "open file shorter than its end", open: map[string]string{"b.warc.gz": "short"}, ends: map[string]int64{"b.warc.gz": 9}, err: "the store indexed records up to 9"},
		{name: "missing left out", open: map[string]string{"b.warc.gz": "bb"}, ends: map[string]int64{"b.warc.gz": 2, "gone.warc.gz": 7},
			want: map[string]string{"b.warc.gz": "bb"}},
		{name: "bad name", ends: map[string]int64{"../x.warc.gz": 1}, err: "bad WARC file name"},
		{name: "hidden name", ends: map[string]int64{".snapshot-1": 1}, err: "bad WARC file name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for n, b := range tc.closed {
				if err := os.WriteFile(filepath.Join(dir, n), []byte(b), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for n, b := range tc.open {
				if err := os.WriteFile(filepath.Join(dir, n+".open"), []byte(b), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			staged, cleanup, err := stageCommitted(dir, dir, tc.ends)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err %v, want %q", err, tc.err)
				}
				if m, _ := filepath.Glob(filepath.Join(dir, ".snapshot-*")); len(m) != 0 {
					t.Errorf("staging folders left: %v", m)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			des, _ := os.ReadDir(staged)
			got := map[string]string{}
			for _, de := range des {
				if strings.HasSuffix(de.Name(), ".open") || de.IsDir() {
					continue
				}
				b, err := os.ReadFile(filepath.Join(staged, de.Name()))
				if err != nil {
					t.Fatal(err)
				}
				got[de.Name()] = string(b)
			}
			if len(got) != len(tc.want) {
				t.Errorf("staged %q, want %q", got, tc.want)
			}
			for n, b := range tc.want {
				if got[n] != b {
					t.Errorf("%s: %q, want %q", n, got[n], b)
				}
			}
			cleanup()
			if len(tc.open) > 0 {
				if _, err := os.Stat(staged); !os.IsNotExist(err) {
					t.Errorf("staging folder %s not removed: %v", staged, err)
				}
			}
		})
	}
}

// TestCopyCommittedRenamed: a file the crawl closed (renamed from .open)
// between the look and the copy is copied from its closed name.
func TestCopyCommittedRenamed(t *testing.T) {
	dir := t.TempDir()
	closed := filepath.Join(dir, "a.warc.gz")
	if err := os.WriteFile(closed, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "a.warc.gz")
	if err := copyCommitted(dst, closed, closed+".open", 6); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(dst); string(b) != "012345" {
		t.Errorf("copied %q", b)
	}
	err := copyCommitted(filepath.Join(t.TempDir(), "x"), filepath.Join(dir, "none"), filepath.Join(dir, "none.open"), 1)
	if !errors.Is(err, wacz.ErrWARCMissing) {
		t.Errorf("neither file: %v, want ErrWARCMissing", err)
	}
}

// TestStageCommittedRemovesLeftovers: a staging folder a killed daemon
// left in the WARC folder is removed by the next build of the capture.
func TestStageCommittedRemovesLeftovers(t *testing.T) {
	dir := t.TempDir()
	left := filepath.Join(dir, ".snapshot-left")
	if err := os.MkdirAll(left, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(left, "b.warc.gz"), []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "b.warc.gz.open"), []byte("bb|more"), 0o644); err != nil {
		t.Fatal(err)
	}
	staged, cleanup, err := stageCommitted(dir, dir, map[string]int64{"b.warc.gz": 2})
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	if _, err := os.Stat(left); !os.IsNotExist(err) {
		t.Errorf("leftover staging folder still there: %v", err)
	}
	if b, err := os.ReadFile(filepath.Join(staged, "b.warc.gz")); err != nil || string(b) != "bb" {
		t.Errorf("staged %q %v, want the committed prefix", b, err)
	}
}
