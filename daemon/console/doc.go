// Package console is the web console of `sharc serve` (issue 15): pages
// for people who do not read JSON. It asks the daemon through the small
// interface it declares, Daemon (daemon.go), which package daemon
// implements with the cores of its own REST routes (same roles, same audit
// entries), answering the types of package apitypes, so every figure a
// page shows is one the documented API gives, and the console needs
// nothing of the daemon's internals (it reads package report's types and
// its timeline drawing, and crawltree's GraphML types).
//
// Pages are rendered on the server with html/template; the style sheet
// and one small script (assets/console.js: live counters, the live
// crawl.log tail, the scatterplot's zoom) are embedded with go:embed: no
// framework, no CDN, works offline. Charts are SVG written on the server
// (series.go, scatter.go, tree.go; the timeline is package report's).
// Operations: submit or edit a job with the API's problems under their
// lines (actions.go), pause, resume and cancel, the job's live status
// and per-host "why is it slow", schedules and the cluster's nodes
// (ops.go). Quality: blur or coherence, the visit–revisit timeline and
// the filtered pages (quality.go, reading the report as a stream,
// Daemon.Report); the capture series (§8.3) and change patterns (§8.4) from
// the store's comparison of captures; what changed in one page, its
// visible text diffed between visit and revisit or two captures (diff.go,
// issue 29, from the API's diff of package pagediff); the crawl tree
// (§8.5); replay by ReplayWeb.page's embedded build (committed in
// replay/) over a capture's WACZ, a job's captures as one multi-WACZ
// collection, or an uploaded WACZ (uploads.go: the form's file streamed
// to the API, never held in memory), served on the daemon's second
// listener, the replay origin, under HMAC capabilities scoped to one such
// subject, so archived pages' scripts and uploaded bytes never reach the
// console's origin (replay.go, replayorigin.go).
//
// Authentication: when the daemon has a token, /ui/login asks for it once
// and keeps a random session ID in an HttpOnly, SameSite=Strict cookie;
// the token never appears in a URL or a page. Every POST form carries the
// session's random form token (CSRF), checked in constant time.
//
// Concurrency: a Console is safe for concurrent use; its sessions are
// guarded by a mutex and expire after SessionTTL. Every call of Daemon
// returns before the page that made it is written; none starts a
// goroutine.
package console
