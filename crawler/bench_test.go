package crawler_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/frontier"
	"github.com/sharc-archive/sharc/scheduler"
)

// benchSite serves, on every host name, pages /p/0 … /p/{perHost-1} in a
// tree of outdegree 10, each about 4 KB.
func benchSite(perHost int) http.Handler {
	filler := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 90)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		k, err := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/p/"))
		if err != nil || k < 0 || k >= perHost {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, "<html><head><title>%s %d</title></head><body><p>%s</p>", r.Host, k, filler)
		for c := 10*k + 1; c <= 10*k+10 && c < perHost; c++ {
			fmt.Fprintf(w, `<a href="/p/%d">page %d</a> `, c, c)
		}
		io.WriteString(w, "</body></html>")
	})
}

// BenchmarkCrawlEndToEnd crawls 10,000 pages on 50 loopback hosts with
// politeness off: fetch, extract, WARC, index (SQLite), crawl.log.
func BenchmarkCrawlEndToEnd(b *testing.B) { benchCrawlEndToEnd(b, crawler.Options{}) }

// BenchmarkCrawlEndToEndDigestMisses is the same crawl with room for one
// payload digest in memory, so every page's deduplication asks the store:
// the cost a capture with more distinct payloads than
// Options.DigestCache pays on each new payload.
func BenchmarkCrawlEndToEndDigestMisses(b *testing.B) {
	benchCrawlEndToEnd(b, crawler.Options{DigestCache: 1})
}

// benchHosts serves benchSite(perHost) on loopback as hosts names
// h00.test, h01.test, …: their seeds and the job's resolve entries. The
// server closes with b.
func benchHosts(b *testing.B, hosts, perHost int) (seeds, resolve []string) {
	srv := httptest.NewServer(benchSite(perHost))
	b.Cleanup(srv.Close)
	target := strings.TrimPrefix(srv.URL, "http://")
	for h := 0; h < hosts; h++ {
		name := fmt.Sprintf("h%02d.test", h)
		seeds = append(seeds, "http://"+name+"/p/0")
		resolve = append(resolve, name+": "+target)
	}
	return seeds, resolve
}

func benchCrawlEndToEnd(b *testing.B, opts crawler.Options) {
	const hosts, perHost = 50, 200
	seeds, resolve := benchHosts(b, hosts, perHost)
	for i := 0; i < b.N; i++ {
		stats := benchCrawl(b, seeds, resolve, "{delay: 0s, delay_factor: 0, max_delay: 0s}", opts)
		pagesFetched := stats.Fetched - hosts // minus robots.txt
		if pagesFetched != hosts*perHost {
			b.Fatalf("fetched %d pages, want %d", pagesFetched, hosts*perHost)
		}
		b.ReportMetric(float64(pagesFetched)/stats.Elapsed.Seconds(), "pages/s")
		b.ReportMetric(float64(stats.Bytes)/stats.Elapsed.Seconds()/1e6, "MB/s")
	}
}

// benchCrawl crawls seeds (named by resolve) with 64 workers and the
// given politeness into a fresh folder and SQLite store, and returns the
// run's stats.
func benchCrawl(b *testing.B, seeds, resolve []string, politeness string, opts crawler.Options) crawler.Stats {
	b.Helper()
	stats := benchCaptures(b, 1, seeds, resolve, politeness, "", "", opts)
	return stats[0]
}

// benchCaptures is benchCrawl run n times in one folder and store: the
// job's first capture and n-1 recaptures, each with the captures before
// it as history (conditional requests, change-rate history), with extra
// (YAML lines) added to the job, on the store dsn (a SQLite file in the
// folder if ""). It returns each run's stats.
func benchCaptures(b *testing.B, n int, seeds, resolve []string, politeness, extra, dsn string, opts crawler.Options) []crawler.Stats {
	b.Helper()
	dir := b.TempDir()
	if dsn == "" {
		dsn = "sqlite:" + filepath.Join(dir, "index.db")
	}
	st := openStore(b, dsn)
	var out []crawler.Stats
	for range n {
		j := testJob(b, dir, fmt.Sprintf(`
name: bench
seeds: [%s]
user_agent: "SHARC-bench (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 64
politeness: %s
warc: {dir: %s}
resolve: {%s}
%s
`, strings.Join(seeds, ", "), politeness, filepath.Join(dir, "warcs"), strings.Join(resolve, ", "), extra))
		stats, err := crawler.New(j, st, scheduler.NewRegistry(), zap.NewNop(), opts).Run(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, stats)
	}
	return out
}

// peakRSS returns the process' peak resident set size (VmHWM) in bytes,
// or 0 where /proc is not available.
func peakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb * 1024
		}
	}
	return 0
}

// BenchmarkQueuedURLMemory measures the heap the frontier (with a bfs
// strategy per host) holds per 100,000 queued URLs.
func BenchmarkQueuedURLMemory(b *testing.B) {
	const n = 100_000
	reg := scheduler.NewRegistry()
	for i := 0; i < b.N; i++ {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		rssBefore := peakRSS()
		f := frontier.New(frontier.Config{NewStrategy: func(string) (scheduler.Strategy, error) { return reg.New("bfs", scheduler.Params{}) }})
		batch := make([]frontier.URL, 0, n)
		for k := 0; k < n; k++ {
			host := fmt.Sprintf("host%03d.example.org", k%100)
			u := fmt.Sprintf("http://%s/some/typical/path/page-%d.html", host, k)
			batch = append(batch, frontier.URL{URL: u, SURT: "org,example," + host + ")/some/typical/path/page-" + strconv.Itoa(k) + ".html",
				Host: host, Parent: -1, HopPath: "LLL", Via: "http://" + host + "/some/typical/path/"})
		}
		if err := f.Add(f.Assign(batch)...); err != nil {
			b.Fatal(err)
		}
		batch = nil
		runtime.GC()
		runtime.ReadMemStats(&after)
		if f.Size() != n {
			b.Fatalf("size %d", f.Size())
		}
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/1e6, "heap-MB/100k-URLs")
		b.ReportMetric(float64(peakRSS()-rssBefore)/1e6, "peakRSS-MB/100k-URLs")
		runtime.KeepAlive(f)
	}
}

