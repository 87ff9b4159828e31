package store_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/sharc-archive/sharc/store"
)

// FuzzDSNHidesSecrets: whatever the DSN, Redact (logs, errors) and
// Describe (a capture's job record, its WACZ) never show a password that
// net/url reads in it, in its user information or in a parameter named
// like a password; Describe never shows the user either. A DSN net/url
// cannot read (pgx may still) keeps nothing but its scheme.
func FuzzDSNHidesSecrets(f *testing.F) {
	for _, s := range []string{
		"postgres://sharc:hunter2hunter2@db.example/sharc?sslmode=disable",
		"postgres://sharc:pa#ss-hunter2@db/sharc",
		"postgres://sharc:pa{ss-hunter2@db/sharc",
		"postgres://sharc@db/sharc?password=hunter2hunter2",
		"postgresql://db/sharc?sslpassword=hunter2hunter2&x=y",
		"sqlite:/var/lib/sharc.db",
		"postgres://u:p%zz@h/db",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, dsn string) {
		redacted, described := store.Redact(dsn), store.Describe(dsn)
		u, err := url.Parse(dsn)
		if err != nil {
			if strings.HasPrefix(dsn, "sqlite:") {
				return // a path: no credentials to hide
			}
			if !strings.HasSuffix(described, "://(unparseable DSN)") {
				t.Fatalf("Describe(%q) = %q: an unreadable DSN must keep only its scheme", dsn, described)
			}
			return
		}
		var secrets []string
		if u.User != nil {
			if p, ok := u.User.Password(); ok {
				secrets = append(secrets, p)
			}
		}
		for k, vs := range u.Query() {
			if strings.Contains(strings.ToLower(k), "password") {
				secrets = append(secrets, vs...)
			}
		}
		rest := u.Host + u.Path // what may show anyway
		for _, p := range secrets {
			if len(p) < 8 || strings.Contains(rest, p) || strings.Contains(u.Scheme, p) {
				continue // too short to tell apart from the rest
			}
			if strings.Contains(redacted, p) || strings.Contains(described, p) {
				t.Fatalf("DSN %q: password %q shows in Redact %q or Describe %q", dsn, p, redacted, described)
			}
		}
		if u.User != nil && !strings.HasPrefix(dsn, "sqlite:") {
			if name := u.User.Username(); len(name) >= 8 && !strings.Contains(rest, name) && strings.Contains(described, name) {
				t.Fatalf("Describe(%q) = %q shows the user", dsn, described)
			}
		}
	})
}
