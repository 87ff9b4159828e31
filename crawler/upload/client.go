package upload

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Config says where objects go and how uploads run.
type Config struct {
	// Endpoint is the server's host[:port], without scheme or path.
	Endpoint string
	Bucket   string
	// Prefix starts every object key; the key is Prefix + file name.
	Prefix string
	// Region is sent in signatures; "" lets the client ask the server.
	Region               string
	AccessKey, SecretKey string
	UseTLS               bool
	// DeleteLocal removes a file once its upload is verified and recorded.
	DeleteLocal bool
	// Parallel bounds concurrent uploads (default 2).
	Parallel int
	// Retries is how many times a failed upload is tried again; errors
	// no retry can fix (credentials, bucket) are not retried.
	Retries int
	// PartSize is the largest file sent in one PUT and the part size of a
	// multipart upload (default 64 MiB; S3's minimum is 5 MiB).
	PartSize int64
	// Transport, if set, replaces the default HTTP transport (a private
	// CA: tests; operators can use SSL_CERT_FILE instead).
	Transport http.RoundTripper
}

// Object is a verified upload.
type Object struct {
	URL    string // s3://bucket/key
	Key    string
	Size   int64
	SHA256 string // lower-case hex
}

// Client uploads files to one bucket.
type Client struct {
	cfg Config
	mc  *minio.Client
}

const (
	metaSHA256 = "Sha256" // x-amz-meta-sha256, as minio-go canonicalises it
	warcMIME   = "application/warc"

	defaultPartSize = 64 << 20
)

// New checks cfg and returns a Client; it does not contact the server
// (see Check).
func New(cfg Config) (*Client, error) {
	if err := checkEndpoint(cfg.Endpoint); err != nil {
		return nil, err
	}
	if cfg.Bucket == "" {
		return nil, errors.New("upload: no bucket")
	}
	if cfg.PartSize != 0 && cfg.PartSize < 5<<20 {
		return nil, fmt.Errorf("upload: part size %d below S3's minimum of 5 MiB", cfg.PartSize)
	}
	if cfg.AccessKey == "" || cfg.SecretKey == "" {
		return nil, errors.New("upload: no credentials")
	}
	mc, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: cfg.UseTLS, Region: cfg.Region, Transport: cfg.Transport,
		// Checksums (see putOptions) need trailing-header support on;
		// minio-go refuses x-amz-checksum headers without it.
		TrailingHeaders: true,
	})
	if err != nil {
		return nil, fmt.Errorf("upload: %w", err)
	}
	return &Client{cfg: cfg, mc: mc}, nil
}

func checkEndpoint(ep string) error {
	if ep == "" {
		return errors.New("upload: no endpoint")
	}
	if strings.Contains(ep, "://") || strings.ContainsAny(ep, "/?# ") {
		return fmt.Errorf("upload: endpoint %q: want host[:port], without scheme or path (use_tls picks https)", ep)
	}
	if _, _, err := net.SplitHostPort(ep); err != nil && strings.Contains(ep, ":") && !strings.HasPrefix(ep, "[") {
		return fmt.Errorf("upload: endpoint %q: %w", ep, err)
	}
	return nil
}

// Check asks the server whether the bucket exists, so wrong credentials
// or a missing bucket are reported before any file waits on them.
func (c *Client) Check(ctx context.Context) error {
	ok, err := c.mc.BucketExists(ctx, c.cfg.Bucket)
	if err != nil {
		return c.explain("checking bucket", err)
	}
	if !ok {
		return &Error{Permanent: true, Err: fmt.Errorf("upload: bucket %q does not exist on %s", c.cfg.Bucket, c.cfg.Endpoint)}
	}
	return nil
}

// Key is the object key of a local file.
func (c *Client) Key(path string) string { return c.cfg.Prefix + filepath.Base(path) }

// URL is the s3:// URL of a key.
func (c *Client) URL(key string) string { return "s3://" + c.cfg.Bucket + "/" + key }

