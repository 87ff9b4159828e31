package store

import (
	"sync"

	"go.uber.org/zap"
)

// Why the store analyzes urls itself: Commit's state change, an UPDATE by
// capture_id and surt = ANY(…), is planned from the statistics of urls.
// A capture the statistics have not seen yet (a fresh database, or a new
// capture_id in a table analyzed before it existed) is estimated at 0.5 %
// of the table or at one row, and then a bitmap scan of urls_host_seq on
// capture_id alone looks cheaper than a hundred primary-key probes: each
// update reads every URL of the capture, so commits grow with the capture
// until autovacuum happens to analyze the table, which it does only after
// a tenth of it has changed. Measured (BenchmarkCommitScale's mix on a
// fresh schema): commits 200–400 took 11.7 ms against 4.4 ms once
// analyzed. ANALYZE samples at most 300 × default_statistics_target rows,
// so running it each time a capture has doubled since the last one costs
// a few dozen analyzes over 10⁷ URLs and keeps the estimate of the
// capture's size within a factor of two of the truth (four, when a
// doubling came while the last ANALYZE was still running and was skipped).

// analyzeFirst is the capture size (URLs this store has inserted) at
// which urls is first analyzed; then at each doubling.
const analyzeFirst = 1000

// growth counts the URLs each capture has inserted through this store.
type growth struct {
	mu   sync.Mutex
	seen map[int64]*captureGrowth
}

type captureGrowth struct {
	urls, next int
}

// add notes n more URLs in capture and reports whether urls should be
// analyzed now.
func (g *growth) add(capture int64, n int) bool {
	if n == 0 {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.seen == nil {
		g.seen = make(map[int64]*captureGrowth)
	}
	c := g.seen[capture]
	if c == nil {
		c = &captureGrowth{next: analyzeFirst}
		g.seen[capture] = c
	}
	c.urls += n
	if c.urls < c.next {
		return false
	}
	for c.next <= c.urls {
		c.next *= 2
	}
	return true
}

// analyzeGrown starts ANALYZE urls in the background when capture has
// doubled, unless one is still running (the next doubling runs it again).
// In the background because at 10⁶ URLs an ANALYZE takes a few hundred
// milliseconds that the commit it follows, and the crawl waiting on it,
// need not spend; it takes a lock that inserts and updates do not wait
// for. A failure is logged, not returned: the commit has landed, and the
// statistics only steer plans. Close cancels and waits for it.
func (s *pgStore) analyzeGrown(capture int64, inserted int) {
	if !s.grown.add(capture, inserted) || !s.analyzing.CompareAndSwap(false, true) {
		return
	}
	s.background.Add(1)
	go func() {
		defer s.background.Done()
		defer s.analyzing.Store(false)
		if _, err := s.pool.Exec(s.life, `ANALYZE urls`); err != nil && s.life.Err() == nil {
			s.log.Warn("analyze urls", zap.Int64("capture", capture), zap.Error(err))
		}
	}()
}

// waitBackground waits for the background work analyzeGrown started.
func (s *pgStore) waitBackground() { s.background.Wait() }
