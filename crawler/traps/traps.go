package traps

import (
	"strings"
	"sync"
	"time"
)

// Reason names why a URL was refused; it is the crawl.log annotation.
type Reason string

// Reasons, one per check.
const (
	URLTooLong    Reason = "url-too-long"
	PathTooDeep   Reason = "path-too-deep"
	PathLoop      Reason = "path-loop"
	QueryParams   Reason = "query-params"
	QueryVariants Reason = "query-variants"
	Calendar      Reason = "calendar"
)

// Limits bound what a URL may look like. Zero switches a check off.
type Limits struct {
	MaxURLLength      int // bytes of the canonical URL (Heritrix refuses past 2083)
	MaxPathSegments   int // "/"-separated segments of the path
	MaxSegmentRepeats int // times one path segment may occur in a path
	MaxQueryParams    int // "&"-separated parameters of the query
	MaxQueryVariants  int // distinct query strings admitted per host and path
	// CalendarYearsAhead refuses calendar-like URLs naming a year more
	// than this many years after now, or before 1991 (the Web's first
	// year): calendars link to the next and previous month without end.
	CalendarYearsAhead int
}

// firstWebYear is the earliest year a web calendar can archive.
const firstWebYear = 1991

// Checker applies Limits; see the package comment for its concurrency.
type Checker struct {
	lim Limits
	now func() time.Time

	mu       sync.Mutex
	variants map[string]int // host+path → distinct query strings admitted
}

// New returns a Checker; now is the clock of the calendar check (nil:
// time.Now).
func New(lim Limits, now func() time.Time) *Checker {
	if now == nil {
		now = time.Now
	}
	return &Checker{lim: lim, now: now, variants: map[string]int{}}
}

// TooLong reports whether u is longer than MaxURLLength: the one check
// that applies to every URL fetched, robots.txt's redirects and sitemaps
// included, not only to discovered links.
func (c *Checker) TooLong(u string) bool {
	return c.lim.MaxURLLength > 0 && len(u) > c.lim.MaxURLLength
}

// Check applies the stateless checks to a canonical http(s) URL and
// returns the first that refuses it.
func (c *Checker) Check(u string) (Reason, bool) {
	if c.TooLong(u) {
		return URLTooLong, false
	}
	path, query := split(u)
	segs := strings.Split(strings.Trim(path, "/"), "/")
	if c.lim.MaxSegmentRepeats > 0 && repeats(segs) > c.lim.MaxSegmentRepeats {
		return PathLoop, false
	}
	if c.lim.MaxPathSegments > 0 && len(segs) > c.lim.MaxPathSegments {
		return PathTooDeep, false
	}
	if c.lim.MaxQueryParams > 0 && query != "" && strings.Count(query, "&")+1 > c.lim.MaxQueryParams {
		return QueryParams, false
	}
	if c.lim.CalendarYearsAhead > 0 && calendarOutOfRange(path, query, c.now().Year()+c.lim.CalendarYearsAhead) {
		return Calendar, false
	}
	return "", true
}

// Admit counts a URL new to the crawl against its path's query variants
// and reports whether it may be queued. Call it once per new URL, after
// Check passed.
func (c *Checker) Admit(u string) (Reason, bool) {
	if c.lim.MaxQueryVariants <= 0 {
		return "", true
	}
	path, query := split(u)
	if query == "" {
		return "", true
	}
	key := authority(u) + path
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.variants[key] >= c.lim.MaxQueryVariants {
		return QueryVariants, false
	}
	c.variants[key]++
	return "", true
}

// Restore counts a URL a resumed capture already holds, so query variants
// stay bounded across resumes.
func (c *Checker) Restore(u string) {
	if c.lim.MaxQueryVariants <= 0 {
		return
	}
	if path, query := split(u); query != "" {
		c.mu.Lock()
		c.variants[authority(u)+path]++
		c.mu.Unlock()
	}
}

// split returns the path and query of a canonical URL (no fragment).
func split(u string) (path, query string) {
	_, rest, ok := strings.Cut(u, "://")
	if !ok {
		rest = u
	}
	i := strings.IndexAny(rest, "/?")
	if i < 0 {
		return "/", ""
	}
	path, query, _ = strings.Cut(rest[i:], "?")
	return path, query
}

// authority returns scheme://host[:port] of a canonical URL.
func authority(u string) string {
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		rest = rest[:i]
	}
	return scheme + "://" + rest
}

// repeats returns how often the most frequent non-empty segment occurs.
func repeats(segs []string) int {
	most := 0
	counts := make(map[string]int, len(segs))
	for _, s := range segs {
		if s == "" {
			continue
		}
		counts[s]++
		most = max(most, counts[s])
	}
	return most
}
