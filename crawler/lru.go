package crawler

import (
	"container/list"
	"iter"
	"maps"
)

// lru is a fixed-capacity map that forgets its least recently used entry
// when full. It is not safe for concurrent use. Hand-written (a list and a
// map, as container/list's documentation suggests) rather than taken from
// a library: the crawler needs only get and add-if-absent, and the
// module's dependencies stay as they are.
type lru[K comparable, V any] struct {
	max   int
	order *list.List // front: most recently used; elements hold *lruEntry
	items map[K]*list.Element
}

type lruEntry[K comparable, V any] struct {
	key K
	val V
}

// newLRU returns an empty cache holding at most capacity entries (at
// least 1).
func newLRU[K comparable, V any](capacity int) *lru[K, V] {
	return &lru[K, V]{max: max(1, capacity), order: list.New(), items: make(map[K]*list.Element)}
}

// get returns the value of k and marks it most recently used.
func (c *lru[K, V]) get(k K) (V, bool) {
	e, ok := c.items[k]
	if !ok {
		var zero V
		return zero, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*lruEntry[K, V]).val, true
}

// addIfAbsent stores v under k unless k is present (then the existing value
// stays and is marked most recently used). It reports whether an entry was
// evicted to make room.
func (c *lru[K, V]) addIfAbsent(k K, v V) (evicted bool) {
	if e, ok := c.items[k]; ok {
		c.order.MoveToFront(e)
		return false
	}
	if c.order.Len() >= c.max {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		delete(c.items, oldest.Value.(*lruEntry[K, V]).key)
		evicted = true
	}
	c.items[k] = c.order.PushFront(&lruEntry[K, V]{key: k, val: v})
	return evicted
}

// len returns the number of entries.
func (c *lru[K, V]) len() int { return c.order.Len() }

// keys yields every key held, in no order.
func (c *lru[K, V]) keys() iter.Seq[K] { return maps.Keys(c.items) }
