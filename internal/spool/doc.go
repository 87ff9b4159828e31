// Package spool holds byte streams of unknown, possibly large size, such as
// a fetched response or a compressed WARC record: the first Threshold
// bytes stay in memory and the rest go to a temporary file, so a 100 MB
// body costs a bounded amount of memory.
//
// The temporary file is unlinked as soon as it is created (on systems that
// allow it), so it vanishes when the Spool is closed or the process dies,
// whatever path the program takes: errors, cancellation, SIGKILL. It lives
// in the directory the caller names (the crawler uses its WARC directory,
// not os.TempDir, which is often a RAM-backed tmpfs).
//
// A Pool hands out Spools that reuse the memory of closed ones, from a
// bounded free list: a stream of short-lived spools (one per page) then
// does not allocate a buffer each.
//
// Concurrency: one goroutine writes; once writing is done, ReadAt,
// Reader and Size may be called from any number of goroutines. Close must
// not race with anything else.
package spool
