package crawler_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/scheduler"
)

// pythonDocs is where Debian's python3.11-doc package installs the HTML
// Python documentation (about 560 pages), a real static site to profile
// the crawler on.
const pythonDocs = "/usr/share/doc/python3.11/html"

// docsServerEnv, set in a child test process, makes it serve the directory
// named by it on loopback instead of testing (see TestDocsFileServer).
const docsServerEnv = "SHARC_DOCS_FILESERVER"

// TestDocsFileServer is not a test: run as a child of BenchmarkCrawlDocs
// (docsServerEnv set), it serves a directory through net/http.FileServer
// on a loopback port, prints the address, and serves until its stdin
// closes. In a separate process the server's CPU time stays out of the
// crawler's getrusage figures.
func TestDocsFileServer(t *testing.T) {
	dir := os.Getenv(docsServerEnv)
	if dir == "" {
		t.Skip("helper process for BenchmarkCrawlDocs")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir)), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	fmt.Println(ln.Addr().String())
	_, _ = bufio.NewReader(os.Stdin).ReadString('\n') // EOF when the parent is done
	_ = srv.Close()
}

// startDocsServer runs TestDocsFileServer in a child process serving dir
// and returns its address; the child ends with the benchmark.
func startDocsServer(b *testing.B, dir string) string {
	b.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestDocsFileServer$", "-test.count", "1")
	cmd.Env = append(os.Environ(), docsServerEnv+"="+dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = stdin.Close()
		_ = cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		b.Fatalf("docs server: %v", err)
	}
	return strings.TrimSpace(line)
}

// BenchmarkCrawlDocs crawls the Python 3.11 documentation (Debian
// python3.11-doc) served by net/http.FileServer in a child process on
// loopback, politeness off (per_host 48 as in make bench-crawl: 3 × workers), SQLite
// index, and reports pages/s and the crawler process' CPU milliseconds per
// fetched page (getrusage utime+stime; the file server's CPU is in the
// child, not counted).
// SHARC_DOCS_DIR names another directory of HTML to crawl instead (its
// index.html is the seed).
func BenchmarkCrawlDocs(b *testing.B) { benchCrawlDocs(b, crawler.Options{}) }

// BenchmarkCrawlDocsGzip1 is the same crawl with WARC records at DEFLATE
// level 1 instead of 6: what the fastest level saves per page, and what
// it costs in WARC bytes (warc-MB).
func BenchmarkCrawlDocsGzip1(b *testing.B) { benchCrawlDocs(b, crawler.Options{WARCGzipLevel: 1}) }

func benchCrawlDocs(b *testing.B, opts crawler.Options) {
	dir := pythonDocs
	if d := os.Getenv("SHARC_DOCS_DIR"); d != "" {
		dir = d
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
		b.Skipf("no docs to crawl: %v", err)
	}
	target := startDocsServer(b, dir)
	for i := 0; i < b.N; i++ {
		tmp := b.TempDir()
		j := testJob(b, tmp, fmt.Sprintf(`
name: docs
seeds: ["http://%s/index.html"]
user_agent: "SHARC-bench (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 16
politeness: {delay: 0s, delay_factor: 0, max_delay: 0s, per_host: 48}
warc: {dir: %s}
`, target, filepath.Join(tmp, "warcs")))
		st := openStore(b, "sqlite:"+filepath.Join(tmp, "index.db"))
		cpu0 := testkit.CPUTime(b)
		stats, err := crawler.New(j, st, scheduler.NewRegistry(), zap.NewNop(), opts).Run(context.Background())
		cpu := testkit.CPUTime(b) - cpu0
		if err != nil {
			b.Fatal(err)
		}
		if stats.Fetched < 500 {
			b.Fatalf("fetched %d URIs, want the whole docs site (> 500)", stats.Fetched)
		}
		b.ReportMetric(float64(stats.Fetched), "pages")
		b.ReportMetric(float64(stats.Fetched)/stats.Elapsed.Seconds(), "pages/s")
		b.ReportMetric(float64(cpu.Microseconds())/1e3/float64(stats.Fetched), "cpu-ms/page")
		b.ReportMetric(float64(warcBytes(b, stats.WARCFiles))/1e6, "warc-MB")
	}
}

// warcBytes is the total size of the files.
func warcBytes(b *testing.B, files []string) int64 {
	var n int64
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			b.Fatal(err)
		}
		n += fi.Size()
	}
	return n
}
