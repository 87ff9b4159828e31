// Package frontier holds the URLs of a capture in one queue per host. The
// frontier decides which host is ready (politeness: a minimum gap between
// requests to a host, a cap on requests in flight per host); a
// scheduler.Strategy per host decides the order inside the host. Workers
// never sleep for politeness: Next blocks until some host is ready.
//
// Concurrency: a Frontier is safe for concurrent use; workers call Next
// and Done from many goroutines. One mutex guards the hosts, the ready
// heap and the counts; each host has a mutex of its own for its URLs'
// states and its strategy, which is only ever called under it. Done marks
// a page under the host's mutex alone, then takes the frontier's; every
// other path takes the host's inside the frontier's, never the other way
// round. The seen set has a read-write mutex of its own, so Seen takes
// neither. Waiters of Next are woken after the frontier's mutex is
// released.
package frontier
