package daemon

import (
	"context"
	"fmt"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/internal/testkit/storetest"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// countingListener is a plain TCP listener on 127.0.0.7 that counts the
// connections it accepts and closes them: where a job must never reach.
func countingListener(t *testing.T) (string, *atomic.Int64) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.7:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	var n atomic.Int64
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			n.Add(1)
			c.Close()
		}
	}()
	return ln.Addr().String(), &n
}

// constEnv is a daemon environment where every variable holds "secret".
func constEnv(string) string { return "secret" }

// TestSandboxUploadRefused: a submitted job may not name a server or an
// environment variable for its uploads (the daemon's secrets went to any
// listener); a remote the job names is dialled through the network
// guard, so one on an address allow_addresses does not cover is refused
// before any connection; an unknown remote is refused naming the
// defined ones.
func TestSandboxUploadRefused(t *testing.T) {
	addr, accepted := countingListener(t)
	site := httptest.NewServer(treeSite(3, 0, new(atomic.Int64)))
	defer site.Close()
	td := startDaemonOpts(t, storeDSN(t), Options{Getenv: constEnv}, func(c *Config) {
		c.AllowAddresses = []string{"127.0.0.1/32"}
		c.Remotes = map[string]Remote{"inside": {Endpoint: addr, Bucket: "warcs", UseTLS: new(false)}}
	})
	ctx := context.Background()
	jobText := func(name, upload string) []byte {
		return fmt.Appendf(nil, "name: %s\nseeds: [http://site.test/p/0]\nuser_agent: \"SHARC-test (+mailto:a@example.org)\"\n"+
			"fetch: {allow_addresses: [127.0.0.1/32], retries: 0}\nresolve: {site.test: %s}\nwarc: {upload: %s}\n",
			name, strings.TrimPrefix(site.URL, "http://"), upload)
	}
	for _, tc := range []struct {
		name, upload string
		status       int
		want         []string
	}{
		{"secret key env", fmt.Sprintf("{endpoint: %q, bucket: b, use_tls: false, access_key_env: SHARC_S3_SECRET_KEY}", addr), 403,
			[]string{"warc.upload.access_key_env: a job submitted to the daemon may not name environment variables", "remotes: NAME: {endpoint: " + addr, "set warc.upload.remote: NAME"}},
		{"store env", fmt.Sprintf("{endpoint: %q, bucket: b, access_key_env: SHARC_STORE}", addr), 403, []string{"warc.upload.access_key_env:"}},
		{"token env", fmt.Sprintf("{endpoint: %q, bucket: b, secret_key_env: SHARC_TOKEN}", addr), 403, []string{"warc.upload.secret_key_env:"}},
		{"endpoint only", fmt.Sprintf("{endpoint: %q, bucket: b}", addr), 403, []string{"warc.upload.endpoint:", "define a remote"}},
		{"a remote has it", fmt.Sprintf("{endpoint: %q, bucket: warcs}", addr), 403, []string{`this daemon's remote "inside" has that endpoint and bucket: set warc.upload.remote: inside`}},
		{"unknown remote", "{remote: elsewhere}", 400, []string{`warc.upload.remote: "elsewhere" is not a remote of this daemon (defined: inside)`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := td.client.Submit(ctx, jobText("up", tc.upload), "up.yaml")
			if apiStatus(err) != tc.status {
				t.Fatalf("submit: %v, want %d", err, tc.status)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if _, err := td.client.Job(ctx, "up"); apiStatus(err) != 404 {
				t.Errorf("refused job stored: %v", err)
			}
		})
	}
	t.Run("guarded remote", func(t *testing.T) {
		if _, err := td.client.Submit(ctx, jobText("guarded", "{remote: inside}"), "guarded.yaml"); err != nil {
			t.Fatal(err)
		}
		var info JobInfo
		testkit.WaitFor(t, 60*time.Second, "the job's alert", func() bool {
			var err error
			info, err = td.client.Job(ctx, "guarded")
			return err == nil && info.Alert != "" && info.State != stateQueued && info.State != stateRunning
		})
		if !strings.Contains(info.Alert, "refused by the network guard") {
			t.Errorf("alert %q, want the network guard's refusal", info.Alert)
		}
	})
	if n := accepted.Load(); n != 0 {
		t.Fatalf("the listener on %s accepted %d connections, want none", addr, n)
	}
}

// TestSandboxPaths: a submitted job writes only under data_dir: an
// absolute warc.dir, one with '..', one through a symbolic link out of
// data_dir (at submission, and made after it: checked again at the
// capture's start) and a store: are refused, and nothing appears
// outside; a relative warc.dir lands inside data_dir.
func TestSandboxPaths(t *testing.T) {
	data, outside := filepath.Join(t.TempDir(), "data"), t.TempDir()
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(data, "link")); err != nil {
		t.Fatal(err)
	}
	site := httptest.NewServer(treeSite(3, 0, new(atomic.Int64)))
	defer site.Close()
	td := startDaemonOpts(t, storeDSN(t), Options{}, func(c *Config) { c.DataDir = data })
	ctx := context.Background()
	addr := strings.TrimPrefix(site.URL, "http://")
	for _, tc := range []struct{ name, extra, want string }{
		{"absolute", fmt.Sprintf("warc: {dir: %s}\n", filepath.Join(outside, "warcs")), "warc.dir: "},
		{"dot-dot", "warc: {dir: ../escape/warcs}\n", "warc.dir: \"../escape/warcs\": a job submitted to the daemon writes only under the daemon's data_dir"},
		{"symlink", "warc: {dir: link/warcs}\n", "warc.dir: "},
		{"store", fmt.Sprintf("store: sqlite:%s\n", filepath.Join(outside, "x.db")), "store: a job submitted to the daemon uses the daemon's store; remove store:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := td.client.Submit(ctx, jobYAML("p", addr, tc.extra), "p.yaml")
			if apiStatus(err) != 403 || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("submit: %v, want 403 saying %q", err, tc.want)
			}
			assertEmpty(t, outside)
			assertEmpty(t, filepath.Dir(data)+"/escape")
		})
	}
	t.Run("relative", func(t *testing.T) {
		info, err := td.client.Submit(ctx, jobYAML("rel", addr, "warc: {dir: mine/warcs}\n"), "rel.yaml")
		if err != nil || info.WARCDir != filepath.Join(data, "mine", "warcs") {
			t.Fatalf("submit: %v, warc dir %q", err, info.WARCDir)
		}
		waitState(t, td.client, "rel", stateIdle, 30*time.Second)
	})
	t.Run("link made after submission", func(t *testing.T) {
		if _, err := td.client.Submit(ctx, jobYAML("later", addr, "warc: {dir: later/warcs}\nschedule: '0 3 * * *'\n"), "later.yaml"); err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(filepath.Join(data, "later")); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(outside, filepath.Join(data, "later")); err != nil {
			t.Fatal(err)
		}
		_, err := td.client.Action(ctx, "later", "resume")
		info, jerr := td.client.Job(ctx, "later")
		if apiStatus(err) != 403 || jerr != nil || !strings.Contains(info.Alert, "warc.dir: ") || info.State != stateIdle {
			t.Fatalf("resume: %v; job %+v %v: want 403 and an alert naming warc.dir", err, info, jerr)
		}
		assertEmpty(t, outside)
	})
}

