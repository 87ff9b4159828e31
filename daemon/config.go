package daemon

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/netip"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/netguard"
)

// Config is the daemon's configuration file (configs/sharc.yaml).
type Config struct {
	// Listen is the API address, default 127.0.0.1:8180.
	Listen string `yaml:"listen"`
	// Token is the bearer token every API call must carry; when empty the
	// environment variable SHARC_TOKEN is used. Without a token the daemon
	// only listens on loopback addresses.
	Token string `yaml:"token"`
	// Store is the index DSN (sqlite:PATH or postgres://…); it replaces the
	// store: of every job. When empty the environment variable SHARC_STORE
	// is used, so a database password can stay out of the file (the
	// container reads it from its environment).
	Store string `yaml:"store"`
	// Proxy is the institution's forward proxy every capture goes through
	// (http://[user:password@]host:port), replacing the jobs'
	// fetch.proxy; when empty the environment variable SHARC_PROXY is
	// used, so its password can stay out of the file. Its credentials are
	// sent to the proxy only, never archived, logged or served.
	Proxy string `yaml:"proxy"`
	// Secrets is the path of the secrets file (mode 600; siteauth.LoadFile)
	// granting the credentials and cookies.txt files jobs name in auth:
	// and cookies: (issue 30). Every credential must list its hosts: the
	// daemon sends it nowhere else, whatever a submitted job says. Its
	// values are never served, logged or archived.
	Secrets string `yaml:"secrets"`
	// DataDir holds each job's WARCs (DataDir/NAME/warcs) unless the job
	// sets warc.dir. Default "data".
	DataDir string `yaml:"data_dir"`
	// MaxConcurrentJobs bounds the captures running at once; more wait
	// ("queued"). Default 4.
	MaxConcurrentJobs int `yaml:"max_concurrent_jobs"`
	// DrainTimeout bounds the wait for running captures to close their
	// WARCs and commit on SIGTERM. Default 30s.
	DrainTimeout time.Duration `yaml:"drain_timeout"`
	// Node, when set, makes this daemon one node of a cluster: every
	// daemon with the same PostgreSQL store and its own node name works on
	// every running capture (hosts are leased to one node at a time; see
	// docs/api.md, "Several nodes"). Letters, digits and '_'.
	Node string `yaml:"node"`
	// LeaseTTL is how long a host lease lasts unrenewed (how long a dead
	// node's hosts wait); 0 derives it from each job's fetch timeouts and
	// politeness (crawler.ClusterOptions.LeaseTTL).
	LeaseTTL time.Duration `yaml:"lease_ttl"`
	// Poll is how often a node renews its leases and looks in the store
	// for captures to join, pause or stop. Default 1s.
	Poll time.Duration `yaml:"poll"`
	// MaxHosts bounds the hosts a node leases at once per capture; 0 is
	// twice the job's workers.
	MaxHosts int `yaml:"max_hosts"`
	// AllowAddresses are the address ranges (CIDR prefixes or single IPs)
	// the network guard denies by default that this daemon's jobs may
	// still open: a submitted job's fetch.allow_addresses must lie within
	// them. Default none, so a token holder cannot make the daemon reach
	// its own loopback, private network or cloud metadata address.
	AllowAddresses []string `yaml:"allow_addresses"`
	// WACZOnFinish writes a WACZ package of each capture that finishes
	// beside its WARC files (JOB-CAPTURE.wacz), served by GET
	// /api/v1/captures/{id}/wacz. Default true.
	WACZOnFinish *bool `yaml:"wacz_on_finish"`
	// WACZSigning signs the WACZ written when a capture finishes. The key
	// and certificate are the daemon's, named here and never in a job
	// file, so a job submitter cannot read or choose them.
	WACZSigning WACZSigning `yaml:"wacz_signing"`
	// ReplayListen is the replay origin's address: the console's replay
	// (ReplayWeb.page and a capture's WACZ, opened by a capability the
	// console mints) is served there, on an origin apart from the console
	// so replayed pages' scripts cannot read it. Default: the listen
	// host, a free port (logged at start).
	ReplayListen string `yaml:"replay_listen"`
	// Remotes are the upload targets a submitted job may name
	// (warc.upload.remote): a job never names a server or an environment
	// variable itself, so it cannot send the daemon's secrets anywhere.
	Remotes map[string]Remote `yaml:"remotes"`
	// ModelsDir is the folder a submitted job's rates_model is read from
	// (a relative name inside it). Default none: rates_model is refused.
	ModelsDir string `yaml:"models_dir"`
	// MaxWACZUpload bounds one uploaded WACZ (bytes; POST /api/v1/waczs,
	// docs/security.md "Uploaded WACZ"). Default 2 GiB.
	MaxWACZUpload int64 `yaml:"max_wacz_upload"`
	// WACZUploadQuota bounds all uploaded WACZs together (bytes), so
	// uploads cannot fill the data disk. Default 20 GiB.
	WACZUploadQuota int64 `yaml:"wacz_upload_quota"`
	// SiteScripts is the folder of site-specific behaviour scripts a job's
	// capture.browser.behaviors: [site] runs. Default none: such a job is
	// refused. A job never names a path of its own.
	SiteScripts string `yaml:"site_scripts"`

	// HTTP hardening of both listeners (daemon/harden.go, docs/operations.md).

	// ReadHeaderTimeout bounds the reading of a request's header (and a
	// TLS handshake). Default 10s.
	ReadHeaderTimeout time.Duration `yaml:"read_header_timeout"`
	// ReadTimeout bounds the reading of a whole request, header and
	// body (not the answer: it ends once the body is read). Default 30s.
	ReadTimeout time.Duration `yaml:"read_timeout"`
	// WriteTimeout bounds each write of an answer: the deadline moves on
	// with every write, so a WARC or WACZ download of any length goes on
	// while the client reads, and a client that reads nothing for this
	// long is cut off. Default 60s.
	WriteTimeout time.Duration `yaml:"write_timeout"`
	// IdleTimeout closes a kept-alive connection that sends no new
	// request for this long. Default 60s.
	IdleTimeout time.Duration `yaml:"idle_timeout"`
	// MaxConnsPerClient bounds the open connections of one client
	// address (an IPv6 client's /64), over both listeners; past it a new
	// connection is closed at once. Default 64.
	MaxConnsPerClient int `yaml:"max_conns_per_client"`
	// MaxConns bounds the open connections of all clients over both
	// listeners, so they never use up the process's file descriptors
	// (which captures need for their own connections and WARCs).
	// Default 1024.
	MaxConns int `yaml:"max_conns"`
	// PublicHosts are the host names clients reach the daemon by; a
	// request naming another host gets 421 (DNS rebinding). IP literals,
	// "localhost" and listen's own host name are always served. Default
	// none.
	PublicHosts []string `yaml:"public_hosts"`
	// TLSCert and TLSKey (PEM files, both or neither) make both listeners
	// serve HTTPS (HTTP/1.1) with Strict-Transport-Security; renewed
	// files are read at the next handshake. Default none: plain HTTP, for
	// loopback or behind a TLS-terminating proxy.
	TLSCert string `yaml:"tls_cert"`
	TLSKey  string `yaml:"tls_key"`
}

