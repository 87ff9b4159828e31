package heritrix

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// formatBytes renders n as Heritrix's ArchiveUtils.formatBytesForDisplay:
// the largest binary unit up to TiB in which the amount is at least 1,
// one decimal below 10 and none above, "0 B" for zero or less.
func formatBytes(n int64) string {
	if n <= 0 {
		return "0 B"
	}
	units := []string{" B", " KiB", " MiB", " GiB", " TiB"}
	v, u := float64(n), 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	digits := 0
	if v < 10 {
		digits = 1
	}
	return group(strconv.FormatFloat(v, 'f', digits, 64)) + units[u]
}

// doubleToString renders v as ArchiveUtils.doubleToString(v, maxDigits):
// Java's US NumberFormat with at most maxDigits decimals (half-even
// rounding, trailing zeros dropped) and ',' grouping.
func doubleToString(v float64, maxDigits int) string {
	if math.IsNaN(v) {
		return "NaN" // what NumberFormat writes is U+FFFD; NaN is clearer
	}
	if math.IsInf(v, 0) {
		return map[bool]string{true: "∞", false: "-∞"}[v > 0]
	}
	s := strconv.FormatFloat(v, 'f', maxDigits, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		s = "0"
	}
	return group(s)
}

// group inserts ',' every three digits of the integer part.
func group(s string) string {
	sign := ""
	if strings.HasPrefix(s, "-") {
		sign, s = "-", s[1:]
	}
	intPart, frac, hasFrac := strings.Cut(s, ".")
	var b strings.Builder
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if hasFrac {
		b.WriteString("." + frac)
	}
	return sign + b.String()
}

// formatDuration renders d as ArchiveUtils.formatMillisecondsToConventional:
// days, hours, minutes, seconds and milliseconds, each unit only when
// non-zero, e.g. "1h3m12s5ms"; "0ms" for zero.
func formatDuration(d time.Duration) string {
	ms := d.Milliseconds()
	if ms == 0 {
		return "0ms"
	}
	var b strings.Builder
	if ms < 0 {
		b.WriteByte('-')
		ms = -ms
	}
	for _, u := range []struct {
		ms   int64
		name string
	}{{86_400_000, "d"}, {3_600_000, "h"}, {60_000, "m"}, {1000, "s"}, {1, "ms"}} {
		if ms >= u.ms {
			b.WriteString(strconv.FormatInt(ms/u.ms, 10) + u.name)
			ms %= u.ms
		}
	}
	return b.String()
}
