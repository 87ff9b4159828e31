package warc_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/warc"
)

// ExampleOpenFile archives one HTTP exchange and reads the file back,
// record by record, as a replay indexer would.
func ExampleOpenFile() {
	dir, err := os.MkdirTemp("", "warc-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	w, err := warc.NewWriter(warc.Config{Dir: dir, Prefix: "example", Software: "example/1.0"}, zap.NewNop())
	if err != nil {
		log.Fatal(err)
	}
	_, err = w.WriteExchange(context.Background(), warc.Exchange{
		TargetURI: "http://example.test/", IP: "127.0.0.1", Date: time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC),
		Request:  []byte("GET / HTTP/1.1\r\nHost: example.test\r\n\r\n"),
		Response: []byte("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello"),
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	r, err := warc.OpenFile(w.Files()[0])
	if err != nil {
		log.Fatal(err)
	}
	defer r.Close()
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(rec.Type(), rec.TargetURI(), warc.HTTPExchange(rec.Type()))
	}
	// Output:
	// warcinfo  false
	// request http://example.test/ false
	// response http://example.test/ true
}
