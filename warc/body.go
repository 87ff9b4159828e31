package warc

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// ReadRecordAt reads the one record that an index entry says lies at
// offset, length bytes long, in r, and checks that it is the record the
// index names (wantID, with or without angle brackets; "" skips the
// check): an index pointing at the wrong offset must not pass another
// record off as the page.
func ReadRecordAt(r io.ReaderAt, offset, length int64, wantID string) (*Record, error) {
	rec, err := NewReader(io.NewSectionReader(r, offset, length)).Next()
	if err != nil {
		return nil, fmt.Errorf("read record at %d: %w", offset, err)
	}
	if id := rec.ID(); wantID != "" && strings.Trim(id, "<>") != strings.Trim(wantID, "<>") {
		return nil, fmt.Errorf("offset %d holds record %s, the index says %s", offset, id, wantID)
	}
	return rec, nil
}

// HTTPBody parses the HTTP response in block (a response record's content
// block) and returns at most limit bytes of its entity body with transfer
// and content coding (gzip, deflate) removed, and its Content-Type. An
// unknown content coding is an error: compressed bytes read as text would
// be meaningless. A body cut short is returned as far as it goes. block
// is untrusted: a malformation is an error, never a panic.
func HTTPBody(block []byte, limit int64) (body []byte, contentType string, err error) {
	resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(block)), nil)
	if err != nil {
		return nil, "", fmt.Errorf("parse HTTP response: %w", err)
	}
	defer resp.Body.Close()
	var r io.Reader = resp.Body
	switch enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding"))); enc {
	case "", "identity":
	case "gzip", "x-gzip":
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			return nil, "", fmt.Errorf("gzip: %w", err)
		}
		defer zr.Close()
		r = zr
	case "deflate":
		fr := flate.NewReader(resp.Body)
		defer fr.Close()
		r = fr
	default:
		return nil, "", fmt.Errorf("unsupported content encoding %q", enc)
	}
	body, err = io.ReadAll(io.LimitReader(r, limit))
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, "", fmt.Errorf("read body: %w", err)
	}
	return body, resp.Header.Get("Content-Type"), nil
}