// WACZSigning says how the daemon signs a finished capture's WACZ
// (docs/interop.md, "Signed packages"). Without Key the package is
// unsigned.
type WACZSigning struct {
	// Key is a PEM PKCS#8 ECDSA P-384 private key file (sharc keygen).
	Key string `yaml:"key"`
	// Cert is the PEM certificate chain (leaf first) of Key: the package
	// is signed as that named signer (domain identity) instead of an
	// anonymous key. Domain is the name to sign as; default the
	// certificate's first DNS name.
	Cert   string `yaml:"cert"`
	Domain string `yaml:"domain"`
	// TSAURL is an RFC 3161 time-stamping authority: each signature gets
	// its timestamp (trusted time). It is reached through the network
	// guard, so a TSA at an address the guard denies by default needs
	// allow_addresses.
	TSAURL string `yaml:"tsa_url"`
}

// Remote is one S3-compatible upload target (Config.Remotes). Its
// credentials come from the daemon's environment variables it names.
type Remote struct {
	// Endpoint is host[:port], no scheme; it is dialled through the
	// network guard, so an address the guard denies by default needs
	// allow_addresses.
	Endpoint string `yaml:"endpoint"`
	Bucket   string `yaml:"bucket"`
	// Region is sent in signatures; "" asks the server.
	Region string `yaml:"region"`
	// UseTLS talks https; default true.
	UseTLS *bool `yaml:"use_tls"`
	// AccessKeyEnv and SecretKeyEnv name the daemon's environment
	// variables holding the credentials (default SHARC_S3_ACCESS_KEY and
	// SHARC_S3_SECRET_KEY).
	AccessKeyEnv string `yaml:"access_key_env"`
	SecretKeyEnv string `yaml:"secret_key_env"`
}

