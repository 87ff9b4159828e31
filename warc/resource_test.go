package warc

import (
	"context"
	"io"
	"os"
	"testing"
	"time"

	"github.com/nlnwa/gowarc"
	"go.uber.org/zap/zaptest"
)

// A browser page's screenshot and DOM are written after the exchange's
// records as resource records WARC-Concurrent-To its response, each under
// its own target URI and with a payload digest that verifies; a target
// URI that would break the header refuses the whole exchange. A resource
// cut short says so (WARC-Truncated).
func TestResourceRecords(t *testing.T) {
	srv := testServer(t)
	req, resp := fetchRaw(t, srv, "/plain", "")
	tests := []struct {
		name      string
		resources []ResourceRecord
		wantErr   bool
	}{
		{"screenshot and DOM", []ResourceRecord{
			{TargetURI: "urn:dom:" + srv.URL + "/plain", ContentType: "text/html; charset=utf-8", Body: []byte("<html><body>rendered</body></html>")},
			{TargetURI: "urn:screenshot:" + srv.URL + "/plain", ContentType: "image/png", Body: []byte("\x89PNG\r\n\x1a\nnot really")},
		}, false},
		{"cut DOM", []ResourceRecord{
			{TargetURI: "urn:dom:" + srv.URL + "/plain", ContentType: "text/html; charset=utf-8", Body: []byte("<html><body>rend"), Truncated: "length"},
		}, false},
		{"empty body", []ResourceRecord{{TargetURI: "urn:dom:x", ContentType: "text/html", Body: nil}}, false},
		{"bad target", []ResourceRecord{{TargetURI: "urn:dom:a b", ContentType: "text/html", Body: []byte("x")}}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w, err := NewWriter(Config{Dir: t.TempDir(), Prefix: "T"}, zaptest.NewLogger(t))
			if err != nil {
				t.Fatal(err)
			}
			ws, err := w.WriteExchange(context.Background(), Exchange{TargetURI: srv.URL + "/plain", Date: time.Now(), Request: req, Response: resp, Resources: tc.resources})
			if tc.wantErr {
				if err == nil {
					t.Fatal("a resource with a space in its target URI was written")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			checkResources(t, w.Files()[0], ws, tc.resources)
		})
	}
}

func checkResources(t *testing.T, file string, ws []Written, want []ResourceRecord) {
	t.Helper()
	if _, probs, err := VerifyFile(file); err != nil || len(probs) > 0 {
		t.Fatalf("verify: %v %v", err, probs)
	}
	if len(ws) != 2+len(want) || ws[1].Type != Response {
		t.Fatalf("written %+v", ws)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for i, res := range want {
		wr := ws[2+i]
		if wr.Type != Resource || wr.TargetURI != res.TargetURI {
			t.Errorf("record %d: %s %s, want a resource of %s", 2+i, wr.Type, wr.TargetURI, res.TargetURI)
		}
		rec, err := NewReader(io.NewSectionReader(f, wr.Offset, wr.Length)).Next()
		if err != nil {
			t.Fatal(err)
		}
		h := rec.Header
		if got := h.GetId(gowarc.WarcConcurrentTo); got != ws[1].RecordID {
			t.Errorf("%s: WARC-Concurrent-To %q, want the response %q", res.TargetURI, got, ws[1].RecordID)
		}
		if got := h.Get(gowarc.WarcTruncated); got != res.Truncated {
			t.Errorf("%s: WARC-Truncated %q, want %q", res.TargetURI, got, res.Truncated)
		}
		if h.Get(gowarc.ContentType) != res.ContentType || string(rec.Block) != string(res.Body) || h.Get(gowarc.WarcPayloadDigest) != wr.PayloadDigest {
			t.Errorf("%s: %s, %q, digest %s/%s", res.TargetURI, h.Get(gowarc.ContentType), rec.Block, h.Get(gowarc.WarcPayloadDigest), wr.PayloadDigest)
		}
	}
}
