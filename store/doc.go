// Package store is the capture index and the persistent frontier: jobs,
// captures (one per run of a job), the URLs of each capture with their state,
// and one row per archived WARC record. Two implementations share one test
// suite: PostgreSQL (pgx) for production and embedded SQLite
// (modernc.org/sqlite) so one machine needs no server. The store knows
// nothing of scheduling or HTTP.
//
// Concurrency: both implementations are safe for concurrent use
// (PostgreSQL through a pgx pool; SQLite through one writer and a pool of
// readers on a WAL database); a Batch commits in one transaction.
// Cluster leases (leases.go) are exclusive across processes through
// PostgreSQL row locks. The PostgreSQL store runs one goroutine of its
// own, an ANALYZE of urls as a capture doubles (pganalyze.go); Close
// cancels and waits for it, so nothing outlives Close.
package store
