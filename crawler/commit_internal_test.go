package crawler

import (
	"testing"

	"github.com/sharc-archive/sharc/warc"
)

// TestMergeWritten: the written groups waiting for the indexer join the
// one it takes, in the order they were written, with the last one's
// settle mark (warc.Writer.SettleTo may then close only files rotated
// out before the last of them was written); an empty or closed channel
// leaves the group alone.
func TestMergeWritten(t *testing.T) {
	mk := func(n int, settle warc.SettleMark) writtenGroup {
		g := writtenGroup{settle: settle}
		for range n {
			g.group = append(g.group, &archived{})
			g.results = append(g.results, archivedResult{})
		}
		return g
	}
	t.Run("waiting groups join in order", func(t *testing.T) {
		first, second, third := mk(2, 1), mk(3, 1), mk(1, 4)
		written := make(chan writtenGroup, writtenAhead)
		written <- second
		written <- third
		g := mergeWritten(first, written)
		want := append(append(append([]*archived{}, first.group...), second.group...), third.group...)
		if len(g.group) != len(want) || len(g.results) != len(want) {
			t.Fatalf("merged %d exchanges (%d results), want %d", len(g.group), len(g.results), len(want))
		}
		for i := range want {
			if g.group[i] != want[i] {
				t.Fatalf("exchange %d out of order", i)
			}
		}
		if g.settle != 4 {
			t.Errorf("settle mark %d, want the last group's 4", g.settle)
		}
		if len(written) != 0 {
			t.Errorf("%d groups left waiting", len(written))
		}
	})
	t.Run("nothing waiting", func(t *testing.T) {
		written := make(chan writtenGroup, writtenAhead)
		if g := mergeWritten(mk(2, 7), written); len(g.group) != 2 || g.settle != 7 {
			t.Errorf("got %d exchanges, mark %d; want 2 and 7", len(g.group), g.settle)
		}
	})
	t.Run("closed", func(t *testing.T) {
		written := make(chan writtenGroup, writtenAhead)
		written <- mk(1, 9)
		close(written)
		if g := mergeWritten(mk(2, 7), written); len(g.group) != 3 || g.settle != 9 {
			t.Errorf("got %d exchanges, mark %d; want 3 and 9", len(g.group), g.settle)
		}
	})
}
