package testkit_test

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/internal/testkit"
)

// TestWaitFor: it returns once the condition holds, having asked until then.
func TestWaitFor(t *testing.T) {
	var calls atomic.Int64
	testkit.WaitFor(t, time.Minute, "the third call", func() bool { return calls.Add(1) >= 3 })
	if n := calls.Load(); n != 3 {
		t.Errorf("condition asked %d times, want 3", n)
	}
}

// TestCPUTime: CPU time grows when the process computes.
func TestCPUTime(t *testing.T) {
	before := testkit.CPUTime(t)
	x := 0
	for i := 0; testkit.CPUTime(t) == before && i < 1e9; i++ {
		x += i
	}
	if after := testkit.CPUTime(t); after <= before {
		t.Errorf("CPU time %v after %v of work (%d)", after, before, x)
	}
}
