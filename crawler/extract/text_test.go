package extract

import (
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNormalizedText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"Hello, World!", "hello world"},
		{"  many   spaces\n\tand\r\nlines ", "many spaces and lines"},
		{"Visited 12345 times on 2024-05-01", "visited times on"},
		{"mp3 2nd B52 x1", "mp3 2nd b52 x1"},
		{"Café ÜBER straße", "café über straße"},
		{"don't stop-words", "don t stop words"},
		{"١٢٣ عربي", "عربي"}, // Arabic-Indic digits are digits too
		{"日本語のテキスト", "日本語のテキスト"},
		{"---", ""},
	}
	for _, tc := range tests {
		if got := NormalizedText(tc.in); got != tc.want {
			t.Errorf("NormalizedText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestAppendNormalizedRandom checks AppendNormalized against the
// reference (refNormalized) on many random texts drawn from the pieces
// its fast paths turn on: runs of letters with single or double spaces,
// upper case, digits next to letters, punctuation, non-ASCII letters and
// digits, and texts appended in two parts.
func TestAppendNormalizedRandom(t *testing.T) {
	pieces := []string{"a", "Z", "q", "mP", " ", " ", "  ", "7", "42", ".", ",", "-", "\n", "é", "É", "٣", "日", "\xff", "¶"}
	rng := rand.New(rand.NewSource(1))
	text := func() string {
		var b strings.Builder
		for range rng.Intn(24) {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		return b.String()
	}
	for range 200_000 {
		a, b := text(), text()
		if got, want := NormalizedText(a), refNormalized(a); got != want {
			t.Fatalf("NormalizedText(%q) = %q, want %q", a, got, want)
		}
		if got, want := string(AppendNormalized(AppendNormalized(nil, a), b)), refNormalized(a+" "+b); got != want {
			t.Fatalf("appended %q, %q = %q, want %q", a, b, got, want)
		}
	}
}

func TestShingles(t *testing.T) {
	tests := []struct {
		text string
		w    int
		n    int // distinct shingles
	}{
		{"", 10, 0},
		{"one", 10, 1},
		{"a b c d e", 10, 1},
		{"a b c d e", 2, 4},
		{"a b a b a b", 2, 2}, // "a b" and "b a"
		{"a b c", 0, 3},       // w < 1 counts as 1
		{strings.Repeat("w ", 20), 10, 1},
	}
	for _, tc := range tests {
		if got := Shingles(tc.text, tc.w); len(got) != tc.n {
			t.Errorf("Shingles(%q, %d) has %d shingles, want %d", tc.text, tc.w, len(got), tc.n)
		}
	}
	// Word boundaries matter: "ab c" and "a bc" must not collide.
	a, b := Shingles("ab c", 2), Shingles("a bc", 2)
	if Jaccard(a, b) != 0 {
		t.Error(`"ab c" and "a bc" share a shingle`)
	}
}

func TestJaccard(t *testing.T) {
	set := func(keys ...uint64) map[uint64]struct{} {
		m := make(map[uint64]struct{})
		for _, k := range keys {
			m[k] = struct{}{}
		}
		return m
	}
	tests := []struct {
		a, b map[uint64]struct{}
		want float64
	}{
		{set(), set(), 1},
		{set(1), set(), 0},
		{set(1, 2), set(1, 2), 1},
		{set(1, 2), set(3, 4), 0},
		{set(1, 2, 3), set(2, 3, 4), 0.5},
		{set(1), set(1, 2, 3, 4), 0.25},
	}
	for _, tc := range tests {
		if got := Jaccard(tc.a, tc.b); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("Jaccard(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if Jaccard(tc.a, tc.b) != Jaccard(tc.b, tc.a) {
			t.Errorf("Jaccard not symmetric for %v, %v", tc.a, tc.b)
		}
	}
}

// TestChangeDetection exercises the §8.2 rule end to end: a page whose only
// change is a visit counter and date stays similar (≥ 0.9 on 10-grams),
// while a page with a rewritten paragraph does not.
func TestChangeDetection(t *testing.T) {
	para := "The quick brown fox jumps over the lazy dog while the archive crawler keeps visiting the site to capture every version of the page it can find. "
	page := func(counter, date, extra string) string {
		return "<html><body><h1>News</h1><p>" + strings.Repeat(para, 4) + "</p><p>" + extra +
			"</p><footer>Visitors: " + counter + " - updated " + date + "</footer></body></html>"
	}
	sh := func(html string) map[uint64]struct{} {
		res, err := Extract("text/html", pageURL, []byte(html))
		if err != nil {
			t.Fatal(err)
		}
		return Shingles(NormalizedText(res.Text), 10)
	}
	v1 := sh(page("1041", "2012-03-04 10:00", "Stable closing words stay here for everyone to read today."))
	v2 := sh(page("1187", "2012-03-05 11:30", "Stable closing words stay here for everyone to read today."))
	v3 := sh(page("1187", "2012-03-05 11:30", "Breaking: an entirely different story replaced the old closing paragraph with new facts, quotes, names, places and a long explanation of events that the editors added."))
	if s := Jaccard(v1, v2); s < 0.9 {
		t.Errorf("counter/date change: similarity %.3f < 0.9", s)
	}
	if s := Jaccard(v1, v3); s >= 0.9 {
		t.Errorf("rewritten paragraph: similarity %.3f ≥ 0.9", s)
	}
}

// BenchmarkAppendNormalized normalises the visible text of the Python
// 3.11 documentation's library pages (Debian python3.11-doc) as the
// crawler does for its text digest: title, then text, into one buffer.
// MB/s counts the text.
func BenchmarkAppendNormalized(b *testing.B) {
	paths, _ := filepath.Glob("/usr/share/doc/python3.11/html/library/*.html")
	if len(paths) == 0 {
		b.Skip("no python3.11-doc (apt-get install python3.11-doc)")
	}
	var pages []Result
	var size int64
	for _, p := range paths {
		body, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		res, err := Extract("text/html", "http://127.0.0.1/library/"+filepath.Base(p), body)
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, res)
		size += int64(len(res.Title) + len(res.Text))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		for _, res := range pages {
			buf = AppendNormalized(AppendNormalized(buf[:0], res.Title), res.Text)
		}
	}
}

// TestTextKinds: textKinds classes every byte as add reads them.
func TestTextKinds(t *testing.T) {
	for c := range 256 {
		want := textWord
		switch {
		case c >= utf8.RuneSelf:
			want = textRune
		case c == ' ':
			want = textSpace
		case asciiSpace(byte(c)):
			want = textOtherSpace
		}
		if got := textKinds[c]; int(got) != want {
			t.Errorf("textKinds[%#x] = %d, want %d", c, got, want)
		}
	}
}
