package job

import (
	"fmt"
	"net/url"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sharc-archive/sharc/crawler/siteauth"
)

// AuthKind is how a host's login is made (auth[].kind).
type AuthKind string

// The login kinds.
const (
	// AuthForm posts the login page's form with the credential (or, with
	// no credential, with fields alone: a consent wall).
	AuthForm AuthKind = "form"
	// AuthBasic answers a 401's Basic challenge (RFC 7617).
	AuthBasic AuthKind = "basic"
	// AuthDigest answers a 401's Digest challenge (RFC 7616).
	AuthDigest AuthKind = "digest"
)

// Login is one auth: entry: how the crawler logs in to one host. The
// job names the credential; its values come from what the operator grants
// (the CLI's --credentials file or environment, the daemon's config),
// never from the job.
type Login struct {
	// Host is host or host:port, as the crawler's URLs name it.
	Host string
	Kind AuthKind
	// Credential names the account; "" for a form without one (a
	// consent wall).
	Credential string
	// LoginURL is the page holding the form (form only), on Host.
	LoginURL string
	// UsernameField and PasswordField name the form's inputs that get the
	// credential's username and password (form with a credential).
	UsernameField, PasswordField string
	// Fields are further inputs posted as given (a consent box, "remember
	// me"), over the form's own values.
	Fields map[string]string
	// Success says how the crawler knows a form login worked; all zero:
	// the last response of the login has a status below 400.
	Success LoginCheck
}

// LoginCheck is a login's success test: every set part must hold.
type LoginCheck struct {
	// Cookie is a cookie name the jar must then send to the login URL.
	Cookie string
	// URLPrefix is a prefix of the URL the login's redirects end at.
	URLPrefix string
	// Text is a string the last response's body must contain ("Log out").
	Text string
}

// maxLogins bounds auth: entries.
const maxLogins = 100

var loginKeys = []string{"host", "kind", "credential", "login_url", "username_field", "password_field", "fields", "success"}

// auth reads auth: a list of Login mappings.
func (p *parser) auth(n *yaml.Node, j *Job) {
	items := p.list(n, "auth")
	if len(items) > maxLogins {
		p.errf(n, "auth", "%d entries, at most %d", len(items), maxLogins)
		return
	}
	for i, item := range items {
		path := fmt.Sprintf("auth[%d]", i)
		if l, ok := p.login(item, path); ok {
			j.Auth = append(j.Auth, l)
		}
	}
}

func (p *parser) login(n *yaml.Node, path string) (Login, bool) {
	f := p.mapping(n, path, loginKeys...)
	var l Login
	ok := true
	bad := func(at *yaml.Node, field, format string, args ...any) {
		if at == nil {
			at = n
		}
		p.errf(at, join(path, field), format, args...)
		ok = false
	}
	str := func(key string) string {
		if v, has := f[key]; has {
			if s, good := p.str(v, join(path, key)); good {
				return s
			}
			ok = false
		}
		return ""
	}
	l.Host = strings.ToLower(str("host"))
	if l.Host == "" {
		bad(nil, "host", "required: the host to log in to, e.g. host: shop.example.org")
	} else if err := checkHostKey(l.Host); err != nil {
		bad(f["host"], "host", "%v", err)
	}
	if v, has := f["kind"]; has {
		if s, good := p.oneOf(v, join(path, "kind"), string(AuthForm), string(AuthBasic), string(AuthDigest)); good {
			l.Kind = AuthKind(s)
		} else {
			ok = false
		}
	} else {
		bad(nil, "kind", "required: form, basic or digest")
	}
	l.Credential = str("credential")
	if l.Credential != "" && !siteauth.NamePattern.MatchString(l.Credential) {
		bad(f["credential"], "credential", "%q is not a credential name: 1-64 lower-case letters, digits, '_' or '-' (the job names a credential; its values come from --credentials, SHARC_CREDENTIALS_* or the daemon's config)", l.Credential)
	}
	l.LoginURL = str("login_url")
	l.UsernameField, l.PasswordField = str("username_field"), str("password_field")
	if v, has := f["fields"]; has {
		l.Fields = p.stringMap(v, join(path, "fields"))
	}
	if v, has := f["success"]; has {
		s := p.mapping(v, join(path, "success"), "cookie", "url_prefix", "text")
		for key, dst := range map[string]*string{"cookie": &l.Success.Cookie, "url_prefix": &l.Success.URLPrefix, "text": &l.Success.Text} {
			if x, has := s[key]; has {
				*dst, _ = p.str(x, join(path, "success."+key))
			}
		}
	}
	switch l.Kind {
	case AuthBasic, AuthDigest:
		if l.Credential == "" {
			bad(nil, "credential", "required for kind %s", l.Kind)
		}
		for _, k := range []string{"login_url", "username_field", "password_field", "fields", "success"} {
			if _, has := f[k]; has {
				bad(f[k], k, "only for kind form")
			}
		}
	case AuthForm:
		ok = p.formLogin(f, path, &l, bad) && ok
	}
	return l, ok
}

