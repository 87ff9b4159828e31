package deploy

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/sharc-archive/sharc/daemon"
)

// root is the repository's top level, where the files under test live.
const root = "../.."

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// sharcBinary builds cmd/sharc once for the package's tests.
func sharcBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "sharc-deploy")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "sharc")
		out, err := exec.Command("go", "build", "-o", binPath, "../../cmd/sharc").CombinedOutput()
		if err != nil {
			buildErr = err
			t.Logf("%s", out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func readFile(t *testing.T, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// loadConfig parses a daemon config as the daemon does, with the secrets
// the container gets from its environment.
func loadConfig(t *testing.T, rel string) daemon.Config {
	t.Helper()
	env := map[string]string{"SHARC_TOKEN": "t0ken", "SHARC_STORE": "postgres://sharc:pw@postgres:5432/sharc"}
	c, err := daemon.ParseConfig(readFile(t, rel), rel, func(k string) string { return env[k] })
	if err != nil {
		t.Fatalf("the daemon refuses %s: %v", rel, err)
	}
	return c
}

type composeFile struct {
	Services map[string]struct {
		Image           string            `yaml:"image"`
		Build           string            `yaml:"build"`
		Command         []string          `yaml:"command"`
		Environment     map[string]string `yaml:"environment"`
		Volumes         []string          `yaml:"volumes"`
		Ports           []string          `yaml:"ports"`
		StopGracePeriod string            `yaml:"stop_grace_period"`
		DependsOn       map[string]struct {
			Condition string `yaml:"condition"`
		} `yaml:"depends_on"`
	} `yaml:"services"`
	Volumes map[string]any `yaml:"volumes"`
}

// TestCompose: the stack is PostgreSQL, the daemon (built from the
// Dockerfile, waiting for a healthy database, given the store through
// SHARC_STORE) and a WARC volume; Docker waits longer than the daemon's
// drain before SIGKILL; the API is published on the host's loopback only;
// every bind-mounted file exists and is a config the daemon accepts.
func TestCompose(t *testing.T) {
	var cf composeFile
	if err := yaml.Unmarshal(readFile(t, "docker-compose.yml"), &cf); err != nil {
		t.Fatal(err)
	}
	s, ok := cf.Services["sharc"]
	if !ok || cf.Services["postgres"].Image == "" {
		t.Fatalf("want services sharc and postgres, got %v", cf.Services)
	}
	if s.Build != "." || s.DependsOn["postgres"].Condition != "service_healthy" {
		t.Errorf("sharc: build %q, depends_on %+v", s.Build, s.DependsOn)
	}
	if !strings.Contains(s.Environment["SHARC_STORE"], "@postgres:5432/") {
		t.Errorf("SHARC_STORE %q does not name the postgres service", s.Environment["SHARC_STORE"])
	}
	for _, p := range s.Ports {
		if !strings.HasPrefix(p, "127.0.0.1:") {
			t.Errorf("port %q is published beyond the host's loopback", p)
		}
	}
	if _, ok := cf.Volumes["warcs"]; !ok {
		t.Error("no warcs volume")
	}
	var cfgPath string
	for _, v := range s.Volumes {
		parts := strings.Split(v, ":")
		if strings.HasPrefix(parts[0], "./") {
			if _, err := os.Stat(filepath.Join(root, parts[0])); err != nil {
				t.Errorf("volume %q: %v", v, err)
			}
			if len(parts) > 1 && parts[1] == "/etc/sharc/sharc.yaml" {
				cfgPath = parts[0]
			}
		}
	}
	if cfgPath == "" || !contains(s.Command, "/etc/sharc/sharc.yaml") {
		t.Fatalf("the daemon's config is not mounted where its command reads it: %v, %v", s.Volumes, s.Command)
	}
	cfg := loadConfig(t, cfgPath)
	grace, err := time.ParseDuration(s.StopGracePeriod)
	if err != nil || grace <= cfg.DrainTimeout {
		t.Errorf("stop_grace_period %q must exceed drain_timeout %v (%v)", s.StopGracePeriod, cfg.DrainTimeout, err)
	}
	if !strings.HasPrefix(cfg.DataDir, "/var/lib/sharc") || !contains(s.Volumes, "warcs:/var/lib/sharc") {
		t.Errorf("data_dir %q is not on the warcs volume %v", cfg.DataDir, s.Volumes)
	}
}

// TestComposeTool validates docker-compose.yml with docker-compose itself
// (or `docker compose`): unknown keys, bad types and missing variables
// are errors there.
func TestComposeTool(t *testing.T) {
	cmd := composeCommand()
	if cmd == nil {
		t.Skip("neither docker-compose nor `docker compose` is installed (make test installs Debian's docker-compose); TestCompose checked the structure")
	}
	cmd.Args = append(cmd.Args, "-f", filepath.Join(root, "docker-compose.yml"), "config", "-q")
	cmd.Env = append(os.Environ(), "SHARC_TOKEN=t0ken", "POSTGRES_PASSWORD=pw")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Fatalf("%v: %v\n%s", cmd.Args, err, stderr.String())
	}
	// Without the secrets the stack must refuse to start.
	bad := composeCommand()
	bad.Args = append(bad.Args, "-f", filepath.Join(root, "docker-compose.yml"), "config", "-q")
	bad.Env = filterEnv(os.Environ(), "SHARC_TOKEN", "POSTGRES_PASSWORD")
	if out, err := bad.CombinedOutput(); err == nil {
		t.Errorf("compose accepted a stack without SHARC_TOKEN and POSTGRES_PASSWORD:\n%s", out)
	}
}

func composeCommand() *exec.Cmd {
	if p, err := exec.LookPath("docker-compose"); err == nil {
		return exec.Command(p)
	}
	if p, err := exec.LookPath("docker"); err == nil && exec.Command(p, "compose", "version").Run() == nil {
		return exec.Command(p, "compose")
	}
	return nil
}

// TestDockerfile: a multi-stage static build, a non-root user, SIGTERM as
// the stop signal, and a HEALTHCHECK that is a real sharc command which
// fails when the daemon is down and passes when it answers.
func TestDockerfile(t *testing.T) {
	df := string(readFile(t, "Dockerfile"))
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^FROM \S+ AS build$`),
		regexp.MustCompile(`CGO_ENABLED=0 go build`),
		regexp.MustCompile(`(?m)^USER [1-9][0-9]*:[1-9][0-9]*$`),
		regexp.MustCompile(`(?m)^STOPSIGNAL SIGTERM$`),
		regexp.MustCompile(`(?m)^COPY configs/compose.yaml /etc/sharc/sharc.yaml$`),
	} {
		if !want.MatchString(df) {
			t.Errorf("Dockerfile lacks %s", want)
		}
	}
	if n := len(regexp.MustCompile(`(?m)^FROM `).FindAllString(df, -1)); n != 2 {
		t.Errorf("want two stages (build, run), got %d", n)
	}
	// The image's version reaches the binary: the -X symbol exists.
	x := regexp.MustCompile(`-X (\S+)=\$\{VERSION\}`).FindStringSubmatch(df)
	if x == nil {
		t.Fatal("the build does not set the version with -X …=${VERSION}")
	}
	vbin := filepath.Join(t.TempDir(), "sharc")
	if out, err := exec.Command("go", "build", "-ldflags", "-X "+x[1]+"=9.8.7-image", "-o", vbin, "../../cmd/sharc").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out, err := exec.Command(vbin, "version").CombinedOutput(); err != nil || !strings.Contains(string(out), "9.8.7-image") {
		t.Errorf("built with -X %s=9.8.7-image, sharc version says %q (%v)", x[1], out, err)
	}
	hc := regexp.MustCompile(`CMD \["/usr/local/bin/sharc", "healthcheck", "([^"]+)"\]`).FindStringSubmatch(df)
	if hc == nil {
		t.Fatal("no HEALTHCHECK running sharc healthcheck")
	}
	bin := sharcBinary(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte("ok\n"))
	}))
	defer srv.Close()
	up := strings.Replace(hc[1], "http://127.0.0.1:8180", srv.URL, 1)
	if out, err := exec.Command(bin, "healthcheck", up).CombinedOutput(); err != nil {
		t.Errorf("healthcheck of a live daemon: %v\n%s", err, out)
	}
	if out, err := exec.Command(bin, "healthcheck", srv.URL+"/nope").CombinedOutput(); err == nil {
		t.Errorf("healthcheck passed on a 404:\n%s", out)
	}
	if out, err := exec.Command(bin, "healthcheck", "http://"+closedAddr(t)+"/healthz").CombinedOutput(); err == nil {
		t.Errorf("healthcheck passed with nothing listening:\n%s", out)
	}
}

