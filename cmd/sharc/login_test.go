package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit/loginsite"
	"github.com/sharc-archive/sharc/warc"
)

// TestLoginSIGKILLResume: `sharc crawl --credentials FILE` captures the
// login site logged in (consent wall, CSRF form login); killed with
// SIGKILL while a protected page is being fetched, the capture resumes
// with its saved session, credentials now from SHARC_CREDENTIALS_*: the
// login form is posted once in all, the protected page's real content is
// archived, and the password is in no file of the job folder (issue 30).
func TestLoginSIGKILLResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and kills the binary")
	}
	bin := buildSharc(t)
	site := loginsite.New()
	reached := make(chan struct{})
	release := make(chan struct{})
	var once sync.Once
	site.Hold = func(r *http.Request) {
		once.Do(func() { close(reached) })
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}
	srv := httptest.NewServer(site.Shop())
	defer srv.Close()
	dir := t.TempDir()
	warcDir := filepath.Join(dir, "warcs")
	jobPath := filepath.Join(dir, "job.yaml")
	jobText := fmt.Sprintf(`name: login
seeds: [http://shop.test/]
user_agent: "SHARC-test (+mailto:archivist@example.org)"
fetch: {allow_addresses: [127.0.0.0/8], retries: 0}
workers: 2
politeness: {delay: 0s, delay_factor: 0}
scope: {exclude: ['/logout']}
warc: {dir: %s}
resolve: {shop.test: %s}
auth:
  - {host: shop.test, kind: form, login_url: http://shop.test/consent, fields: {agree: "yes"}, success: {cookie: consent}}
  - {host: shop.test, kind: form, credential: shop, login_url: http://shop.test/login, username_field: user, password_field: pass, success: {text: Log out}}
`, warcDir, strings.TrimPrefix(srv.URL, "http://"))
	if err := os.WriteFile(jobPath, []byte(jobText), 0o644); err != nil {
		t.Fatal(err)
	}
	secrets := filepath.Join(dir, "secrets.yaml")
	body := fmt.Sprintf("credentials:\n  shop: {username: %s, password: %q}\n", loginsite.User, loginsite.Password)
	if err := os.WriteFile(secrets, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	// A secrets file others may read is refused.
	out, err := exec.Command(bin, "crawl", "--credentials", secrets, jobPath).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "chmod 600") {
		t.Fatalf("world-readable secrets: %v\n%s", err, out)
	}
	if err := os.Chmod(secrets, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "crawl", "--credentials", secrets, jobPath)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case <-reached:
	case err := <-exited:
		t.Fatalf("crawl exited before the protected page: %v\n%s", err, stderr.String())
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("the protected page was never asked\n%s", stderr.String())
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	<-exited
	close(release)
	if n := site.LoginPosts(); n != 1 {
		t.Fatalf("first run posted the login %d times", n)
	}
	resume := exec.Command(bin, "crawl", jobPath)
	resume.Env = append(os.Environ(), "SHARC_CREDENTIALS_SHOP_USERNAME="+loginsite.User, "SHARC_CREDENTIALS_SHOP_PASSWORD="+loginsite.Password)
	out, err = resume.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "(resumed)") || !strings.Contains(string(out), "stopped:    finished") {
		t.Fatalf("resume: %v\n%s", err, out)
	}
	if n := site.LoginPosts(); n != 1 {
		t.Errorf("the login was posted %d times over the two runs, want 1", n)
	}
	if !strings.Contains(string(out), "  logged in:  shop.test as alice (form)\n") {
		t.Errorf("the summary does not say the resumed capture was logged in:\n%s", out)
	}
	found := false
	eachResponse(t, warcDir, func(rec *warc.Record) {
		if rec.TargetURI() == "http://shop.test/account/orders" && bytes.Contains(rec.Block, []byte(loginsite.Protected)) {
			found = true
		}
	})
	if !found {
		t.Error("the protected page's content is not archived")
	}
	if strings.Contains(string(out), loginsite.Password) || strings.Contains(stderr.String(), loginsite.Password) {
		t.Error("the password is in the command's output")
	}
	checkNoPassword(t, warcDir, loginsite.Password)
}

// checkNoPassword fails if any file under dir holds secret as it is or
// form-encoded (gzip members are read uncompressed).
func checkNoPassword(t *testing.T, dir, secret string) {
	t.Helper()
	forms := []string{secret, strings.NewReplacer("&", "%26", "=", "%3D", " ", "+").Replace(secret)}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasSuffix(path, ".gz") {
			if data, err = gunzipAll(data); err != nil {
				return err
			}
		}
		for _, f := range forms {
			if bytes.Contains(data, []byte(f)) {
				t.Errorf("%s holds the password", path)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// gunzipAll reads every gzip member of data.
func gunzipAll(data []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}
