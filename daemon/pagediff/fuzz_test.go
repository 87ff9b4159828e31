package pagediff_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sharc-archive/sharc/daemon/pagediff"
)

// FuzzVisibleText: any body, any type: no panic, valid UTF-8 lines within
// the limits.
func FuzzVisibleText(f *testing.F) {
	f.Add("text/html", "<html><title>t</title><p>a<script>x</script>b</p>")
	f.Add("text/html; charset=shift_jis", "<p>\x82\xa0</p>")
	f.Add("text/plain", "a\r\nb\n")
	f.Add("application/xhtml+xml", "<?xml version='1.0'?><html><body><p>x</p></body></html>")
	f.Add("text/html", strings.Repeat("<div>", 2000)+"deep")
	lim := pagediff.Limits{MaxRecord: 1 << 20, MaxBody: 1 << 20, MaxTextBytes: 4096, MaxLines: 64}
	f.Fuzz(func(t *testing.T, ctype, body string) {
		got := pagediff.VisibleText(ctype, []byte(body), false, lim)
		if len(got.Lines) > lim.MaxLines {
			t.Fatalf("%d lines, limit %d", len(got.Lines), lim.MaxLines)
		}
		n := 0
		for _, l := range got.Lines {
			n += len(l) + 1
			if !utf8.ValidString(l) {
				t.Fatalf("invalid UTF-8 line %q", l)
			}
		}
		if n > lim.MaxTextBytes+1 {
			t.Fatalf("%d bytes of text, limit %d", n, lim.MaxTextBytes)
		}
		if got.Kind == pagediff.KindBinary && len(got.Lines) > 0 {
			t.Fatal("binary payload with lines")
		}
	})
}

// FuzzDiff: the hunks of Diff(a, b) turn a into b.
func FuzzDiff(f *testing.F) {
	f.Add("a\nb\nc", "a\nc\nd")
	f.Add("", "x")
	f.Add("x\nx\nx", "x\ny\nx")
	f.Fuzz(func(t *testing.T, as, bs string) {
		a, b := split(as), split(bs)
		if len(a) > 300 || len(b) > 300 {
			return
		}
		h := pagediff.Diff(a, b)
		got, err := pagediff.Apply(a, h)
		if err != nil {
			t.Fatalf("apply: %v\n%s", err, pagediff.Unified(h))
		}
		if strings.Join(got, "\n") != strings.Join(b, "\n") || len(got) != len(b) {
			t.Fatalf("apply gave %q, want %q\n%s", got, b, pagediff.Unified(h))
		}
		if (len(h) == 0) != (strings.Join(a, "\x00") == strings.Join(b, "\x00") && len(a) == len(b)) {
			t.Fatalf("%d hunks for a == b: %v", len(h), len(a) == len(b))
		}
	})
}

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
