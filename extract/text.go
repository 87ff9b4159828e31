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
	word, digits := -1, true // start of the word being read in dst
	end := func() {
		if word >= 0 && digits {
			dst = dst[:word] // digit-only: dropped with its separator
		}
		word, digits = -1, true
	}
	start := func() {
		if word < 0 {
			word = len(dst)
			if len(dst) > 0 {
				dst = append(dst, ' ')
			}
		}
	}
	for i := 0; i < len(text); {
		if c := text[i]; c < utf8.RuneSelf {
			// A run of ASCII letters and digits at once: most text is
			// ASCII, and a table spares unicode's per-rune lookups.
			j := i
			for j < len(text) && asciiWordByte(text[j]) != 0 {
				digits = digits && asciiWordByte(text[j]) == asciiDigit
				j++
			}
			if j == i {
				end() // ASCII punctuation or space
				i++
				continue
			}
			start()
			for ; i < j; i++ {
				c := text[i]
				if 'A' <= c && c <= 'Z' {
					c += 'a' - 'A'
				}
				dst = append(dst, c)
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		isDigit := unicode.IsDigit(r)
		if !isDigit && !unicode.IsLetter(r) {
			end()
			continue
		}
		start()
		digits = digits && isDigit
		dst = utf8.AppendRune(dst, unicode.ToLower(r))
	}
	end()
	return dst
}

// asciiWordByte classes the bytes AppendNormalized copies as they are
// (but lower-cased): ASCII letters and digits, which are what
// unicode.IsLetter and unicode.IsDigit accept below utf8.RuneSelf; 0 for
// every other byte (ASCII separators, and the bytes of multi-byte runes,
// which take the rune path).
func asciiWordByte(c byte) byte {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		return asciiLetter
	case '0' <= c && c <= '9':
		return asciiDigit
	}
	return 0
}

const (
	asciiLetter = 1
	asciiDigit  = 2
)

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
