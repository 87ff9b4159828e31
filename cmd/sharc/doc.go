// Command sharc is the SHARC archival crawler: it runs crawl jobs, simulates
// the SHARC strategies, serves a test site and exports captures.
//
// Concurrency: each subcommand runs on main's goroutine and cancels its
// work on SIGINT/SIGTERM through the context it passes down; the packages
// it calls own their goroutines.
package main
