package browserfetch

import (
	"errors"
	"io"
	"sync"
)

// A page's byte budget (Options.MaxPageBytes) is a reservation, not a
// tally: each body draws on it as it is read. Up to MaxPending requests
// are fetched at once; a check before each fetch and a count after it
// let them all pass while the count was still low, each holding its
// whole body (a page of 32 images on 32 hosts held 32 times its budget).

// ErrPageBytes fails a request whose body would take its page past
// Options.MaxPageBytes, and every request the page makes after that.
var ErrPageBytes = errors.New("browserfetch: max_page_bytes reached")

// pageBudget is one page's byte budget; its mutex also guards the
// fields of the Budgets drawing on it.
type pageBudget struct {
	limit int64           // ≤ 0: none
	done  <-chan struct{} // the page ends: a draw waiting for room fails

	mu      sync.Mutex
	held    int64 // drawn by the bodies being read and those handed to the page
	cut     bool  // a request was refused or the document cut for the budget
	reading int   // bodies that hold bytes and are still being read
	stalled int   // of those, the ones waiting for room
	// freed is closed, and replaced, when a body ends (handed or
	// dropped): a draw waiting for room looks again.
	freed chan struct{}
}

func newPageBudget(limit int64, done <-chan struct{}) *pageBudget {
	return &pageBudget{limit: limit, done: done, freed: make(chan struct{})}
}

// signalLocked wakes the draws waiting for room.
func (p *pageBudget) signalLocked() {
	close(p.freed)
	p.freed = make(chan struct{})
}

// spent reports whether the page may fetch no more: a request was
// refused for the budget already, or nothing of it is left. Once spent,
// it stays spent (later requests fail, as they always did), even if a
// refused body gave its bytes back.
func (p *pageBudget) spent() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.limit > 0 && p.held >= p.limit {
		p.cut = true
	}
	return p.cut
}

func (p *pageBudget) wasCut() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.cut
}

// Budget is one request's share of its page's byte budget
// (Request.Budget). A FetchFunc reads the body through Reader: the
// bodies of one page, those being read and those handed to it, then
// never hold more than Options.MaxPageBytes between them, however many
// are read at once. A body read otherwise is drawn on whole when the
// FetchFunc returns it, too late to bound what reading it held.
// A nil *Budget is no budget.
type Budget struct {
	page *pageBudget
	// cutAt: the page's own document is cut where the budget ends rather
	// than failed; a page gets its document's head, not no page at all.
	cutAt bool

	drawn  int64 // under page.mu
	closed bool  // under page.mu: settled or released, no longer read
}

// Reader returns r drawing on the budget as it is read. A read that
// would pass the budget fails with ErrPageBytes (the document ends
// there instead, cut).
func (b *Budget) Reader(r io.Reader) io.Reader {
	if b == nil {
		return r
	}
	return &budgetReader{b: b, r: r}
}

type budgetReader struct {
	b    *Budget
	r    io.Reader
	done bool // cut at the budget: nothing more is read
}

func (br *budgetReader) Read(p []byte) (int, error) {
	if br.done {
		return 0, io.EOF
	}
	n, err := br.r.Read(p)
	if n == 0 {
		return 0, err
	}
	got, ok := br.b.draw(int64(n))
	switch {
	case ok:
		return n, err
	case br.b.cutAt:
		br.done = true
		return int(got), io.EOF
	}
	return 0, ErrPageBytes
}

// draw takes n bytes for b's body. Without room it waits, while another
// of the page's bodies is still being read and may yet end and free
// some; when every other one waits too, nothing can: it fails, giving
// the others the room (the document takes what is left instead).
// Bodies the page cannot hold all at once are so handed one after the
// other, as far as the budget goes, rather than all failed together.
func (b *Budget) draw(n int64) (got int64, ok bool) {
	p := b.page
	p.mu.Lock()
	defer p.mu.Unlock()
	for !b.closed {
		room := p.limit - p.held
		switch {
		case p.limit <= 0 || n <= room:
			b.holdLocked(n)
			return n, true
		case b.cutAt:
			b.holdLocked(max(room, 0))
			p.cut = true
			return max(room, 0), false
		case p.reading-p.stalled-b.holding() <= 0 || !b.waitLocked():
			p.cut = true
			return 0, false
		}
	}
	return 0, false // a FetchFunc still reading after it returned
}

func (b *Budget) holding() int {
	if b.drawn > 0 {
		return 1
	}
	return 0
}

func (b *Budget) holdLocked(n int64) {
	if b.drawn == 0 && n > 0 {
		b.page.reading++
	}
	b.drawn += n
	b.page.held += n
}

// waitLocked waits, unlocked, until a body ends or the page does; it
// reports false for the page's end.
func (b *Budget) waitLocked() bool {
	p, holds := b.page, b.holding()
	ch := p.freed
	p.stalled += holds
	p.mu.Unlock()
	ok := true
	select {
	case <-ch:
	case <-p.done:
		ok = false
	}
	p.mu.Lock()
	p.stalled -= holds
	return ok
}

// closeLocked ends b's reading.
func (b *Budget) closeLocked() {
	if !b.closed && b.drawn > 0 {
		b.page.reading--
	}
	b.closed = true
	b.page.signalLocked()
}

// settle makes what b drew the n bytes of the body handed to the page:
// it draws what was read without Reader and gives back what was read
// and dropped. It returns how many of the n the page gets: all, or of
// the document what fits; ok is false, all given back, when another
// body does not fit.
func (b *Budget) settle(n int64) (keep int64, ok bool) {
	p := b.page
	p.mu.Lock()
	defer p.mu.Unlock()
	b.closeLocked()
	if n < b.drawn {
		p.held -= b.drawn - n
		b.drawn = n
	}
	if room := p.limit - p.held; n > b.drawn && p.limit > 0 && n-b.drawn > room {
		if !b.cutAt {
			p.held -= b.drawn
			b.drawn, p.cut = 0, true
			return 0, false
		}
		n, p.cut = b.drawn+max(room, 0), true
	}
	p.held += n - b.drawn
	b.drawn = n
	return n, true
}

// release gives back all b drew: its body was dropped.
func (b *Budget) release() {
	p := b.page
	p.mu.Lock()
	defer p.mu.Unlock()
	b.closeLocked()
	p.held -= b.drawn
	b.drawn = 0
}
