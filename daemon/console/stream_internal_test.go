package console

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestStream: a 2xx body is read as written; another status is the API's
// error; a reader that stops early ends the handler; a handler that
// panics is a 500, not a crash.
func TestStream(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/ok", func(w http.ResponseWriter, _ *http.Request) {
		for range 1000 {
			if _, err := io.WriteString(w, "0123456789"); err != nil {
				return // the reader stopped
			}
		}
	})
	mux.HandleFunc("/gone", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"error":"no such capture"}`)
	})
	mux.HandleFunc("/panic", func(http.ResponseWriter, *http.Request) { panic("boom") })
	mux.HandleFunc("/empty", func(http.ResponseWriter, *http.Request) {})
	c := New(mux, nil, nil) // stream never authenticates: the API does
	ctx := context.Background()
	tests := []struct {
		path   string
		read   func(io.Reader) error
		status int // of the *apiError; 0: none
		err    string
	}{
		{"/ok", func(r io.Reader) error {
			b, err := io.ReadAll(r)
			if len(b) != 10000 {
				return errors.New("short body")
			}
			return err
		}, 0, ""},
		{"/ok", func(r io.Reader) error { _, err := io.ReadFull(r, make([]byte, 5)); return err }, 0, ""},
		{"/gone", nil, http.StatusNotFound, "no such capture"},
		{"/panic", nil, http.StatusInternalServerError, ""},
		{"/empty", func(r io.Reader) error { b, _ := io.ReadAll(r); return errors.New(string(b) + "empty") }, 0, "empty"},
	}
	for _, tt := range tests {
		err := c.stream(ctx, tt.path, tt.read)
		var ae *apiError
		switch {
		case tt.status != 0 && (!errors.As(err, &ae) || ae.Status != tt.status || !strings.Contains(ae.Message, tt.err)):
			t.Errorf("%s: %v, want status %d", tt.path, err, tt.status)
		case tt.status == 0 && tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.path, err)
		case tt.err != "" && tt.status == 0 && (err == nil || err.Error() != tt.err):
			t.Errorf("%s: %v, want %q", tt.path, err, tt.err)
		}
	}
}
