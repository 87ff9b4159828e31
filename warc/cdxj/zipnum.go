package cdxj

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// The compressed CDXJ index of WACZ 1.1.1 (format "cdxj-gzip-1.0", the
// ZipNum layout of pywb): the sorted CDXJ lines cut into blocks, each
// block one gzip member of index.cdx.gz, and a secondary index (.idx)
// with one line per block, "KEY {JSON}", KEY being the block's first
// "SURT TIMESTAMP". A replay tool binary-searches the small .idx and
// inflates only the block that can hold a URL.
const (
	// ZipNumFormat is the format the .idx's "!meta" line names.
	ZipNumFormat = "cdxj-gzip-1.0"
	// BlockLines is how many CDXJ lines go into one gzip member, as
	// Browsertrix-crawler writes them (LINES_PER_BLOCK 256).
	BlockLines = 256
)

// Block is one line of a secondary index: where one gzip member of the
// compressed index is and what it holds.
type Block struct {
	Key      string // "SURT TIMESTAMP" of the block's first line
	Offset   int64  // of the member in the .cdx.gz file
	Length   int64  // compressed bytes of the member
	Digest   string // "sha256:HEX" of the compressed member; "" when absent
	Filename string // the .cdx.gz file, "" for the !meta line's default
}

// blockFields is a .idx line's JSON, in Browsertrix's field order.
type blockFields struct {
	Offset   int64  `json:"offset"`
	Length   int64  `json:"length"`
	Digest   string `json:"digest,omitempty"`
	Filename string `json:"filename,omitempty"`
}

// idxMeta is the .idx's first line's JSON.
type idxMeta struct {
	Format   string `json:"format"`
	Filename string `json:"filename"`
}

// WriteZipNum writes the CDXJ lines of index (sorted, each ending in a
// newline) as gzip members of blockLines lines to gz, and their secondary
// index, naming filename (the .cdx.gz file's base name), to idx. It
// returns the number of blocks.
func WriteZipNum(gz, idx io.Writer, index []byte, blockLines int, filename string) (int, error) {
	if blockLines < 1 {
		return 0, fmt.Errorf("cdxj: %d lines per block", blockLines)
	}
	meta, err := json.Marshal(idxMeta{Format: ZipNumFormat, Filename: filename})
	if err != nil {
		return 0, fmt.Errorf("cdxj: %w", err)
	}
	bw := bufio.NewWriter(idx)
	fmt.Fprintf(bw, "!meta 0 %s\n", meta)
	var offset int64
	blocks := 0
	var member bytes.Buffer
	for len(index) > 0 {
		end, n := 0, 0
		for n < blockLines && end < len(index) {
			i := bytes.IndexByte(index[end:], '\n')
			if i < 0 {
				return blocks, errors.New("cdxj: index does not end in a newline")
			}
			end += i + 1
			n++
		}
		block := index[:end]
		index = index[end:]
		key, _, ok := bytes.Cut(block, []byte(" {"))
		if !ok || bytes.IndexByte(key, '\n') >= 0 {
			return blocks, fmt.Errorf("cdxj: block %d: first line is not \"SURT TIMESTAMP {JSON}\"", blocks+1)
		}
		member.Reset()
		zw := gzip.NewWriter(&member)
		if _, err := zw.Write(block); err != nil {
			return blocks, fmt.Errorf("cdxj: %w", err)
		}
		if err := zw.Close(); err != nil {
			return blocks, fmt.Errorf("cdxj: %w", err)
		}
		sum := sha256.Sum256(member.Bytes())
		f, err := json.Marshal(blockFields{Offset: offset, Length: int64(member.Len()), Digest: "sha256:" + hex.EncodeToString(sum[:]), Filename: filename})
		if err != nil {
			return blocks, fmt.Errorf("cdxj: %w", err)
		}
		if _, err := gz.Write(member.Bytes()); err != nil {
			return blocks, fmt.Errorf("cdxj: write: %w", err)
		}
		fmt.Fprintf(bw, "%s %s\n", key, f)
		offset += int64(member.Len())
		blocks++
	}
	if err := bw.Flush(); err != nil {
		return blocks, fmt.Errorf("cdxj: write: %w", err)
	}
	return blocks, nil
}

