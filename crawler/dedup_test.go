package crawler

import (
	"context"
	"crypto/sha1"
	"encoding/base32"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/internal/testkit/pgtest"
	"github.com/sharc-archive/sharc/store"
)

// countingIndex counts the store lookups deduplication makes.
type countingIndex struct {
	digestIndex
	n atomic.Int64
}

func (c *countingIndex) FirstByDigest(ctx context.Context, captureID int64, digest string) (store.Record, bool, error) {
	c.n.Add(1)
	return c.digestIndex.FirstByDigest(ctx, captureID, digest)
}

// dedupStore opens a migrated store on dsn with one capture.
func dedupStore(tb testing.TB, dsn string) (store.Store, int64) {
	tb.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	if err := st.Migrate(ctx); err != nil {
		tb.Fatal(err)
	}
	j, err := st.UpsertJob(ctx, "dedup", "")
	if err != nil {
		tb.Fatal(err)
	}
	c, _, err := st.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil {
		tb.Fatal(err)
	}
	return st, c.ID
}

// digestOf is a payload digest in the crawler's sha1 notation.
func digestOf(i int) string {
	s := sha1.Sum(fmt.Appendf(nil, "payload %d", i))
	return "sha1:" + base32.StdEncoding.EncodeToString(s[:])
}

// response is the index row of the i-th response of a test capture.
func response(capture int64, i int, digest string) store.Record {
	u := fmt.Sprintf("http://example.test/page/%d", i)
	return store.Record{CaptureID: capture, URL: u, SURT: "test,example)/page/" + fmt.Sprint(i),
		Time: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Second), RecordType: "response",
		RecordID: fmt.Sprintf("<urn:uuid:00000000-0000-4000-8000-%012d>", i), Status: 200, PayloadDigest: digest,
		WARCFile: "t.warc.gz", Offset: int64(i) * 1000, RecordLength: 1000}
}

// TestDedupBoundedAndExact drives deduplication with room for two digests
// over five: what the cache forgot comes from the store, a fresh capture
// asks the store nothing until its cache first evicts, and never for a
// payload it has not archived.
func TestDedupBoundedAndExact(t *testing.T) {
	ctx := context.Background()
	st, capture := dedupStore(t, "sqlite:"+filepath.Join(t.TempDir(), "index.db"))
	idx := &countingIndex{digestIndex: st}
	d := newDedup(idx, capture, 2, true)

	if d.seen != nil {
		t.Fatal("fresh capture: the filter of digests is made before the cache is full")
	}
	if _, ok, err := d.first(ctx, digestOf(0)); ok || err != nil || idx.n.Load() != 0 {
		t.Fatalf("fresh capture: found %v, err %v, %d store lookups; want a miss without one", ok, err, idx.n.Load())
	}
	// Five responses committed, as the committer notes them. The fourth
	// repeats the first's payload after the first was evicted and was not
	// checked for duplicates (a robots.txt, a 404 page): it is not the
	// payload's original and must not become the cached one.
	recs := []store.Record{response(capture, 0, digestOf(0)), response(capture, 1, digestOf(1)), response(capture, 2, digestOf(2)),
		response(capture, 3, digestOf(0)), response(capture, 4, digestOf(4))}
	for i, r := range recs {
		if err := st.Commit(ctx, store.Batch{CaptureID: capture, Records: []store.Record{r}}); err != nil {
			t.Fatal(err)
		}
		d.committed([]store.Record{r}, i != 3)
	}
	if d.cache.len() != 2 || d.complete {
		t.Fatalf("cache holds %d, complete %v; want 2 and not complete after evicting", d.cache.len(), d.complete)
	}
	tests := []struct {
		name      string
		digest    string
		want      store.Record // RecordID "" means no match
		lookedUp  bool         // the store was asked
		cachedNow bool         // the answer is cached afterwards
	}{
		{"recent: from the cache", digestOf(4), recs[4], false, true},
		{"evicted: from the store, the first of two", digestOf(0), recs[0], true, true},
		{"evicted: from the store", digestOf(1), recs[1], true, true},
		{"now cached", digestOf(1), recs[1], false, true},
		// The filter of every digest indexed knows it is new: no query
		// (at 10^6 pages these were a sixth of the crawl's CPU).
		{"never archived", digestOf(9), store.Record{}, false, false},
	}
	for _, tt := range tests {
		before := idx.n.Load()
		o, ok, err := d.first(ctx, tt.digest)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if ok != (tt.want.RecordID != "") || o.recordID != tt.want.RecordID || o.uri != tt.want.URL || !o.date.Equal(tt.want.Time) {
			t.Errorf("%s: got %+v (found %v), want %s of %s at %v", tt.name, o, ok, tt.want.RecordID, tt.want.URL, tt.want.Time)
		}
		if asked := idx.n.Load() > before; asked != tt.lookedUp {
			t.Errorf("%s: store asked %v, want %v", tt.name, asked, tt.lookedUp)
		}
		d.mu.Lock()
		_, cached := d.cache.items[tt.digest]
		n := d.cache.len()
		d.mu.Unlock()
		if cached != tt.cachedNow || n > 2 {
			t.Errorf("%s: cached %v (cache holds %d), want %v and at most 2", tt.name, cached, n, tt.cachedNow)
		}
	}
}

