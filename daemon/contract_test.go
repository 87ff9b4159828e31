package daemon

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
)

// The contract of the API is docs/openapi.yaml. Every answer the daemon
// gives in these tests goes through contractTransport, which fails the
// test when the answer's status is undocumented for its operation or its
// body or headers do not match the documented schema.

var (
	contractOnce   sync.Once
	contractRouter routers.Router
	contractErr    error
)

func loadContract() (routers.Router, error) {
	contractOnce.Do(func() {
		// Binary downloads and rendered reports are checked by status and
		// content type only.
		for _, ct := range []string{"application/warc", "application/wacz", "text/html", "application/graphml+xml", "application/jsonl", "application/zip", "application/octet-stream"} {
			openapi3filter.RegisterBodyDecoder(ct, openapi3filter.FileBodyDecoder)
		}
		doc, err := openapi3.NewLoader().LoadFromFile("../docs/openapi.yaml")
		if err != nil {
			contractErr = err
			return
		}
		if err := doc.Validate(context.Background()); err != nil {
			contractErr = err
			return
		}
		doc.Servers = nil // match any host: tests listen on random ports
		contractRouter, contractErr = gorillamux.NewRouter(doc)
	})
	return contractRouter, contractErr
}

// contractTransport validates every response it carries against the
// OpenAPI document; checked counts them.
type contractTransport struct {
	t       testing.TB
	checked atomic.Int64
}

func newContractClient(t testing.TB) (*http.Client, *contractTransport) {
	if _, err := loadContract(); err != nil {
		t.Fatalf("docs/openapi.yaml: %v", err)
	}
	ct := &contractTransport{t: t}
	return &http.Client{Transport: ct}, ct
}

func (ct *contractTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, 256<<20))
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if err := checkContract(req, resp, body); err != nil {
		ct.t.Errorf("%s %s answered %d against docs/openapi.yaml: %v", req.Method, req.URL.Path, resp.StatusCode, err)
	}
	ct.checked.Add(1)
	return resp, nil
}

// checkContract checks one answer. A path the document lacks must answer
// 404 and a method it lacks 405 with Allow, both with an Error body.
func checkContract(req *http.Request, resp *http.Response, body []byte) error {
	router, _ := loadContract()
	find := req
	if req.Method == http.MethodHead { // answered by the GET route, without a body
		find = req.Clone(req.Context())
		find.Method = http.MethodGet
	}
	route, params, err := router.FindRoute(find)
	switch {
	case resp.StatusCode == http.StatusUnauthorized && (err != nil || req.Method == http.MethodHead):
		// The token is checked before the path and the method.
		if resp.Header.Get("WWW-Authenticate") == "" {
			return errors.New("401 without WWW-Authenticate")
		}
		return wantErrorBody(resp, body, http.StatusUnauthorized)
	case errors.Is(err, routers.ErrPathNotFound):
		return wantErrorBody(resp, body, http.StatusNotFound)
	case errors.Is(err, routers.ErrMethodNotAllowed):
		if resp.Header.Get("Allow") == "" {
			return errors.New("405 without an Allow header")
		}
		return wantErrorBody(resp, body, http.StatusMethodNotAllowed)
	case err != nil:
		return err
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: find, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}},
		Status: resp.StatusCode, Header: resp.Header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true},
	}
	if req.Method == http.MethodHead {
		in.Options.ExcludeResponseBody = true
	}
	in.SetBodyBytes(body)
	return openapi3filter.ValidateResponse(req.Context(), in)
}

func wantErrorBody(resp *http.Response, body []byte, status int) error {
	var ae struct {
		Error string `json:"error"`
	}
	if resp.StatusCode != status {
		return errors.New("want " + http.StatusText(status))
	}
	if err := json.Unmarshal(body, &ae); err != nil || ae.Error == "" {
		return errors.New("no JSON error body: " + string(body))
	}
	return nil
}

// TestOpenAPILint runs Redocly's linter (tests/openapi, installed from its
// lockfile by make test) on docs/openapi.yaml: no error and no warning.
func TestOpenAPILint(t *testing.T) {
	bin := "../tests/openapi/node_modules/.bin/redocly"
	if _, err := os.Stat(bin); err != nil {
		t.Skip("Redocly CLI is not installed (make js installs it from tests/openapi/package-lock.json)")
	}
	cmd := exec.Command(bin, "lint", "--format=json", "../docs/openapi.yaml")
	cmd.Env = append(os.Environ(), "REDOCLY_TELEMETRY=off", "REDOCLY_SUPPRESS_UPDATE_NOTICE=true")
	out, err := cmd.Output()
	var res struct {
		Totals   struct{ Errors, Warnings int } `json:"totals"`
		Problems []struct {
			RuleID  string `json:"ruleId"`
			Message string `json:"message"`
		} `json:"problems"`
	}
	if jerr := json.Unmarshal(out, &res); jerr != nil {
		t.Fatalf("redocly lint: %v %v\n%s", err, jerr, out)
	}
	if err != nil || res.Totals.Errors+res.Totals.Warnings > 0 {
		t.Errorf("redocly lint: %v, %d errors, %d warnings: %+v", err, res.Totals.Errors, res.Totals.Warnings, res.Problems)
	}
}

