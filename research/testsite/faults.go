package testsite

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ParsePageDelays parses a fault list for Config.DeleteAfter or
// Config.AppearAfter as the CLI takes it: comma-separated K=DURATION pairs,
// e.g. "5=30s,12=2m". Page numbers are decimal, durations as
// time.ParseDuration takes them; an empty string is an empty map. Ranges are
// checked by New, which knows the site size.
func ParsePageDelays(s string) (map[int]time.Duration, error) {
	out := map[int]time.Duration{}
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, item := range strings.Split(s, ",") {
		ks, ds, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok {
			return nil, fmt.Errorf("%q: want PAGE=DURATION", item)
		}
		k, err := strconv.Atoi(strings.TrimSpace(ks))
		if err != nil || k < 0 {
			return nil, fmt.Errorf("%q: page must be a page number", item)
		}
		d, err := time.ParseDuration(strings.TrimSpace(ds))
		if err != nil {
			return nil, fmt.Errorf("%q: %w", item, err)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("page %d given twice", k)
		}
		out[k] = d
	}
	return out, nil
}