// Put uploads the file at path and verifies the object against what was
// read from disk: size, the server's CRC-64/NVME of the whole object and
// the SHA-256 stored with it. A file changed while it was read fails.
func (c *Client) Put(ctx context.Context, path string) (Object, error) {
	f, err := os.Open(path)
	if err != nil {
		return Object{}, &Error{Permanent: errors.Is(err, os.ErrNotExist), Err: fmt.Errorf("upload: %w", err)}
	}
	defer f.Close()
	sum, err := digestFile(f)
	if err != nil {
		return Object{}, fmt.Errorf("upload: read %s: %w", path, err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return Object{}, fmt.Errorf("upload: %w", err)
	}
	key := c.Key(path)
	_, err = c.mc.PutObject(ctx, c.cfg.Bucket, key, io.LimitReader(f, sum.size), sum.size, c.putOptions(sum))
	if err != nil {
		return Object{}, c.explain("put "+key, err)
	}
	obj := Object{URL: c.URL(key), Key: key, Size: sum.size, SHA256: sum.sha256}
	return obj, c.verify(ctx, obj, sum)
}

// putOptions asks the server to check a CRC-64/NVME of the whole object.
// A single PUT carries the one computed from disk as a header (checked
// before the object is stored); a multipart upload has the client add
// each part's to its trailer and the server combines them, since a header
// cannot cover parts. The server's full-object value is compared with the
// file's in verify either way.
func (c *Client) putOptions(sum fileSum) minio.PutObjectOptions {
	opts := minio.PutObjectOptions{
		ContentType:  warcMIME,
		UserMetadata: map[string]string{metaSHA256: sum.sha256},
		PartSize:     uint64(c.partSize()),
	}
	if sum.size <= c.partSize() {
		opts.UserMetadata["x-amz-checksum-crc64nvme"] = sum.crc
		opts.UserMetadata["x-amz-checksum-algorithm"] = "CRC64NVME"
		return opts
	}
	opts.Checksum = minio.ChecksumCRC64NVME
	return opts
}

func (c *Client) partSize() int64 {
	if c.cfg.PartSize > 0 {
		return c.cfg.PartSize
	}
	return defaultPartSize
}

// verify compares the stored object with the local file's digests.
func (c *Client) verify(ctx context.Context, obj Object, sum fileSum) error {
	info, err := c.mc.StatObject(ctx, c.cfg.Bucket, obj.Key, minio.StatObjectOptions{Checksum: true})
	if err != nil {
		return c.explain("stat "+obj.Key, err)
	}
	switch {
	case info.Size != sum.size:
		return fmt.Errorf("upload: %s: object has %d bytes, file %d", obj.URL, info.Size, sum.size)
	case info.ChecksumCRC64NVME == "":
		return fmt.Errorf("upload: %s: the server returned no CRC64NVME checksum to verify the object by", obj.URL)
	case info.ChecksumCRC64NVME != sum.crc:
		return fmt.Errorf("upload: %s: object CRC64NVME %s, file %s", obj.URL, info.ChecksumCRC64NVME, sum.crc)
	case info.UserMetadata[metaSHA256] != sum.sha256:
		return fmt.Errorf("upload: %s: object SHA-256 metadata %q, file %s", obj.URL, info.UserMetadata[metaSHA256], sum.sha256)
	}
	return nil
}

type fileSum struct {
	size   int64
	sha256 string // hex
	crc    string // base64 CRC-64/NVME, as S3 reports it
}

func digestFile(r io.Reader) (fileSum, error) {
	sh := sha256.New()
	crc := minio.ChecksumCRC64NVME.Hasher()
	n, err := io.Copy(io.MultiWriter(sh, crc), r)
	if err != nil {
		return fileSum{}, err
	}
	return fileSum{size: n, sha256: hex.EncodeToString(sh.Sum(nil)), crc: b64(crc)}, nil
}

func b64(h hash.Hash) string { return base64.StdEncoding.EncodeToString(h.Sum(nil)) }

// Error is an upload failure; Permanent ones are not retried.
type Error struct {
	Permanent bool
	Err       error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// permanentCodes are S3 error codes no retry fixes.
var permanentCodes = map[string]string{
	"InvalidAccessKeyId":    "the access key is unknown to the server",
	"XAdminUserNotFound":    "the access key is unknown to the server", // Versity S3 Gateway's code for it
	"SignatureDoesNotMatch": "the secret key does not match the access key",
	"AccessDenied":          "the credentials may not write to the bucket",
	"NoSuchBucket":          "the bucket does not exist",
	"InvalidBucketName":     "the bucket name is invalid",
}

// explain turns a client error into one that says what to fix.
func (c *Client) explain(op string, err error) error {
	resp := minio.ToErrorResponse(err)
	code := resp.Code
	why, ok := permanentCodes[code]
	if !ok && (resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden) {
		why, ok = "the server refused the credentials", true
	}
	if ok {
		return &Error{Permanent: true, Err: fmt.Errorf("upload: %s on %s bucket %s: %s (%s): %w", op, c.cfg.Endpoint, c.cfg.Bucket, why, code, err)}
	}
	return fmt.Errorf("upload: %s on %s: %w", op, c.cfg.Endpoint, err)
}
