package job

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// cronSpec is a parsed five-field cron expression: one bit set per allowed
// value of minute, hour, day of month, month and day of week.
type cronSpec struct {
	minute, hour, dom, month, dow uint64
	// domStar/dowStar record a "*" day field: classic cron matches a day
	// when either restricted day field matches, but only the restricted one
	// when the other is "*".
	domStar, dowStar bool
}

var cronMacros = map[string]string{
	"@yearly":   "0 0 1 1 *",
	"@annually": "0 0 1 1 *",
	"@monthly":  "0 0 1 * *",
	"@weekly":   "0 0 * * 0",
	"@daily":    "0 0 * * *",
	"@midnight": "0 0 * * *",
	"@hourly":   "0 * * * *",
}

var monthNames = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}
var dayNames = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// ParseSchedule parses a schedule: "every DURATION" (also "@every
// DURATION"), a cron macro (@hourly, @daily, @weekly, @monthly, @yearly) or
// a five-field cron expression "MIN HOUR DOM MON DOW" with *, lists, ranges,
// steps and month/day names.
func ParseSchedule(spec string) (*Schedule, error) {
	s := strings.TrimSpace(spec)
	if s == "" {
		return nil, errors.New("empty schedule")
	}
	low := strings.ToLower(s)
	for _, p := range []string{"@every ", "every ", "every:"} {
		if rest, ok := strings.CutPrefix(low, p); ok {
			d, err := time.ParseDuration(strings.TrimSpace(rest))
			if err != nil {
				return nil, fmt.Errorf("bad interval: %w", err)
			}
			if d < time.Minute {
				return nil, fmt.Errorf("interval %s is shorter than one minute", d)
			}
			return &Schedule{Spec: s, Every: d}, nil
		}
	}
	if m, ok := cronMacros[low]; ok {
		low = m
	} else if strings.HasPrefix(low, "@") {
		return nil, fmt.Errorf("unknown macro %q (valid: @every D, @hourly, @daily, @weekly, @monthly, @yearly)", s)
	}
	f := strings.Fields(low)
	if len(f) != 5 {
		return nil, fmt.Errorf("cron expression %q has %d fields, want 5 (minute hour day-of-month month day-of-week) or \"every DURATION\"", s, len(f))
	}
	var c cronSpec
	var err error
	if c.minute, err = cronField(f[0], 0, 59, nil); err != nil {
		return nil, fmt.Errorf("minute: %w", err)
	}
	if c.hour, err = cronField(f[1], 0, 23, nil); err != nil {
		return nil, fmt.Errorf("hour: %w", err)
	}
	if c.dom, err = cronField(f[2], 1, 31, nil); err != nil {
		return nil, fmt.Errorf("day of month: %w", err)
	}
	if c.month, err = cronField(f[3], 1, 12, monthNames); err != nil {
		return nil, fmt.Errorf("month: %w", err)
	}
	// Day of week accepts 7 for Sunday, as most crons do.
	if c.dow, err = cronField(f[4], 0, 7, dayNames); err != nil {
		return nil, fmt.Errorf("day of week: %w", err)
	}
	if c.dow&(1<<7) != 0 {
		c.dow = c.dow&^(1<<7) | 1
	}
	c.domStar = strings.HasPrefix(f[2], "*")
	c.dowStar = strings.HasPrefix(f[4], "*")
	return &Schedule{Spec: s, cron: &c}, nil
}

// cronField parses one comma-separated cron field into a bit set over
// [lo, hi]. names, when given, name the values from lo upward.
func cronField(s string, lo, hi int, names []string) (uint64, error) {
	var bits uint64
	for part := range strings.SplitSeq(s, ",") {
		rng, stepStr, hasStep := strings.Cut(part, "/")
		step := 1
		if hasStep {
			n, err := strconv.Atoi(stepStr)
			if err != nil || n < 1 || n > hi {
				return 0, fmt.Errorf("bad step %q", stepStr)
			}
			step = n
		}
		var a, b int
		switch {
		case rng == "*":
			a, b = lo, hi
		default:
			as, bs, isRange := strings.Cut(rng, "-")
			var err error
			if a, err = cronValue(as, lo, hi, names); err != nil {
				return 0, err
			}
			b = a
			if isRange {
				if b, err = cronValue(bs, lo, hi, names); err != nil {
					return 0, err
				}
				if b < a {
					return 0, fmt.Errorf("range %q runs backwards", rng)
				}
			} else if hasStep {
				b = hi // "5/15" means from 5 to the end, every 15
			}
		}
		for v := a; v <= b; v += step {
			bits |= 1 << uint(v)
		}
	}
	return bits, nil
}

func cronValue(s string, lo, hi int, names []string) (int, error) {
	for i, n := range names {
		if s == n {
			return lo + i, nil
		}
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("bad value %q", s)
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("value %d out of range %d-%d", v, lo, hi)
	}
	return v, nil
}

// Next returns the first run time strictly after t, in t's location. For
// an "every" schedule that is t + Every; for cron, the next matching
// minute. It returns the zero time if a cron expression never matches
// (e.g. "0 0 31 2 *") within five years.
func (s *Schedule) Next(t time.Time) time.Time {
	if s.cron == nil {
		return t.Add(s.Every)
	}
	c := s.cron
	t = t.Truncate(time.Minute).Add(time.Minute)
	limit := t.AddDate(5, 0, 0)
	for t.Before(limit) {
		if c.month&(1<<uint(t.Month())) == 0 {
			t = time.Date(t.Year(), t.Month()+1, 1, 0, 0, 0, 0, t.Location())
			continue
		}
		if !c.dayMatches(t) {
			t = time.Date(t.Year(), t.Month(), t.Day()+1, 0, 0, 0, 0, t.Location())
			continue
		}
		if c.hour&(1<<uint(t.Hour())) == 0 {
			t = time.Date(t.Year(), t.Month(), t.Day(), t.Hour()+1, 0, 0, 0, t.Location())
			continue
		}
		if c.minute&(1<<uint(t.Minute())) == 0 {
			t = t.Add(time.Minute)
			continue
		}
		return t
	}
	return time.Time{}
}

func (c *cronSpec) dayMatches(t time.Time) bool {
	dom := c.dom&(1<<uint(t.Day())) != 0
	dow := c.dow&(1<<uint(t.Weekday())) != 0
	switch {
	case c.domStar && c.dowStar:
		return true
	case c.domStar:
		return dow
	case c.dowStar:
		return dom
	}
	return dom || dow
}
