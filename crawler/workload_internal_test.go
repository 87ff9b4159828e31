package crawler

import (
	"testing"
	"time"
)

// gatherHarness is a Crawler with only what gather reads, and a window
// that ends when the test closes it.
func gatherHarness() (*Crawler, chan time.Time) {
	end := make(chan time.Time)
	w := newWorkload()
	w.window = func(time.Duration) <-chan time.Time { return end }
	c := &Crawler{}
	c.busy = w
	return c, end
}

func TestGather(t *testing.T) {
	t.Run("nobody busy: what is queued, at once", func(t *testing.T) {
		c, _ := gatherHarness()
		in := make(chan *archived, 8)
		in <- &archived{}
		in <- &archived{}
		if g := c.gather(in, &archived{}); len(g) != 3 {
			t.Fatalf("group of %d, want the first and the 2 queued", len(g))
		}
	})
	t.Run("at most maxGroup", func(t *testing.T) {
		c, _ := gatherHarness()
		in := make(chan *archived, 2*maxGroup)
		for i := 0; i < 2*maxGroup; i++ {
			in <- &archived{}
		}
		if g := c.gather(in, &archived{}); len(g) != maxGroup {
			t.Fatalf("group of %d, want %d", len(g), maxGroup)
		}
	})
	t.Run("a busy worker's exchange joins the group", func(t *testing.T) {
		c, _ := gatherHarness()
		in := make(chan *archived)
		c.busy.start()
		got := make(chan []*archived)
		go func() { got <- c.gather(in, &archived{}) }()
		select {
		case in <- &archived{}: // received only by a gather that waits
		case g := <-got:
			t.Fatalf("group of %d went while a worker was busy", len(g))
		}
		c.busy.stop() // it waits for the submit's commit now
		if g := <-got; len(g) != 2 {
			t.Fatalf("group of %d, want 2", len(g))
		}
	})
	t.Run("enough for a group: no wait", func(t *testing.T) {
		c, end := gatherHarness()
		in := make(chan *archived, groupEnough)
		for i := 1; i < groupEnough; i++ {
			in <- &archived{}
		}
		c.busy.start() // busy, but the group is big enough already
		got := make(chan []*archived, 1)
		go func() { got <- c.gather(in, &archived{}) }()
		select {
		case g := <-got:
			if len(g) != groupEnough {
				t.Fatalf("group of %d, want %d", len(g), groupEnough)
			}
		case <-time.After(10 * time.Second): // a failure's bound, not a wait for success
			close(end)
			t.Fatal("gather waited for more though the group was big enough")
		}
	})
	t.Run("the window bounds the wait", func(t *testing.T) {
		c, end := gatherHarness()
		in := make(chan *archived)
		c.busy.start()
		got := make(chan []*archived)
		go func() { got <- c.gather(in, &archived{}) }()
		close(end)
		if g := <-got; len(g) != 1 {
			t.Fatalf("group of %d, want 1", len(g))
		}
	})
	t.Run("a closed input ends the group", func(t *testing.T) {
		c, _ := gatherHarness()
		in := make(chan *archived)
		c.busy.start()
		close(in)
		if g := c.gather(in, &archived{}); len(g) != 1 {
			t.Fatalf("group of %d, want 1", len(g))
		}
	})
}
