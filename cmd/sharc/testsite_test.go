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

	"go.uber.org/zap"
)

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestCheckListen(t *testing.T) {
	tests := []struct {
		addr   string
		public bool
		ok     bool
	}{
		{"127.0.0.1:8080", false, true},
		{"127.9.9.9:0", false, true},
		{"[::1]:8080", false, true},
		{"localhost:8080", false, true},
		{"0.0.0.0:8080", false, false},
		{":8080", false, false},
		{"192.168.1.5:80", false, false},
		{"example.com:80", false, false},
		{"0.0.0.0:8080", true, true},
		{"127.0.0.1", false, false}, // no port
	}
	for _, tc := range tests {
		err := checkListen(tc.addr, tc.public)
		if (err == nil) != tc.ok {
			t.Errorf("checkListen(%q, %v) = %v, want ok=%v", tc.addr, tc.public, err, tc.ok)
		}
	}
}

func TestRunTestsiteFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--leaves", "warm"}, "cold or hot"},
		{[]string{"--listen", "0.0.0.0:0"}, "--public"},
		{[]string{"--listen", "127.0.0.1:0", "--pages", "0"}, "size must be at least 1"},
		{[]string{"--listen", "127.0.0.1:0", "--time-unit", "0s"}, "time unit"},
		{[]string{"extra"}, "unexpected arguments"},
		{[]string{"--listen", "127.0.0.1:0", "--delete-after", "3"}, "--delete-after"},
		{[]string{"--listen", "127.0.0.1:0", "--appear-after", "3=soon"}, "--appear-after"},
		{[]string{"--listen", "127.0.0.1:0", "--pages", "10", "--delete-after", "10=1s"}, "out of range"},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		err := runTestsite(context.Background(), &cli{stdout: &out, stderr: &errOut, log: zap.NewNop()}, tc.args)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: error %v, want one mentioning %q", tc.args, err, tc.want)
		}
	}
}

// TestRunTestsiteServes starts the subcommand on a free loopback port,
// fetches the root page and the info endpoint, and stops it by cancelling
// the context.
func TestRunTestsiteServes(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- runTestsite(ctx, &cli{stdout: &out, stderr: io.Discard, log: zap.NewNop()},
			[]string{"--listen", "127.0.0.1:0", "--pages", "50", "--outdegree", "5", "--leaves", "hot",
				"--time-unit", "100ms", "--seed", "9", "--appear-after", "5=1h", "--delete-after", "3=1ms"})
	}()
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); {
		if line, ok := strings.CutSuffix(out.String(), "\n"); ok {
			base = line
			break
		}
		select {
		case err := <-done:
			t.Fatalf("testsite exited early: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("printed %q, want the site's URL", base)
	}
	for _, c := range []struct{ path, want string }{
		{"", `<a href="` + strings.TrimSuffix(base, "/") + `/p/4">`},
		{"_info", `"hot_leaves": true`},
		{"_info", `"/p/5": "1h0m0s"`},
	} {
		resp, err := http.Get(base + c.path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(body), c.want) {
			t.Errorf("/%s: status %d, body lacks %q:\n%s", c.path, resp.StatusCode, c.want, body)
		}
	}
	// Page 5 appears only in an hour, page 3 was deleted after 1ms.
	for path, want := range map[string]int{"p/5": 404, "p/3": 410, "p/4": 200} {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("/%s: status %d, want %d", path, resp.StatusCode, want)
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("testsite returned %v after cancel", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("testsite did not stop after cancel")
	}
}
