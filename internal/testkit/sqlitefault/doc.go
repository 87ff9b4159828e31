// Package sqlitefault makes a real SQLite index refuse writes, for tests
// of what the crawler and the daemon do when their store says no: a
// trigger, created through a connection of the test's own, aborts the
// inserts it matches, as a full disk or a broken constraint would, with
// no wrapper around the store under test.
//
// Concurrency: Refuse and the function it returns may be called from any
// goroutine; SQLite serialises the schema changes.
package sqlitefault
