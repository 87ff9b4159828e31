package frontier

import (
	"hash/maphash"
	"sync"
)

// seenSet is the set of SURTs the frontier holds, kept as 64-bit
// fingerprints as Heritrix's BdbUriUniqFilter does: a map of 10^6 SURT
// strings took 60 MB, of fingerprints a third of that. Two SURTs share a
// fingerprint with probability about n²/2^65 (3·10^-6 for a 10^7-URL
// capture), and then the second URL would be taken for known and dropped;
// the seed is random per frontier, so a resumed run does not repeat it.
// The store's unique key on (capture, SURT) stays the authority for rows.
//
// It has a read-write lock of its own: Frontier.Seen, asked for every
// outlink of every page, reads it without the frontier's lock (issue 33).
// Writers hold the frontier's lock too, so under it a read is current.
type seenSet struct {
	seed maphash.Seed
	mu   sync.RWMutex
	m    map[uint64]struct{}
}

func newSeenSet() *seenSet { return &seenSet{seed: maphash.MakeSeed(), m: map[uint64]struct{}{}} }

func (s *seenSet) key(surt string) uint64 { return maphash.String(s.seed, surt) }

func (s *seenSet) has(surt string) bool {
	k := s.key(surt)
	s.mu.RLock()
	defer s.mu.RUnlock()
	_, ok := s.m[k]
	return ok
}

func (s *seenSet) add(surt string) {
	k := s.key(surt)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[k] = struct{}{}
}

func (s *seenSet) remove(surt string) {
	k := s.key(surt)
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, k)
}

func (s *seenSet) len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.m)
}
