package report

import (
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestFirstDirectory(t *testing.T) {
	for _, tc := range []struct{ url, want string }{
		{"http://Example.ORG/", "example.org/"},
		{"http://example.org", "example.org/"},
		{"http://example.org/page.html", "example.org/"},
		{"http://example.org/news/", "example.org/news/"},
		{"http://example.org/news/2026/a.html?x=1", "example.org/news/"},
		{"http://example.org:8080/img/x.png", "example.org:8080/img/"},
		{"http://example.org/a%20b/c", "example.org/a%20b/"},
		{"not a url", "(unparsable address)"},
		{"http://example.org/" + strings.Repeat("d", 500) + "/x", "example.org/" + strings.Repeat("d", maxLabel-len("example.org/")-1) + "…"},
	} {
		if got := firstDirectory(tc.url); got != tc.want {
			t.Errorf("firstDirectory(%q) = %q, want %q", tc.url, got, tc.want)
		}
	}
}

func TestPageMIME(t *testing.T) {
	for _, tc := range []struct {
		visit, revisit *Download
		want           string
	}{
		{&Download{MIME: "text/HTML; charset=utf-8"}, nil, "text/html"},
		{&Download{MIME: ""}, &Download{MIME: "image/png"}, "image/png"},
		{nil, nil, "(none)"},
		{&Download{MIME: "garbage;;;=="}, nil, "garbage"},
		{&Download{MIME: "\xff\xfe/x"}, nil, "\uFFFD\uFFFD/x"}, // invalid bytes of a hostile header made valid
	} {
		if got := pageMIME(&Page{Visit: tc.visit, Revisit: tc.revisit}); got != tc.want {
			t.Errorf("pageMIME(%+v, %+v) = %q, want %q", tc.visit, tc.revisit, got, tc.want)
		}
	}
}

func TestLabelBounded(t *testing.T) {
	for _, in := range []string{"", "short", strings.Repeat("é", 1000), "\xff" + strings.Repeat("x", 100)} {
		got := label(in)
		if utf8.RuneCountInString(got) > maxLabel || !utf8.ValidString(got) {
			t.Errorf("label(%.20q) = %q: %d runes, valid %v", in, got, utf8.RuneCountInString(got), utf8.ValidString(got))
		}
	}
}

func TestTickStep(t *testing.T) {
	for _, tc := range []struct{ seconds, want float64 }{
		{30, 5}, {1, 0.2}, {0.01, 0.002}, {600, 120}, {7200, 1800}, {1e6, 86400 * 2}, {0, 0}, {math.NaN(), 0}, {math.Inf(1), 0},
	} {
		got := tickStep(tc.seconds)
		if tc.want == 86400*2 {
			// Beyond a day the 1-2-5 steps of days take over.
			if got < tc.seconds/8 || got > tc.seconds/2 {
				t.Errorf("tickStep(%v) = %v, not about a sixth", tc.seconds, got)
			}
			continue
		}
		if math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("tickStep(%v) = %v, want %v", tc.seconds, got, tc.want)
		}
	}
}

// TestTimelineTallyBounded: however many pages, at most MaxTimelineRows
// rows, every page in exactly one row, rows in the order of the first
// downloads, and each row's spans enclose its pages' downloads.
func TestTimelineTallyBounded(t *testing.T) {
	for _, n := range []int{0, 1, MaxTimelineRows, MaxTimelineRows + 1, 100_000} {
		tl := timelineTally{seconds: float64(2 * n)}
		var want StatusCounts
		for i := range n {
			st := []Status{StatusCoherent, StatusChanged, StatusFailed, StatusNew}[i%4]
			var second *float64
			if st != StatusFailed {
				s := float64(2*n - i)
				second = &s
			}
			tl.add(st, float64(i), second)
			want.add(st, 1)
		}
		rows := tl.rows()
		if len(rows) > MaxTimelineRows {
			t.Errorf("%d pages: %d rows", n, len(rows))
		}
		if n <= MaxTimelineRows && len(rows) != n {
			t.Errorf("%d pages: %d rows, want one per page", n, len(rows))
		}
		var got StatusCounts
		for i, r := range rows {
			got.addAll(r.Pages)
			if i > 0 && r.First.From < rows[i-1].First.To {
				t.Errorf("%d pages: row %d starts at %v before row %d ends at %v", n, i, r.First.From, i-1, rows[i-1].First.To)
			}
			// Last in, first out: the later the visits, the earlier the
			// revisits (the pyramid).
			if i > 0 && r.Second != nil && rows[i-1].Second != nil && r.Second.To > rows[i-1].Second.From {
				t.Errorf("%d pages: row %d revisits end %v after row %d's start %v", n, i, r.Second.To, i-1, rows[i-1].Second.From)
			}
		}
		if got != want {
			t.Errorf("%d pages: rows count %+v, want %+v", n, got, want)
		}
	}
}

// TestBreakdownBounded: a site with more directories than the tally keeps
// still adds up, in at most MaxBreakdownCells cells, the other cell last.
func TestBreakdownBounded(t *testing.T) {
	var b breakdownTally
	var want StatusCounts
	n := maxBreakdownKeys * 3
	for i := range n {
		st := StatusCoherent
		if i%7 == 0 {
			st = StatusChanged
		}
		p := &Page{URL: "http://h.test/d" + strconv.Itoa(i%(maxBreakdownKeys*2)) + "/p", Status: st, Visit: &Download{MIME: "text/html"}}
		b.add(p)
		want.add(st, 1)
	}
	if len(b.cells) > maxBreakdownKeys {
		t.Fatalf("tally keeps %d cells", len(b.cells))
	}
	res := b.result()
	if len(res.Cells) != MaxBreakdownCells {
		t.Fatalf("%d cells, want %d", len(res.Cells), MaxBreakdownCells)
	}
	var got StatusCounts
	for i, c := range res.Cells {
		got.addAll(c.Pages)
		if i > 0 && i < len(res.Cells)-1 && c.Pages.changedish() > res.Cells[i-1].Pages.changedish() {
			t.Errorf("cell %d has more changed pages than cell %d", i, i-1)
		}
	}
	if last := res.Cells[len(res.Cells)-1]; last.Directory != OtherCell {
		t.Errorf("last cell %+v, want the others", last)
	}
	if got != want {
		t.Errorf("cells add up to %+v, want %+v", got, want)
	}
}
