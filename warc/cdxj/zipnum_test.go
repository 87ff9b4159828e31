package cdxj

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// indexOf makes n sorted CDXJ lines.
func indexOf(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, "com,example)/p%05d 20240301120000 {\"url\":\"http://example.com/p%05d\",\"length\":\"10\",\"offset\":\"%d\",\"filename\":\"a.warc.gz\"}\n", i, i, i*10)
	}
	return b.Bytes()
}

// The compressed index holds the same lines, in blocks of BlockLines,
// each block found and checked through its .idx line.
func TestZipNumRoundTrip(t *testing.T) {
	for _, tc := range []struct{ lines, per, blocks int }{
		{0, BlockLines, 0}, {1, BlockLines, 1}, {BlockLines, BlockLines, 1},
		{BlockLines + 1, BlockLines, 2}, {1000, BlockLines, 4}, {7, 2, 4},
	} {
		t.Run(fmt.Sprintf("%d/%d", tc.lines, tc.per), func(t *testing.T) {
			index := indexOf(tc.lines)
			var gz, idx bytes.Buffer
			n, err := WriteZipNum(&gz, &idx, index, tc.per, "index.cdx.gz")
			if err != nil || n != tc.blocks {
				t.Fatalf("WriteZipNum: %d blocks, %v; want %d", n, err, tc.blocks)
			}
			blocks, err := ParseIDX(&idx)
			if err != nil || len(blocks) != tc.blocks {
				t.Fatalf("ParseIDX: %d blocks, %v; want %d", len(blocks), err, tc.blocks)
			}
			var back []byte
			var next int64
			for i, b := range blocks {
				if b.Offset != next || b.Filename != "index.cdx.gz" || !strings.HasPrefix(b.Digest, "sha256:") {
					t.Fatalf("block %d: %+v, want offset %d, the file named and a digest", i, b, next)
				}
				next += b.Length
				lines, err := ReadBlock(gz.Bytes(), b, 1<<20)
				if err != nil {
					t.Fatal(err)
				}
				if got := bytes.Count(lines, []byte("\n")); got > tc.per {
					t.Errorf("block %d holds %d lines, want at most %d", i, got, tc.per)
				}
				back = append(back, lines...)
			}
			if next != int64(gz.Len()) || !bytes.Equal(back, index) {
				t.Fatalf("blocks cover %d of %d bytes; lines equal: %v", next, gz.Len(), bytes.Equal(back, index))
			}
		})
	}
}

// The .idx of a small index is as Browsertrix-crawler writes it: the
// !meta line, then "SURT TIMESTAMP {offset,length,digest,filename}".
func TestZipNumGolden(t *testing.T) {
	var gz, idx bytes.Buffer
	if _, err := WriteZipNum(&gz, &idx, indexOf(5), 2, "index.cdx.gz"); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "golden.idx")
	if *update {
		if err := os.WriteFile(golden, idx.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(idx.Bytes(), want) {
		t.Fatalf(".idx differs from %s (run with -update after checking):\n got:\n%s\nwant:\n%s", golden, idx.Bytes(), want)
	}
}

// A damaged compressed index is an error, never wrong lines.
func TestReadBlockRejects(t *testing.T) {
	var gz, idx bytes.Buffer
	if _, err := WriteZipNum(&gz, &idx, indexOf(3), 2, "index.cdx.gz"); err != nil {
		t.Fatal(err)
	}
	blocks, err := ParseIDX(&idx)
	if err != nil || len(blocks) != 2 {
		t.Fatal(blocks, err)
	}
	flipped := bytes.Clone(gz.Bytes())
	flipped[blocks[0].Offset+12] ^= 0xff
	b0 := blocks[0]
	for _, tc := range []struct {
		name string
		gz   []byte
		b    Block
		max  int64
	}{
		{"digest", flipped, b0, 1 << 20},
		{"outside", gz.Bytes(), Block{Key: b0.Key, Offset: int64(gz.Len()), Length: 5}, 1 << 20},
		{"negative", gz.Bytes(), Block{Key: b0.Key, Offset: -1, Length: 5}, 1 << 20},
		{"key", gz.Bytes(), Block{Key: "other 1", Offset: b0.Offset, Length: b0.Length}, 1 << 20},
		{"too large", gz.Bytes(), b0, 10},
		{"not gzip", []byte("plain text, not a gzip member"), Block{Key: "x", Offset: 0, Length: 10}, 1 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ReadBlock(tc.gz, tc.b, tc.max); err == nil {
				t.Errorf("ReadBlock accepted a damaged block")
			}
		})
	}
}

func TestParseIDXRejects(t *testing.T) {
	for _, tc := range []struct{ name, idx string }{
		{"format", `!meta 0 {"format":"cdxj-1.0","filename":"index.cdx.gz"}` + "\n"},
		{"meta json", "!meta 0 {nope\n"},
		{"no json", "com,a)/ 2024\n"},
		{"bad json", "com,a)/ 2024 {\"offset\":\"x\"}\n"},
		{"negative offset", "com,a)/ 2024 {\"offset\":-1,\"length\":3}\n"},
		{"zero length", "com,a)/ 2024 {\"offset\":0,\"length\":0}\n"},
		{"no key", " {\"offset\":0,\"length\":3}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if b, err := ParseIDX(strings.NewReader(tc.idx)); err == nil {
				t.Errorf("ParseIDX accepted %q: %+v", tc.idx, b)
			}
		})
	}
}

// FuzzParseIDX: any input parses or fails cleanly, and what parses holds
// only blocks with a key, a non-negative offset and a positive length.
func FuzzParseIDX(f *testing.F) {
	var gz, idx bytes.Buffer
	if _, err := WriteZipNum(&gz, &idx, indexOf(5), 2, "index.cdx.gz"); err != nil {
		f.Fatal(err)
	}
	f.Add(idx.Bytes())
	f.Add([]byte("!meta 0 {\"format\":\"cdxj-gzip-1.0\"}\ncom,a)/ 1 {\"offset\":0,\"length\":1}\n"))
	f.Add([]byte("com,a)/\t1\t2\t3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		blocks, err := ParseIDX(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, b := range blocks {
			if b.Key == "" || b.Offset < 0 || b.Length <= 0 {
				t.Fatalf("bad block accepted: %+v", b)
			}
			_, _ = ReadBlock(gz.Bytes(), b, 1<<16)
		}
	})
}

// TestZipNumSizes logs what a replay tool reads first of a 10,000-line
// index in each form (docs/cli.md, "The index"): all of index.cdxj, or
// the .idx and then one gzip member.
//
//	go test ./warc/cdxj -run TestZipNumSizes -count=1 -v
func TestZipNumSizes(t *testing.T) {
	index := indexOf(10000)
	var gz, idx bytes.Buffer
	n, err := WriteZipNum(&gz, &idx, index, BlockLines, "index.cdx.gz")
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := ParseIDX(bytes.NewReader(idx.Bytes()))
	if err != nil || len(blocks) != n {
		t.Fatal(len(blocks), err)
	}
	var largest int64
	for _, b := range blocks {
		largest = max(largest, b.Length)
	}
	t.Logf("10000 lines: index.cdxj %d bytes; index.cdx.gz %d bytes in %d members (largest %d); index.idx %d bytes",
		len(index), gz.Len(), n, largest, idx.Len())
	if n != (10000+BlockLines-1)/BlockLines || idx.Len() >= len(index)/10 {
		t.Errorf("%d members, .idx of %d bytes: want %d members and an .idx under a tenth of the index", n, idx.Len(), (10000+BlockLines-1)/BlockLines)
	}
}