func assertEmpty(t *testing.T, dir string) {
	t.Helper()
	if es, err := os.ReadDir(dir); len(es) > 0 || (err != nil && !os.IsNotExist(err)) {
		t.Fatalf("%s holds %v (%v), want nothing", dir, es, err)
	}
}

// TestSandboxRatesModel: rates_model is read only from models_dir, by a
// relative name; an absolute path, '..' or a link out of it is refused,
// and a file that is no model is reported without quoting its content.
func TestSandboxRatesModel(t *testing.T) {
	models, outside := t.TempDir(), t.TempDir()
	good, err := os.ReadFile("../crawler/changerate/testdata/model-c45.golden.json")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{filepath.Join(models, "good.json"): string(good), filepath.Join(models, "notes.txt"): "rhubarb",
		filepath.Join(outside, "shadow"): "root:$6$salt$hash"}
	for p, text := range files {
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(outside, "shadow"), filepath.Join(models, "shadow.json")); err != nil {
		t.Fatal(err)
	}
	site := httptest.NewServer(treeSite(3, 0, new(atomic.Int64)))
	defer site.Close()
	td := startDaemonOpts(t, storeDSN(t), Options{}, func(c *Config) { c.ModelsDir = models })
	ctx := context.Background()
	addr := strings.TrimPrefix(site.URL, "http://")
	for i, tc := range []struct {
		name, model string
		status      int    // of the submission
		alert       string // of the run; "" for none
	}{
		{"absolute", "/etc/shadow", 403, ""},
		{"dot-dot", "../x", 403, ""},
		{"link out", "shadow.json", 0, "rates_model: "},
		{"not a model", "notes.txt", 0, "rates_model notes.txt: not a model written by `sharc rates train` (invalid JSON at byte 1)"},
		{"model", "good.json", 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name := fmt.Sprintf("m%d", i)
			extra := fmt.Sprintf("rates_model: %s\nchange_rates: [predictor, default]\n", tc.model)
			_, err := td.client.Submit(ctx, jobYAML(name, addr, extra), name+".yaml")
			if apiStatus(err) != tc.status && !(tc.status == 0 && err == nil) {
				t.Fatalf("submit: %v, want status %d", err, tc.status)
			}
			if err != nil {
				if !strings.Contains(err.Error(), "rates_model: ") {
					t.Fatalf("refusal %q does not name rates_model", err)
				}
				return
			}
			waitState(t, td.client, name, stateIdle, 30*time.Second)
			info, err := td.client.Job(ctx, name)
			if err != nil || !strings.Contains(info.Alert, tc.alert) || (tc.alert == "") != (info.Alert == "") {
				t.Fatalf("job %+v %v: want alert %q", info, err, tc.alert)
			}
			for _, secret := range []string{"root", "rhubarb", "'r'", "$6$"} {
				if strings.Contains(info.Alert, secret) {
					t.Errorf("alert %q quotes the file's content (%q)", info.Alert, secret)
				}
			}
		})
	}
}

