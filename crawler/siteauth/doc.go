// Package siteauth holds what a capture needs to crawl a site logged in:
// the named credentials an operator grants (a secrets file or the
// environment for the CLI, the daemon's config for the daemon; never a
// job file), the HTTP Basic and Digest (RFC 7617, RFC 7616) challenge
// parser and answers, the login form finder, Netscape cookies.txt import
// and a bounded cookie jar whose contents can be exported, so a resumed
// capture keeps its session.
//
// It knows nothing of crawling: the crawler decides when to log in and
// what is archived. It imports no package of this module.
//
// Concurrency: Secrets and parsed values are immutable once built. A Jar
// is safe for concurrent use (one mutex around the standard library's
// jar and its ledger). The package holds no mutable state.
package siteauth
