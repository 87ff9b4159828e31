package gcpolicy

import (
	"context"
	"math"
	"runtime/debug"
	"testing"
	"time"
)

func TestLimitFor(t *testing.T) {
	const mib = 1 << 20
	tests := []struct{ live, floor, want uint64 }{
		{0, 512 * mib, 512 * mib},
		{30 * mib, 512 * mib, 512 * mib},        // small heap: GOGC=400 decides
		{250 * mib, 512 * mib, 512 * mib},       // 10^6 URLs: collect at 512 MiB, not 1.25 GB
		{400 * mib, 512 * mib, 800 * mib},       // large heap: GOGC=100's bound
		{1 << 62, 512 * mib, math.MaxInt64 / 2}, // no overflow
	}
	for _, tt := range tests {
		if got := limitFor(tt.live, tt.floor); got != tt.want {
			t.Errorf("limitFor(%d, %d) = %d, want %d", tt.live, tt.floor, got, tt.want)
		}
	}
}

func TestStartAndStop(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetGCPercent(100)
	debug.SetGCPercent(before)
	stop, applied := Start(context.Background(), Config{Floor: 64 << 20, Every: time.Millisecond})
	if !applied {
		t.Fatal("policy not applied with GOGC and GOMEMLIMIT unset")
	}
	if p := debug.SetGCPercent(-1); p != 400 {
		t.Errorf("GOGC under the policy = %d, want 400", p)
	}
	debug.SetGCPercent(400)
	if l := debug.SetMemoryLimit(-1); l < 64<<20 {
		t.Errorf("memory limit %d below the floor", l)
	}
	stop()
	if p := debug.SetGCPercent(-1); p != before {
		t.Errorf("GOGC after stop = %d, want %d restored", p, before)
	}
	debug.SetGCPercent(before)
}

func TestEnvironmentWins(t *testing.T) {
	t.Setenv("GOGC", "200")
	stop, applied := Start(context.Background(), Config{})
	defer stop()
	if applied {
		t.Error("policy applied although GOGC is set")
	}
}