// TestSandboxUpgrade: a job stored by an earlier daemon with warc.upload
// naming environment variables is still listed, with its capture kept
// as it was, but its capture is not resumed: the alert says which remote
// to define instead. Neither the upload endpoint nor the site is reached.
func TestSandboxUpgrade(t *testing.T) {
	addr, accepted := countingListener(t)
	var hits atomic.Int64
	site := httptest.NewServer(treeSite(3, 0, &hits))
	defer site.Close()
	dsn, data := storeDSN(t), t.TempDir()
	extra := fmt.Sprintf("warc: {dir: %s, upload: {endpoint: %q, bucket: b, use_tls: false, access_key_env: SHARC_TOKEN}}\n",
		filepath.Join(data, "old", "warcs"), addr)
	j, err := job.Parse(jobYAML("old", strings.TrimPrefix(site.URL, "http://"), extra), "old.yaml", scheduler.NewRegistry().Names(), nil)
	if err != nil {
		t.Fatal(err)
	}
	j.Store = dsn // as the earlier daemon stored it
	capID := storeOldJob(t, dsn, j)
	td := startDaemonOpts(t, dsn, Options{Getenv: constEnv}, func(c *Config) { c.DataDir = data })
	ctx := context.Background()
	info, err := td.client.Job(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"warc.upload.access_key_env: a job submitted to the daemon may not name environment variables", "remotes: NAME: {endpoint: " + addr, "warc.upload.remote: NAME"} {
		if !strings.Contains(info.Alert, w) {
			t.Errorf("alert %q does not say %q", info.Alert, w)
		}
	}
	if info.State != stateIdle {
		t.Errorf("state %s, want idle: no capture started", info.State)
	}
	caps, err := td.client.Captures(ctx, "old")
	if err != nil || len(caps) != 1 || caps[0].ID != capID || caps[0].Status != store.CaptureStatusRunning {
		t.Fatalf("captures %+v %v: want capture %d kept running (resumable once the job is fixed)", caps, err, capID)
	}
	if _, err := td.client.Action(ctx, "old", "resume"); apiStatus(err) != 403 {
		t.Errorf("resume: %v, want 403", err)
	}
	if accepted.Load() != 0 || hits.Load() != 0 {
		t.Fatalf("upload endpoint got %d connections, site %d requests: want none", accepted.Load(), hits.Load())
	}
}

