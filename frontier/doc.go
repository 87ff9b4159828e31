// Package frontier holds the URLs of a capture in one queue per host. The
// frontier decides which host is ready (politeness: a minimum gap between
// requests to a host, a cap on requests in flight per host); a
// scheduler.Strategy per host decides the order inside the host. Workers
// never sleep for politeness: Next blocks until some host is ready.
//
// Concurrency: a Frontier is safe for concurrent use (one mutex); workers
// call Next from many goroutines. The per-host strategies it holds are
// only ever called under that mutex.
package frontier
