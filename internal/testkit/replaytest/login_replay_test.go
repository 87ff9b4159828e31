package replaytest

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/crawler/siteauth"
	"github.com/sharc-archive/sharc/crawler/wacz"
	"github.com/sharc-archive/sharc/internal/testkit/browsertest"
	"github.com/sharc-archive/sharc/internal/testkit/loginsite"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/warc"
)

// TestReplayLoggedIn replays in ReplayWeb.page a capture made logged in
// (issue 30): past the consent wall and the form login, the protected
// pages show their real content and the page behind the consent wall its
// own, not the wall.
func TestReplayLoggedIn(t *testing.T) {
	chromium, rwp := tools(t)
	site := loginsite.New()
	shop := httptest.NewServer(site.Shop())
	defer shop.Close()
	dir := t.TempDir()
	reg := scheduler.NewRegistry()
	j, err := job.Parse([]byte(fmt.Sprintf(`
name: replay-login
seeds: [http://shop.test/]
user_agent: "SHARC-test (+https://example.org/contact)"
robots: ignore
fetch: {allow_addresses: [127.0.0.0/8]}
workers: 2
politeness: {delay: 0s, delay_factor: 0}
scope: {exclude: ['/logout']}
warc: {dir: %s}
resolve: {shop.test: %s}
auth:
  - {host: shop.test, kind: form, login_url: http://shop.test/consent, fields: {agree: "yes"}, success: {cookie: consent}}
  - {host: shop.test, kind: form, credential: shop, login_url: http://shop.test/login, username_field: user, password_field: pass, success: {text: Log out}}
`, filepath.Join(dir, "warcs"), strings.TrimPrefix(shop.URL, "http://"))), "login.yaml", reg.Names(), reg.VisitRevisit)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(dir, "index.db"), zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	sec := siteauth.Secrets{Credentials: map[string]siteauth.Credential{"shop": {Username: loginsite.User, Password: loginsite.Password}}}
	stats, err := crawler.New(j, st, reg, zaptest.NewLogger(t), crawler.Options{Secrets: sec}).Run(ctx)
	if err != nil || stats.StopReason != crawler.StopFinished {
		t.Fatalf("crawl: %v (%s)", err, stats.StopReason)
	}
	recs, err := st.Records(ctx, stats.CaptureID)
	if err != nil {
		t.Fatal(err)
	}
	warcDir := jobdir.Folder(stats.Folder).WARCs()
	in := wacz.Input{Title: "logged in", Software: "SHARC test", Created: time.Now()}
	files := map[string]bool{}
	at := map[string]store.Record{}
	for _, r := range recs {
		if r.WARCFile != "" && !files[r.WARCFile] {
			files[r.WARCFile] = true
			in.WARCs = append(in.WARCs, filepath.Join(warcDir, r.WARCFile))
		}
		if r.RecordType == warc.Response && r.Status == 200 {
			at[r.URL] = r
			in.Pages = append(in.Pages, wacz.Page{URL: r.URL, TS: r.Time})
		}
	}
	in.CDXJ = packageIndex(t, recs, in.WARCs)
	pkg := filepath.Join(dir, "login.wacz")
	f, err := os.Create(pkg)
	if err != nil {
		t.Fatal(err)
	}
	if err := wacz.Write(ctx, f, in, p384(t)); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	srv := replayServer(t, rwp, map[string]string{"login.wacz": pkg})
	bctx := newBrowser(t, chromium)
	con := browsertest.Listen(t, bctx)
	for _, c := range []struct{ url, want string }{
		{"http://shop.test/account/orders", loginsite.Protected},
		{"http://shop.test/account", "Welcome " + loginsite.User},
		{"http://shop.test/about", "About the shop"},
	} {
		r, ok := at[c.url]
		if !ok {
			t.Fatalf("%s: no 200 response archived", c.url)
		}
		fr := replay(t, bctx, con, srv, "login.wacz", c.url, ts14(r))
		t.Logf("%s at %s → %q", c.url, ts14(r), strings.TrimSpace(fr.Text))
		if !strings.Contains(fr.Text, c.want) {
			t.Errorf("%s replays as %q, want %q", c.url, fr.Text, c.want)
		}
	}
}
