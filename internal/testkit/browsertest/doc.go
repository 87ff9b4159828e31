// Package browsertest starts Debian's headless chromium for tests, driven
// over the DevTools protocol with chromedp: the replay test (ReplayWeb.page)
// and the console test use it. Tests skip, saying why, when chromium is
// not installed (`make chromium` installs it).
//
// Concurrency: each call starts its own browser with a fresh profile; the
// returned context belongs to one test.
package browsertest