// MaxBlocks bounds the lines of a secondary index ParseIDX accepts.
const MaxBlocks = 1 << 20

// ParseIDX reads a secondary index: an optional "!meta 0 {JSON}" first
// line (its filename is the default of the blocks that name none), then
// one block a line. The input is untrusted: a malformed line is an error
// naming its number, never a panic; lines are bounded by MaxLine, blocks
// by MaxBlocks.
func ParseIDX(r io.Reader) ([]Block, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxLine)
	var out []Block
	def := ""
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" {
			continue
		}
		if n == 1 && strings.HasPrefix(line, "!meta") {
			_, js, ok := strings.Cut(line, " {")
			var m idxMeta
			if !ok || json.Unmarshal([]byte("{"+js), &m) != nil {
				return nil, fmt.Errorf("cdxj: idx line 1: bad !meta line")
			}
			if m.Format != ZipNumFormat {
				return nil, fmt.Errorf("cdxj: idx line 1: format %q, want %q", m.Format, ZipNumFormat)
			}
			def = m.Filename
			continue
		}
		key, js, ok := strings.Cut(line, " {")
		var f blockFields
		if !ok || key == "" {
			return nil, fmt.Errorf("cdxj: idx line %d: not \"KEY {JSON}\"", n)
		}
		if err := json.Unmarshal([]byte("{"+js), &f); err != nil {
			return nil, fmt.Errorf("cdxj: idx line %d: %w", n, err)
		}
		if f.Offset < 0 || f.Length <= 0 {
			return nil, fmt.Errorf("cdxj: idx line %d: offset %d, length %d", n, f.Offset, f.Length)
		}
		if f.Filename == "" {
			f.Filename = def
		}
		if len(out) == MaxBlocks {
			return nil, fmt.Errorf("cdxj: idx: more than %d blocks", MaxBlocks)
		}
		out = append(out, Block{Key: key, Offset: f.Offset, Length: f.Length, Digest: f.Digest, Filename: f.Filename})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("cdxj: idx: %w", err)
	}
	return out, nil
}

// ReadBlock returns the CDXJ lines of block b of the compressed index gz:
// its digest checked when it has one, at most max bytes inflated, and its
// first line's "SURT TIMESTAMP" equal to the block's key.
func ReadBlock(gz []byte, b Block, max int64) ([]byte, error) {
	if b.Offset < 0 || b.Length <= 0 || b.Offset > int64(len(gz)) || b.Length > int64(len(gz))-b.Offset {
		return nil, fmt.Errorf("cdxj: block %q at %d+%d outside the %d-byte index", b.Key, b.Offset, b.Length, len(gz))
	}
	member := gz[b.Offset : b.Offset+b.Length]
	if b.Digest != "" {
		algo, want, _ := strings.Cut(b.Digest, ":")
		sum := sha256.Sum256(member)
		if algo != "sha256" || !strings.EqualFold(want, hex.EncodeToString(sum[:])) {
			return nil, fmt.Errorf("cdxj: block %q: digest %s does not match", b.Key, b.Digest)
		}
	}
	zr, err := gzip.NewReader(bytes.NewReader(member))
	if err != nil {
		return nil, fmt.Errorf("cdxj: block %q: %w", b.Key, err)
	}
	lines, err := io.ReadAll(io.LimitReader(zr, max+1))
	if err != nil {
		return nil, fmt.Errorf("cdxj: block %q: %w", b.Key, err)
	}
	if int64(len(lines)) > max {
		return nil, fmt.Errorf("cdxj: block %q inflates past %d bytes", b.Key, max)
	}
	if key, _, _ := bytes.Cut(lines, []byte(" {")); string(key) != b.Key {
		return nil, fmt.Errorf("cdxj: block %q starts with %q", b.Key, key)
	}
	return lines, nil
}
