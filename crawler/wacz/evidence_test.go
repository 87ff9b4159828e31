package wacz

import (
	"strings"
	"testing"
)

// TestMaskSecrets: credential-like values and URL passwords are masked in
// the packaged job file; the rest, and names of variables holding
// secrets, stay.
func TestMaskSecrets(t *testing.T) {
	tests := []struct {
		name, in    string
		want, leaks []string
	}{
		{"store DSN password", "store: postgres://sharc:hunter2@db.example/sharc?sslmode=disable\n",
			[]string{"store: postgres://db.example/sharc\n"}, []string{"hunter2", "sharc:"}},
		// pgx reads DSNs net/url refuses, and passwords as parameters.
		{"store DSN unparseable", "store: postgres://sharc:pa#hunter2@db/sharc\n", []string{"store: postgres://(unparseable DSN)"}, []string{"hunter2"}},
		{"store DSN brace", "store: postgres://sharc:pa{hunter2@db/sharc\n", []string{"store: postgres://(unparseable DSN)"}, []string{"hunter2"}},
		{"store DSN parameter", "store: postgres://sharc@db/sharc?password=hunter2\n", []string{"store: postgres://db/sharc\n"}, []string{"hunter2"}},
		{"proxy password", "fetch:\n  proxy: http://ann:hunter2@127.0.0.1:3128/\n", []string{"http://ann:*****@127.0.0.1:3128/"}, []string{"hunter2"}},
		{"URL password parameter", "seeds: ['https://example.org/?sslpassword=hunter2&a=b']\n", []string{"sslpassword=*****", "a=b"}, []string{"hunter2"}},
		{"unparseable URL with user info", "fetch:\n  proxy: 'http://ann:hu%zznter2@proxy/'\n", []string{"proxy: '*****'"}, []string{"hunter2", "hu%zz"}},
		{"header token", "fetch:\n  headers:\n    Authorization: Bearer abc.def\n    Accept: text/html\n",
			[]string{"Authorization: '*****'", "Accept: text/html"}, []string{"abc.def"}},
		{"nested password list", "login:\n  password: [one, two]\n  user: ann\n", []string{"user: ann"}, []string{"one", "two"}},
		{"env names kept", "upload:\n  secret_key_env: SHARC_S3_SECRET_KEY\n", []string{"secret_key_env: SHARC_S3_SECRET_KEY"}, nil},
		{"no secrets", "name: demo\nseeds: [https://example.org/]\n", []string{"name: demo", "https://example.org/"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := MaskSecrets([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(got), w) {
					t.Errorf("masked file lacks %q:\n%s", w, got)
				}
			}
			for _, l := range tc.leaks {
				if strings.Contains(string(got), l) {
					t.Errorf("masked file still holds %q:\n%s", l, got)
				}
			}
		})
	}
}
