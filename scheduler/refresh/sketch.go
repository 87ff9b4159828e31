package refresh

import (
	"math/bits"
	"slices"
	"unicode"
	"unicode/utf8"
)

// A live crawler cannot keep every version of every page to measure how
// much of it changed (Radinsky & Bennett's ‖A(t) − A(t−1)‖, the 2-D
// model's features 3 and 4). It keeps a sketch instead: Broder's
// resemblance of the word 3-shingles of the page's text (Broder 1997),
// estimated from a bottom-k sketch. Two sketches give the changed
// fraction 1 − resemblance without either text; a page of fewer than
// SketchSize distinct shingles keeps all of them, so its fraction is
// exact.

// SketchSize is how many shingle hashes a sketch keeps (k of bottom-k):
// the estimate's standard error is about √(J(1−J)/k), under 0.07 at
// k = 64, and a sketch costs 64 × 4 bytes.
const SketchSize = 64

// shingleWords is the shingle length in words: a changed word changes
// the three shingles that hold it, so a one-word edit (a timestamp)
// shows as a small change rather than none.
const shingleWords = 3

// Sketch is a page text's bottom-k sketch (stored in page_graph.sketch:
// changing the words, the shingles or the hash makes stored sketches
// incomparable with new ones, so it needs a migration that clears them): the SketchSize smallest
// distinct 32-bit hashes of its word 3-shingles, ascending. Nil for a
// text without words.
type Sketch []uint32

// ContentSketch sketches text: words are maximal runs of letters and
// digits, lower-cased; a text of fewer than three words is one shingle.
// It keeps only the last three words' hashes, so a long text costs no
// memory beyond the sketch.
func ContentSketch(text string) Sketch {
	var last [shingleWords]uint64
	n := 0
	var hs Sketch
	eachWordHash(text, func(h uint64) {
		copy(last[:], last[1:])
		last[shingleWords-1] = h
		if n++; n >= shingleWords {
			hs = hs.keep(shingleHash(last[:]))
		}
	})
	if n > 0 && n < shingleWords {
		hs = hs.keep(shingleHash(last[shingleWords-n:]))
	}
	return hs
}

// eachWordHash calls f with the FNV-1a hash of each of text's words,
// lower-cased, in order, in one pass without copying the text.
func eachWordHash(text string, f func(uint64)) {
	const offset, prime = 14695981039346656037, 1099511628211
	h, in := uint64(offset), false
	var buf [utf8.UTFMax]byte
	for _, r := range text {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			if in {
				f(h)
			}
			h, in = offset, false
			continue
		}
		in = true
		if r < utf8.RuneSelf {
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			h = (h ^ uint64(r)) * prime
			continue
		}
		for _, b := range buf[:utf8.EncodeRune(buf[:], unicode.ToLower(r))] {
			h = (h ^ uint64(b)) * prime
		}
	}
	if in {
		f(h)
	}
}

// shingleHash combines the words' hashes, each rotated by its position
// so that order counts, through MurmurHash3's 64-bit finaliser, and keeps
// the high 32 bits: FNV alone orders similar shingles alike, which would
// bias a bottom-k sample.
func shingleHash(wh []uint64) uint32 {
	var s uint64
	for i, h := range wh {
		s ^= bits.RotateLeft64(h, 21*i)
	}
	s ^= s >> 33
	s *= 0xff51afd7ed558ccd
	s ^= s >> 33
	s *= 0xc4ceb9fe1a85ec53
	s ^= s >> 33
	return uint32(s >> 32)
}

// keep adds h to the sketch if it is among the SketchSize smallest
// distinct hashes seen: after the first few hundred shingles almost every
// hash is larger than the largest kept, so a long text costs one
// comparison per shingle.
func (s Sketch) keep(h uint32) Sketch {
	if len(s) == SketchSize && h >= s[len(s)-1] {
		return s
	}
	i, found := slices.BinarySearch(s, h)
	if found {
		return s
	}
	if len(s) == SketchSize {
		s = s[:len(s)-1]
	}
	return slices.Insert(s, i, h)
}

// ChangedFraction is how much of the content changed between the texts
// old and cur were taken of: 1 − their estimated resemblance, in [0, 1].
// The estimate takes the k smallest hashes of the two sketches' union and
// counts those in both (Broder 1997, bottom-k); when neither sketch was
// cut to SketchSize it is the whole union, and the fraction is exact. ok
// is false when either sketch is empty: nothing to compare.
func ChangedFraction(old, cur Sketch) (frac float64, ok bool) {
	if len(old) == 0 || len(cur) == 0 {
		return 0, false
	}
	k := SketchSize
	if len(old) < SketchSize && len(cur) < SketchSize {
		k = len(old) + len(cur) // both whole shingle sets: the exact resemblance
	}
	i, j, taken, both := 0, 0, 0, 0
	for taken < k && (i < len(old) || j < len(cur)) {
		switch {
		case j == len(cur) || i < len(old) && old[i] < cur[j]:
			i++
		case i == len(old) || cur[j] < old[i]:
			j++
		default: // equal: in both
			i, j, both = i+1, j+1, both+1
		}
		taken++
	}
	return 1 - float64(both)/float64(taken), true
}

// Valid reports whether s is a sketch ContentSketch could have made:
// ascending, distinct, at most SketchSize hashes. Stored sketches are
// checked before they are compared.
func (s Sketch) Valid() bool {
	if len(s) > SketchSize {
		return false
	}
	for i := 1; i < len(s); i++ {
		if s[i] <= s[i-1] {
			return false
		}
	}
	return true
}

// FetchMagnitude is the content-change magnitude a fetch that showed o
// reports to the 2-D model (ContentFetcher): 0 for an unchanged page, 1
// for a gone one (none of the stored copy is served any more), the
// changed fraction between the stored copy's sketch old and the fetched
// one's cur for a changed page, and −1 (unknown) when a changed page's
// sketch is missing, a page was never sketched at all (a capture that
// did not record its text: its magnitudes would all be the unchanged
// ones' 0), or the fetch showed nothing.
func FetchMagnitude(o Obs, old, cur Sketch) float64 {
	switch o {
	case Unchanged:
		if len(old) == 0 && len(cur) == 0 {
			return -1
		}
		return 0
	case Gone:
		return 1
	case Changed:
		if f, ok := ChangedFraction(old, cur); ok {
			return f
		}
	}
	return -1
}
