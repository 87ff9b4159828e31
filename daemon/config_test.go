package daemon

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestParseConfig(t *testing.T) {
	env := func(tok string) func(string) string {
		return func(k string) string {
			if k == "SHARC_TOKEN" {
				return tok
			}
			return ""
		}
	}
	for _, tc := range []struct {
		name, text, envToken string
		wantErr              string // substring; "" = valid
		check                func(Config) bool
	}{
		{"defaults", "store: sqlite:x.db\n", "", "", func(c Config) bool {
			return c.Listen == DefaultListen && c.DataDir == DefaultDataDir && c.MaxConcurrentJobs == 4 && c.DrainTimeout == 30*time.Second && c.Token == ""
		}},
		{"token from env", "store: sqlite:x.db\n", "envtok", "", func(c Config) bool { return c.Token == "envtok" }},
		{"config token wins", "store: sqlite:x.db\ntoken: filetok\n", "envtok", "", func(c Config) bool { return c.Token == "filetok" }},
		{"all keys", "listen: 127.0.0.1:9000\nstore: postgres://u@h/db\ndata_dir: /d\nmax_concurrent_jobs: 2\ndrain_timeout: 5s\n", "", "", func(c Config) bool {
			return c.Listen == "127.0.0.1:9000" && c.DataDir == "/d" && c.MaxConcurrentJobs == 2 && c.DrainTimeout == 5*time.Second
		}},
		{"ipv6 loopback", "listen: '[::1]:8180'\nstore: sqlite:x.db\n", "", "", nil},
		{"localhost", "listen: localhost:8180\nstore: sqlite:x.db\n", "", "", nil},
		{"network without token", "listen: 0.0.0.0:8180\nstore: sqlite:x.db\n", "", "not a loopback address", nil},
		{"all interfaces without token", "listen: ':8180'\nstore: sqlite:x.db\n", "", "not a loopback address", nil},
		{"host name without token", "listen: crawler.example.org:8180\nstore: sqlite:x.db\n", "", "not a loopback address", nil},
		{"network with env token", "listen: 0.0.0.0:8180\nstore: sqlite:x.db\n", "t", "", nil},
		{"no store", "listen: 127.0.0.1:1\n", "", "store: required", nil},
		{"unknown key", "store: sqlite:x.db\nlisten_addr: x\n", "", `sharc.yaml:2: unknown key "listen_addr" (valid keys: allow_addresses, data_dir, drain_timeout, idle_timeout, lease_ttl, listen,`, nil},
		{"bad duration", "store: sqlite:x.db\n\ndrain_timeout: soon\n", "", `sharc.yaml:3: drain_timeout: want a duration such as 30s or 2m, got "soon"`, nil},
		{"bad count", "store: sqlite:x.db\nmax_concurrent_jobs: four\n", "", `sharc.yaml:2: max_concurrent_jobs: want a whole number, got "four"`, nil},
		{"bad upload size", "store: sqlite:x.db\nmax_wacz_upload: lots\n", "", `sharc.yaml:2: max_wacz_upload: want a whole number, got "lots"`, nil},
		{"negative upload quota", "store: sqlite:x.db\nwacz_upload_quota: -1\n", "", `wacz_upload_quota: want a number of bytes above 0`, nil},
		{"list for a string", "store: [a, b]\n", "", `sharc.yaml:1: store: want a string, got a list`, nil},
		{"two typos, both named", "stor: x\nlisten: 127.0.0.1:1\nmax_concurent_jobs: 2\n", "", "sharc.yaml:3: unknown key \"max_concurent_jobs\"", nil},
		{"not a mapping", "- store\n", "", "sharc.yaml:1: want key: value lines", nil},
		{"bad yaml", "store: [\n", "", "config sharc.yaml: yaml: line", nil},
		{"wacz_on_finish default", "store: sqlite:x.db\n", "", "", func(c Config) bool { return c.waczOnFinish() }},
		{"wacz_on_finish off", "store: sqlite:x.db\nwacz_on_finish: false\n", "", "", func(c Config) bool { return !c.waczOnFinish() }},
		{"wacz_on_finish typo", "store: sqlite:x.db\nwacz_on_finish: sometimes\n", "", `sharc.yaml:2: wacz_on_finish: want true or false, got "sometimes"`, nil},
		{"bad listen", "listen: nonsense\nstore: sqlite:x.db\n", "", "listen:", nil},
		{"replay_listen", "store: sqlite:x.db\nreplay_listen: 127.0.0.2:8181\n", "", "", func(c Config) bool { return c.ReplayListen == "127.0.0.2:8181" }},
		{"bad replay_listen", "store: sqlite:x.db\nreplay_listen: 8181\n", "", "replay_listen:", nil},
		{"empty file", "", "", "store: required", nil},
		{"proxy with credentials", "store: sqlite:x.db\nproxy: http://u:pw@proxy.example.org:3128\n", "", "", func(c Config) bool {
			return c.Proxy == "http://u:pw@proxy.example.org:3128"
		}},
		{"proxy socks5", "store: sqlite:x.db\nproxy: socks5://proxy.example.org:1080\n", "", "", func(c Config) bool { return c.Proxy == "socks5://proxy.example.org:1080" }},
		{"proxy ftp", "store: sqlite:x.db\nproxy: ftp://proxy.example.org:21\n", "", "proxy: scheme \"ftp\"", nil},
		{"proxy without port", "store: sqlite:x.db\nproxy: http://proxy.example.org\n", "", "proxy: must name a host and a port", nil},
		{"node", "store: postgres://u@h/db\nnode: n_1\n", "", "", func(c Config) bool {
			return c.Node == "n_1" && c.Poll == DefaultPoll && c.LeaseTTL == 0 && c.MaxHosts == 0
		}},
		{"node with lease keys", "store: postgres://u@h/db\nnode: a\nlease_ttl: 8s\npoll: 200ms\nmax_hosts: 3\n", "", "", func(c Config) bool {
			return c.LeaseTTL == 8*time.Second && c.Poll == 200*time.Millisecond && c.MaxHosts == 3
		}},
		{"node with sqlite", "store: sqlite:x.db\nnode: n1\n", "", "needs a PostgreSQL store", nil},
		{"bad node name", "store: postgres://u@h/db\nnode: n-1\n", "", "node: \"n-1\"", nil},
		{"lease keys without node", "store: postgres://u@h/db\npoll: 1s\n", "", "only apply with node:", nil},
		{"allow_addresses", "store: sqlite:x.db\nallow_addresses: [127.0.0.0/8, '::1']\n", "", "", func(c Config) bool {
			ps, err := c.AllowedRanges()
			return err == nil && len(ps) == 2 && ps[1].String() == "::1/128"
		}},
		{"bad allow_addresses", "store: sqlite:x.db\nallow_addresses: [127.0.0.0/8, 10.0.0.1/8]\n", "", "allow_addresses[1]: \"10.0.0.1/8\" has address bits set", nil},
		{"negative poll", "store: postgres://u@h/db\nnode: a\npoll: -1s\n", "", "must not be negative", nil},
		{"remotes", "store: sqlite:x.db\nmodels_dir: /m\nremotes:\n  archive: {endpoint: 127.0.0.1:9000, bucket: b, use_tls: false}\n", "", "", func(c Config) bool {
			r := c.Remotes["archive"]
			return c.ModelsDir == "/m" && r.Endpoint == "127.0.0.1:9000" && !r.useTLS() && r.AccessKeyEnv == "SHARC_S3_ACCESS_KEY" && r.SecretKeyEnv == "SHARC_S3_SECRET_KEY"
		}},
		{"remote typo", "store: sqlite:x.db\nremotes:\n  archive:\n    endpoint: h:1\n    bucket: b\n    usetls: false\n", "", `sharc.yaml:6: remotes.archive: unknown key "usetls"`, nil},
		{"remote without bucket", "store: sqlite:x.db\nremotes: {archive: {endpoint: h:1}}\n", "", "remotes.archive.bucket: required", nil},
		{"remote with scheme", "store: sqlite:x.db\nremotes: {archive: {endpoint: 'https://h', bucket: b}}\n", "", `remotes.archive.endpoint: want host[:port] without scheme or path, got "https://h"`, nil},
		{"remote bad env name", "store: sqlite:x.db\nremotes: {archive: {endpoint: h, bucket: b, secret_key_env: 'a b'}}\n", "", `remotes.archive.secret_key_env: "a b" is not an environment variable name`, nil},
		{"remote bad name", "store: sqlite:x.db\nremotes: {'a/b': {endpoint: h, bucket: b}}\n", "", `remotes: "a/b" is not a remote name`, nil},
		{"HTTP hardening defaults", "store: sqlite:x.db\n", "", "", func(c Config) bool {
			return c.ReadHeaderTimeout == DefaultReadHeaderTimeout && c.ReadTimeout == DefaultReadTimeout && c.WriteTimeout == DefaultWriteTimeout &&
				c.IdleTimeout == DefaultIdleTimeout && c.MaxConnsPerClient == DefaultMaxConnsPerClient && c.MaxConns == DefaultMaxConns
		}},
		{"HTTP hardening set", "store: sqlite:x.db\nread_timeout: 5s\nmax_conns_per_client: 8\npublic_hosts: [sharc.example.org]\n", "", "", func(c Config) bool {
			return c.ReadTimeout == 5*time.Second && c.MaxConnsPerClient == 8 && len(c.PublicHosts) == 1
		}},
		{"tls_cert without tls_key", "store: sqlite:x.db\ntls_cert: c.pem\n", "", "set both (HTTPS) or neither", nil},
		{"public_hosts with a port", "store: sqlite:x.db\npublic_hosts: ['sharc.example.org:8180']\n", "", "public_hosts: \"sharc.example.org:8180\"", nil},
		{"negative write_timeout", "store: sqlite:x.db\nwrite_timeout: -1s\n", "", "must not be negative", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ParseConfig([]byte(tc.text), "sharc.yaml", env(tc.envToken))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want it to contain %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.check != nil && !tc.check(c) {
				t.Errorf("config %+v", c)
			}
		})
	}
}

