package extract

import (
	"hash/fnv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// NormalizedText prepares visible text for change detection: lower-cased,
// split into words at every character that is neither a letter nor a digit
// (punctuation goes), words joined by single spaces. Tokens made of digits
// only are dropped, so that dates, counters and timestamps, the "negligible
// differences" of thesis §8.2, do not make two versions differ; words
// mixing letters and digits ("mp3", "2nd") are kept.
func NormalizedText(text string) string {
	return string(AppendNormalized(make([]byte, 0, len(text)), text))
}

// AppendNormalized appends NormalizedText(text) to dst, which must be
// empty or hold normalized text: a space separates the first new word from
// dst's last, so AppendNormalized(AppendNormalized(nil, a), b) is
// NormalizedText(a + " " + b). It allocates nothing when dst has room.
func AppendNormalized(dst []byte, text string) []byte {
	n := normalizer{dst: dst, word: -1, digits: true}
	for i := 0; i < len(text); {
		if text[i] >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(text[i:])
			n.rune(r)
			i += size
			continue
		}
		if n.word < 0 && asciiKind(text[i])&asciiLetter != 0 {
			i = n.letters(text, i)
			continue
		}
		// A run of ASCII letters and digits at once: most text is
		// ASCII; it is copied whole, then lower-cased in place if need be.
		j, kinds := i, byte(0)
		for ; j < len(text); j++ {
			k := asciiKind(text[j]) & asciiWord
			if k == 0 {
				break
			}
			kinds |= k
		}
		if j == i {
			n.end() // ASCII punctuation or space
			i++
			continue
		}
		n.start()
		n.digits = n.digits && kinds == asciiDigit
		at := len(n.dst)
		n.dst = append(n.dst, text[i:j]...)
		if kinds&asciiUpper != 0 {
			lowerASCII(n.dst[at:])
		}
		i = j
	}
	n.end()
	return n.dst
}

// normalizer is AppendNormalized's state: the output, where the word
// being read starts in it (-1: between words), and whether that word
// has only digits so far.
type normalizer struct {
	dst    []byte
	word   int
	digits bool
}

// end closes the word being read; a digit-only one is dropped with its
// separator.
func (n *normalizer) end() {
	if n.word >= 0 && n.digits {
		n.dst = n.dst[:n.word]
	}
	n.word, n.digits = -1, true
}

// start opens a word unless one is being read, after a separator if
// dst holds words already.
func (n *normalizer) start() {
	if n.word < 0 {
		n.word = len(n.dst)
		if len(n.dst) > 0 {
			n.dst = append(n.dst, ' ')
		}
	}
}

// letters takes, between words, the run of text from i (an ASCII
// letter) made of ASCII letters and single spaces between them, and
// returns where it ends: such a run, most of a page's prose, is its own
// normalisation but for case, so it is copied at once. The bytes are
// classed without branches; the loop's one exit is the only branch whose
// outcome varies, where a word-by-word copy mispredicts at each word's
// end. The run's last word stays open (it may go on with digits, or with
// the text's last letter, which the loop leaves to AppendNormalized).
func (n *normalizer) letters(text string, i int) int {
	j, kinds := i, asciiKind(text[i])
	for j++; j+1 < len(text); j++ {
		k := asciiKind(text[j])
		// a letter, or a space before a letter
		if k&asciiLetter|(k<<1)&asciiKind(text[j+1])&asciiLetter == 0 {
			break
		}
		kinds |= k
	}
	n.start()
	n.digits = false
	at := len(n.dst)
	n.dst = append(n.dst, text[i:j]...)
	if kinds&asciiUpper != 0 {
		// Letters and spaces only: setting bit 5 lower-cases the
		// letters and keeps the spaces.
		for k := at; k < len(n.dst); k++ {
			n.dst[k] |= 0x20
		}
	}
	return j
}

// rune takes one non-ASCII rune: part of a word if a letter or digit.
func (n *normalizer) rune(r rune) {
	isDigit := unicode.IsDigit(r)
	if !isDigit && !unicode.IsLetter(r) {
		n.end()
		return
	}
	n.start()
	n.digits = n.digits && isDigit
	n.dst = utf8.AppendRune(n.dst, unicode.ToLower(r))
}

// asciiKind classes a byte: an ASCII letter (asciiLetter and its case),
// digit or space; 0 for every other byte (other ASCII separators, and the
// bytes of multi-byte runes, which take the rune path). ASCII letters and
// digits are what unicode.IsLetter and unicode.IsDigit accept below
// utf8.RuneSelf. A table, not comparisons: the kinds of successive bytes
// follow no pattern a branch predictor could learn.
func asciiKind(c byte) byte { return asciiKinds[c] }

// The kinds of ASCII bytes; asciiBlank<<1 is asciiLetter (see letters).
const (
	asciiLower = 1 << iota
	asciiUpper
	asciiDigit
	asciiBlank // ' ' only: other separators end a run of letters
	asciiLetter

	asciiWord = asciiLower | asciiUpper | asciiDigit
)

// asciiKinds is asciiKind's table, one byte per byte value, 16 a line.
const asciiKinds = "" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x08\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x04\x04\x04\x04\x04\x04\x04\x04\x04\x04\x00\x00\x00\x00\x00\x00" +
	"\x00\x12\x12\x12\x12\x12\x12\x12\x12\x12\x12\x12\x12\x12\x12\x12" +
	"\x12\x12\x12\x12\x12\x12\x12\x12\x12\x12\x12\x00\x00\x00\x00\x00" +
	"\x00\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11" +
	"\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x11\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"

// lowerASCII lower-cases the ASCII letters of b in place.
func lowerASCII(b []byte) {
	for i, c := range b {
		if c-'A' < 26 {
			b[i] = c + 'a' - 'A'
		}
	}
}

// Shingles returns the set of hashed word w-grams of text (thesis §8.2
// uses w = 10), splitting words at whitespace; feed it NormalizedText
// output. A text with fewer than w words (but at least one) is one
// shingle, so short pages still compare; an empty text has none. w < 1 is
// treated as 1. Hashes are 64-bit FNV-1a of the words joined by spaces.
func Shingles(text string, w int) map[uint64]struct{} {
	if w < 1 {
		w = 1
	}
	words := strings.Fields(text)
	set := make(map[uint64]struct{}, max(len(words)-w+1, 1))
	if len(words) == 0 {
		return set
	}
	if len(words) < w {
		w = len(words)
	}
	h := fnv.New64a()
	for i := 0; i+w <= len(words); i++ {
		h.Reset()
		for j, word := range words[i : i+w] {
			if j > 0 {
				h.Write([]byte{' '})
			}
			h.Write([]byte(word))
		}
		set[h.Sum64()] = struct{}{}
	}
	return set
}

// Jaccard returns |a ∩ b| / |a ∪ b|, the similarity of two shingle sets
// (thesis §8.2 treats versions with similarity ≥ 0.9 as unchanged). Two
// empty sets are identical (1).
func Jaccard(a, b map[uint64]struct{}) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	inter := 0
	for k := range a {
		if _, ok := b[k]; ok {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}
