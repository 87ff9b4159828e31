// Package crawltest runs a real capture for tests of the packages that
// read captures (wacz, report, replaytest): it parses a job, opens a fresh
// SQLite store and runs the crawler to the end, failing the test unless
// the capture finishes. Jobs given to it crawl loopback servers only.
//
// Concurrency: each call owns its store; nothing is shared.
package crawltest
