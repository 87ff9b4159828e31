package daemon

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest"
	"go.uber.org/zap/zaptest/observer"

	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/internal/testkit/loginsite"
)

// TestAuthSecretsNeverServed: the daemon grants credentials from its
// secrets file only (bound to hosts); a job naming one captures the login
// site logged in, and neither any API answer about the job and its
// capture nor any log line holds the password. Jobs naming a credential
// the daemon does not grant, or a granted one for another host, are
// refused (issue 30).
func TestAuthSecretsNeverServed(t *testing.T) {
	site := loginsite.New()
	shop := httptest.NewServer(site.Shop())
	defer shop.Close()
	secrets := filepath.Join(t.TempDir(), "secrets.yaml")
	body := fmt.Sprintf("credentials:\n  shop: {username: %s, password: %q, hosts: [shop.test]}\n", loginsite.User, loginsite.Password)
	if err := os.WriteFile(secrets, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	core, logs := observer.New(zapcore.DebugLevel)
	log := zap.New(zapcore.NewTee(zaptest.NewLogger(t).Core(), core))
	td := startDaemonLog(t, storeDSN(t), Options{}, func(c *Config) { c.Secrets = secrets }, log)
	ctx := context.Background()
	job := func(name, host, cred string) []byte {
		return []byte(fmt.Sprintf(`name: %s
seeds: [http://shop.test/]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
workers: 2
politeness: {delay: 0s, delay_factor: 0}
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
scope: {exclude: ['/logout']}
resolve: {shop.test: %s}
auth:
  - {host: shop.test, kind: form, login_url: http://shop.test/consent, fields: {agree: "yes"}, success: {cookie: consent}}
  - {host: %s, kind: form, credential: %s, login_url: http://%s/login, username_field: user, password_field: pass, success: {text: Log out}}
`, name, strings.TrimPrefix(shop.URL, "http://"), host, cred, host))
	}
	for _, tc := range []struct{ name, host, cred, want string }{
		{"ungranted", "shop.test", "other", `auth[1].credential: "other" is not a credential this daemon grants`},
		{"elsewhere", "evil.test", "shop", "auth[1].host: credential \"shop\" is not granted for host evil.test"},
	} {
		_, err := td.client.Submit(ctx, job(tc.name, tc.host, tc.cred), tc.name+".yaml")
		if apiStatus(err) != http.StatusForbidden || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want 403 %q", tc.name, err, tc.want)
		}
	}
	if _, err := td.client.Submit(ctx, job("shop", "shop.test", "shop"), "shop.yaml"); err != nil {
		t.Fatal(err)
	}
	var capture int64
	testkit.WaitFor(t, 60*time.Second, "the capture to finish", func() bool {
		cs, err := td.client.Captures(ctx, "shop")
		if err != nil || len(cs) == 0 || cs[0].Status != "finished" {
			return false
		}
		capture = cs[0].ID
		// The report is written once the capture has finished.
		return td.client.Get(ctx, fmt.Sprintf("/api/v1/captures/%d/report", capture), io.Discard) == nil
	})
	if n := site.LoginPosts(); n != 1 {
		t.Errorf("login posted %d times, want 1", n)
	}
	encoded := strings.NewReplacer("&", "%26", "=", "%3D", " ", "+").Replace(loginsite.Password)
	paths := []string{"/api/v1/jobs", "/api/v1/jobs/shop", "/api/v1/jobs/shop/status", "/api/v1/jobs/shop/captures", "/api/v1/jobs/shop/runs",
		fmt.Sprintf("/api/v1/captures/%d", capture), fmt.Sprintf("/api/v1/captures/%d/report", capture),
		fmt.Sprintf("/api/v1/captures/%d/logs/crawl.log", capture), fmt.Sprintf("/api/v1/captures/%d/log?q=login", capture)}
	for _, p := range paths {
		var b bytes.Buffer
		if err := td.client.Get(ctx, p, &b); err != nil {
			t.Errorf("GET %s: %v", p, err)
			continue
		}
		if b.Len() == 0 {
			t.Errorf("GET %s: empty", p)
		}
		if bytes.Contains(b.Bytes(), []byte(loginsite.Password)) || bytes.Contains(b.Bytes(), []byte(encoded)) {
			t.Errorf("GET %s holds the password", p)
		}
	}
	var jb bytes.Buffer
	if err := td.client.Get(ctx, "/api/v1/jobs/shop", &jb); err != nil || !strings.Contains(jb.String(), "credential: shop") {
		t.Errorf("the effective job names its credential: %v\n%s", err, jb.String())
	}
	for _, e := range logs.All() {
		line := e.Message + fmt.Sprint(e.ContextMap())
		if strings.Contains(line, loginsite.Password) || strings.Contains(line, encoded) {
			t.Errorf("log line holds the password: %s", line)
		}
	}
}

// TestSecretsMustNameHosts: a daemon refuses to start with a credential
// bound to no host, or with a secrets file others may read.
func TestSecretsMustNameHosts(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		body string
		mode os.FileMode
		want string
	}{
		{"credentials:\n  shop: {username: a, password: b}\n", 0o600, "names no hosts"},
		{"credentials:\n  shop: {username: a, password: b, hosts: [shop.test]}\n", 0o644, "chmod 600"},
	} {
		p := filepath.Join(dir, fmt.Sprintf("s%o.yaml", tc.mode))
		if err := os.WriteFile(p, []byte(tc.body), tc.mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, tc.mode); err != nil {
			t.Fatal(err)
		}
		cfg := Config{Listen: "127.0.0.1:0", Token: testToken, Store: "sqlite:" + filepath.Join(dir, "x.db"), DataDir: dir, Secrets: p}
		if _, err := New(context.Background(), cfg, zap.NewNop(), Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q mode %o: %v, want %q", tc.body, tc.mode, err, tc.want)
		}
	}
}
