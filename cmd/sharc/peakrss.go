package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// peakRSS returns this process's peak resident set size in bytes (Linux's
// VmHWM), or 0 where /proc does not tell. The crawl summary prints it so
// an operator sees what a capture cost. It is read here, not from the
// parent's rusage: Linux carries ru_maxrss across exec, so a child started
// by a large process reports that process's peak, not its own.
func peakRSS() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kib, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				return 0
			}
			return kib << 10
		}
	}
	return 0
}
