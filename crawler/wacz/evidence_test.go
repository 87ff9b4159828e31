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
			[]string{"postgres://sharc:*****@db.example/sharc?sslmode=disable"}, []string{"hunter2"}},
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
