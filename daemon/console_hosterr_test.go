package daemon

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit"
)

// errorSite answers robots.txt (disallowing /e/blocked), a seed page
// linking to a 404, a 503, a connection reset and a page that hangs until
// release is closed (so the capture runs while the test reads its status).
func errorSite(release <-chan struct{}) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			io.WriteString(w, "User-agent: *\nDisallow: /e/blocked\n")
		case "/p/0":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, `<html><body><a href="/e/404">a</a><a href="/e/503">b</a><a href="/e/reset">c</a>`+
				`<a href="/e/blocked">d</a><a href="/e/hang">e</a></body></html>`)
		case "/e/503":
			http.Error(w, "busy", http.StatusServiceUnavailable)
		case "/e/reset":
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close() // no answer at all: the fetch fails without a response
			}
		case "/e/hang":
			select {
			case <-release:
			case <-r.Context().Done():
			}
			io.WriteString(w, "late")
		default:
			http.NotFound(w, r)
		}
	})
}

// TestConsoleHostErrorClasses crawls a site whose pages answer 404 and
// 503, reset the connection and are precluded by robots.txt: the status
// API counts one of each class for the host, and the console's "why is it
// slow" table shows the same numbers.
func TestConsoleHostErrorClasses(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(errorSite(release))
	defer srv.Close()
	defer close(release) // before srv.Close, which waits for the hanging request
	td := startDaemon(t, storeDSN(t), 1)
	ctx := context.Background()
	if _, err := td.client.Submit(ctx, jobYAML("errclass", strings.TrimPrefix(srv.URL, "http://"), ""), "errclass.yaml"); err != nil {
		t.Fatal(err)
	}
	want := map[HostErrorClass]int64{HostErrHTTP4xx: 1, HostErrHTTP5xx: 1, HostErrNetwork: 1, HostErrBlocked: 1, HostErrOther: 0}
	var row HostStatusJSON
	testkit.WaitFor(t, 30*time.Second, "one failure of each class for site.test", func() bool {
		st, err := td.client.Status(ctx, "errclass")
		if err != nil || len(st.Hosts) != 1 {
			return false
		}
		row = st.Hosts[0]
		for c, n := range want {
			if row.ErrorsByClass[c] != n {
				return false
			}
		}
		return true
	})
	if row.Host != "site.test" || row.Errors != 3 || len(row.ErrorsByClass) != len(HostErrorClasses()) {
		t.Errorf("host row %+v: want site.test with 3 errors (robots left out) and every class", row)
	}
	cc := loginConsole(t, td)
	_, body, _ := cc.get("/ui/jobs/errclass")
	cells := []string{"err-4xx", "err-5xx", "err-network", "err-blocked", "err-other"}
	for i, c := range HostErrorClasses() {
		cell := fmt.Sprintf(`<td class="num %s">%d</td>`, cells[i], want[c])
		if !strings.Contains(body, cell) {
			t.Errorf("job page lacks %s:\n%.3000s", cell, body)
		}
	}
}
