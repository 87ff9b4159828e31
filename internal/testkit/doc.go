// Package testkit holds the small helpers that tests of several packages
// share: waiting on a condition, CPU clocks for benchmarks, and the exact
// shingle resemblance that content sketches are checked against. CPUTime
// is the process's, ThreadCPUTime the calling thread's. It imports
// nothing of the product, so any package's tests may use it.
//
// Concurrency: every function is safe to call from any goroutine that may
// call the testing.TB it is given.
package testkit
