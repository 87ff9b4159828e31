package s3test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Version of the gateway the tests run, pinned so every machine runs the
// same server.
const Version = "v1.8.0"

// Env names a prebuilt versitygw binary to use instead of building one.
const Env = "SHARC_TEST_VERSITYGW"

// Server is a running gateway.
type Server struct {
	Endpoint  string // host:port on 127.0.0.1
	AccessKey string
	SecretKey string
	Root      string // the POSIX directory: one sub-directory per bucket
	Client    *minio.Client
	// Transport trusts the server's certificate (StartTLS); nil for HTTP.
	Transport http.RoundTripper

	cmd  *exec.Cmd
	once sync.Once
}

// Stop kills the gateway now (a server that goes away); the test's end
// would otherwise. Safe to call more than once.
func (s *Server) Stop() {
	s.once.Do(func() {
		_ = s.cmd.Process.Kill()
		_ = s.cmd.Wait()
	})
}

// SetEnv gives the test the server's credentials under the variables a
// job's warc.upload reads by default (SHARC_S3_ACCESS_KEY and
// SHARC_S3_SECRET_KEY).
func (s *Server) SetEnv(t testing.TB) {
	t.Setenv("SHARC_S3_ACCESS_KEY", s.AccessKey)
	t.Setenv("SHARC_S3_SECRET_KEY", s.SecretKey)
}

// Start builds (once) and starts a gateway with a fresh root and the given
// buckets, speaking plain HTTP; it stops when the test ends.
func Start(t testing.TB, buckets ...string) *Server { return start(t, false, buckets) }

// StartTLS is Start with HTTPS, under a certificate for 127.0.0.1 made for
// the test; Transport trusts it.
func StartTLS(t testing.TB, buckets ...string) *Server { return start(t, true, buckets) }

func start(t testing.TB, useTLS bool, buckets []string) *Server {
	t.Helper()
	bin := binary(t)
	s := &Server{AccessKey: "sharc-test-access", SecretKey: "sharc-test-secret-key-0123456789", Root: t.TempDir()}
	port := freePort(t)
	s.Endpoint = net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	args := []string{"--access", s.AccessKey, "--secret", s.SecretKey, "--port", s.Endpoint, "--quiet"}
	if useTLS {
		cert, key, pool := selfSigned(t)
		args = append(args, "--cert", cert, "--key", key)
		s.Transport = &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}
	}
	// --sidecar keeps object metadata in files, so the test does not
	// depend on the temporary file system's extended attributes.
	side := t.TempDir()
	cmd := exec.Command(bin, append(args, "posix", "--sidecar", side, s.Root)...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("s3test: start %s: %v", bin, err)
	}
	s.cmd = cmd
	t.Cleanup(s.Stop)
	mc, err := minio.New(s.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(s.AccessKey, s.SecretKey, ""),
		Secure: useTLS, Transport: s.Transport})
	if err != nil {
		t.Fatal(err)
	}
	s.Client = mc
	waitReady(t, mc)
	for _, b := range buckets {
		if err := mc.MakeBucket(context.Background(), b, minio.MakeBucketOptions{}); err != nil {
			t.Fatalf("s3test: make bucket %s: %v", b, err)
		}
	}
	return s
}

// waitReady polls until the gateway answers (bounded: 30 s).
func waitReady(t testing.TB, mc *minio.Client) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := mc.ListBuckets(ctx)
		cancel()
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("s3test: gateway not ready after 30s: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

var buildOnce struct {
	sync.Once
	path string
	err  error
}

// binary returns the gateway's path, building it on first use.
func binary(t testing.TB) string {
	t.Helper()
	if p := os.Getenv(Env); p != "" {
		return p
	}
	buildOnce.Do(func() { buildOnce.path, buildOnce.err = build() })
	if buildOnce.err != nil {
		t.Fatalf("s3test: %v (set %s to a versitygw binary to use instead)", buildOnce.err, Env)
	}
	return buildOnce.path
}

func build() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cache, "sharc-test", "versitygw-"+Version)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "versitygw")
	lock, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return "", err
	}
	defer lock.Close()
	// Another test binary may be building it: wait for it.
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return "", err
	}
	defer func() { _ = syscall.Flock(int(lock.Fd()), syscall.LOCK_UN) }()
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	cmd := exec.Command("go", "install", "github.com/versity/versitygw/cmd/versitygw@"+Version)
	cmd.Dir = dir // outside this module: install resolves the gateway's own go.mod
	cmd.Env = append(os.Environ(), "GOBIN="+dir, "GOFLAGS=-buildvcs=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building versitygw %s: %v\n%s", Version, err, out)
	}
	return bin, nil
}

// selfSigned writes a certificate for 127.0.0.1 and its key, and returns
// their paths and a pool trusting the certificate.
func selfSigned(t testing.TB) (certPath, keyPath string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "sharc s3test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certPath, keyPath = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certPath, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyPath, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certPath, keyPath, pool
}
