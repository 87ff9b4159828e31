package extract

import (
	"strings"
	"unicode/utf8"
)

// extractCSS collects url(...) and @import targets of a style sheet, a
// <style> element or a style attribute, as embeds. It is a small scanner
// following CSS Syntax Level 3 tokenisation just far enough to see
// comments, strings, url() tokens and @import; it never fails. Targets of
// image-set("a.png" 1x) strings without url() are not found.
func extractCSS(c *collector, css string, ctx string) {
	urlCtx, importCtx := ctx+"/url()", ctx+"/@import"
	n := len(css)
	for i := 0; i < n; {
		ch := css[i]
		switch {
		case ch == '/' && i+1 < n && css[i+1] == '*':
			end := strings.Index(css[i+2:], "*/")
			if end < 0 {
				return
			}
			i += 2 + end + 2
		case ch == '"' || ch == '\'':
			_, i = cssString(css, i)
		case ch == '\\':
			i += 2 // an escaped character is never a token start
		case ch == '@' && hasFoldPrefix(css[i+1:], "import") && !isNameByte(at(css, i+7)):
			i = skipSpaceAndComments(css, i+7)
			var ref string
			switch {
			case i < n && (css[i] == '"' || css[i] == '\''):
				ref, i = cssString(css, i)
				c.add(ref, HopEmbed, importCtx)
			case hasFoldPrefix(css[i:], "url("):
				ref, i = cssURL(css, i+4)
				c.add(ref, HopEmbed, importCtx)
			}
		case (ch == 'u' || ch == 'U') && hasFoldPrefix(css[i:], "url(") && (i == 0 || !isNameByte(css[i-1])):
			var ref string
			ref, i = cssURL(css, i+4)
			c.add(ref, HopEmbed, urlCtx)
		default:
			i++
		}
	}
}

// cssURL reads the argument of url( starting just after the parenthesis and
// returns it and the index after the closing parenthesis.
func cssURL(css string, i int) (string, int) {
	i = skipSpace(css, i)
	if i < len(css) && (css[i] == '"' || css[i] == '\'') {
		ref, j := cssString(css, i)
		// Skip to the closing parenthesis (or the end).
		for j < len(css) && css[j] != ')' {
			j++
		}
		return ref, j + 1
	}
	var b strings.Builder
	for i < len(css) {
		ch := css[i]
		switch {
		case ch == ')':
			return b.String(), i + 1
		case ch == '\\':
			var r string
			r, i = cssEscape(css, i)
			b.WriteString(r)
		case isCSSSpace(ch):
			// Whitespace may only precede the ')'.
			j := skipSpace(css, i)
			if j < len(css) && css[j] == ')' {
				return b.String(), j + 1
			}
			return "", j // bad-url token: CSS ignores it
		default:
			b.WriteByte(ch)
			i++
		}
	}
	return b.String(), i
}

// cssString reads a quoted string starting at css[i] (the quote) and
// returns its decoded value and the index after the closing quote.
func cssString(css string, i int) (string, int) {
	q := css[i]
	i++
	var b strings.Builder
	for i < len(css) {
		ch := css[i]
		switch {
		case ch == q:
			return b.String(), i + 1
		case ch == '\n':
			return b.String(), i // bad-string: ends at the newline
		case ch == '\\':
			if i+1 < len(css) && css[i+1] == '\n' {
				i += 2 // escaped newline: line continuation
				continue
			}
			var r string
			r, i = cssEscape(css, i)
			b.WriteString(r)
		default:
			b.WriteByte(ch)
			i++
		}
	}
	return b.String(), i
}

// cssEscape decodes the escape starting at the backslash css[i]: up to six
// hex digits and one optional whitespace, or any other single character.
func cssEscape(css string, i int) (string, int) {
	i++
	if i >= len(css) {
		return "", i
	}
	j, v := i, rune(0)
	for j < len(css) && j-i < 6 && isHexByte(css[j]) {
		v = v<<4 | rune(hexVal(css[j]))
		j++
	}
	if j > i {
		if j < len(css) && isCSSSpace(css[j]) {
			j++
		}
		if v == 0 || v > utf8.MaxRune || (v >= 0xD800 && v <= 0xDFFF) {
			v = utf8.RuneError
		}
		return string(v), j
	}
	_, size := utf8.DecodeRuneInString(css[i:])
	return css[i : i+size], i + size
}

func skipSpace(css string, i int) int {
	for i < len(css) && isCSSSpace(css[i]) {
		i++
	}
	return i
}

func skipSpaceAndComments(css string, i int) int {
	for {
		i = skipSpace(css, i)
		if i+1 < len(css) && css[i] == '/' && css[i+1] == '*' {
			end := strings.Index(css[i+2:], "*/")
			if end < 0 {
				return len(css)
			}
			i += 2 + end + 2
			continue
		}
		return i
	}
}

func isCSSSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '-' || c == '_' || c >= 0x80
}

func isHexByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// at returns css[i], or 0 past the end.
func at(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

func hasFoldPrefix(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}
