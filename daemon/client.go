package daemon

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
)

// Client calls a daemon's API (used by `sharc job` and the tests).
type Client struct {
	// Base is the daemon's URL, e.g. http://127.0.0.1:8180 or
	// https://sharc.example.org:8180 (tls_cert; see HTTPClientWithCA).
	Base  string
	Token string
	HTTP  *http.Client // nil: http.DefaultClient
}

// HTTPClientWithCA is an HTTP client that also trusts the PEM
// certificates in caFile (a self-signed daemon certificate, or a private
// CA: `sharc job --ca`, SHARC_CA); caFile "" is http.DefaultClient.
func HTTPClientWithCA(caFile string) (*http.Client, error) {
	if caFile == "" {
		return http.DefaultClient, nil
	}
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, fmt.Errorf("CA file: %w", err)
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool() // none on this system: the file alone
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("CA file %s: no PEM certificate in it", caFile)
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.TLSClientConfig = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
	return &http.Client{Transport: tr}, nil
}

// do sends a request and decodes a JSON answer into out (nil: discard).
// Error answers become *APIError.
func (c *Client) do(ctx context.Context, method, path string, body io.Reader, contentType string, out any) error {
	resp, err := c.send(ctx, method, path, body, contentType)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		ae := &APIError{Status: resp.StatusCode}
		if json.Unmarshal(data, ae) != nil || ae.Message == "" {
			ae.Message = fmt.Sprintf("%s: %s", resp.Status, strings.TrimSpace(string(data)))
		}
		return ae
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("decoding %s %s answer: %w", method, path, err)
	}
	return nil
}

// send makes a request of the daemon at path below Base, with the bearer
// token when one is set (contentType "": no Content-Type header). The
// caller closes the answer's body.
func (c *Client) send(ctx context.Context, method, path string, body io.Reader, contentType string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(c.Base, "/")+path, body)
	if err != nil {
		return nil, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	return hc.Do(req)
}

// Submit sends a job file; filename labels validation errors.
func (c *Client) Submit(ctx context.Context, yaml []byte, filename string) (JobInfo, error) {
	return c.SubmitReplacing(ctx, yaml, filename, false)
}

// SubmitReplacing submits a job; with replace it may replace an existing
// job of the same name with other settings (the API refuses that with 409
// otherwise).
func (c *Client) SubmitReplacing(ctx context.Context, yaml []byte, filename string, replace bool) (JobInfo, error) {
	var out JobInfo
	path := "/api/v1/jobs?filename=" + url.QueryEscape(filename)
	if replace {
		path += "&" + ReplaceParam + "=true"
	}
	err := c.do(ctx, "POST", path, bytes.NewReader(yaml), "application/yaml", &out)
	return out, err
}

// Jobs lists the jobs.
func (c *Client) Jobs(ctx context.Context) ([]JobInfo, error) {
	var out []JobInfo
	err := c.do(ctx, "GET", "/api/v1/jobs", nil, "", &out)
	return out, err
}

// Job returns one job.
func (c *Client) Job(ctx context.Context, name string) (JobInfo, error) {
	var out JobInfo
	err := c.do(ctx, "GET", "/api/v1/jobs/"+url.PathEscape(name), nil, "", &out)
	return out, err
}

// Status returns a job's live status.
func (c *Client) Status(ctx context.Context, name string) (Status, error) {
	var out Status
	err := c.do(ctx, "GET", "/api/v1/jobs/"+url.PathEscape(name)+"/status", nil, "", &out)
	return out, err
}

// Captures lists a job's captures.
func (c *Client) Captures(ctx context.Context, name string) ([]CaptureInfo, error) {
	var out []CaptureInfo
	err := c.do(ctx, "GET", "/api/v1/jobs/"+url.PathEscape(name)+"/captures", nil, "", &out)
	return out, err
}

// Action posts pause, resume or cancel.
func (c *Client) Action(ctx context.Context, name, action string) (JobInfo, error) {
	var out JobInfo
	err := c.do(ctx, "POST", "/api/v1/jobs/"+url.PathEscape(name)+"/"+action, nil, "", &out)
	return out, err
}

// Frontier inspects a host's queue.
func (c *Client) Frontier(ctx context.Context, name, host string, limit int) (FrontierInfo, error) {
	var out FrontierInfo
	err := c.do(ctx, "GET", fmt.Sprintf("/api/v1/jobs/%s/hosts/%s/frontier?limit=%d", url.PathEscape(name), url.PathEscape(host), limit), nil, "", &out)
	return out, err
}

