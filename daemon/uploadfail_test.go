package daemon

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit/s3test"
)

// TestUploadFailureAlerts: a capture whose WARC files could not be
// uploaded (the S3 server went away after the run's bucket check) ends
// with its job idle and an alert saying the files stay on disk, pending.
// Before, only a log line said so, and the job looked like any other
// finished one.
func TestUploadFailureAlerts(t *testing.T) {
	s := s3test.Start(t, "archive")
	s.SetEnv(t)
	var hits atomic.Int64
	site := treeSite(5, 0, &hits)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.Stop() // idempotent; the first fetch comes after the bucket check
		site.ServeHTTP(w, r)
	}))
	defer srv.Close()
	td := startDaemonOpts(t, sqliteDSN(t), Options{}, withRemote(s))
	ctx := context.Background()
	up := "warc:\n  upload: {remote: archive, retries: 0}\n"
	if _, err := td.client.Submit(ctx, jobYAML("noupload", strings.TrimPrefix(srv.URL, "http://"), up), "noupload.yaml"); err != nil {
		t.Fatal(err)
	}
	info := waitAlert(t, td, "noupload", 60*time.Second)
	if info.State != stateIdle || !strings.Contains(info.Alert, "were not uploaded") {
		t.Fatalf("job state %q, alert %q; want idle with the failed upload", info.State, info.Alert)
	}
}
