package testkit

import (
	"syscall"
	"testing"
	"time"
)

// CPUTime is this process's user and system CPU time so far: the cost a
// benchmark reports per page beside wall time, which hides it behind I/O
// waits.
func CPUTime(tb testing.TB) time.Duration {
	tb.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// WaitFor polls cond every 10 ms until it holds, failing the test after
// d: tests wait on conditions, not on sleeps sized for a fast machine. d
// bounds the loop only; no test asserts on how long it took.
func WaitFor(tb testing.TB, d time.Duration, what string, cond func() bool) {
	tb.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			tb.Fatalf("timed out after %s waiting for %s", d, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
