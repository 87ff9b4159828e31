package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/research/testsite"
)

// TestServeSites: sites prints one root URL per loopback host, only once
// each answers, and every host serves its own copy of the test site with
// links on its own host (a crawl of N hosts stays spread over N hosts).
func TestServeSites(t *testing.T) {
	for _, hosts := range []int{1, 3} {
		ctx, cancel := context.WithCancel(context.Background())
		var out syncBuffer
		done := make(chan error, 1)
		go func() {
			done <- serveSites(ctx, &out, hosts, 0, testsite.Config{Pages: 20, Outdegree: 3, Skew: 1, TimeUnit: siteHold, RequestLogSize: -1})
		}()
		var urls []string
		for deadline := time.Now().Add(10 * time.Second); len(urls) < hosts && len(done) == 0 && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
			urls = strings.Fields(out.String())
		}
		if len(urls) != hosts {
			cancel()
			t.Fatalf("%d hosts: got URLs %q (serve: %v)", hosts, urls, <-done)
		}
		for i, u := range urls {
			resp, err := http.Get(u)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			host := strings.TrimSuffix(strings.TrimPrefix(u, "http://"), "/")
			if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), host+"/p/1") {
				t.Errorf("host %d %s: status %d, body lacks links on its host:\n%s", i+1, u, resp.StatusCode, body)
			}
		}
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for the server's goroutine to write
// while the test reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
