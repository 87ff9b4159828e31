package browserfetch_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/crawler/browserfetch"
	"github.com/sharc-archive/sharc/internal/testkit/browsertest"
)

// TestProfileCookies: a profile a real Chromium wrote (a page set a
// persistent cookie in it) gives that cookie back, value and all, and the
// profile is left as it was; a directory that is no profile is refused.
func TestProfileCookies(t *testing.T) {
	exe := browserfetch.DefaultExec
	if _, err := os.Stat(exe); err != nil {
		t.Skip("needs Debian's chromium at /usr/bin/chromium (make chromium installs it)")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, &http.Cookie{Name: "sid", Value: "logged-in-42", Path: "/", MaxAge: 3600, HttpOnly: true})
		io.WriteString(w, "<p>hello</p>")
	}))
	defer srv.Close()
	profile := browsertest.Profile(t, srv.URL+"/")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cs, err := browserfetch.ProfileCookies(ctx, exe, profile)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range cs {
		if c.Name == "sid" && c.Value == "logged-in-42" && c.Domain == "127.0.0.1" && c.HTTPOnly {
			found = true
		}
	}
	if !found {
		t.Fatalf("profile cookies %+v lack sid=logged-in-42", cs)
	}
	if _, err := browserfetch.ProfileCookies(ctx, exe, t.TempDir()); !errors.Is(err, browserfetch.ErrNoProfile) {
		t.Fatalf("empty directory: %v, want ErrNoProfile", err)
	}
}
