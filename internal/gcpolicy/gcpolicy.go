package gcpolicy

import (
	"context"
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// Config is the policy's settings.
type Config struct {
	// Percent is GOGC while the heap is below the limit (default 400).
	Percent int
	// Floor is the smallest soft memory limit (default 512 MiB).
	Floor uint64
	// Every is how often the live heap is read (default 1s).
	Every time.Duration
}

const liveMetric = "/gc/heap/live:bytes"

// Start applies the policy until ctx ends or stop is called; both restore
// the settings found. It does nothing, and says so, when GOGC or
// GOMEMLIMIT is set in the environment.
func Start(ctx context.Context, cfg Config) (stop func(), applied bool) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}, false
	}
	if cfg.Percent <= 0 {
		cfg.Percent = 400
	}
	if cfg.Floor == 0 {
		cfg.Floor = 512 << 20
	}
	if cfg.Every <= 0 {
		cfg.Every = time.Second
	}
	oldPercent := debug.SetGCPercent(cfg.Percent)
	oldLimit := debug.SetMemoryLimit(int64(limitFor(readLive(), cfg.Floor)))
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(cfg.Every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				debug.SetMemoryLimit(int64(limitFor(readLive(), cfg.Floor)))
			}
		}
	}()
	return func() {
		cancel()
		<-done
		debug.SetGCPercent(oldPercent)
		debug.SetMemoryLimit(oldLimit)
	}, true
}

// limitFor is the soft memory limit for a live heap: twice the live heap
// (GOGC=100's bound), never below floor.
func limitFor(live, floor uint64) uint64 {
	if live > math.MaxInt64/4 {
		return math.MaxInt64 / 2
	}
	return max(floor, 2*live)
}

func readLive() uint64 {
	s := []metrics.Sample{{Name: liveMetric}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