// useTLS is UseTLS with its default.
func (r Remote) useTLS() bool { return r.UseTLS == nil || *r.UseTLS }

// waczOnFinish is WACZOnFinish with its default.
func (c Config) waczOnFinish() bool { return c.WACZOnFinish == nil || *c.WACZOnFinish }

// AllowedRanges parses AllowAddresses.
func (c Config) AllowedRanges() ([]netip.Prefix, error) {
	ps, err := netguard.ParseList(c.AllowAddresses)
	if err != nil {
		return nil, fmt.Errorf("allow_addresses%w", err)
	}
	return ps, nil
}

// Config defaults.
const (
	DefaultListen            = "127.0.0.1:8180"
	DefaultDataDir           = "data"
	DefaultMaxConcurrentJobs = 4
	DefaultDrainTimeout      = 30 * time.Second
	DefaultPoll              = time.Second
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 30 * time.Second
	DefaultWriteTimeout      = 60 * time.Second
	DefaultIdleTimeout       = 60 * time.Second
	DefaultMaxConnsPerClient = 64
	DefaultMaxConns          = 1024
	DefaultMaxWACZUpload     = 2 << 30
	DefaultWACZUploadQuota   = 20 << 30
)

// nodeName is what crawler.ClusterOptions accepts: the name becomes part
// of WARC file names.

// LoadConfig reads a config file (unknown keys are errors, with their line)
// and applies defaults and the SHARC_TOKEN fallback via getenv.
func LoadConfig(path string, getenv func(string) string) (Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	return ParseConfig(data, path, getenv)
}

// ParseConfig is LoadConfig on bytes; name labels errors.
func ParseConfig(data []byte, name string, getenv func(string) string) (Config, error) {
	var c Config
	var doc yaml.Node
	err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc)
	if err != nil && !errors.Is(err, io.EOF) {
		return Config{}, fmt.Errorf("config %s: %w", name, err)
	}
	if err == nil {
		if err := checkConfigNode(&doc, name); err != nil {
			return Config{}, err
		}
		if err := doc.Decode(&c); err != nil {
			return Config{}, fmt.Errorf("config %s: %w", name, err)
		}
	}
	c.applyDefaults(getenv)
	if err := c.Validate(); err != nil {
		return Config{}, fmt.Errorf("config %s: %w", name, err)
	}
	return c, nil
}

func (c *Config) applyDefaults(getenv func(string) string) {
	if c.Listen == "" {
		c.Listen = DefaultListen
	}
	if c.Token == "" && getenv != nil {
		c.Token = getenv("SHARC_TOKEN")
	}
	if c.Proxy == "" && getenv != nil {
		c.Proxy = getenv("SHARC_PROXY")
	}
	if c.Store == "" && getenv != nil {
		c.Store = getenv("SHARC_STORE")
	}
	if c.DataDir == "" {
		c.DataDir = DefaultDataDir
	}
	if c.MaxConcurrentJobs <= 0 {
		c.MaxConcurrentJobs = DefaultMaxConcurrentJobs
	}
	for name, r := range c.Remotes {
		r.AccessKeyEnv = cmp.Or(r.AccessKeyEnv, job.DefaultUploadAccessKeyEnv)
		r.SecretKeyEnv = cmp.Or(r.SecretKeyEnv, job.DefaultUploadSecretKeyEnv)
		c.Remotes[name] = r
	}
	if c.DrainTimeout <= 0 {
		c.DrainTimeout = DefaultDrainTimeout
	}
	if c.Node != "" && c.Poll == 0 {
		c.Poll = DefaultPoll
	}
	c.applyHTTPDefaults()
}

