package report_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/report"
	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/internal/testkit/crawltest"
	"github.com/sharc-archive/sharc/internal/testkit/loginsite"
)

// TestReportLoggedIn: the report of a capture made logged in says which
// host was crawled as whom, in JSON and HTML, and never the password; the
// consent wall, passed without an account, is not a login (issue 30).
func TestReportLoggedIn(t *testing.T) {
	if testing.Short() {
		t.Skip("crawls a loopback site")
	}
	site := loginsite.New()
	srv := httptest.NewServer(site.Shop())
	defer srv.Close()
	dir := t.TempDir()
	sec := siteauth.Secrets{Credentials: map[string]siteauth.Credential{"shop": {Username: loginsite.User, Password: loginsite.Password}}}
	c := crawltest.RunWith(t, dir, "login.yaml", fmt.Sprintf(`
name: report-login
seeds: [http://shop.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
workers: 2
politeness: {delay: 0s, delay_factor: 0}
scope: {exclude: ['/logout']}
warc: {dir: %s}
resolve: {shop.test: %s}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
auth:
  - {host: shop.test, kind: form, login_url: http://shop.test/consent, fields: {agree: "yes"}, success: {cookie: consent}}
  - {host: shop.test, kind: form, credential: shop, login_url: http://shop.test/login, username_field: user, password_field: pass, success: {text: Log out}}
`, filepath.Join(dir, "warcs"), strings.TrimPrefix(srv.URL, "http://")), crawler.Options{Secrets: sec})
	r, err := report.Build(context.Background(), c.Store, c.Stats.CaptureID, report.Options{Job: c.Job, WARCDir: c.WARCs})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.LoggedIn) != 1 || r.LoggedIn[0].Host != "shop.test" || r.LoggedIn[0].Account != loginsite.User || r.LoggedIn[0].Kind != "form" || r.LoggedIn[0].Since.IsZero() {
		t.Fatalf("LoggedIn = %+v", r.LoggedIn)
	}
	var js, page bytes.Buffer
	if err := report.WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteHTML(&page, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"logged_in"`) || !strings.Contains(page.String(), "shop.test as alice (form login)") {
		t.Errorf("the report does not say who was logged in:\nJSON has logged_in: %v\nHTML has the line: %v", strings.Contains(js.String(), `"logged_in"`), strings.Contains(page.String(), "shop.test as alice"))
	}
	if strings.Contains(js.String()+page.String(), loginsite.Password) {
		t.Error("the report holds the password")
	}
}
