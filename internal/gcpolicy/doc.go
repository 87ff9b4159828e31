// Package gcpolicy sets the garbage collector's pace for a long-running
// sharc process: collect rarely while the heap is small, and never let the
// heap grow past twice what is live once it is large.
//
// Go's default (GOGC=100) collects whenever the heap doubles. A crawl's
// live heap is small (tens of MB) but it allocates a page's worth of
// buffers per fetch, so on the Python docs a quarter of its CPU went to
// the collector; GOGC=400 cut CPU per page by 18 %. Unbounded, GOGC=400
// would also let a 10^6-URL frontier (≈250 MB live) reach 1.25 GB. The
// policy is GOGC=400 under a soft memory limit of max(Floor, 2 × live
// heap), re-read every second: below Floor/5 live it behaves as GOGC=400,
// from Floor/2 on as GOGC=100.
//
// An operator's GOGC or GOMEMLIMIT in the environment wins: Start then
// changes nothing. Start and its stop function must be called from one
// goroutine (the process's main); the policy's own goroutine is the only
// other writer of the runtime's GC settings while it runs.
package gcpolicy