// applyHTTPDefaults fills the HTTP hardening fields left zero (negative
// ones stay, for Validate to refuse).
func (c *Config) applyHTTPDefaults() {
	setDuration := func(v *time.Duration, def time.Duration) {
		if *v == 0 {
			*v = def
		}
	}
	setDuration(&c.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	setDuration(&c.ReadTimeout, DefaultReadTimeout)
	setDuration(&c.WriteTimeout, DefaultWriteTimeout)
	setDuration(&c.IdleTimeout, DefaultIdleTimeout)
	if c.MaxConnsPerClient == 0 {
		c.MaxConnsPerClient = DefaultMaxConnsPerClient
	}
	if c.MaxConns == 0 {
		c.MaxConns = DefaultMaxConns
	}
}

// Validate checks the config: a store is required, and a non-loopback
// listen address requires a token (an open crawl-control API on a network
// is an open proxy for anyone's traffic).
func (c Config) Validate() error {
	if c.Store == "" {
		return errors.New("store: required (sqlite:PATH or postgres://user@host/db, or SHARC_STORE in the environment)")
	}
	if msg := crawler.OperatorProxyProblem(c.Proxy); c.Proxy != "" && msg != "" {
		return fmt.Errorf("proxy: %s", msg) // the URL itself may hold a password
	}
	loop, err := IsLoopback(c.Listen)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	if _, err := c.AllowedRanges(); err != nil {
		return err
	}
	if c.MaxWACZUpload < 0 || c.WACZUploadQuota < 0 {
		return errors.New("max_wacz_upload, wacz_upload_quota: want a number of bytes above 0 (0: the default)")
	}
	if c.ReplayListen != "" {
		if _, err := IsLoopback(c.ReplayListen); err != nil {
			return fmt.Errorf("replay_listen: %w", err)
		}
	}
	if err := c.validateRemotes(); err != nil {
		return err
	}
	if w := c.WACZSigning; w.Key == "" && (w.Cert != "" || w.Domain != "" || w.TSAURL != "") {
		return errors.New("wacz_signing: cert, domain and tsa_url need key")
	}
	if err := c.validateHTTP(); err != nil {
		return err
	}
	if !loop && c.Token == "" {
		return fmt.Errorf("listen: %s is not a loopback address: set token: (or SHARC_TOKEN) before serving on a network", c.Listen)
	}
	if c.Node == "" {
		if c.LeaseTTL != 0 || c.Poll != 0 || c.MaxHosts != 0 {
			return errors.New("lease_ttl, poll and max_hosts only apply with node: (cluster mode)")
		}
		return nil
	}
	if !crawler.ValidNodeName(c.Node) {
		return fmt.Errorf("node: %q: want 1-64 letters, digits or '_'", c.Node)
	}
	if strings.HasPrefix(c.Store, "sqlite:") {
		return errors.New("node: cluster mode needs a PostgreSQL store shared by the nodes; store: is SQLite (one process only)")
	}
	if c.LeaseTTL < 0 || c.Poll < 0 || c.MaxHosts < 0 {
		return errors.New("lease_ttl, poll and max_hosts must not be negative")
	}
	return nil
}

// envVar is what remotes' access_key_env and secret_key_env may be.
var envVar = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// validateRemotes checks each remote's name and fields, in name order.
func (c Config) validateRemotes() error {
	for _, name := range slices.Sorted(maps.Keys(c.Remotes)) {
		r := c.Remotes[name]
		at := "remotes." + name
		switch {
		case !job.RemoteName.MatchString(name):
			return fmt.Errorf("remotes: %q is not a remote name: use 1-64 letters, digits, '_' or '-'", name)
		case r.Endpoint == "" || strings.Contains(r.Endpoint, "://") || strings.ContainsAny(r.Endpoint, "/?# "):
			return fmt.Errorf("%s.endpoint: want host[:port] without scheme or path, got %q (use_tls picks https)", at, r.Endpoint)
		case r.Bucket == "":
			return fmt.Errorf("%s.bucket: required", at)
		case r.AccessKeyEnv != "" && !envVar.MatchString(r.AccessKeyEnv):
			return fmt.Errorf("%s.access_key_env: %q is not an environment variable name", at, r.AccessKeyEnv)
		case r.SecretKeyEnv != "" && !envVar.MatchString(r.SecretKeyEnv):
			return fmt.Errorf("%s.secret_key_env: %q is not an environment variable name", at, r.SecretKeyEnv)
		}
	}
	return nil
}

// IsLoopback reports whether a host:port listen address only accepts
// local connections. An empty host (all interfaces) is not loopback.
func IsLoopback(addr string) (bool, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false, err
	}
	if host == "localhost" {
		return true, nil
	}
	ip := net.ParseIP(host)
	if ip == nil {
		// A name could resolve to anything; treat it as a network address.
		return false, nil
	}
	return ip.IsLoopback(), nil
}
