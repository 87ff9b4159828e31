package upload_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minio/minio-go/v7"
	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/upload"
	"github.com/sharc-archive/sharc/internal/testkit/s3test"
	"github.com/sharc-archive/sharc/store"
)

// writeFiles makes n files of random bytes, sizes from sizes, in a new dir.
func writeFiles(t *testing.T, sizes ...int) []string {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for i, n := range sizes {
		b := make([]byte, n)
		_, _ = rand.Read(b)
		p := filepath.Join(dir, "job-2026-"+string(rune('a'+i))+".warc.gz")
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

func sha(t *testing.T, r io.Reader) string {
	t.Helper()
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func fileSHA(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return sha(t, f)
}

// objectSHA reads an object back through the server.
func objectSHA(t *testing.T, s *s3test.Server, bucket, key string) string {
	t.Helper()
	o, err := s.Client.GetObject(context.Background(), bucket, key, minio.GetObjectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	return sha(t, o)
}

func config(s *s3test.Server, bucket string) upload.Config {
	return upload.Config{Endpoint: s.Endpoint, Bucket: bucket, Prefix: "crawls/job/", AccessKey: s.AccessKey, SecretKey: s.SecretKey,
		Parallel: 2, Retries: 2, PartSize: 5 << 20}
}

func openStore(t *testing.T) (store.Store, store.Capture) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "s.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	j, err := st.UpsertJob(ctx, "job", "")
	if err != nil {
		t.Fatal(err)
	}
	c, _, err := st.OpenCapture(ctx, j.ID, "bfs", "single-visit")
	if err != nil {
		t.Fatal(err)
	}
	return st, c
}

func TestQueueUploadsVerifiedAndRecorded(t *testing.T) {
	for _, deleteLocal := range []bool{false, true} {
		t.Run(map[bool]string{false: "keep", true: "delete_local"}[deleteLocal], func(t *testing.T) {
			s := s3test.Start(t, "archive")
			st, c := openStore(t)
			cfg := config(s, "archive")
			cfg.DeleteLocal = deleteLocal
			cl, err := upload.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if err := cl.Check(context.Background()); err != nil {
				t.Fatal(err)
			}
			// 0 bytes, one PUT, and a multipart upload of 4 parts.
			paths := writeFiles(t, 0, 70_000, 17<<20)
			want := map[string]string{}
			for _, p := range paths {
				want[filepath.Base(p)] = fileSHA(t, p)
			}
			q := upload.NewQueue(context.Background(), cl, st, zaptest.NewLogger(t))
			for _, p := range paths {
				q.Add(c.ID, p)
			}
			n, err := q.Close()
			if err != nil || n != len(paths) {
				t.Fatalf("Close = %d, %v; want %d, nil", n, err, len(paths))
			}
			rows, err := st.WARCUploads(context.Background(), c.ID)
			if err != nil || len(rows) != len(paths) {
				t.Fatalf("WARCUploads = %+v, %v", rows, err)
			}
			for _, r := range rows {
				key := "crawls/job/" + r.File
				if r.State != store.UploadDone || r.ObjectURL != "s3://archive/"+key || r.SHA256 != want[r.File] {
					t.Errorf("row %+v: want uploaded to s3://archive/%s with sha256 %s", r, key, want[r.File])
				}
				if got := objectSHA(t, s, "archive", key); got != want[r.File] {
					t.Errorf("object %s sha256 %s, file %s", key, got, want[r.File])
				}
				_, err := os.Stat(r.LocalPath)
				if deleteLocal != errors.Is(err, os.ErrNotExist) {
					t.Errorf("delete_local=%v: local file %s stat: %v", deleteLocal, r.LocalPath, err)
				}
			}
			if p, err := st.PendingWARCUploads(context.Background(), c.JobID); err != nil || len(p) != 0 {
				t.Fatalf("pending after upload = %+v, %v", p, err)
			}
		})
	}
}

func TestWrongCredentialsKeepFiles(t *testing.T) {
	s := s3test.Start(t, "archive")
	st, c := openStore(t)
	for _, tc := range []struct {
		name, access, secret, code string
	}{
		{"unknown access key", "nobody", s.SecretKey, "the access key is unknown to the server"},
		{"wrong secret", s.AccessKey, "not-the-secret-key-at-all", "the secret key does not match the access key (SignatureDoesNotMatch)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := config(s, "archive")
			cfg.AccessKey, cfg.SecretKey, cfg.DeleteLocal = tc.access, tc.secret, true
			cl, err := upload.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			err = cl.Check(context.Background())
			var ue *upload.Error
			if !errors.As(err, &ue) || !ue.Permanent || !strings.Contains(err.Error(), tc.code) {
				t.Fatalf("Check = %v; want a permanent error naming %s", err, tc.code)
			}
			paths := writeFiles(t, 1000)
			q := upload.NewQueue(context.Background(), cl, st, zaptest.NewLogger(t))
			q.Add(c.ID, paths[0])
			n, err := q.Close()
			if n != 0 || err == nil || !strings.Contains(err.Error(), tc.code) || !strings.Contains(err.Error(), "kept locally") {
				t.Fatalf("Close = %d, %v; want 0 and an error naming %s and saying the file is kept", n, err, tc.code)
			}
			if _, err := os.Stat(paths[0]); err != nil {
				t.Fatalf("local file lost after a refused upload: %v", err)
			}
			p, err := st.PendingWARCUploads(context.Background(), c.JobID)
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, r := range p {
				found = found || (r.File == filepath.Base(paths[0]) && strings.Contains(r.LastError, tc.code))
			}
			if !found {
				t.Fatalf("no pending row with the error for %s: %+v", paths[0], p)
			}
		})
	}
}

func TestMissingBucket(t *testing.T) {
	s := s3test.Start(t)
	cl, err := upload.New(config(s, "nope"))
	if err != nil {
		t.Fatal(err)
	}
	if err := cl.Check(context.Background()); err == nil || !strings.Contains(err.Error(), `bucket "nope" does not exist`) {
		t.Fatalf("Check = %v", err)
	}
}

func TestNewRejectsBadConfig(t *testing.T) {
	ok := upload.Config{Endpoint: "s3.example.org:9000", Bucket: "b", AccessKey: "a", SecretKey: "s"}
	for _, tc := range []struct {
		name string
		edit func(*upload.Config)
		want string
	}{
		{"scheme", func(c *upload.Config) { c.Endpoint = "https://s3.example.org" }, "without scheme"},
		{"path", func(c *upload.Config) { c.Endpoint = "s3.example.org/bucket" }, "without scheme or path"},
		{"empty endpoint", func(c *upload.Config) { c.Endpoint = "" }, "no endpoint"},
		{"bad port", func(c *upload.Config) { c.Endpoint = "host:1:2" }, "endpoint"},
		{"no bucket", func(c *upload.Config) { c.Bucket = "" }, "no bucket"},
		{"no secret", func(c *upload.Config) { c.SecretKey = "" }, "no credentials"},
		{"fine", func(*upload.Config) {}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ok
			tc.edit(&c)
			_, err := upload.New(c)
			if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("New = %v, want error containing %q", err, tc.want)
			}
		})
	}
}

