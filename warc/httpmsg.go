package warc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash"
	"io"
	"net/http"
	"net/http/httputil"
	"net/textproto"
	"strconv"
	"strings"

	"github.com/sharc-archive/sharc/internal/spool"
)

// ErrMalformedResponse is returned (wrapped) by WriteExchange when the
// response bytes are not a parseable HTTP response. Such an exchange is
// refused and nothing is written: a record typed application/http that does
// not parse would break replay tools, and a "resource" record for an http(s)
// URI would be replayed as if it were the page. The crawler should count the
// fetch as failed.
var ErrMalformedResponse = errors.New("warc: malformed HTTP response")

// ErrMalformedRequest is returned (wrapped) when the request bytes do not
// parse; they come from the crawler itself, so this signals a crawler bug.
var ErrMalformedRequest = errors.New("warc: malformed HTTP request")

// httpMessage is a raw HTTP response split the way WARC readers split it,
// with the digests of its block and payload computed in one streaming pass.
type httpMessage struct {
	header []byte // status line and header fields, including the blank line
	size   int64  // bytes of the whole message (the response record's block)
	// payloadDigest and payloadLen describe the entity body: the body with
	// any chunked transfer-coding removed but content-coding (gzip, br, ...)
	// kept, per WARC 1.1 §6.3.2.
	payloadDigest string
	payloadLen    int64
	blockDigest   string
	status        int
	mime          string
	truncated     bool // body shorter than announced (Content-Length or chunking)
}

// splitHeader returns the length of the header block of a raw HTTP message.
// It deliberately uses gowarc's rule (the header ends at the first line
// shorter than three bytes) so that writer and reader agree on where the
// payload starts; such a line must then be a real blank line.
func splitHeader(raw []byte) (int, error) {
	pos := 0
	first := true
	for pos < len(raw) {
		nl := bytes.IndexByte(raw[pos:], '\n')
		if nl < 0 {
			return 0, errors.New("header not terminated")
		}
		line := raw[pos : pos+nl+1]
		pos += nl + 1
		if len(line) < 3 {
			if first || !(string(line) == "\r\n" || string(line) == "\n") {
				return 0, fmt.Errorf("short header line %q", line)
			}
			return pos, nil
		}
		first = false
	}
	return 0, errors.New("header not terminated")
}

// maxScanHeader bounds how much of a message is searched for the end of
// its header; the crawler refuses larger headers long before (fetch.
// max_header_bytes).
const maxScanHeader = 64 << 20

// headerReadSize is readHeader's read size; longer lines take more reads.
const headerReadSize = 1 << 10

// readHeader returns the header block of the raw message in r, by
// splitHeader's rule, reading no further than the line that ends it.
func readHeader(r io.ReaderAt, size int64) []byte {
	// A small buffer: headers are a few hundred bytes, and bufio's
	// default 4 KB would be allocated and filled, mostly with body, for
	// every record.
	br := bufio.NewReaderSize(io.NewSectionReader(r, 0, min(size, maxScanHeader)), headerReadSize)
	var hdr []byte
	for {
		line, err := br.ReadSlice('\n')
		n := len(line)
		for errors.Is(err, bufio.ErrBufferFull) {
			hdr = append(hdr, line...)
			line, err = br.ReadSlice('\n')
			n += len(line)
		}
		hdr = append(hdr, line...)
		if err != nil || n < 3 {
			return hdr // the end, or a line shorter than three bytes
		}
	}
}

