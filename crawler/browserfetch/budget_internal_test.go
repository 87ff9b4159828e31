package browserfetch

import (
	"bytes"
	"errors"
	"io"
	"sync"
	"testing"
)

// Bodies read at once through their shares of one budget never draw
// more than it between them, and as many as fit are kept: one without
// room waits while others are read, and fails, giving its bytes back,
// only when all others wait too. The page's document is cut to fit
// instead; a body read without Reader is drawn on when settled.
func TestBudgetBoundsConcurrentReads(t *testing.T) {
	const limit, n, size = 1 << 20, 16, 200 << 10
	page := newPageBudget(limit, nil)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var kept int64
	for range n {
		wg.Go(func() {
			b := &Budget{page: page}
			body, err := io.ReadAll(b.Reader(bytes.NewReader(make([]byte, size))))
			if err != nil {
				if !errors.Is(err, ErrPageBytes) {
					t.Errorf("read: %v", err)
				}
				b.release()
				return
			}
			if k, ok := b.settle(int64(len(body))); ok {
				mu.Lock()
				kept += k
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if kept > limit || kept <= limit-size || page.held != kept || !page.wasCut() {
		t.Fatalf("bodies kept %d bytes, budget holds %d, cut %v; want as many bodies as fit in %d, all counted", kept, page.held, page.wasCut(), limit)
	}
	doc := &Budget{page: newPageBudget(100, nil), cutAt: true}
	if body, err := io.ReadAll(doc.Reader(bytes.NewReader(make([]byte, 300)))); err != nil || len(body) != 100 || !doc.page.wasCut() {
		t.Errorf("document: %d bytes, %v, cut %v; want its first 100, cut", len(body), err, doc.page.wasCut())
	}
	raw := &Budget{page: newPageBudget(100, nil)}
	if _, ok := raw.settle(300); ok || raw.page.held != 0 || !raw.page.spent() {
		t.Errorf("a body read without Reader past the budget was kept (held %d)", raw.page.held)
	}
}
