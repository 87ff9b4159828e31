package crawler

// StopReason says why a run of the crawler stopped. The values are the
// strings the daemon's API (stop_reason), its run history, its metrics
// (sharc_captures_total outcome) and the logs have always carried, so a
// reader of those sees no change; code compares against the constants.
type StopReason string

// Why a run stopped.
const (
	// StopFinished: the frontier ran dry; the capture is finished.
	StopFinished StopReason = "finished"
	// StopInterrupted: the run's context was cancelled (a signal, the
	// daemon stopping, pause or cancel); the capture stays open.
	StopInterrupted StopReason = "interrupted"
	// StopFailed: the run stopped by error; the capture is abandoned by
	// the coordinator.
	StopFailed StopReason = "failed"
	// StopMaxPages, StopMaxBytes, StopMaxDuration: a scope limit
	// (scope.max_pages, scope.max_bytes, scope.max_duration) ended the
	// capture, which is finished.
	StopMaxPages    StopReason = "max_pages"
	StopMaxBytes    StopReason = "max_bytes"
	StopMaxDuration StopReason = "max_duration"
)

// StopReasons lists every StopReason, for tables and tests.
func StopReasons() []StopReason {
	return []StopReason{StopFinished, StopInterrupted, StopFailed, StopMaxPages, StopMaxBytes, StopMaxDuration}
}

// Open reports whether a run that stopped for r leaves its capture open
// (to be resumed), as against settled by the crawler.
func (r StopReason) Open() bool { return r == StopInterrupted || r == StopFailed }