// TestContractNegative: the validator itself rejects an answer the
// document does not allow (else every check above could pass vacuously).
func TestContractNegative(t *testing.T) {
	if _, err := loadContract(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		method, path string
		status       int
		ctype, body  string
	}{
		{"GET", "/api/v1/jobs", http.StatusTeapot, "application/json", `[]`},            // undocumented status
		{"GET", "/api/v1/version", http.StatusOK, "application/json", `{"version": 1}`}, // wrong type, missing field
		{"GET", "/api/v1/jobs/x/status", http.StatusOK, "application/json", `{"fetched": "many"}`},
		{"DELETE", "/api/v1/jobs", http.StatusNotFound, "application/json", `{"error": "x"}`}, // 404 for a known path
		{"GET", "/api/v1/nosuch", http.StatusOK, "application/json", `{}`},
	} {
		req := httptest.NewRequest(tc.method, "http://127.0.0.1:8180"+tc.path, nil)
		resp := &http.Response{StatusCode: tc.status, Header: http.Header{"Content-Type": {tc.ctype}}}
		if err := checkContract(req, resp, []byte(tc.body)); err == nil {
			t.Errorf("%s %s %d %s passed the contract check", tc.method, tc.path, tc.status, tc.body)
		}
	}
}

// TestAPIContractCodes: 405 with Allow, 415 for a job not sent as YAML,
// 413, a lower-case bearer scheme, and a bad capture id, each answer
// checked against the document.
func TestAPIContractCodes(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	hc, ct := newContractClient(t)
	do := func(method, path, auth, ctype string, body []byte) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(method, td.base+path, bytes.NewReader(body))
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		resp, err := hc.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	bearer := "Bearer " + testToken
	for _, tc := range []struct {
		name, method, path, auth, ctype string
		body                            []byte
		want                            int
		allow                           string
	}{
		{"lower-case scheme", "GET", "/api/v1/jobs", "bearer " + testToken, "", nil, 200, ""},
		{"upper-case scheme", "GET", "/api/v1/jobs", "BEARER " + testToken, "", nil, 200, ""},
		{"scheme only", "GET", "/api/v1/jobs", "Bearer", "", nil, 401, ""},
		{"DELETE on the job list", "DELETE", "/api/v1/jobs", bearer, "", nil, 405, "GET, HEAD, POST"},
		{"PUT on a job", "PUT", "/api/v1/jobs/x", bearer, "", nil, 405, "DELETE, GET, HEAD"},
		{"DELETE of an unknown job", "DELETE", "/api/v1/jobs/nosuch", bearer, "", nil, 404, ""},
		{"runs of an unknown job", "GET", "/api/v1/jobs/nosuch/runs", bearer, "", nil, 404, ""},
		{"runs with a bad limit", "GET", "/api/v1/jobs/nosuch/runs?limit=-1", bearer, "", nil, 400, ""},
		{"GET on pause", "GET", "/api/v1/jobs/x/pause", bearer, "", nil, 405, "POST"},
		{"405 needs the token too", "DELETE", "/api/v1/jobs", "", "", nil, 401, ""},
		{"POST on healthz", "POST", "/healthz", "", "", nil, 405, "GET, HEAD"},
		{"unknown path", "GET", "/api/v1/nosuch", bearer, "", nil, 404, ""},
		{"job as form data", "POST", "/api/v1/jobs", bearer, "application/x-www-form-urlencoded", []byte("name: x\n"), 415, ""},
		{"job without a type", "POST", "/api/v1/jobs", bearer, "", []byte("name: x\n"), 415, ""},
		{"job too large", "POST", "/api/v1/jobs", bearer, "text/yaml", bytes.Repeat([]byte("#"), maxJobBytes+1), 413, ""},
		{"invalid job", "POST", "/api/v1/jobs", bearer, "application/yaml; charset=utf-8", []byte("name: x\n"), 400, ""},
		{"bad capture id", "GET", "/api/v1/captures/abc", bearer, "", nil, 400, ""},
		{"unknown capture", "GET", "/api/v1/captures/999999/wacz", bearer, "", nil, 404, ""},
		{"HEAD readyz", "HEAD", "/readyz", "", "", nil, 200, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := do(tc.method, tc.path, tc.auth, tc.ctype, tc.body)
			if resp.StatusCode != tc.want {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.want)
			}
			if got := resp.Header.Get("Allow"); tc.allow != "" && got != tc.allow {
				t.Errorf("Allow %q, want %q", got, tc.allow)
			}
		})
	}
	if ct.checked.Load() == 0 {
		t.Fatal("no answer was checked against the contract")
	}
	if !strings.Contains(td.base, "127.0.0.1") {
		t.Fatal("daemon not on loopback")
	}
}