// parseResponse splits and checks the raw response in raw (size bytes)
// and computes its digests with newHash, streaming the body once through
// buf (nil: a buffer of its own).
func parseResponse(raw io.ReaderAt, size int64, newHash func() hash.Hash, format func([]byte) string, hint *PayloadHint, buf []byte) (*httpMessage, error) {
	hdr := readHeader(raw, size)
	n, err := splitHeader(hdr)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformedResponse, err)
	}
	if !bytes.HasPrefix(hdr, []byte("HTTP/")) {
		return nil, fmt.Errorf("%w: no HTTP status line", ErrMalformedResponse)
	}
	m := &httpMessage{header: hdr[:n], size: size}
	resp, err := http.ReadResponse(bufio.NewReaderSize(bytes.NewReader(m.header), len(m.header)), nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformedResponse, err)
	}
	_ = resp.Body.Close()
	m.status = resp.StatusCode
	m.mime = resp.Header.Get("Content-Type")
	// The payload is derived from the raw header lines, not from what
	// net/http made of them, so writer and reader (httpPayload) agree.
	chunked, cl := framing(m.header)
	if !chunked && hint != nil && size-int64(n) == hint.Len {
		// The body is the rest of the message, as the caller hashed it:
		// one pass, for the block digest.
		block := newHash()
		if err := hashMessage(block, raw, size, m.header, buf); err != nil {
			return nil, fmt.Errorf("warc: read response: %w", err)
		}
		m.payloadLen, m.payloadDigest, m.blockDigest = hint.Len, hint.Digest, format(block.Sum(nil))
		m.truncated = cl >= 0 && m.payloadLen < cl
		return m, nil
	}
	block, payload := newHash(), newHash()
	block.Write(m.header)
	body := io.TeeReader(io.NewSectionReader(raw, int64(n), size-int64(n)), block)
	if chunked {
		var err error
		m.payloadLen, err = io.CopyBuffer(payload, httputil.NewChunkedReader(body), buf)
		m.truncated = err != nil
		if _, err := io.Copy(io.Discard, body); err != nil { // the rest, for the block digest
			return nil, fmt.Errorf("warc: read response: %w", err)
		}
	} else {
		var err error
		if m.payloadLen, err = io.CopyBuffer(payload, body, buf); err != nil {
			return nil, fmt.Errorf("warc: read response: %w", err)
		}
		m.truncated = cl >= 0 && m.payloadLen < cl
	}
	m.payloadDigest, m.blockDigest = format(payload.Sum(nil)), format(block.Sum(nil))
	return m, nil
}

// hashMessage writes the raw message (size bytes, starting with header)
// to h: a spool holding just the message hashes its memory in place, else
// the body is copied through buf.
func hashMessage(h hash.Hash, raw io.ReaderAt, size int64, header, buf []byte) error {
	if sp, ok := raw.(*spool.Spool); ok && sp.Size() == size {
		_, err := sp.WriteTo(h)
		return err
	}
	h.Write(header)
	n := int64(len(header))
	_, err := io.CopyBuffer(h, io.NewSectionReader(raw, n, size-n), buf)
	return err
}

// framing reads Transfer-Encoding and Content-Length from raw header lines.
func framing(header []byte) (chunked bool, cl int64) {
	cl = -1
	lines := strings.Split(string(header), "\n")
	for _, line := range lines[1:] {
		name, value, ok := strings.Cut(strings.TrimRight(line, "\r"), ":")
		if !ok {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(name)) {
		case "transfer-encoding":
			for _, te := range strings.Split(value, ",") {
				if strings.EqualFold(strings.TrimSpace(te), "chunked") {
					chunked = true
				}
			}
		case "content-length":
			if v, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64); err == nil {
				cl = v
			}
		}
	}
	return chunked, cl
}

// entityPayload returns the payload of a raw HTTP message whose header is
// raw[:hdrLen]: the body with chunked transfer-coding removed when a
// Transfer-Encoding header lists "chunked" (content-coding is kept). A
// body that ends before the announced end (last chunk or Content-Length)
// is reported truncated; what was decoded so far is the payload.
func entityPayload(raw []byte, hdrLen int) (payload []byte, chunked, truncated bool) {
	body := raw[hdrLen:]
	chunked, cl := framing(raw[:hdrLen])
	if chunked {
		var out bytes.Buffer
		_, err := io.Copy(&out, httputil.NewChunkedReader(bytes.NewReader(body)))
		return out.Bytes(), true, err != nil
	}
	return body, false, cl >= 0 && int64(len(body)) < cl
}

// checkRequest verifies the raw request bytes parse as an HTTP request.
func checkRequest(raw []byte) error {
	n, err := splitHeader(raw)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrMalformedRequest, err)
	}
	// Not http.ReadRequest: it refuses request targets browsers send and
	// servers answer, such as "/a%zz" (a malformed escape kept as written).
	tp := textproto.NewReader(bufio.NewReaderSize(bytes.NewReader(raw[:n]), n))
	line, err := tp.ReadLine()
	if err != nil {
		return fmt.Errorf("%w: %v", ErrMalformedRequest, err)
	}
	f := strings.Split(line, " ")
	if len(f) != 3 || f[0] == "" || f[1] == "" || !strings.HasPrefix(f[2], "HTTP/") ||
		strings.ContainsFunc(line, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return fmt.Errorf("%w: request line %q", ErrMalformedRequest, line)
	}
	if _, err := tp.ReadMIMEHeader(); err != nil {
		return fmt.Errorf("%w: %v", ErrMalformedRequest, err)
	}
	return nil
}