// TestParseConfigStoreFromEnv: SHARC_STORE fills an absent store: (the
// container keeps the database password in its environment) and never
// overrides the file.
func TestParseConfigStoreFromEnv(t *testing.T) {
	env := func(k string) string {
		if k == "SHARC_STORE" {
			return "postgres://sharc:pw@db/sharc"
		}
		return ""
	}
	for _, tc := range []struct{ text, want string }{
		{"listen: 127.0.0.1:1\n", "postgres://sharc:pw@db/sharc"},
		{"store: sqlite:x.db\n", "sqlite:x.db"},
	} {
		c, err := ParseConfig([]byte(tc.text), "sharc.yaml", env)
		if err != nil {
			t.Fatal(err)
		}
		if c.Store != tc.want {
			t.Errorf("%q: store %q, want %q", tc.text, c.Store, tc.want)
		}
	}
}

func TestAlertFor(t *testing.T) {
	for _, tc := range []struct {
		err      error
		diskFull bool
	}{
		{fmt.Errorf("warc: write x.warc.gz.open: %w", &fs.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}), true},
		{fmt.Errorf("warc: %w", &fs.PathError{Op: "write", Path: "x", Err: syscall.EFBIG}), true},
		{fmt.Errorf("warc: %w", syscall.EDQUOT), true},
		{errors.New("store: connection refused"), false},
	} {
		got := alertFor(tc.err)
		if strings.HasPrefix(got, "disk full") != tc.diskFull || !strings.Contains(got, tc.err.Error()) {
			t.Errorf("alertFor(%v) = %q", tc.err, got)
		}
	}
}

// TestShippedConfig loads configs/sharc.yaml, whose allow_addresses lets
// the README's tour submit jobs for the loopback test site.
func TestShippedConfig(t *testing.T) {
	c, err := LoadConfig("../configs/sharc.yaml", func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if ps, err := c.AllowedRanges(); err != nil || len(ps) != 1 || ps[0].String() != "127.0.0.0/8" {
		t.Errorf("allow_addresses %v, %v; want [127.0.0.0/8]", ps, err)
	}
}
