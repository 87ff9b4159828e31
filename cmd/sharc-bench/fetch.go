package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sharc-archive/sharc/warc"
)

// fetchResult is what `sharc-bench fetch` prints, one JSON object.
type fetchResult struct {
	Pages   int64   `json:"pages"`   // 2xx responses
	Bytes   int64   `json:"bytes"`   // body bytes of those responses
	Seconds float64 `json:"seconds"` // wall time of the fetch loop
	Errors  int64   `json:"errors"`  // transport errors and non-2xx answers
}

// runFetch is the ceiling a crawler cannot beat on the same URLs: a fixed
// list, no discovery, no politeness, no index. With -warc each exchange
// also goes through SHARC's WARC writer (gzip, digests, one record pair),
// which is ceiling (e) of bench-crawl; without it, ceiling (d).
func runFetch(args []string) error {
	fs := flag.NewFlagSet("fetch", flag.ContinueOnError)
	list := fs.String("urls", "", "file with one URL per line (loopback hosts only)")
	workers := fs.Int("workers", 16, "concurrent fetches")
	warcDir := fs.String("warc", "", "write WARC records here (empty: fetch only)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	urls, err := readURLs(*list)
	if err != nil {
		return err
	}
	var w *warc.Writer
	if *warcDir != "" {
		if w, err = warc.NewWriter(warc.Config{Dir: *warcDir, Prefix: "ceiling", Software: "sharc-bench"}, nil); err != nil {
			return err
		}
	}
	res := fetchAll(urls, *workers, w)
	if w != nil {
		if err := w.Close(); err != nil {
			return err
		}
	}
	return json.NewEncoder(os.Stdout).Encode(res)
}

// readURLs reads the list and refuses any host that is not a loopback
// address: the benchmark never sends traffic anywhere else.
func readURLs(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		u, err := url.Parse(line)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if ip := net.ParseIP(u.Hostname()); ip == nil || !ip.IsLoopback() {
			return nil, fmt.Errorf("%s: %q is not a loopback address", path, u.Host)
		}
		out = append(out, line)
	}
	return out, sc.Err()
}

func fetchAll(urls []string, workers int, w *warc.Writer) fetchResult {
	client := &http.Client{
		Transport: &http.Transport{MaxIdleConnsPerHost: workers, DisableCompression: true},
		Timeout:   time.Minute,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
	var res fetchResult
	next := int64(-1)
	var wg sync.WaitGroup
	start := time.Now()
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := atomic.AddInt64(&next, 1)
				if i >= int64(len(urls)) {
					return
				}
				n, err := fetchOne(client, urls[i], w)
				if err != nil {
					atomic.AddInt64(&res.Errors, 1)
					continue
				}
				atomic.AddInt64(&res.Pages, 1)
				atomic.AddInt64(&res.Bytes, n)
			}
		}()
	}
	wg.Wait()
	res.Seconds = time.Since(start).Seconds()
	return res
}

// fetchOne fetches u and, with a writer, archives the exchange as the raw
// request and a response rebuilt from the status line, headers and body.
func fetchOne(client *http.Client, u string, w *warc.Writer) (int64, error) {
	date := time.Now()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("User-Agent", "sharc-bench/1.0 (+http://127.0.0.1/)")
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return 0, err
	}
	if resp.StatusCode/100 != 2 {
		return 0, fmt.Errorf("%s: %s", u, resp.Status)
	}
	if w == nil {
		return int64(len(body)), nil
	}
	var raw bytes.Buffer
	fmt.Fprintf(&raw, "HTTP/1.1 %s\r\n", resp.Status)
	if err := resp.Header.Write(&raw); err != nil {
		return 0, err
	}
	raw.WriteString("\r\n")
	raw.Write(body)
	reqRaw := fmt.Sprintf("GET %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: %s\r\n\r\n",
		req.URL.RequestURI(), req.URL.Host, req.Header.Get("User-Agent"))
	_, err = w.WriteExchange(context.Background(), warc.Exchange{
		TargetURI: u, IP: req.URL.Hostname(), Date: date, Request: []byte(reqRaw), Response: raw.Bytes(),
	})
	return int64(len(body)), err
}
