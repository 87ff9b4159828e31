package frontier

import "hash/maphash"

// seenSet is the set of SURTs the frontier holds, kept as 64-bit
// fingerprints as Heritrix's BdbUriUniqFilter does: a map of 10^6 SURT
// strings took 60 MB, of fingerprints a third of that. Two SURTs share a
// fingerprint with probability about n²/2^65 (3·10^-6 for a 10^7-URL
// capture), and then the second URL would be taken for known and dropped;
// the seed is random per frontier, so a resumed run does not repeat it.
// The store's unique key on (capture, SURT) stays the authority for rows.
type seenSet struct {
	seed maphash.Seed
	m    map[uint64]struct{}
}

func newSeenSet() seenSet { return seenSet{seed: maphash.MakeSeed(), m: map[uint64]struct{}{}} }

func (s seenSet) key(surt string) uint64 { return maphash.String(s.seed, surt) }
func (s seenSet) has(surt string) bool   { _, ok := s.m[s.key(surt)]; return ok }
func (s seenSet) add(surt string)        { s.m[s.key(surt)] = struct{}{} }
func (s seenSet) remove(surt string)     { delete(s.m, s.key(surt)) }
func (s seenSet) len() int               { return len(s.m) }
