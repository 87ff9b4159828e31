package testsite

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// TestCrawlWholeSite follows links breadth-first from the root over HTTP,
// with parallel fetchers on the real clock, and checks that every page is
// reached exactly once (the link graph is the tree) and that the site
// answered every request.
func TestCrawlWholeSite(t *testing.T) {
	const n = 400
	s, err := New(Config{Pages: n, Outdegree: 7, Skew: 1, TimeUnit: time.Millisecond, Seed: 2, Embeds: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	seen := map[string]int{}
	level := []string{srv.URL + "/"}
	for len(level) > 0 {
		var (
			mu   sync.Mutex
			next []string
			wg   sync.WaitGroup
		)
		for _, u := range level {
			seen[u]++
			wg.Add(1)
			go func() {
				defer wg.Done()
				// Not get: t.Fatal must not be called off the test goroutine.
				resp, err := http.Get(u)
				if err != nil {
					t.Error(err)
					return
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil || resp.StatusCode != http.StatusOK {
					t.Errorf("%s: status %d, %v", u, resp.StatusCode, err)
					return
				}
				mu.Lock()
				next = append(next, links(string(body))...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		level = next
	}
	if len(seen) != n {
		t.Fatalf("reached %d pages, want %d", len(seen), n)
	}
	for u, c := range seen {
		if c != 1 {
			t.Errorf("%s linked %d times", u, c)
		}
	}
	if got := len(s.Requests()); got != n {
		t.Errorf("request log has %d entries, want %d", got, n)
	}
}
