package browserfetch_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/sharc-archive/sharc/crawler/browserfetch"
)

// A page whose text a script writes, loaded with every request answered by
// the caller: here a plain HTTP client stands in for the crawler's fetch
// path (network guard, politeness, WARC). It needs Debian's chromium, so
// it is compiled by go test but not run (no Output comment).
func Example() {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<html><body><p id=t></p><script>document.getElementById("t").textContent = "built by JavaScript"</script></body></html>`)
	}))
	defer site.Close()
	pool, err := browserfetch.New(browserfetch.Options{Tabs: 1, PageTimeout: 30 * time.Second, MaxPageBytes: 1 << 20, Idle: 500 * time.Millisecond})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer pool.Close()
	fetch := func(ctx context.Context, r browserfetch.Request) (*browserfetch.Response, error) {
		req, err := http.NewRequestWithContext(ctx, r.Method, r.URL, nil)
		if err != nil {
			return nil, err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		// Read under the page's budget: a body past MaxPageBytes fails.
		body, err := io.ReadAll(r.Budget.Reader(resp.Body))
		if err != nil {
			return nil, err
		}
		return &browserfetch.Response{Status: resp.StatusCode, Header: browserfetch.BrowserHeader(resp.Header), Body: body}, nil
	}
	page, err := pool.Capture(context.Background(), site.URL, fetch)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d requests, DOM of %d bytes\n", page.Requests, len(page.DOM))
}
