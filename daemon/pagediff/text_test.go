package pagediff_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sharc-archive/sharc/daemon/pagediff"
)

// TestVisibleText: what a reader sees, a line per block, and nothing of
// scripts, styles, templates or hidden elements.
func TestVisibleText(t *testing.T) {
	lim := pagediff.DefaultLimits()
	for _, tc := range []struct {
		name, ctype, body string
		want              []string
		kind              pagediff.Kind
	}{
		{"blocks to lines", "text/html", "<html><head><title> The  title </title><style>p{}</style></head><body><h1>Head</h1><p>one <b>bold</b> word</p><div>a<div>b</div>c</div></body></html>",
			[]string{"The title", "Head", "one bold word", "a", "b", "c"}, pagediff.KindHTML},
		{"script style noscript template dropped", "text/html; charset=utf-8", "<p>x<script>var s='<p>no</p>'</script>y</p><noscript>enable js</noscript><template><p>t</p></template><style>.a{}</style>",
			[]string{"xy"}, pagediff.KindHTML},
		{"hidden dropped", "text/html", `<p hidden>secret</p><p aria-hidden="true">icon</p><p>shown</p>`, []string{"shown"}, pagediff.KindHTML},
		{"whitespace collapsed", "text/html", "<p>  many \n\t spaces&nbsp;here  </p>", []string{"many spaces here"}, pagediff.KindHTML},
		{"br breaks", "text/html", "<p>one<br>two</p>", []string{"one", "two"}, pagediff.KindHTML},
		{"inline joins", "text/html", "<p><a href=x>link</a><span>ed</span> text</p>", []string{"linked text"}, pagediff.KindHTML},
		{"escaped markup is text", "text/html", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>", []string{"<script>alert(1)</script>"}, pagediff.KindHTML},
		{"latin-1 declared", "text/html; charset=iso-8859-1", "<p>caf\xe9</p>", []string{"café"}, pagediff.KindHTML},
		{"meta charset", "text/html", "<meta charset=\"windows-1252\"><p>caf\xe9</p>", []string{"café"}, pagediff.KindHTML},
		{"plain as is", "text/plain", "line 1\r\n  indented\n\nlast", []string{"line 1", "  indented", "", "last"}, pagediff.KindText},
		{"json is text", "application/json", "{\"a\": 1}\n", []string{`{"a": 1}`}, pagediff.KindText},
		{"image is binary", "image/png", "\x89PNG", nil, pagediff.KindBinary},
		{"no type is binary", "", "x", nil, pagediff.KindBinary},
		{"invalid utf-8 in plain", "text/plain; charset=utf-8", "a\xffb", []string{"a\uFFFDb"}, pagediff.KindText},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := pagediff.VisibleText(tc.ctype, []byte(tc.body), false, lim)
			if got.Kind != tc.kind || strings.Join(got.Lines, "\n") != strings.Join(tc.want, "\n") || len(got.Lines) != len(tc.want) || got.Truncated {
				t.Errorf("got %s %q (truncated %v), want %s %q", got.Kind, got.Lines, got.Truncated, tc.kind, tc.want)
			}
		})
	}
}

// TestVisibleTextLimits: lines and bytes are capped and the cut is said.
func TestVisibleTextLimits(t *testing.T) {
	lim := pagediff.Limits{MaxRecord: 1 << 20, MaxBody: 1 << 20, MaxTextBytes: 100, MaxLines: 5}
	many := strings.Repeat("<p>para</p>", 50)
	got := pagediff.VisibleText("text/html", []byte(many), false, lim)
	if len(got.Lines) != 5 || !got.Truncated {
		t.Errorf("50 paragraphs, 5 lines kept: got %d lines, truncated %v", len(got.Lines), got.Truncated)
	}
	long := "<p>" + strings.Repeat("wörd ", 100) + "</p>"
	got = pagediff.VisibleText("text/html", []byte(long), false, lim)
	if n := len(strings.Join(got.Lines, "\n")); n > 100 || !got.Truncated || n == 0 {
		t.Errorf("500 bytes of words, 100 kept: got %d bytes, truncated %v", n, got.Truncated)
	}
	plain := strings.Repeat("é", 200)
	got = pagediff.VisibleText("text/plain", []byte(plain), false, lim)
	if len(got.Lines) != 1 || len(got.Lines[0]) > 100 || !utf8.ValidString(got.Lines[0]) || !got.Truncated {
		t.Errorf("one 400-byte line: got %q, truncated %v", got.Lines, got.Truncated)
	}
	exact := strings.Repeat("<div><p>para</p></div>", 5)
	if got := pagediff.VisibleText("text/html", []byte(exact), false, lim); len(got.Lines) != 5 || got.Truncated {
		t.Errorf("exactly 5 lines: got %d, truncated %v", len(got.Lines), got.Truncated)
	}
	if got := pagediff.VisibleText("text/html", []byte("<p>x</p>"), true, lim); !got.Truncated {
		t.Error("a body cut before extraction is not reported truncated")
	}
}
