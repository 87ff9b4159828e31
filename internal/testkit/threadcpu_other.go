//go:build !linux

package testkit

import "time"

// ThreadCPUTime is the calling thread's CPU time where the platform has a
// clock for it; here it has none, and ok is false.
func ThreadCPUTime() (time.Duration, bool) { return 0, false }
