// Package sim simulates site captures on the thesis' synthetic sites
// (Denev 2012, §4.5.3 and §5.6.2) so strategies can be compared with the
// exact change history as reference.
//
// Concurrency: a simulation runs on the caller's goroutine; separate runs
// share nothing (a Site is read-only once generated) and may run in
// parallel.
package sim
