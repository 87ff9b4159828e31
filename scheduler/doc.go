// Package scheduler orders the downloads of one site (host).
//
// A Strategy is told the estimated size of the site, receives the pages of
// the site as they are discovered (each with its predicted change rate), and
// answers which page to download next and whether that download is a visit or
// a revisit. The same Strategy values drive the simulator (package sim) and
// the live crawler (package crawler): the scheduler knows nothing of HTTP,
// URLs or time; it sees dense integer page IDs and change rates per time unit
// (the politeness delay Δ of the thesis, Denev 2012, §3.1).
//
// Concurrency: a Strategy is not safe for concurrent use; its owner (the
// frontier, under its mutex, or the simulator) calls it from one goroutine
// at a time. A Registry is filled before use and read-only afterwards.
package scheduler
