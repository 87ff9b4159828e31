package warc

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
)

// TestVerifyReportsWhatItCannotCheck: `sharc verify` said OK for a
// zero-byte file ("0 records") and for records without a block digest,
// though it had checked nothing. Both are problems now; a record with a
// correct digest still is not.
func TestVerifyReportsWhatItCannotCheck(t *testing.T) {
	record := func(extra string) string {
		return "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:uuid:0b5e9a4c-7d3e-4f43-9b1a-3f3c1e8a9d01>\r\n" +
			"WARC-Date: 2026-11-29T00:00:00Z\r\nWARC-Target-URI: http://example.org/\r\n" + extra +
			"Content-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello\r\n\r\n"
	}
	tests := []struct {
		name, in string
		records  int
		problem  string // "" for none
	}{
		{"empty file", "", 0, "no WARC record"},
		{"no block digest", record(""), 1, "no WARC-Block-Digest"},
		{"block digest", record("WARC-Block-Digest: sha1:VL2MMHO4YXUKFWV63YHTWSBM3GXKSQ2N\r\n"), 1, ""},
		{"wrong block digest", record("WARC-Block-Digest: sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\r\n"), 1, "block digest"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := tc.in
			if in != "" {
				in = gzipped(t, in) // one member per record, as .warc.gz files are
			}
			n, probs, err := VerifyStream(strings.NewReader(in), nil)
			if err != nil || n != tc.records {
				t.Fatalf("%d records, %v; want %d", n, err, tc.records)
			}
			var msgs []string
			for _, p := range probs {
				msgs = append(msgs, p.String())
			}
			got := strings.Join(msgs, "; ")
			if tc.problem == "" && got != "" || tc.problem != "" && !strings.Contains(got, tc.problem) {
				t.Errorf("problems %q, want %q", got, tc.problem)
			}
		})
	}
}

func gzipped(t *testing.T, s string) string {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
