package warc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap/zaptest"
)

func newTestWriter(t testing.TB, cfg Config) *Writer {
	t.Helper()
	if cfg.Dir == "" {
		cfg.Dir = t.TempDir()
	}
	w, err := NewWriter(cfg, zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// readAll returns every record of a file, failing on damage.
func readAll(t testing.TB, path string) []*Record {
	t.Helper()
	r, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var out []*Record
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		out = append(out, rec)
	}
}

func TestRotation(t *testing.T) {
	srv := testServer(t)
	w := newTestWriter(t, Config{Prefix: "ROT", MaxSize: 3000, Hostname: "h"})
	req, resp := fetchRaw(t, srv, "/plain", "")
	var written []Written
	for i := 0; i < 20; i++ {
		ws, err := w.WriteExchange(context.Background(), Exchange{TargetURI: fmt.Sprintf("%s/plain?%d", srv.URL, i), Request: req, Response: resp})
		if err != nil {
			t.Fatal(err)
		}
		written = append(written, ws...)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	files := w.Files()
	if len(files) < 3 {
		t.Fatalf("only %d files for 20 exchanges at MaxSize 3000", len(files))
	}
	total := 0
	for i, f := range files {
		name := filepath.Base(f)
		if want := fmt.Sprintf("-%05d-h.warc.gz", i); !strings.HasPrefix(name, "ROT-") || !strings.HasSuffix(name, want) || len(name) != len("ROT-20240301120000123")+len(want) {
			t.Errorf("file name %q does not match ROT-YYYYMMDDhhmmssSSS%s", name, want)
		}
		st, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if st.Size() > 3000 {
			t.Errorf("%s is %d bytes > MaxSize", name, st.Size())
		}
		recs := readAll(t, f)
		if recs[0].Type() != Warcinfo || recs[0].Header.Get("WARC-Filename") != name {
			t.Errorf("%s does not start with its warcinfo", name)
		}
		total += len(recs) - 1
		if _, probs, _ := VerifyFile(f); len(probs) > 0 {
			t.Errorf("%s: %v", name, probs)
		}
	}
	if total != len(written) {
		t.Errorf("%d records in files, %d written", total, len(written))
	}
	if matches, _ := filepath.Glob(filepath.Join(filepath.Dir(files[0]), "*.open")); len(matches) > 0 {
		t.Errorf("open files left: %v", matches)
	}
}

func TestConcurrentWriters(t *testing.T) {
	srv := testServer(t)
	w := newTestWriter(t, Config{MaxSize: 64 << 10})
	req, resp := fetchRaw(t, srv, "/chunked", "")
	const goroutines, each = 8, 25
	var mu sync.Mutex
	var all []Written
	var wg sync.WaitGroup
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < each; i++ {
				ws, err := w.WriteExchange(context.Background(), Exchange{
					TargetURI: fmt.Sprintf("%s/chunked?g=%d&i=%d", srv.URL, g, i), Request: req, Response: resp,
					Outlinks: []Outlink{{URL: "http://x.test/", Hop: 'L'}},
				})
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				all = append(all, ws...)
				mu.Unlock()
			}
		}(g)
	}
	wg.Wait()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if len(all) != goroutines*each*3 {
		t.Fatalf("%d records, want %d", len(all), goroutines*each*3)
	}
	// Every returned (file, offset, length) is exactly one record of the
	// file, and exchanges are contiguous.
	byFile := map[string]map[int64]*Record{}
	for _, f := range w.Files() {
		m := map[int64]*Record{}
		for _, r := range readAll(t, f) {
			m[r.Offset] = r
		}
		byFile[filepath.Base(f)] = m
	}
	for i, wr := range all {
		rec := byFile[wr.File][wr.Offset]
		if rec == nil || rec.Length != wr.Length || rec.ID() != wr.RecordID {
			t.Fatalf("written %+v not found in file", wr)
		}
		if i%3 > 0 && (all[i-1].File != wr.File || all[i-1].Offset+all[i-1].Length != wr.Offset) {
			t.Errorf("exchange records not contiguous: %+v then %+v", all[i-1], wr)
		}
	}
}

