package warc

import (
	"bytes"
	"crypto/sha1"
	"encoding/base32"
	"hash"
	"testing"
)

func sha1Format(sum []byte) string { return "sha1:" + base32.StdEncoding.EncodeToString(sum) }

// TestPayloadHint: the writer takes the caller's payload digest only
// where it can only be right (no chunking, exactly Len bytes after the
// header) and otherwise hashes the payload itself; the block digest is
// always its own.
func TestPayloadHint(t *testing.T) {
	srv := testServer(t)
	const bogus = "sha1:BOGUSBOGUSBOGUSBOGUSBOGUSBOGUS2"
	newHash := func() hash.Hash { return sha1.New() }
	for _, tc := range []struct {
		path    string
		hintLen func(m *httpMessage) int64
		applied bool
	}{
		{"/plain", func(m *httpMessage) int64 { return m.payloadLen }, true},
		{"/plain", func(m *httpMessage) int64 { return m.payloadLen - 1 }, false}, // not the whole rest
		{"/notmod", func(m *httpMessage) int64 { return 0 }, true},
		{"/chunked", func(m *httpMessage) int64 { return m.payloadLen }, false}, // de-chunking is the writer's
	} {
		_, raw := fetchRaw(t, srv, tc.path, "")
		r := bytes.NewReader(raw)
		want, err := parseResponse(r, r.Size(), newHash, sha1Format, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := parseResponse(r, r.Size(), newHash, sha1Format, &PayloadHint{Digest: bogus, Len: tc.hintLen(want)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got.blockDigest != want.blockDigest || got.truncated != want.truncated {
			t.Errorf("%s: block %s truncated %v, want %s %v", tc.path, got.blockDigest, got.truncated, want.blockDigest, want.truncated)
		}
		wantPayload := want.payloadDigest
		if tc.applied {
			wantPayload = bogus
		}
		if got.payloadDigest != wantPayload || got.payloadLen != want.payloadLen {
			t.Errorf("%s (hint len %d): payload %s/%d, want %s/%d", tc.path, tc.hintLen(want), got.payloadDigest, got.payloadLen, wantPayload, want.payloadLen)
		}
	}
}

// TestUsableHint: a hint of another algorithm is never used.
func TestUsableHint(t *testing.T) {
	w := &Writer{cfg: Config{Digest: "sha256"}}
	if w.usableHint(&PayloadHint{Digest: "sha1:ABC", Len: 3}) != nil {
		t.Error("a sha1 hint was usable by a sha256 writer")
	}
	if w.usableHint(&PayloadHint{Digest: "sha256:abc", Len: 3}) == nil {
		t.Error("a sha256 hint was refused by a sha256 writer")
	}
	if w.usableHint(nil) != nil {
		t.Error("nil hint")
	}
}