// TestSystemdUnit: systemd waits longer than the daemon drains, starts
// the daemon on the config the docs install, and systemd-analyze accepts
// the unit without a warning (run on a copy whose ExecStart names the
// freshly built binary, since verify insists the program exists).
func TestSystemdUnit(t *testing.T) {
	unit := string(readFile(t, "configs/deploy/sharc.service"))
	keys := unitKeys(unit)
	stop, err := time.ParseDuration(keys["TimeoutStopSec"])
	cfg := loadConfig(t, "configs/sharc.yaml")
	if err != nil || stop <= cfg.DrainTimeout || stop <= daemon.DefaultDrainTimeout {
		t.Errorf("TimeoutStopSec %q must exceed drain_timeout %v (%v)", keys["TimeoutStopSec"], cfg.DrainTimeout, err)
	}
	if keys["ExecStart"] != "/usr/local/bin/sharc serve --config /etc/sharc/sharc.yaml" || keys["KillSignal"] != "SIGTERM" {
		t.Errorf("ExecStart %q, KillSignal %q", keys["ExecStart"], keys["KillSignal"])
	}
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze is not installed; the keys above were checked")
	}
	dir := t.TempDir()
	copyUnit := filepath.Join(dir, "sharc.service")
	if err := os.WriteFile(copyUnit, []byte(strings.ReplaceAll(unit, "/usr/local/bin/sharc", sharcBinary(t))), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, analyze, "verify", copyUnit).CombinedOutput()
	if err != nil || len(bytes.TrimSpace(out)) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

// unitKeys reads KEY=VALUE lines of a unit file (the last one wins).
func unitKeys(unit string) map[string]string {
	keys := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(unit))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if k, v, ok := strings.Cut(line, "="); ok && !strings.HasPrefix(line, "#") {
			keys[k] = v
		}
	}
	return keys
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func filterEnv(env []string, drop ...string) []string {
	var out []string
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		if !contains(drop, k) {
			out = append(out, kv)
		}
	}
	return out
}

// closedAddr is a loopback address nothing listens on.
func closedAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}
