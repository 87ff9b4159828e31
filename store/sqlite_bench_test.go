package store_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/store"
)

// BenchmarkSQLiteCrawlCommit commits what the crawler commits per group
// of fetches on a small site (issue 11: groups are often one exchange):
// each fetch's records, discoveries and state change, with the crawl.log
// mark. cpu-µs/page is the process's CPU per fetch, the unit of the
// crawler's budget; pages=1 against pages=4 shows the fixed cost of a
// commit, and pages=32 a group as the crawler's pipelined committer
// makes them with many workers (issue 33: the index transaction is the
// CPU of the committer's serial path). commit-thread-cpu-µs/page is the
// CPU of the Commit calls alone on the committing goroutine's thread, as
// the crawler's committer measures its serial time (crawler/serial.go):
// without the runtime's other threads (garbage collection, goroutines
// woken) that cpu-µs/page counts too, and without making the batches.
func BenchmarkSQLiteCrawlCommit(b *testing.B) {
	for _, pages := range []int{1, 4, 32} {
		b.Run(fmt.Sprintf("pages=%d", pages), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			s := openSQLite(b)
			ctx := context.Background()
			m := newCrawlMix(newCapture(b, s, "bench", ""), pages)
			if err := s.Commit(ctx, m.next()); err != nil {
				b.Fatal(err)
			}
			var logBytes int64
			var commitCPU time.Duration
			threadOK := true
			cpu0 := testkit.CPUTime(b)
			for b.Loop() {
				batch := m.next()
				logBytes += 300
				batch.Log = &store.LogMark{Bytes: logBytes}
				t0, ok0 := testkit.ThreadCPUTime()
				if err := s.Commit(ctx, batch); err != nil {
					b.Fatal(err)
				}
				t1, ok1 := testkit.ThreadCPUTime()
				commitCPU += t1 - t0
				threadOK = threadOK && ok0 && ok1
			}
			perPage := func(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) / float64(b.N*pages) }
			b.ReportMetric(perPage(testkit.CPUTime(b)-cpu0), "cpu-µs/page")
			if threadOK {
				b.ReportMetric(perPage(commitCPU), "commit-thread-cpu-µs/page")
			}
		})
	}
}
