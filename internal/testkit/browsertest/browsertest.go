package browsertest

import (
	"context"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/sharc-archive/sharc/crawler/browserfetch"
)

// Chromium is the path of the chromium binary, or skips t.
func Chromium(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not on PATH: this test needs Debian's chromium (make chromium installs it)")
	}
	return p
}

// New starts headless chromium with a fresh profile (a service worker or
// cookie left by an earlier run would change what a page shows) and the
// flags a closed network needs, and stops it when the test ends.
func New(t testing.TB) context.Context {
	t.Helper()
	opts := append(browserfetch.HeadlessFlags(),
		chromedp.ExecPath(Chromium(t)),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil { // starts the browser
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}

// Profile makes a Chromium profile as a person's browser would leave it:
// a headless Chromium on a fresh user data directory (cookies stored with
// --password-store=basic) loads pageURL, which sets cookies, and is
// closed so its cookie store is written out. It returns the directory.
func Profile(t testing.TB, pageURL string) string {
	t.Helper()
	dir := t.TempDir()
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(browserfetch.HeadlessFlags(),
		chromedp.ExecPath(Chromium(t)), chromedp.Flag("password-store", "basic"), chromedp.UserDataDir(dir))...)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(pageURL)); err != nil {
		t.Fatalf("profile: load %s: %v", pageURL, err)
	}
	// Browser.close: Chromium writes its cookie store out as it exits.
	if err := chromedp.Cancel(ctx); err != nil {
		t.Fatalf("profile: closing chromium: %v", err)
	}
	return dir
}
