package console

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
)

// pipeWriter is a ResponseWriter whose body goes into a pipe as the API
// handler writes it, so the console reads a large answer (a quality
// report of a million pages) as a stream, never whole.
type pipeWriter struct {
	header http.Header
	pw     *io.PipeWriter
	once   sync.Once
	status chan int // the status, once known
}

func (w *pipeWriter) Header() http.Header { return w.header }

func (w *pipeWriter) WriteHeader(code int) {
	w.once.Do(func() { w.status <- code })
}

func (w *pipeWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.pw.Write(b)
}

// stream GETs path of the API in-process and hands a 2xx body to read as
// the handler writes it; another status is an *apiError. Returning early
// from read stops the handler (its writes fail).
func (c *Console) stream(ctx context.Context, path string, read func(io.Reader) error) error {
	req := httptest.NewRequestWithContext(ctx, http.MethodGet, path, nil)
	pr, pw := io.Pipe()
	w := &pipeWriter{header: http.Header{}, pw: pw, status: make(chan int, 1)}
	done := make(chan struct{})
	go func() {
		defer close(done)
		// A handler that panics would take the daemon down from this
		// goroutine (net/http recovers only its own): answer 500 instead.
		defer func() {
			if p := recover(); p != nil {
				w.WriteHeader(http.StatusInternalServerError)
				pw.CloseWithError(fmt.Errorf("API handler panicked: %v", p))
			}
		}()
		c.api.ServeHTTP(w, req)
		w.WriteHeader(http.StatusOK) // a handler that wrote nothing
		pw.Close()
	}()
	defer func() { pr.Close(); <-done }()
	code := <-w.status
	if code/100 != 2 {
		var body struct {
			Error   string   `json:"error"`
			Details []string `json:"details"`
		}
		_ = json.NewDecoder(io.LimitReader(pr, 1<<20)).Decode(&body)
		return &apiError{Status: code, Message: body.Error, Details: body.Details}
	}
	err := read(pr)
	if errors.Is(err, io.ErrClosedPipe) {
		return errors.New("the API's answer was cut short")
	}
	return err
}
