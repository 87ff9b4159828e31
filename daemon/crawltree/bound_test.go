package crawltree_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/daemon/crawltree"
	"github.com/sharc-archive/sharc/store"
)

// noLoad is a real store that fails the test when a capture's whole
// frontier is loaded.
type noLoad struct {
	store.Store
	t *testing.T
}

func (s noLoad) Frontier(ctx context.Context, captureID int64) ([]store.FrontierURL, error) {
	s.t.Errorf("capture %d's frontier loaded", captureID)
	return s.Store.Frontier(ctx, captureID)
}

// TestBuildRefusesBeforeLoading: a capture of more URLs than the budget
// is refused with the URL count, its frontier never loaded; at the budget
// it is built.
func TestBuildRefusesBeforeLoading(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "sharc.db"), zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	j, err := st.UpsertJob(ctx, "big", "name: big")
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := st.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil {
		t.Fatal(err)
	}
	const n = 300
	b := store.Batch{CaptureID: c.ID}
	for i := range n {
		host := fmt.Sprintf("h%d.test", i%3)
		u := store.FrontierURL{URL: fmt.Sprintf("http://%s/%d", host, i), SURT: fmt.Sprintf("test,%s)/%d", host, i), Host: host,
			Seq: i / 3, ParentSeq: -1, State: store.StateDone}
		b.Discovered = append(b.Discovered, u)
	}
	if err := st.Commit(ctx, b); err != nil {
		t.Fatal(err)
	}
	_, err = crawltree.BuildAtMost(ctx, noLoad{st, t}, c.ID, n-1)
	if want := fmt.Sprintf("crawltree: capture %d has %d URLs, more than %d", c.ID, n, n-1); !errors.Is(err, crawltree.ErrTooLarge) || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("BuildAtMost(%d) of %d URLs: %v, want %q", n-1, n, err, want)
	}
	tree, err := crawltree.BuildAtMost(ctx, st, c.ID, n)
	if err != nil || tree.Pages != n {
		t.Fatalf("BuildAtMost(%d) of %d URLs: %v, %v", n, n, tree, err)
	}
}