// BenchmarkParkedHostsMemory measures the heap the frontier holds for
// 10^4 hosts × 10 queued URLs, every host in memory (unbounded) against
// max_active_hosts 100: then 100 hosts' URLs are held and the other 9,900
// hosts are parked (their URLs would be in the store only; the crawler
// commits the rows AssignAll hands back as parked).
func BenchmarkParkedHostsMemory(b *testing.B) {
	const hosts, perHost = 10_000, 10
	reg := scheduler.NewRegistry()
	for _, maxActive := range []int{0, 100} {
		b.Run(fmt.Sprintf("max_active_hosts=%d", maxActive), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				runtime.GC()
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				f := frontier.New(frontier.Config{
					NewStrategy: func(string) (scheduler.Strategy, error) { return reg.New("bfs", scheduler.Params{}) },
					MaxActive:   maxActive,
					Activate:    func(context.Context) error { return nil },
				})
				parkedURLs := 0
				// One discovering page's links per call, as the crawler
				// commits them.
				for h := 0; h < hosts; h++ {
					host := fmt.Sprintf("host%05d.example.org", h)
					batch := make([]frontier.URL, 0, perHost)
					for k := 0; k < perHost; k++ {
						u := fmt.Sprintf("http://%s/some/typical/path/page-%d.html", host, k)
						batch = append(batch, frontier.URL{URL: u, SURT: "org,example," + host + ")/some/typical/path/page-" + strconv.Itoa(k) + ".html",
							Host: host, Parent: -1, HopPath: "LLL", Via: "http://" + host + "/some/typical/path/"})
					}
					active, parked, _ := f.AssignAll(batch)
					parkedURLs += len(parked)
					if err := f.Add(active...); err != nil {
						b.Fatal(err)
					}
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				activeHosts, activeURLs, parkedHosts := f.Held()
				if f.Size() != hosts*perHost || activeURLs+parkedURLs != hosts*perHost {
					b.Fatalf("size %d, %d active + %d parked URLs", f.Size(), activeURLs, parkedURLs)
				}
				if maxActive > 0 && (activeHosts != maxActive || parkedHosts != hosts-maxActive) {
					b.Fatalf("%d active, %d parked hosts", activeHosts, parkedHosts)
				}
				b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/1e6, "heap-MB")
				b.ReportMetric(float64(activeURLs), "URLs-held")
				runtime.KeepAlive(f)
			}
		})
	}
}

// BenchmarkCrawlManyHosts crawls 2,000 loopback hosts × 10 pages (all
// seeds) with politeness off, unbounded against max_active_hosts 100,
// and reports the crawl's peak live heap (sampled every 10 ms) and speed.
func BenchmarkCrawlManyHosts(b *testing.B) {
	const hosts, perHost = 2000, 10
	srv := httptest.NewServer(benchSite(perHost))
	defer srv.Close()
	target := strings.TrimPrefix(srv.URL, "http://")
	var seeds, resolve []string
	for h := 0; h < hosts; h++ {
		name := fmt.Sprintf("h%04d.test", h)
		seeds = append(seeds, "http://"+name+"/p/0")
		resolve = append(resolve, name+": "+target)
	}
	for _, maxActive := range []int{0, 100} {
		b.Run(fmt.Sprintf("max_active_hosts=%d", maxActive), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				dir := b.TempDir()
				j := testJob(b, dir, fmt.Sprintf(`
name: bench
seeds: [%s]
user_agent: "SHARC-bench (+https://example.org/contact)"
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 64
max_active_hosts: %d
politeness: {delay: 0s, delay_factor: 0, max_delay: 0s}
warc: {dir: %s}
resolve: {%s}
`, strings.Join(seeds, ", "), maxActive, filepath.Join(dir, "warcs"), strings.Join(resolve, ", ")))
				st := openStore(b, "sqlite:"+filepath.Join(dir, "index.db"))
				runtime.GC()
				var base runtime.MemStats
				runtime.ReadMemStats(&base)
				var peak uint64
				stop := make(chan struct{})
				sampled := make(chan struct{})
				go func() {
					defer close(sampled)
					tk := time.NewTicker(10 * time.Millisecond)
					defer tk.Stop()
					for {
						var m runtime.MemStats
						runtime.ReadMemStats(&m)
						peak = max(peak, m.HeapInuse)
						select {
						case <-stop:
							return
						case <-tk.C:
						}
					}
				}()
				stats, err := crawler.New(j, st, scheduler.NewRegistry(), zap.NewNop(), crawler.Options{}).Run(context.Background())
				close(stop)
				<-sampled
				if err != nil {
					b.Fatal(err)
				}
				if got := stats.Fetched - hosts; got != hosts*perHost {
					b.Fatalf("fetched %d pages, want %d", got, hosts*perHost)
				}
				b.ReportMetric(float64(peak-base.HeapInuse)/1e6, "peak-heap-MB")
				b.ReportMetric(float64(hosts*perHost)/stats.Elapsed.Seconds(), "pages/s")
			}
		})
	}
}
