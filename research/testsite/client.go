package testsite

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// PageChanges returns page k's content changes at times in (from, to],
// sorted; nil for an unknown page. It is ChangeLog for one page.
func (s *Site) PageChanges(k int, from, to time.Time) []time.Time {
	if k < 0 || k >= s.cfg.Pages {
		return nil
	}
	return s.pageChanges(k, s.offsetOf(from), s.offsetOf(to))
}

// FetchChanges asks a test site running elsewhere (e.g. `sharc testsite`)
// for its change log in (from, to] through /_changes. base is the site's
// URL ("http://127.0.0.1:8080"). The site clamps to to its own clock.
func FetchChanges(ctx context.Context, c *http.Client, base string, from, to time.Time) (map[string][]time.Time, error) {
	q := url.Values{"from": {from.Format(time.RFC3339Nano)}, "to": {to.Format(time.RFC3339Nano)}}
	var resp changesResponse
	if err := fetchJSON(ctx, c, strings.TrimSuffix(base, "/")+"/_changes?"+q.Encode(), &resp); err != nil {
		return nil, err
	}
	if resp.Changes == nil {
		resp.Changes = map[string][]time.Time{}
	}
	return resp.Changes, nil
}

// FetchInfo reads a remote test site's configuration, with the change rate
// of every page, through /_info?rates=1.
func FetchInfo(ctx context.Context, c *http.Client, base string) (Info, error) {
	var info Info
	err := fetchJSON(ctx, c, strings.TrimSuffix(base, "/")+"/_info?rates=1", &info)
	return info, err
}

func fetchJSON(ctx context.Context, c *http.Client, u string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("testsite: %w", err)
	}
	resp, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("testsite: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("testsite: GET %s: %s: %s", u, resp.Status, strings.TrimSpace(string(msg)))
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		return fmt.Errorf("testsite: GET %s: decoding: %w", u, err)
	}
	return nil
}