func TestHostileResponses(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	tests := []struct {
		name      string
		resp      string
		uri       string
		wantErr   error
		truncated string
	}{
		{name: "garbage", resp: "\x00\x01garbage\r\n\r\nbody", wantErr: ErrMalformedResponse},
		{name: "empty", resp: "", wantErr: ErrMalformedResponse},
		{name: "no end of headers", resp: "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n", wantErr: ErrMalformedResponse},
		{name: "bad status", resp: "HTTP/1.1 abc OK\r\n\r\n", wantErr: ErrMalformedResponse},
		{name: "short header line", resp: "HTTP/1.1 200 OK\r\nX\n\r\nbody", wantErr: ErrMalformedResponse},
		{name: "huge header", resp: "HTTP/1.1 200 OK\r\nX-Big: " + big + "\r\nContent-Length: 2\r\n\r\nok"},
		{name: "truncated body", resp: "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this", truncated: "disconnect"},
		{name: "truncated chunks", resp: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nabc", truncated: "disconnect"},
		{name: "bare LF", resp: "HTTP/1.0 200 OK\nContent-Type: text/plain\n\nhello"},
		{name: "space in URI", resp: "HTTP/1.1 200 OK\r\n\r\n", uri: "http://x.test/a b", wantErr: errors.New("whitespace")},
	}
	w := newTestWriter(t, Config{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uri := tt.uri
			if uri == "" {
				uri = "http://x.test/"
			}
			ws, err := w.WriteExchange(context.Background(), Exchange{TargetURI: uri, Response: []byte(tt.resp)})
			if tt.wantErr != nil {
				if err == nil || (!errors.Is(err, tt.wantErr) && !strings.Contains(err.Error(), tt.wantErr.Error())) {
					t.Fatalf("err = %v, want %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(filepath.Join(w.cfg.Dir, ws[0].File+openSuffix))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			rec, err := NewReader(io.NewSectionReader(f, ws[0].Offset, ws[0].Length)).Next()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(rec.Block, []byte(tt.resp)) {
				t.Error("archived block differs from the bytes received")
			}
			if got := rec.Header.Get("WARC-Truncated"); got != tt.truncated {
				t.Errorf("WARC-Truncated = %q, want %q", got, tt.truncated)
			}
			if probs := verifyRecord(rec); len(probs) > 0 {
				t.Error(probs)
			}
		})
	}
	path := w.CurrentFile()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	// Refused exchanges left nothing behind: the file holds only whole,
	// valid records.
	n, probs, err := VerifyFile(strings.TrimSuffix(path, openSuffix))
	if err != nil || len(probs) > 0 || n != 5 {
		t.Errorf("after hostile input: %d records, problems %v, err %v", n, probs, err)
	}
}

func TestRepair(t *testing.T) {
	srv := testServer(t)
	dir := t.TempDir()
	w := newTestWriter(t, Config{Dir: dir, Prefix: "REP"})
	var ends []int64 // end of each exchange: what the crawler would index
	for i, p := range []string{"/plain", "/chunked", "/plain", "/chunked", "/plain", "/chunked"} {
		req, resp := fetchRaw(t, srv, p, "")
		ws, err := w.WriteExchange(context.Background(), Exchange{TargetURI: fmt.Sprintf("%s%s?%d", srv.URL, p, i), Request: req, Response: resp,
			Outlinks: []Outlink{{URL: srv.URL + "/", Hop: 'L', Context: "a/@href"}}})
		if err != nil {
			t.Fatal(err)
		}
		last := ws[len(ws)-1]
		ends = append(ends, last.Offset+last.Length)
	}
	// The crawler "crashes": the .open file stays as it is on disk.
	full, err := os.ReadFile(w.CurrentFile())
	if err != nil {
		t.Fatal(err)
	}
	recEnds := []int64{}
	for _, r := range readAll(t, w.CurrentFile()) {
		recEnds = append(recEnds, r.Offset+r.Length)
	}
	crash := func(name string, data []byte) string {
		p := filepath.Join(dir, "crash", name+".warc.gz.open")
		_ = os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}

	rng := rand.New(rand.NewSource(1))
	cuts := []int64{0, 1, 10, recEnds[0], recEnds[0] + 1, int64(len(full)) - 1, int64(len(full))}
	for i := 0; i < 150; i++ {
		cuts = append(cuts, rng.Int63n(int64(len(full))+1))
	}
	for i, cut := range cuts {
		p := crash(fmt.Sprintf("c%03d", i), full[:cut])
		final, gone, err := Repair(p, -1, zaptest.NewLogger(t))
		if err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		// Expected: everything up to the last record ending at or before cut.
		want := int64(0)
		for _, e := range recEnds {
			if e <= cut {
				want = e
			}
		}
		if gone != cut-want {
			t.Errorf("cut %d: Repair cut %d bytes, want %d", cut, gone, cut-want)
		}
		if want == 0 {
			if final != "" {
				t.Errorf("cut %d: empty result should be removed, got %s", cut, final)
			}
			continue
		}
		got, err := os.ReadFile(final)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, full[:want]) {
			t.Errorf("cut %d: repaired file is not the valid prefix", cut)
		}
		if _, probs, _ := VerifyFile(final); len(probs) > 0 {
			t.Errorf("cut %d: %v", cut, probs)
		}
	}

	// With the index's end offset: cut exactly there, even if later valid
	// records exist.
	p := crash("indexed", full[:len(full)-7])
	final, gone, err := Repair(p, ends[2], zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(final); st.Size() != ends[2] || gone != int64(len(full)-7)-ends[2] {
		t.Errorf("indexed repair: size %d cut %d, want %d", st.Size(), gone, ends[2])
	}
	// Refusals leave the file untouched.
	for _, keep := range []int64{ends[2] + 3, int64(len(full)) + 10} {
		p := crash(fmt.Sprintf("refuse%d", keep), full[:len(full)-7])
		if _, _, err := Repair(p, keep, zaptest.NewLogger(t)); err == nil {
			t.Errorf("keep %d: want error", keep)
		}
		if st, err := os.Stat(p); err != nil || st.Size() != int64(len(full)-7) {
			t.Errorf("keep %d: file modified", keep)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestWritersShareGowarcBuilders runs several Writers and Readers at once
// (run it with -race): stream builders are made in batches under
// gowarcInit and handed out from each Writer's free list, more records
// than one batch per Writer, and every record keeps its own type.
func TestWritersShareGowarcBuilders(t *testing.T) {
	srv := testServer(t)
	req, resp := fetchRaw(t, srv, "/plain", "")
	const writers, each = 4, builderBatch // 3 records an exchange: three batches a writer
	ws := make([]*Writer, writers)
	for i := range ws {
		ws[i] = newTestWriter(t, Config{})
	}
	var wg sync.WaitGroup
	for i, w := range ws {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range each {
				if _, err := w.WriteExchange(context.Background(), Exchange{
					TargetURI: fmt.Sprintf("%s/plain?w=%d&i=%d", srv.URL, i, j), Request: req, Response: resp,
					Outlinks: []Outlink{{URL: "http://x.test/", Hop: 'L'}},
				}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for i, w := range ws {
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		counts := map[RecordType]int{}
		for _, f := range w.Files() {
			for _, r := range readAll(t, f) {
				counts[r.Type()]++
			}
		}
		want := map[RecordType]int{Warcinfo: 1, Request: each, Response: each, Metadata: each}
		if !maps.Equal(counts, want) {
			t.Errorf("writer %d: record types %v, want %v", i, counts, want)
		}
	}
}