// TestTLSUploads: with use_tls (the default in job files) both the
// single-PUT and the multipart path upload and verify over HTTPS, where
// the client signs no payload hash and relies on the checksums alone.
func TestTLSUploads(t *testing.T) {
	s := s3test.StartTLS(t, "archive")
	st, c := openStore(t)
	cfg := config(s, "archive")
	cfg.UseTLS, cfg.Transport = true, s.Transport
	cl, err := upload.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := cl.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	paths := writeFiles(t, 100_000, 12<<20)
	q := upload.NewQueue(context.Background(), cl, st, zaptest.NewLogger(t))
	for _, p := range paths {
		q.Add(c.ID, p)
	}
	if n, err := q.Close(); err != nil || n != len(paths) {
		t.Fatalf("Close = %d, %v", n, err)
	}
	for _, p := range paths {
		if got, want := objectSHA(t, s, "archive", "crawls/job/"+filepath.Base(p)), fileSHA(t, p); got != want {
			t.Errorf("%s: object %s, file %s", p, got, want)
		}
	}
	// Without the test's CA the server is not trusted: a clear error.
	cfg.Transport = nil
	untrusting, err := upload.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := untrusting.Check(context.Background()); err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Fatalf("Check without the CA = %v, want a certificate error", err)
	}
}

// TestQueueRecordsAbsolutePaths: a file queued by a relative path (a
// relative warc.dir) is recorded by its absolute path, so a later run
// started elsewhere still finds it.
func TestQueueRecordsAbsolutePaths(t *testing.T) {
	s := s3test.Start(t, "archive")
	st, c := openStore(t)
	cl, err := upload.New(config(s, "archive"))
	if err != nil {
		t.Fatal(err)
	}
	p := writeFiles(t, 10)[0]
	t.Chdir(filepath.Dir(p))
	q := upload.NewQueue(context.Background(), cl, st, zaptest.NewLogger(t))
	q.Add(c.ID, filepath.Base(p))
	if n, err := q.Close(); n != 1 || err != nil {
		t.Fatalf("Close = %d, %v", n, err)
	}
	rows, err := st.WARCUploads(context.Background(), c.ID)
	if err != nil || len(rows) != 1 || rows[0].LocalPath != p {
		t.Fatalf("rows %+v, %v; want LocalPath %s", rows, err, p)
	}
}

// TestFromJobRefusesRemote: outside the daemon a job naming a remote is
// refused with what to set instead; environment variables are read only
// for a job naming its server.
func TestFromJobRefusesRemote(t *testing.T) {
	env := func(k string) string { return map[string]string{"A": "a", "S": "s"}[k] }
	for _, tc := range []struct {
		name string
		u    job.Upload
		want string // "" for a client
	}{
		{"remote", job.Upload{Remote: "archive"}, `remote "archive" is defined in a daemon's config`},
		{"unset variable", job.Upload{Endpoint: "127.0.0.1:1", Bucket: "warcs", AccessKeyEnv: "A", SecretKeyEnv: "NONE"}, "environment variable(s) NONE unset"},
		{"endpoint", job.Upload{Endpoint: "127.0.0.1:1", Bucket: "warcs", AccessKeyEnv: "A", SecretKeyEnv: "S"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := upload.FromJob(&tc.u, env)
			if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("err %v, want %q", err, tc.want)
			}
		})
	}
}
