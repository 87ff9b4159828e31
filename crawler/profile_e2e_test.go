package crawler_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/internal/testkit/browsertest"
	"github.com/sharc-archive/sharc/scheduler"
)

// TestBrowserProfileSession: the session a person's Chromium holds (a
// profile where a page set a login cookie) is the capture's: given as
// sharc crawl's --browser-profile (Options.BrowserProfile) or granted by
// name and named by the job's cookies:, the private page is fetched with
// the cookie and archived with its real content (issue 30).
func TestBrowserProfileSession(t *testing.T) {
	needChromium(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/login":
			http.SetCookie(w, &http.Cookie{Name: "sid", Value: "profile-session-7", Path: "/", MaxAge: 3600, HttpOnly: true})
			io.WriteString(w, "<p>logged in</p>")
		case "/private":
			if c, err := r.Cookie("sid"); err != nil || c.Value != "profile-session-7" {
				http.Error(w, "forbidden", http.StatusForbidden)
				return
			}
			io.WriteString(w, "<p>private notes of the account</p>")
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	profile := browsertest.Profile(t, srv.URL+"/login")
	for _, tc := range []struct {
		name, cookies string
		opts          crawler.Options
	}{
		{"flag", "", crawler.Options{BrowserProfile: profile}},
		{"granted", "cookies: me\n", crawler.Options{Secrets: siteauth.Secrets{Profiles: map[string]string{"me": profile}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			j := testJob(t, dir, fmt.Sprintf(`
name: profile-%s
seeds: [%s/private]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
politeness: {delay: 0s, delay_factor: 0}
warc: {dir: %s}
fetch: {allow_addresses: [127.0.0.1/32], retries: 0}
%s`, tc.name, srv.URL, filepath.Join(dir, "warcs"), tc.cookies))
			st := openStore(t, "sqlite:"+filepath.Join(dir, "index.db"))
			stats, err := crawler.New(j, st, scheduler.NewRegistry(), zaptest.NewLogger(t), tc.opts).Run(context.Background())
			if err != nil || stats.StopReason != "finished" {
				t.Fatalf("crawl: %v, %+v", err, stats)
			}
			found := false
			for _, r := range readAllRecords(t, latestWARCDir(t, filepath.Join(dir, "warcs"))) {
				if r.typ == "request" && strings.HasSuffix(r.uri, "/private") && !bytes.Contains(r.block, []byte("Cookie: sid=profile-session-7")) {
					t.Errorf("request record without the profile's cookie:\n%s", r.block)
				}
				if r.typ == "response" && strings.HasSuffix(r.uri, "/private") {
					found = bytes.Contains(r.block, []byte("private notes of the account"))
				}
			}
			if !found {
				t.Error("the private page's content is not archived")
			}
		})
	}
}
