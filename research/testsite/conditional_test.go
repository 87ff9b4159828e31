package testsite

import (
	"net/http"
	"testing"
	"time"
)

// TestConditionalGET checks the 304 rules: a matching If-None-Match gives
// 304 with the same ETag and no body, a stale one gives 200; If-Modified-Since
// is honoured only without If-None-Match (RFC 9110 §13.2.2).
func TestConditionalGET(t *testing.T) {
	s, srv, clk := serve(t, Config{Pages: 4, Outdegree: 3, Skew: 1, TimeUnit: time.Second, Seed: 11})
	// Move to a time just after page 0's first change, then find the next.
	log := s.ChangeLog(t0, t0.Add(time.Hour))["/"]
	if len(log) < 3 {
		t.Fatalf("root changed only %d times in an hour", len(log))
	}
	// A time at least a second after the first change and before the
	// second, so second-resolution Last-Modified is unambiguous: pick two
	// consecutive changes at least 2s apart.
	var c1, c2 time.Time
	for i := 0; i+1 < len(log); i++ {
		if log[i+1].Sub(log[i]) > 2*time.Second {
			c1, c2 = log[i], log[i+1]
			break
		}
	}
	if c1.IsZero() {
		t.Fatal("no gap of 2s between root changes")
	}
	before := c1.Add(time.Second + time.Second/2)
	clk.Set(before)
	r0, b0 := get(t, srv, "/")
	etag, lm := r0.Header.Get("ETag"), r0.Header.Get("Last-Modified")
	if etag == "" || etag[0] != '"' {
		t.Fatalf("ETag %q is not a strong entity tag", etag)
	}
	if want := c1.UTC().Format(http.TimeFormat); lm != want {
		t.Fatalf("Last-Modified %q, want the last change %q", lm, want)
	}
	if len(b0) == 0 {
		t.Fatal("empty page")
	}
	after := c2.Add(time.Millisecond)

	tests := []struct {
		name   string
		at     time.Time
		hdr    []string
		status int
	}{
		{"INM match", before, []string{"If-None-Match", etag}, 304},
		{"INM list match", before, []string{"If-None-Match", `"x", ` + etag}, 304},
		{"INM star", before, []string{"If-None-Match", "*"}, 304},
		{"INM other", before, []string{"If-None-Match", `"p0-v999-00000000"`}, 200},
		{"INM after change", after, []string{"If-None-Match", etag}, 200},
		{"IMS not modified", before, []string{"If-Modified-Since", lm}, 304},
		{"IMS after change", after, []string{"If-Modified-Since", lm}, 200},
		{"IMS older", before, []string{"If-Modified-Since", c1.Add(-time.Hour).UTC().Format(http.TimeFormat)}, 200},
		{"INM mismatch wins over IMS", before, []string{"If-None-Match", `"nope"`, "If-Modified-Since", lm}, 200},
		{"INM match wins over old IMS", before, []string{"If-None-Match", etag, "If-Modified-Since", c1.Add(-time.Hour).UTC().Format(http.TimeFormat)}, 304},
		{"unconditional", after, nil, 200},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clk.Set(tc.at)
			resp, body := get(t, srv, "/", tc.hdr...)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", resp.StatusCode, tc.status)
			}
			switch tc.status {
			case 304:
				if body != "" {
					t.Errorf("304 with a body of %d bytes", len(body))
				}
				if resp.Header.Get("ETag") != etag {
					t.Errorf("304 ETag %q, want %q", resp.Header.Get("ETag"), etag)
				}
			case 200:
				if body == "" {
					t.Error("200 without a body")
				}
				wantSame := !tc.at.After(c2)
				if (resp.Header.Get("ETag") == etag) != wantSame {
					t.Errorf("ETag %q vs first %q: same should be %v", resp.Header.Get("ETag"), etag, wantSame)
				}
			}
		})
	}
}

func TestHEADAndMethods(t *testing.T) {
	_, srv, _ := serve(t, Config{Pages: 4, Outdegree: 3, Skew: 1, TimeUnit: time.Second})
	for _, tc := range []struct {
		method string
		status int
	}{
		{http.MethodHead, 200},
		{http.MethodPost, 405},
		{http.MethodPut, 405},
		{http.MethodDelete, 405},
	} {
		req, err := http.NewRequest(tc.method, srv.URL+"/p/1", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("%s: status %d, want %d", tc.method, resp.StatusCode, tc.status)
		}
		if tc.method == http.MethodHead && resp.Header.Get("ETag") == "" {
			t.Error("HEAD without ETag")
		}
	}
}