// EditFrontier drops URLs and/or sets a host's delay.
func (c *Client) EditFrontier(ctx context.Context, name, host string, edit FrontierEdit) (FrontierInfo, error) {
	var out FrontierInfo
	body, err := json.Marshal(edit)
	if err != nil {
		return out, err
	}
	err = c.do(ctx, "POST", fmt.Sprintf("/api/v1/jobs/%s/hosts/%s/frontier", url.PathEscape(name), url.PathEscape(host)), bytes.NewReader(body), "application/json", &out)
	return out, err
}

// Get fetches any API path (e.g. a WARC file or a WACZ) into w.
func (c *Client) Get(ctx context.Context, path string, w io.Writer) error {
	resp, err := c.send(ctx, "GET", path, nil, "")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		ae := &APIError{Status: resp.StatusCode}
		if json.Unmarshal(data, ae) != nil || ae.Message == "" {
			ae.Message = resp.Status
		}
		return ae
	}
	_, err = io.Copy(w, resp.Body)
	return err
}

// Runs lists a job's runs, newest first (limit 0: all).
func (c *Client) Runs(ctx context.Context, name string, limit int) ([]RunInfo, error) {
	var out []RunInfo
	err := c.do(ctx, "GET", fmt.Sprintf("/api/v1/jobs/%s/runs?limit=%d", url.PathEscape(name), limit), nil, "", &out)
	return out, err
}

// Archive archives a job (DELETE); force cancels its open capture first.
func (c *Client) Archive(ctx context.Context, name string, force bool) (JobInfo, error) {
	var out JobInfo
	path := "/api/v1/jobs/" + url.PathEscape(name)
	if force {
		path += "?force=true"
	}
	err := c.do(ctx, "DELETE", path, nil, "", &out)
	return out, err
}

// ArchivedJobs lists the archived jobs.
func (c *Client) ArchivedJobs(ctx context.Context) ([]JobInfo, error) {
	var out []JobInfo
	err := c.do(ctx, "GET", "/api/v1/jobs?archived=true", nil, "", &out)
	return out, err
}

// JobChanges is the job's capture series (GET …/jobs/{name}/changes).
func (c *Client) JobChanges(ctx context.Context, name string) ([]SeriesPoint, error) {
	var out []SeriesPoint
	err := c.do(ctx, http.MethodGet, "/api/v1/jobs/"+url.PathEscape(name)+"/changes", nil, "", &out)
	return out, err
}

// CaptureChanges compares a capture with the previous one (GET
// …/captures/{id}/changes); limit 0 takes the daemon's default; sample
// spreads the URLs listed over the whole capture.
func (c *Client) CaptureChanges(ctx context.Context, id int64, limit int, sample bool) (CaptureChanges, error) {
	var out CaptureChanges
	q := url.Values{}
	if limit > 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	if sample {
		q.Set("sample", "true")
	}
	path := fmt.Sprintf("/api/v1/captures/%d/changes?%s", id, q.Encode())
	err := c.do(ctx, http.MethodGet, path, nil, "", &out)
	return out, err
}

// SearchLog searches capture id's crawl.logs: query holds the filters
// (status, host, q) and the page (page, per_page).
func (c *Client) SearchLog(ctx context.Context, id int64, query url.Values) (LogSearch, error) {
	var out LogSearch
	err := c.do(ctx, "GET", fmt.Sprintf("/api/v1/captures/%d/log?%s", id, query.Encode()), nil, "", &out)
	return out, err
}

// Diff calls GET /api/v1/captures/{id}/diff: what changed in pageURL
// between its visit and revisit, or (against > 0) since capture against.
func (c *Client) Diff(ctx context.Context, id int64, pageURL string, against int64) (PageDiff, error) {
	var out PageDiff
	q := url.Values{"url": {pageURL}}
	if against > 0 {
		q.Set("against", strconv.FormatInt(against, 10))
	}
	err := c.do(ctx, http.MethodGet, fmt.Sprintf("/api/v1/captures/%d/diff?%s", id, q.Encode()), nil, "", &out)
	return out, err
}

// BuildReport builds the quality report of a stopped capture that has
// none (or again, with rebuild) and returns the capture as it is then.
func (c *Client) BuildReport(ctx context.Context, id int64, rebuild bool) (CaptureInfo, error) {
	var out CaptureInfo
	err := c.do(ctx, "POST", fmt.Sprintf("/api/v1/captures/%d/report?rebuild=%t", id, rebuild), nil, "", &out)
	return out, err
}
