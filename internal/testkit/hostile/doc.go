// Package hostile is a web site, for tests only, made of everything the
// real web throws at a crawler: traps that generate URLs without end
// (nested sitemap indexes, looping relative links, calendars, multiplying
// query strings), bombs (huge bodies, a page with a million links, a gzip
// bomb, a 3 MiB header, a 50 MB robots.txt), broken servers (garbage,
// silence, resets, bodies shorter than announced, 503 with Retry-After)
// and odd but valid links (malformed escapes, over-long URLs, redirect
// chains and cycles) — beside normal pages that must be archived once
// each.
//
// Serve it on loopback only (httptest.NewServer). Every behaviour is
// bounded: endless things end after a fixed amount, silence after
// MaxSilence, so a broken crawler fails a test instead of hanging it.
//
// Concurrency: a Site is an http.Handler, safe for concurrent requests.
package hostile
