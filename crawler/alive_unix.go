//go:build unix

package crawler

import (
	"errors"
	"syscall"
)

// processAlive reports whether a process pid runs on this host (signal
// 0 checks without sending; EPERM means it runs as another user).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
