package upload

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minio/minio-go/v7"

	"github.com/sharc-archive/sharc/internal/testkit/s3test"
)

// TestVerifyCatchesAChangedObject: verify compares the stored object with
// the file, so an object replaced behind the client's back (same size,
// same claimed SHA-256) or cut short fails.
func TestVerifyCatchesAChangedObject(t *testing.T) {
	s := s3test.Start(t, "archive")
	c, err := New(Config{Endpoint: s.Endpoint, Bucket: "archive", AccessKey: s.AccessKey, SecretKey: s.SecretKey})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "a.warc.gz")
	content := bytes.Repeat([]byte("warc record "), 1000)
	if err := os.WriteFile(p, content, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	obj, err := c.Put(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(p)
	sum, err := digestFile(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.verify(ctx, obj, sum); err != nil {
		t.Fatalf("verify of the uploaded object: %v", err)
	}
	for _, tc := range []struct {
		name string
		body []byte
		want string
	}{
		{"same size, other bytes", bytes.Repeat([]byte("WARC RECORD "), 1000), "CRC64NVME"},
		{"cut short", content[:100], "bytes, file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := minio.ChecksumCRC64NVME.Hasher()
			h.Write(tc.body)
			_, err := c.mc.PutObject(ctx, "archive", obj.Key, bytes.NewReader(tc.body), int64(len(tc.body)),
				minio.PutObjectOptions{UserMetadata: map[string]string{metaSHA256: sum.sha256, "x-amz-checksum-crc64nvme": b64(h)}})
			if err != nil {
				t.Fatal(err)
			}
			if err := c.verify(ctx, obj, sum); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("verify = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}
