package testsite

import (
	"errors"
	"testing"
	"time"
)

// FuzzParseChangesQuery checks that any query either parses into a window
// within [.., now] with from ≤ to and a valid page, or fails with
// errBadQuery; never panics.
func FuzzParseChangesQuery(f *testing.F) {
	for _, seed := range []string{
		"", "from=2012-03-01T12:00:00Z", "to=2012-03-01T12:00:01.5Z&from=2012-03-01T12:00:00Z",
		"page=/p/3", "page=/", "page=/p/0", "from=%zz", "a=1&a=2", "to=2000-01-01T00:00:00+01:00",
		"from=9999-12-31T23:59:59.999999999Z", ";", "page=/p/99999999999999999999",
	} {
		f.Add(seed)
	}
	start := time.Date(2012, 3, 1, 12, 0, 0, 0, time.UTC)
	now := start.Add(time.Hour)
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := parseChangesQuery(raw, start, now, 100)
		if err != nil {
			if !errors.Is(err, errBadQuery) {
				t.Fatalf("error %v does not wrap errBadQuery", err)
			}
			return
		}
		if q.to.After(now) {
			t.Fatalf("to %v after now %v", q.to, now)
		}
		if q.to.Before(q.from) {
			t.Fatalf("to %v before from %v", q.to, q.from)
		}
		if q.page < -1 || q.page >= 100 {
			t.Fatalf("page %d out of range", q.page)
		}
	})
}

// FuzzPageIndex checks that PageIndex accepts exactly the paths PagePath
// writes.
func FuzzPageIndex(f *testing.F) {
	for _, seed := range []string{"/", "/p/1", "/p/0", "/p/01", "/p/9223372036854775807", "/p/-1", "/p/1x"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, path string) {
		k, ok := PageIndex(path)
		if !ok {
			return
		}
		if k < 0 {
			t.Fatalf("PageIndex(%q) = %d", path, k)
		}
		if PagePath(k) != path {
			t.Fatalf("PageIndex(%q) = %d, but PagePath(%d) = %q", path, k, k, PagePath(k))
		}
	})
}