// storeOldJob writes j's YAML and a running capture into the store, as a
// daemon before the sandbox left them; it returns the capture's id.
func storeOldJob(t *testing.T, dsn string, j *job.Job) int64 {
	t.Helper()
	st, c, _ := storetest.OpenJobCapture(t, dsn, j)
	st.Close() // the daemon opens it next
	return c.ID
}

// TestSandboxAcceptsDemoJob: the README's tour submits configs/demo.yaml
// to the daemon; it stays accepted, its relative warc.dir inside data_dir.
func TestSandboxAcceptsDemoJob(t *testing.T) {
	text, err := os.ReadFile("../configs/demo.yaml")
	if err != nil {
		t.Fatal(err)
	}
	td := startDaemon(t, storeDSN(t), 1)
	info, err := td.client.Submit(context.Background(), text, "demo.yaml")
	if err != nil || info.WARCDir != filepath.Join(td.d.cfg.DataDir, "demo-output", "warcs") {
		t.Fatalf("submit: %v, warc dir %q", err, info.WARCDir)
	}
	if _, err := td.client.Action(context.Background(), "demo", "cancel"); err != nil && apiStatus(err) != 409 {
		t.Fatal(err)
	}
}

// TestSandboxJobYAMLSubmittable: the job YAML the API shows (what the
// console's "edit job" posts back) names neither the daemon's store (its
// DSN may hold a password) nor an absolute warc.dir, so posting it back
// is accepted and keeps the job's folder.
func TestSandboxJobYAMLSubmittable(t *testing.T) {
	site := httptest.NewServer(treeSite(3, 0, new(atomic.Int64)))
	defer site.Close()
	td := startDaemonOpts(t, storeDSN(t), Options{}, nil)
	ctx := context.Background()
	first, err := td.client.Submit(ctx, jobYAML("ed", strings.TrimPrefix(site.URL, "http://"), "warc: {dir: mine/warcs}\n"), "ed.yaml")
	if err != nil {
		t.Fatal(err)
	}
	waitState(t, td.client, "ed", stateIdle, 30*time.Second)
	info, err := td.client.Job(ctx, "ed")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(info.YAML, "store:") || strings.Contains(info.YAML, td.d.cfg.DataDir) || !strings.Contains(info.YAML, "dir: mine/warcs") {
		t.Fatalf("job YAML shows the store or an absolute warc.dir:\n%s", info.YAML)
	}
	again, err := td.client.Submit(ctx, []byte(info.YAML), "ed.yaml")
	if err != nil || again.WARCDir != first.WARCDir {
		t.Fatalf("posting the shown YAML back: %v, warc dir %q, want %q", err, again.WARCDir, first.WARCDir)
	}
}

// TestSandboxSiteScripts: a submitted job asking for site behaviours
// (capture.browser.behaviors: [site]) is refused with 403 by a daemon
// without site_scripts: only the operator grants a folder of scripts,
// and a job has no field to name one.
func TestSandboxSiteScripts(t *testing.T) {
	site := httptest.NewServer(treeSite(3, 0, new(atomic.Int64)))
	defer site.Close()
	td := startDaemonOpts(t, storeDSN(t), Options{}, nil)
	addr := strings.TrimPrefix(site.URL, "http://")
	extra := "capture: {browser: {match: ['/nothing-matches$'], behaviors: [site]}}\n"
	_, err := td.client.Submit(context.Background(), jobYAML("sitebeh", addr, extra), "sitebeh.yaml")
	if apiStatus(err) != 403 || !strings.Contains(err.Error(), "capture.browser.behaviors: this daemon has no site_scripts") {
		t.Fatalf("submit: %v, want 403 naming capture.browser.behaviors", err)
	}
	extra = "capture: {browser: {match: ['/nothing-matches$'], behaviors: [site], site_scripts: /etc}}\n"
	if _, err := td.client.Submit(context.Background(), jobYAML("sitebeh2", addr, extra), "sitebeh2.yaml"); apiStatus(err) != 400 {
		t.Fatalf("a job naming a scripts folder: %v, want 400 (no such field)", err)
	}
}
