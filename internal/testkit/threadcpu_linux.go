package testkit

import (
	"time"

	"golang.org/x/sys/unix"
)

// ThreadCPUTime is the CPU time the calling OS thread has used, and
// whether the clock could be read: with the goroutine locked to its
// thread (runtime.LockOSThread), the CPU of that goroutine's work alone,
// as the crawler's committer measures its own serial path, without the
// runtime's and other goroutines' work that CPUTime also counts.
func ThreadCPUTime() (time.Duration, bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
