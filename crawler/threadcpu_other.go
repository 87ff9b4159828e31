//go:build !linux

package crawler

import "time"

// threadCPU reads no thread clock off Linux: the serial figures are then
// wall time only.
func threadCPU() (time.Duration, bool) { return 0, false }
