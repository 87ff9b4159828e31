// Package daemon is `sharc serve`: a long-running service that keeps crawl
// jobs in the store, runs their captures (at most one per job at a time,
// at most MaxConcurrentJobs at once), starts recurring captures on
// schedule, resumes interrupted captures on start, and exposes a REST API,
// Prometheus metrics and health checks. With Config.Node set, several
// daemons sharing one PostgreSQL store work on every capture together
// (cluster.go).
//
// Concurrency: a Daemon is built by New and run once by Run; its API
// methods (Submit, Pause, Resume, Cancel, …) and HTTP handlers are safe
// for concurrent use: job state is guarded by one mutex and each capture
// runs in its own goroutine, which records its run history outside that
// mutex. A capture's snapshot WACZ is built under a per-capture lock, so
// concurrent downloads build it once (waczfile.go), and a running
// capture's at most once per snapshotEvery of the injected clock, while
// the crawl goes on appending: it reads only the committed prefix of each
// open WARC file, which the crawler no longer writes; uploaded WACZs are
// taken one at a time (waczupload.go).
package daemon
