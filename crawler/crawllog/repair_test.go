package crawllog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRepairTail: after the mark, lines keep says no to are cut, lines it
// keeps stay in order, a torn last line goes, and a repair cut short
// (its side file saved, the log not yet rewritten) is finished by the
// next call without asking keep again.
func TestRepairTail(t *testing.T) {
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	line := func(status int, uri string) string {
		return Format(Entry{Time: at, Status: status, Size: 10, URI: uri, HopPath: "L", Worker: 1}) + "\n"
	}
	head := line(200, "http://a.test/") + line(200, "http://a.test/1")
	tail := line(200, "http://a.test/2") + line(-5003, "http://a.test/dropped") + line(-2, "http://a.test/3") + `2026-11-24T12:00:00.000Z   200 10 http://a.te`
	keepNegative := func(es []Entry) ([]bool, error) {
		k := make([]bool, len(es))
		for i, e := range es {
			k[i] = e.Status == -5003
		}
		return k, nil
	}
	tests := []struct {
		name, file string
		mark       int64
		side       *string // a side file left by an interrupted repair
		want       string
		dropped    int
	}{
		{"cut the lost commit's lines", head + tail, int64(len(head)), nil, head + line(-5003, "http://a.test/dropped"), 3},
		{"nothing after the mark", head, int64(len(head)), nil, head, 0},
		{"shorter than the mark", head, int64(len(head)) + 100, nil, head, 0},
		{"finish an interrupted repair", head + tail, int64(len(head)), ptr(line(-5003, "http://a.test/dropped")), head + line(-5003, "http://a.test/dropped"), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "crawl.log")
			if err := os.WriteFile(path, []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			keep := keepNegative
			if tt.side != nil {
				if err := os.WriteFile(path+".repair", []byte(*tt.side), 0o644); err != nil {
					t.Fatal(err)
				}
				keep = func([]Entry) ([]bool, error) { t.Fatal("keep asked again"); return nil, nil }
			}
			dropped, err := RepairTail(path, tt.mark, keep)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(path)
			if string(got) != tt.want || dropped != tt.dropped {
				t.Errorf("got %d dropped, file\n%s\nwant %d dropped, file\n%s", dropped, got, tt.dropped, tt.want)
			}
			if _, err := os.Stat(path + ".repair"); !os.IsNotExist(err) {
				t.Errorf("side file left: %v", err)
			}
			if again, err := RepairTail(path, tt.mark, keepNegative); err != nil || again != 0 {
				t.Errorf("a second repair dropped %d lines (%v); want none", again, err)
			}
			if w, err := Open(path); err != nil || w.Size() != int64(len(tt.want)) || !strings.HasSuffix(tt.want, "\n") {
				t.Errorf("reopened: %v", err)
			} else {
				w.Close()
			}
		})
	}
}

func ptr(s string) *string { return &s }
