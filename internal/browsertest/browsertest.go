package browsertest

import (
	"context"
	"os/exec"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/sharc-archive/sharc/browserfetch"
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
