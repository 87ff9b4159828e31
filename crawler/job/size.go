package job

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// sizeUnits are the accepted size suffixes, compared case-insensitively:
// SI multiples of 1000 and IEC multiples of 1024, as archivists meet both.
var sizeUnits = []struct {
	name string
	mult int64
}{
	{"PiB", 1 << 50}, {"PB", 1e15},
	{"TiB", 1 << 40}, {"TB", 1e12},
	{"GiB", 1 << 30}, {"GB", 1e9},
	{"MiB", 1 << 20}, {"MB", 1e6},
	{"KiB", 1 << 10}, {"KB", 1e3},
	{"B", 1},
}

// maxSizeText bounds the input so a hostile job cannot make big.Int work hard.
const maxSizeText = 64

// ParseSize parses a byte size: a non-negative decimal number with an
// optional unit B, KB, MB, GB, TB, PB (powers of 1000) or KiB, MiB, GiB,
// TiB, PiB (powers of 1024), case-insensitive, optionally separated by a
// space: "500MB", "1GiB", "1.5 GB", "4096". A fraction must come to a whole
// number of bytes.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, errors.New("empty size")
	}
	if len(t) > maxSizeText {
		return 0, errors.New("too long")
	}
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	num, unit := t[:i], strings.TrimSpace(t[i:])
	if num == "" || num == "." || strings.Count(num, ".") > 1 {
		return 0, errors.New("does not start with a number")
	}
	mult := int64(1)
	if unit != "" {
		found := false
		for _, u := range sizeUnits {
			if strings.EqualFold(unit, u.name) {
				mult, found = u.mult, true
				break
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown unit %q (valid: B, KB, MB, GB, TB, PB, KiB, MiB, GiB, TiB, PiB)", unit)
		}
	}
	r, ok := new(big.Rat).SetString(num)
	if !ok {
		return 0, errors.New("not a number")
	}
	r.Mul(r, new(big.Rat).SetInt64(mult))
	if !r.IsInt() {
		return 0, errors.New("not a whole number of bytes")
	}
	n := r.Num()
	if !n.IsInt64() {
		return 0, errors.New("too large")
	}
	return n.Int64(), nil
}

// FormatSize writes n (≥ 0) in the largest unit that divides it exactly,
// so that ParseSize(FormatSize(n)) == n.
func FormatSize(n int64) string {
	if n > 0 {
		for _, u := range sizeUnits[:len(sizeUnits)-1] {
			if n%u.mult == 0 {
				return fmt.Sprintf("%d%s", n/u.mult, u.name)
			}
		}
	}
	return fmt.Sprintf("%d", n)
}
