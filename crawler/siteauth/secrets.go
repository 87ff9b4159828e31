package siteauth

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// Credential is one account on a site: what a login sends. The Password
// never leaves the crawler's memory except in the login request itself,
// which the crawler masks before archiving it.
type Credential struct {
	Username string `yaml:"username" json:"username"`
	Password string `yaml:"password" json:"password"`
	// Hosts, if set, are the only hosts (host or host:port) the
	// credential may be sent to, whatever a job asks: the daemon
	// requires them, since whoever submits a job names the host.
	Hosts []string `yaml:"hosts" json:"hosts,omitempty"`
}

// Allows reports whether the credential may be sent to host (host or
// host:port): any host when Hosts is empty.
func (c Credential) Allows(host string) bool {
	if len(c.Hosts) == 0 {
		return true
	}
	h := strings.ToLower(host)
	bare, _, _ := strings.Cut(h, ":")
	for _, x := range c.Hosts {
		if x = strings.ToLower(x); x == h || x == bare {
			return true
		}
	}
	return false
}

// String hides the password: a Credential printed by mistake (a log
// line, an error) shows the account only.
func (c Credential) String() string { return fmt.Sprintf("{%s ****}", c.Username) }

// GoString hides the password from %#v as well.
func (c Credential) GoString() string { return c.String() }

// Secrets are what an operator grants a capture: credentials and
// cookies.txt files by name. Jobs name entries; they never carry values
// or paths.
type Secrets struct {
	Credentials map[string]Credential `yaml:"credentials"`
	// CookieFiles maps a name to a Netscape cookies.txt path.
	CookieFiles map[string]string `yaml:"cookies"`
	// Profiles maps a name to a Chromium profile directory whose cookies
	// a job's cookies: may name instead of a cookies.txt.
	Profiles map[string]string `yaml:"profiles"`
}

// CookieSource says where the cookies granted as name are: a cookies.txt
// path, or a Chromium profile directory (profile true); ok false when
// name is not granted.
func (s Secrets) CookieSource(name string) (path string, profile, ok bool) {
	if p, found := s.CookieFiles[name]; found {
		return p, false, true
	}
	if p, found := s.Profiles[name]; found {
		return p, true, true
	}
	return "", false, false
}

// NamePattern is what a credential or cookie-file name may be: it also
// names the environment variables, so it stays plain.
var NamePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)

// maxSecretsFile bounds a secrets file read into memory.
const maxSecretsFile = 1 << 20

// ErrFileMode is a secrets file that others than its owner may read.
var ErrFileMode = errors.New("secrets file is readable by group or others (chmod 600 it)")

// LoadFile reads a secrets file (YAML or JSON, a subset of YAML):
//
//	credentials:
//	  shop: {username: alice, password: "s3cret"}
//	cookies:
//	  shop-session: /path/to/cookies.txt
//
// A file that its group or others may read is refused (ErrFileMode), as
// ssh refuses a private key.
func LoadFile(path string) (Secrets, error) {
	f, err := os.Open(path)
	if err != nil {
		return Secrets{}, fmt.Errorf("secrets: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return Secrets{}, fmt.Errorf("secrets: %w", err)
	}
	if st.Mode().Perm()&0o077 != 0 {
		return Secrets{}, fmt.Errorf("secrets: %s mode %v: %w", path, st.Mode().Perm(), ErrFileMode)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxSecretsFile+1))
	if err != nil {
		return Secrets{}, fmt.Errorf("secrets: %w", err)
	}
	if len(b) > maxSecretsFile {
		return Secrets{}, fmt.Errorf("secrets: %s is larger than %d bytes", path, maxSecretsFile)
	}
	s, err := Parse(b)
	if err != nil {
		return Secrets{}, err
	}
	// A cookie file or profile named relative to the secrets file is
	// beside it.
	for _, m := range []map[string]string{s.CookieFiles, s.Profiles} {
		for name, p := range m {
			if !filepath.IsAbs(p) {
				m[name] = filepath.Join(filepath.Dir(path), p)
			}
		}
	}
	return s, nil
}

// Parse reads a secrets document (LoadFile's format). Errors name the
// entry, never a value.
func Parse(b []byte) (Secrets, error) {
	var s Secrets
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil && !errors.Is(err, io.EOF) {
		return Secrets{}, fmt.Errorf("secrets: %w", scrub(err))
	}
	return s, s.Check()
}