func TestLRU(t *testing.T) {
	c := newLRU[string, int](2)
	c.addIfAbsent("a", 1)
	c.addIfAbsent("b", 2)
	if v, ok := c.get("a"); !ok || v != 1 { // a is now the most recent
		t.Fatalf("get a = %d, %v", v, ok)
	}
	if c.addIfAbsent("a", 9) {
		t.Fatal("re-adding a present key evicted")
	}
	if !c.addIfAbsent("c", 3) { // evicts b, the least recently used
		t.Fatal("third key did not evict")
	}
	for _, tt := range []struct {
		k    string
		want int
		ok   bool
	}{{"a", 1, true}, {"b", 0, false}, {"c", 3, true}} {
		if v, ok := c.get(tt.k); ok != tt.ok || v != tt.want {
			t.Errorf("get %s = %d, %v; want %d, %v", tt.k, v, ok, tt.want, tt.ok)
		}
	}
	if c.len() != 2 {
		t.Errorf("len %d, want 2", c.len())
	}
}

// BenchmarkDedupLookup measures one deduplication lookup of a 2xx
// payload: a cache hit, and a cache miss answered by the store (hit: the
// payload was archived; miss: it was not) on a capture of 100,000
// indexed responses. PostgreSQL runs when SHARC_TEST_PG is set.
func BenchmarkDedupLookup(b *testing.B) {
	const n = 100_000
	dsns := []struct{ name, dsn string }{{"sqlite", "sqlite:" + filepath.Join(b.TempDir(), "index.db")}}
	if os.Getenv(pgtest.Env) != "" {
		dsns = append(dsns, struct{ name, dsn string }{"postgres", pgtest.SchemaDSN(b, "sharc_bench")})
	}
	ctx := context.Background()
	b.Run("cache-hit", func(b *testing.B) {
		d := newDedup(nil, 1, DefaultDigestCache, true)
		recs := make([]store.Record, 1000)
		for i := range recs {
			recs[i] = response(1, i, digestOf(i))
		}
		d.committed(recs, true)
		for i := 0; b.Loop(); i++ {
			if _, ok, err := d.first(ctx, recs[i%len(recs)].PayloadDigest); !ok || err != nil {
				b.Fatal(ok, err)
			}
		}
	})
	for _, be := range dsns {
		st, capture := dedupStore(b, be.dsn)
		for lo := 0; lo < n; lo += 5000 {
			batch := store.Batch{CaptureID: capture}
			for i := lo; i < lo+5000; i++ {
				batch.Records = append(batch.Records, response(capture, i, digestOf(i)))
			}
			if err := st.Commit(ctx, batch); err != nil {
				b.Fatal(err)
			}
		}
		for _, archived := range []bool{true, false} {
			name := be.name + "/cache-miss-store-hit"
			if !archived {
				name = be.name + "/cache-miss-store-miss"
			}
			b.Run(name, func(b *testing.B) {
				// Room for one digest and a different digest each time:
				// every lookup misses the cache.
				d := newDedup(st, capture, 1, false)
				for i := 0; b.Loop(); i++ {
					k := (i * 7919) % n
					if !archived {
						k += n
					}
					if _, ok, err := d.first(ctx, digestOf(k)); ok != archived || err != nil {
						b.Fatal(ok, err)
					}
				}
			})
		}
	}
}

// BenchmarkDigestCacheMemory reports the heap a full default-size
// deduplication cache takes, per entry, with realistic digests, record IDs
// and URLs.
func BenchmarkDigestCacheMemory(b *testing.B) {
	recs := make([]store.Record, DefaultDigestCache)
	for i := range recs {
		recs[i] = response(1, i, digestOf(i))
		recs[i].URL = fmt.Sprintf("https://www.example-site-%d.test/section/articles/2024/%08d.html", i%1000, i)
	}
	var perEntry float64
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		d := newDedup(nil, 1, DefaultDigestCache, true)
		// Strings the cache holds are its own, as they would be in a crawl.
		for _, r := range recs {
			r.PayloadDigest = string([]byte(r.PayloadDigest))
			r.RecordID = string([]byte(r.RecordID))
			r.URL = string([]byte(r.URL))
			d.committed([]store.Record{r}, true)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		perEntry = float64(after.HeapAlloc-before.HeapAlloc) / float64(d.cache.len())
		runtime.KeepAlive(d)
	}
	b.ReportMetric(perEntry, "B/entry")
	b.ReportMetric(perEntry*DefaultDigestCache/1e6, "MB/cache")
}

// TestDedupResumedAsksStore: a resumed (or cluster) capture has responses
// it did not commit itself, so no filter can say a digest is new: a miss
// asks the store.
func TestDedupResumedAsksStore(t *testing.T) {
	ctx := context.Background()
	st, capture := dedupStore(t, "sqlite:"+filepath.Join(t.TempDir(), "index.db"))
	idx := &countingIndex{digestIndex: st}
	earlier := response(capture, 0, digestOf(0)) // archived by the run before
	if err := st.Commit(ctx, store.Batch{CaptureID: capture, Records: []store.Record{earlier}}); err != nil {
		t.Fatal(err)
	}
	d := newDedup(idx, capture, 2, false)
	o, ok, err := d.first(ctx, digestOf(0))
	if err != nil || !ok || o.recordID != earlier.RecordID || idx.n.Load() != 1 {
		t.Fatalf("resumed: got %+v, %v, %v after %d lookups; want the earlier run's response from the store", o, ok, err, idx.n.Load())
	}
	if _, ok, _ := d.first(ctx, digestOf(7)); ok || idx.n.Load() != 2 {
		t.Errorf("resumed: an unknown digest was answered without the store (%d lookups)", idx.n.Load())
	}
}
