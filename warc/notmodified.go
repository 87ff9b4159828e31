package warc

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
)

// Field names of the metadata record that keeps a server-not-modified
// revisit's HTTP answer (see EncodeHTTPHeader).
const (
	FieldHTTPStatusLine = "http-status-line"
	FieldHTTPHeader     = "http-header"
)

// maxHeaderFields bounds the lines DecodeHTTPHeader accepts; the crawler
// refuses headers far smaller (fetch.max_header_bytes).
const maxHeaderFields = 1 << 16

// EncodeHTTPHeader writes a raw HTTP header block (status line, header
// lines, blank line) as application/warc-fields: the status line as
// http-status-line, each header line as http-header, in order. Values are
// the line's bytes with '%', control bytes other than HTAB, and bytes
// from 0x80 percent-encoded, so the block stays one-field-per-line ASCII.
// Lines end in CRLF, which is implied; a line that ended in a bare LF
// keeps it as a trailing "%0A". The blank line is implied when it is CRLF
// and written as an http-header of "%0A" when it is a bare LF. So
// DecodeHTTPHeader gives back the exact bytes the server sent, for any
// header block that ends with its blank line (as the writer's parsed
// headers do).
func EncodeHTTPHeader(hdr []byte) []byte {
	var out bytes.Buffer
	rest := hdr
	for i := 0; len(rest) > 0; i++ {
		line := rest
		if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
			line, rest = rest[:nl+1], rest[nl+1:]
		} else {
			rest = nil
		}
		if len(rest) == 0 && string(line) == "\r\n" {
			break // the implied blank line
		}
		name := FieldHTTPHeader
		if i == 0 {
			name = FieldHTTPStatusLine
		}
		out.WriteString(name)
		out.WriteString(": ")
		// A bare LF is not cut: it stays in the value as %0A.
		body, _ := bytes.CutSuffix(line, []byte("\r\n"))
		escapeField(&out, body)
		out.WriteString("\r\n")
	}
	return out.Bytes()
}

// escapeField appends b with '%', CTLs but HTAB, DEL and bytes from 0x80
// percent-encoded.
func escapeField(out *bytes.Buffer, b []byte) {
	for _, c := range b {
		if c == '%' || (c < 0x20 && c != '\t') || c >= 0x7f {
			fmt.Fprintf(out, "%%%02X", c)
			continue
		}
		out.WriteByte(c)
	}
}

// DecodeHTTPHeader reverses EncodeHTTPHeader: given the block of a
// server-not-modified revisit's metadata record, it returns the HTTP
// header block the server sent. Lines other than http-status-line (first)
// and http-header fields are an error, as is a bad escape.
func DecodeHTTPHeader(block []byte) ([]byte, error) {
	var out []byte
	lines := bytes.Split(block, []byte("\r\n"))
	if len(lines) > 0 && len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return nil, errors.New("warc: no http-status-line")
	}
	if len(lines) > maxHeaderFields {
		return nil, fmt.Errorf("warc: more than %d header fields", maxHeaderFields)
	}
	last := ""
	for i, l := range lines {
		name, value, ok := bytes.Cut(l, []byte(": "))
		want := FieldHTTPHeader
		if i == 0 {
			want = FieldHTTPStatusLine
		}
		if !ok || string(name) != want {
			return nil, fmt.Errorf("warc: line %d: want %s field, got %q", i+1, want, truncateForError(l))
		}
		v, err := unescapeField(value)
		if err != nil {
			return nil, fmt.Errorf("warc: line %d: %w", i+1, err)
		}
		if !bytes.HasSuffix(v, []byte("\n")) {
			v = append(v, '\r', '\n')
		}
		out = append(out, v...)
		last = string(v)
	}
	if last != "\n" {
		out = append(out, '\r', '\n') // the implied blank line
	}
	return out, nil
}

func unescapeField(v []byte) ([]byte, error) {
	out := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		c := v[i]
		if (c < 0x20 && c != '\t') || c >= 0x7f {
			return nil, fmt.Errorf("unescaped byte 0x%02x", c)
		}
		if c != '%' {
			out = append(out, c)
			continue
		}
		if i+2 >= len(v) {
			return nil, errors.New("truncated escape")
		}
		n, err := strconv.ParseUint(string(v[i+1:i+3]), 16, 8)
		if err != nil {
			return nil, fmt.Errorf("bad escape %q", v[i:i+3])
		}
		out = append(out, byte(n))
		i += 2
	}
	return out, nil
}

func truncateForError(b []byte) []byte {
	if len(b) > 80 {
		return b[:80]
	}
	return b
}
