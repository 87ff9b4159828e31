// Package browserfetch loads pages in headless Chromium for the crawler
// without letting the browser touch the network: every request a page
// makes (its document, scripts, XHR/fetch, images, fonts) is paused with
// the DevTools Fetch domain and answered by the caller's FetchFunc, which
// fetches it through the crawler's own HTTP path (network guard,
// politeness, digests, WARC). Whatever the caller refuses fails in the
// browser. Chromium also runs with a proxy that cannot be reached, so a
// request that escaped interception (a worker's, say) fails rather than
// leaving the machine. After the page settles (network idle or a fixed
// wait) the behaviours run (behaviors.go: autoscroll, load more,
// autofetch, autoplay, site scripts matched by URL), each under its own
// timeout and settled after; then Capture returns the rendered DOM
// (bounded, MaxPageBytes), its visible text (bounded, MaxTextBytes), a
// full-page PNG screenshot, a 640x360 JPEG thumbnail of the page's top
// and what each behaviour did. The bodies a page holds, handed to it or
// being read for it, stay within MaxPageBytes (budget.go).
//
// Concurrency: a Pool is safe for concurrent use. It owns one Chromium
// process and at most Options.Tabs tabs at a time; Capture blocks for a
// free tab. A browser that died (crash, kill, OOM) is started again by
// the next Capture; the Capture it broke returns ErrBrowserDied. The
// FetchFunc is called from several goroutines at once (one per paused
// request) and never after its Capture returned.
package browserfetch
