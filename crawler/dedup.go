package crawler

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/bits-and-blooms/bloom/v3"

	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// Sizing of the filter of digests a fresh capture has archived: 4.6 MB,
// 1 % false positives at 4·10^6 distinct payloads (≈10 % at 10^7, which
// still spares nine store queries in ten).
const (
	filterDigests       = 4_000_000
	filterFalsePositive = 0.01
)

// DefaultDigestCache is how many payload digests a crawl keeps in memory
// for deduplication when Options.DigestCache is 0. An entry costs about
// 350 bytes (BenchmarkDigestCacheMemory), so the default is ≈ 35 MB;
// digests beyond it are looked up in the store.
const DefaultDigestCache = 100_000

// digestIndex is what deduplication needs of the store (store.Store has
// it): the capture's first response with a payload digest.
type digestIndex interface {
	FirstByDigest(ctx context.Context, captureID int64, digest string) (store.Record, bool, error)
}

// original is what an identical-payload revisit records of the response
// it refers to.
type original struct {
	recordID string
	uri      string
	date     time.Time
}

// dedup answers "which response of this capture first archived this
// payload?". Recently seen digests come from a bounded LRU; a miss asks
// the store, which has every response the capture indexed (including those
// of an earlier run of a resumed capture and of other cluster nodes). So
// memory is bounded whatever the number of distinct payloads, and no
// duplicate is missed because its original was evicted.
type dedup struct {
	idx     digestIndex
	capture int64

	mu    sync.Mutex
	cache *lru[string, original]
	// complete is true while the cache holds every response the capture
	// has indexed: a fresh single-node capture until its first eviction.
	// A miss is then final and costs no store query, so a capture with
	// fewer distinct payloads than the cache holds never asks the store.
	complete bool
	// seen, when not nil, holds every payload digest the capture has
	// indexed (a fresh single-node capture): a digest it has not seen has
	// no original, so once the cache has evicted, a new payload still
	// costs no store query. At 10^6 distinct pages those queries were a
	// sixth of the crawl's CPU. Bloom filter (bits-and-blooms/bloom): a
	// false positive only costs the query.
	seen *bloom.BloomFilter
	// seenLater: seen is made, from the cache's digests, just before the
	// cache first evicts; until then the cache knows every digest. Its
	// 4.6 MB of bits, set at random, cost a page fault per 4 KB touched:
	// 1.3 % of the CPU of a 556-page crawl that never needed them.
	seenLater bool
}

// newDedup returns the deduplication of capture with room for size
// digests. complete says the capture has no response indexed yet by
// anyone but this crawler (not resumed, not a cluster).
func newDedup(idx digestIndex, capture int64, size int, complete bool) *dedup {
	if size <= 0 {
		size = DefaultDigestCache
	}
	return &dedup{idx: idx, capture: capture, cache: newLRU[string, original](size), complete: complete, seenLater: complete}
}

// startSeen makes the filter of digests seen from the cache, which holds
// them all (see seenLater), before adding up to n more could evict one.
func (d *dedup) startSeen(n int) {
	if !d.seenLater || d.cache.len()+n <= d.cache.max {
		return
	}
	d.seenLater = false
	d.seen = bloom.NewWithEstimates(filterDigests, filterFalsePositive)
	for k := range d.cache.keys() {
		d.seen.AddString(k)
	}
}

// first returns the capture's first response with the payload digest, if
// it has one.
func (d *dedup) first(ctx context.Context, digest string) (original, bool, error) {
	d.mu.Lock()
	o, ok := d.cache.get(digest)
	final := d.complete || d.seen != nil && !d.seen.TestString(digest)
	d.mu.Unlock()
	if ok || final {
		return o, ok, nil
	}
	r, found, err := d.idx.FirstByDigest(ctx, d.capture, digest)
	if err != nil {
		return original{}, false, fmt.Errorf("dedup: %w", err)
	}
	if !found {
		return original{}, false, nil
	}
	o = original{recordID: r.RecordID, uri: r.URL, date: r.Time}
	d.mu.Lock()
	// If a commit noted the digest meanwhile, that entry stays: it too is
	// a response with this payload.
	if d.cache.addIfAbsent(digest, o) {
		d.complete = false
	}
	d.mu.Unlock()
	return o, true, nil
}

// committed notes the responses of a batch the store has just committed,
// before the fetchers that wrote them are told: the next fetch of the
// same payload finds them without a store query. checked says first found
// no original for their payload, so each is the first with its digest.
// Other responses (robots.txt, sitemaps, non-2xx, a visit-revisit
// capture's changed pages) are noted only while the cache is complete:
// after an eviction an absent digest may have an earlier response in the
// store, and the cache must not name a later one.
func (d *dedup) committed(recs []store.Record, checked bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.startSeen(len(recs))
	if d.seen != nil {
		for _, r := range recs {
			if r.RecordType == warc.Response && r.PayloadDigest != "" {
				d.seen.AddString(r.PayloadDigest)
			}
		}
	}
	if !checked && !d.complete {
		return
	}
	for _, r := range recs {
		if r.RecordType != warc.Response || r.PayloadDigest == "" {
			continue
		}
		if d.cache.addIfAbsent(r.PayloadDigest, original{recordID: r.RecordID, uri: r.URL, date: r.Time}) {
			d.complete = false
		}
	}
}
