// Package console is the web console of `sharc serve`: pages for people who
// do not read JSON (issue 15's first slice). It is a client of the
// daemon's own REST API, called in-process through the API's handler, so
// every figure a page shows is one the documented API gives, and the
// console needs nothing of the daemon's internals.
//
// Pages are rendered on the server with html/template; the style sheet is
// embedded (go:embed): no script, no CDN, works offline. Operations: the
// jobs with their state, a job's live counters and per-host queues ("why
// is it slow"), its captures and runs; a capture with its quality report
// (the report's HTML, with its timeline and breakdown charts) and the tail
// of its crawl.log; the capture's crawl tree (package crawltree, drawn as
// inline SVG from the API's GraphML, at most maxTreeNodes nodes) and the
// job's capture series (a stacked area plot of the report totals of at
// most maxSeries captures). Pages that show running captures refresh themselves
// every few seconds.
//
// Authentication: when the daemon has a token, /ui/login asks for it once
// and keeps a random session ID in an HttpOnly, SameSite=Strict cookie;
// the token never appears in a URL or a page. The console is read-only:
// it changes nothing, so it needs no CSRF protection beyond that cookie.
//
// Concurrency: a Console is safe for concurrent use; its sessions are
// guarded by a mutex and expire after SessionTTL.
package console