// formLogin checks a form entry's fields.
func (p *parser) formLogin(f map[string]*yaml.Node, path string, l *Login, bad func(*yaml.Node, string, string, ...any)) bool {
	ok := true
	fail := func(at *yaml.Node, field, format string, args ...any) { bad(at, field, format, args...); ok = false }
	u, err := url.Parse(l.LoginURL)
	switch {
	case l.LoginURL == "":
		fail(nil, "login_url", "required for kind form: the page with the login form")
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		fail(f["login_url"], "login_url", "%q is not an http(s) URL", l.LoginURL)
	case !strings.EqualFold(u.Host, l.Host) && !strings.EqualFold(u.Hostname(), l.Host):
		// A credential goes only to the host it was granted for.
		fail(f["login_url"], "login_url", "%q is not on host %s", l.LoginURL, l.Host)
	}
	if l.Credential != "" {
		if l.UsernameField == "" || l.PasswordField == "" {
			fail(nil, "username_field", "a form login with a credential needs username_field and password_field (the form's input names)")
		}
	} else {
		if l.UsernameField != "" || l.PasswordField != "" {
			fail(nil, "credential", "username_field and password_field need a credential")
		}
		if len(l.Fields) == 0 {
			fail(nil, "fields", "a form without a credential (a consent wall) needs fields to post, e.g. fields: {consent: \"yes\"}")
		}
	}
	return ok
}

// stringMap reads a mapping of strings to strings (at most 100 entries).
func (p *parser) stringMap(n *yaml.Node, path string) map[string]string {
	m := deref(n)
	if m.Kind != yaml.MappingNode {
		p.errf(n, path, "expected a mapping of names to values, got %s", kindName(m))
		return nil
	}
	if len(m.Content) > 200 {
		p.errf(n, path, "more than 100 entries")
		return nil
	}
	out := map[string]string{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		if k.Kind != yaml.ScalarNode || k.Value == "" {
			p.errf(k, path, "names must be plain strings")
			continue
		}
		if s, ok := p.str(v, join(path, k.Value)); ok {
			out[k.Value] = s
		}
	}
	return out
}

// loginYAML is a Login as Marshal writes it, fields in the docs' order.
type loginYAML struct {
	Host          string            `yaml:"host"`
	Kind          string            `yaml:"kind"`
	Credential    string            `yaml:"credential,omitempty"`
	LoginURL      string            `yaml:"login_url,omitempty"`
	UsernameField string            `yaml:"username_field,omitempty"`
	PasswordField string            `yaml:"password_field,omitempty"`
	Fields        map[string]string `yaml:"fields,omitempty,flow"`
	Success       *checkYAML        `yaml:"success,omitempty,flow"`
}

type checkYAML struct {
	Cookie    string `yaml:"cookie,omitempty"`
	URLPrefix string `yaml:"url_prefix,omitempty"`
	Text      string `yaml:"text,omitempty"`
}

// authNode is what Marshal writes for auth:, nil without entries.
func authNode(ls []Login) any {
	if len(ls) == 0 {
		return nil
	}
	out := make([]loginYAML, 0, len(ls))
	for _, l := range ls {
		y := loginYAML{Host: l.Host, Kind: string(l.Kind), Credential: l.Credential, LoginURL: l.LoginURL,
			UsernameField: l.UsernameField, PasswordField: l.PasswordField, Fields: l.Fields}
		if l.Success != (LoginCheck{}) {
			y.Success = &checkYAML{Cookie: l.Success.Cookie, URLPrefix: l.Success.URLPrefix, Text: l.Success.Text}
		}
		out = append(out, y)
	}
	return out
}

// Credentials lists the credential names the job's logins use, sorted,
// each once: what the CLI or daemon must grant before the job runs.
func (j *Job) Credentials() []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range j.Auth {
		if l.Credential != "" && !seen[l.Credential] {
			seen[l.Credential] = true
			out = append(out, l.Credential)
		}
	}
	sort.Strings(out)
	return out
}