// scrub keeps a YAML error's line but not the text it quotes, which may
// be a password.
func scrub(err error) error {
	msg := err.Error()
	if i := strings.Index(msg, "`"); i >= 0 {
		msg = msg[:i] + "(value hidden)"
	}
	return errors.New(msg)
}

// Check refuses bad names and credentials without a username.
func (s Secrets) Check() error {
	for _, name := range sortedKeys(s.Credentials) {
		if !NamePattern.MatchString(name) {
			return fmt.Errorf("secrets: credential name %q: use 1-64 lower-case letters, digits, '_' or '-'", name)
		}
		if s.Credentials[name].Username == "" {
			return fmt.Errorf("secrets: credential %q has no username", name)
		}
	}
	for kind, m := range map[string]map[string]string{"cookies": s.CookieFiles, "profiles": s.Profiles} {
		for _, name := range sortedKeys(m) {
			if !NamePattern.MatchString(name) {
				return fmt.Errorf("secrets: %s name %q: use 1-64 lower-case letters, digits, '_' or '-'", kind, name)
			}
			if m[name] == "" {
				return fmt.Errorf("secrets: %s %q names no path", kind, name)
			}
			if _, dup := s.CookieFiles[name]; dup && kind == "profiles" {
				return fmt.Errorf("secrets: %q is both a cookies file and a profile", name)
			}
		}
	}
	return nil
}

// CheckHostsBound refuses credentials without hosts: what a daemon,
// whose jobs anyone with the API may submit, requires.
func (s Secrets) CheckHostsBound() error {
	for _, name := range sortedKeys(s.Credentials) {
		if len(s.Credentials[name].Hosts) == 0 {
			return fmt.Errorf("secrets: credential %q names no hosts: a daemon sends a credential only to the hosts its secrets file lists (hosts: [shop.example.org])", name)
		}
	}
	return nil
}

// EnvPrefix starts the environment variables credentials are read from:
// SHARC_CREDENTIALS_<NAME>_USERNAME and _PASSWORD, NAME upper-cased with
// '-' written '_'.
const EnvPrefix = "SHARC_CREDENTIALS_"

// EnvName is the variable that carries field ("USERNAME" or "PASSWORD")
// of credential name.
func EnvName(name, field string) string {
	return EnvPrefix + strings.ToUpper(strings.ReplaceAll(name, "-", "_")) + "_" + field
}

// FromEnv adds to s the credentials named in wanted that environ (as
// os.Environ) carries, without replacing what s has. Only wanted names
// are read: the environment is not scanned for secrets nobody asked for.
func (s Secrets) FromEnv(environ []string, wanted []string) Secrets {
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, EnvPrefix) {
			env[k] = v
		}
	}
	out := s.clone()
	for _, name := range wanted {
		if _, ok := out.Credentials[name]; ok {
			continue
		}
		u, ok := env[EnvName(name, "USERNAME")]
		if !ok || u == "" {
			continue
		}
		if out.Credentials == nil {
			out.Credentials = map[string]Credential{}
		}
		out.Credentials[name] = Credential{Username: u, Password: env[EnvName(name, "PASSWORD")]}
	}
	return out
}

func (s Secrets) clone() Secrets {
	out := Secrets{Credentials: map[string]Credential{}, CookieFiles: map[string]string{}, Profiles: map[string]string{}}
	for k, v := range s.Credentials {
		out.Credentials[k] = v
	}
	for k, v := range s.CookieFiles {
		out.CookieFiles[k] = v
	}
	for k, v := range s.Profiles {
		out.Profiles[k] = v
	}
	return out
}

// Merge returns s with o's entries added where s has none.
func (s Secrets) Merge(o Secrets) Secrets {
	out := s.clone()
	for k, v := range o.Credentials {
		if _, ok := out.Credentials[k]; !ok {
			out.Credentials[k] = v
		}
	}
	for k, v := range o.CookieFiles {
		if _, ok := out.CookieFiles[k]; !ok {
			out.CookieFiles[k] = v
		}
	}
	for k, v := range o.Profiles {
		if _, ok := out.Profiles[k]; !ok {
			out.Profiles[k] = v
		}
	}
	return out
}

// Passwords lists every password s holds (non-empty): what a test or a
// log filter checks never appears in output.
func (s Secrets) Passwords() []string {
	var out []string
	for _, name := range sortedKeys(s.Credentials) {
		if p := s.Credentials[name].Password; p != "" {
			out = append(out, p)
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
