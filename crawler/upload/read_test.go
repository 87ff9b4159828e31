package upload_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/minio/minio-go/v7"

	"github.com/sharc-archive/sharc/crawler/upload"
	"github.com/sharc-archive/sharc/internal/testkit/s3test"
	"github.com/sharc-archive/sharc/store"
)

// TestReadBack: an uploaded file reads back whole, by Seek and by ReadAt,
// and Fetch copies it; a wrong record, a replaced object and a removed
// one are ErrObject, and Fetch leaves no file behind.
func TestReadBack(t *testing.T) {
	s := s3test.Start(t, "archive")
	cl, err := upload.New(config(s, "archive"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	path := writeFiles(t, 70_000)[0]
	want, _ := os.ReadFile(path)
	obj, err := cl.Put(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := cl.Open(ctx, obj.URL, obj.Size, obj.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(r)
	if err != nil || !bytes.Equal(got, want) || r.Size() != int64(len(want)) {
		t.Fatalf("read back: %v, equal %v, size %d", err, bytes.Equal(got, want), r.Size())
	}
	part := make([]byte, 100)
	if _, err := r.ReadAt(part, 5000); err != nil || !bytes.Equal(part, want[5000:5100]) {
		t.Fatalf("ReadAt: %v", err)
	}
	if _, err := r.Seek(60_000, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	if tail, err := io.ReadAll(r); err != nil || !bytes.Equal(tail, want[60_000:]) {
		t.Fatalf("after Seek: %v, %d bytes", err, len(tail))
	}
	_ = r.Close()

	dst := filepath.Join(t.TempDir(), "copy")
	if err := cl.Fetch(ctx, obj.URL, dst, obj.Size, obj.SHA256); err != nil {
		t.Fatal(err)
	}
	if fileSHA(t, dst) != obj.SHA256 {
		t.Fatal("fetched copy differs")
	}
	for _, tc := range []struct {
		name   string
		change func()
		size   int64
		sha    string
	}{
		{"wrong record", func() {}, obj.Size, obj.SHA256[1:] + "0"},
		{"forged metadata", func() { forge(t, s, obj, want) }, obj.Size, obj.SHA256},
		{"removed", func() { _ = s.Client.RemoveObject(ctx, "archive", obj.Key, minio.RemoveObjectOptions{}) }, obj.Size, obj.SHA256},
	} {
		tc.change()
		dst := filepath.Join(t.TempDir(), "copy")
		err := cl.Fetch(ctx, obj.URL, dst, tc.size, tc.sha)
		if _, serr := os.Stat(dst); !errors.Is(err, upload.ErrObject) || serr == nil {
			t.Errorf("%s: %v, want ErrObject and no file (stat: %v)", tc.name, err, serr)
		}
	}
	if _, err := cl.Open(ctx, "http://archive/x", 1, ""); err == nil {
		t.Error("a URL that is not s3:// opened")
	}
}

// forge replaces the object with same-size altered bytes carrying the
// recorded SHA-256 as metadata: only the bytes can tell.
func forge(t *testing.T, s *s3test.Server, obj upload.Object, orig []byte) {
	t.Helper()
	b := bytes.Clone(orig)
	b[len(b)-1] ^= 1
	_, err := s.Client.PutObject(context.Background(), "archive", obj.Key, bytes.NewReader(b), int64(len(b)),
		minio.PutObjectOptions{UserMetadata: map[string]string{"Sha256": obj.SHA256}})
	if err != nil {
		t.Fatal(err)
	}
}

// TestStage: a directory with one local file and one only in object
// storage stages to a temporary directory holding both, removed by
// cleanup; with every file local, Stage returns the directory itself.
func TestStage(t *testing.T) {
	s := s3test.Start(t, "archive")
	cl, err := upload.New(config(s, "archive"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	paths := writeFiles(t, 3000, 4000)
	dir := filepath.Dir(paths[0])
	names := []string{filepath.Base(paths[0]), filepath.Base(paths[1])}
	same, cleanup, err := upload.Stage(ctx, cl, dir, names, nil)
	if err != nil || same != dir {
		t.Fatalf("all local: %q %v", same, err)
	}
	cleanup()
	obj, err := cl.Put(ctx, paths[1])
	if err != nil {
		t.Fatal(err)
	}
	wantSHA := []string{fileSHA(t, paths[0]), obj.SHA256}
	if err := os.Remove(paths[1]); err != nil {
		t.Fatal(err)
	}
	rows := []store.WARCUpload{{File: names[1], State: store.UploadDone, ObjectURL: obj.URL, Size: obj.Size, SHA256: obj.SHA256}}
	if _, _, err := upload.Stage(ctx, nil, dir, names, rows); err == nil {
		t.Fatal("staged a remote file without a client")
	}
	staged, cleanup, err := upload.Stage(ctx, cl, dir, names, rows)
	if err != nil || staged == dir {
		t.Fatalf("stage: %q %v", staged, err)
	}
	for i, n := range names {
		if got := fileSHA(t, filepath.Join(staged, n)); got != wantSHA[i] {
			t.Errorf("%s: staged copy differs", n)
		}
	}
	cleanup()
	if _, err := os.Stat(staged); !os.IsNotExist(err) {
		t.Errorf("cleanup left %s: %v", staged, err)
	}
}
