package traps

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

var defaults = Limits{MaxURLLength: 2083, MaxPathSegments: 32, MaxSegmentRepeats: 3, MaxQueryParams: 32,
	MaxQueryVariants: 3, CalendarYearsAhead: 2}

func fixedNow() time.Time { return time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC) }

func TestCheck(t *testing.T) {
	c := New(defaults, fixedNow)
	for _, tc := range []struct {
		url  string
		want Reason
	}{
		{"http://a.test/", ""},
		{"http://a.test/docs/en/docs/index.html", ""},
		{"http://a.test/" + strings.Repeat("x", 2100), URLTooLong},
		{"http://a.test" + strings.Repeat("/d", 33), PathLoop}, // repeats first: 33 copies of "d"
		{"http://a.test" + strings.Repeat("/d", 3), ""},
		{"http://a.test/a/b/a/b/a/b/a/b", PathLoop},
		{"http://a.test/a/b/a/b/a/b", ""},
		{"http://a.test/" + strings.Repeat("s/t/u/v/", 9), PathLoop},
		{"http://a.test/" + seq(33), PathTooDeep},
		{"http://a.test/" + seq(32), ""},
		{"http://a.test/p?" + params(33), QueryParams},
		{"http://a.test/p?" + params(32), ""},
		{"http://a.test/calendar/2031/04", Calendar},
		{"http://a.test/calendar/2028/04", ""},
		{"http://a.test/events?year=1987&month=3", Calendar},
		{"http://a.test/news/1999/12/party", ""}, // a past year after 1991: archives are real
		{"http://a.test/blog/2040-01-15/post", Calendar},
		{"http://a.test/products/2999", ""},     // no date words, no month after it
		{"http://a.test/img/1500x9000.jpg", ""}, // sizes are not years
		{"http://a.test/item/29990/12", ""},     // five digits: not a year
		{"http://a.test/cal?d=20310412", ""},    // eight digits: not matched (documented limit)
	} {
		got, ok := c.Check(tc.url)
		if got != tc.want || ok != (tc.want == "") {
			t.Errorf("Check(%.80s) = %q, %v; want %q", tc.url, got, ok, tc.want)
		}
	}
}

func seq(n int) string {
	s := make([]string, n)
	for i := range s {
		s[i] = fmt.Sprint("s", i)
	}
	return strings.Join(s, "/")
}

func params(n int) string {
	s := make([]string, n)
	for i := range s {
		s[i] = fmt.Sprintf("k%d=v", i)
	}
	return strings.Join(s, "&")
}

func TestAdmitQueryVariants(t *testing.T) {
	c := New(defaults, fixedNow)
	for i := range 3 {
		if r, ok := c.Admit(fmt.Sprintf("http://a.test/search?q=%d", i)); !ok {
			t.Fatalf("variant %d refused: %s", i, r)
		}
	}
	if r, ok := c.Admit("http://a.test/search?q=3"); ok || r != QueryVariants {
		t.Errorf("fourth variant: %q, %v; want refused as %q", r, ok, QueryVariants)
	}
	// Other paths and hosts have their own counts; plain paths are free.
	for _, u := range []string{"http://a.test/other?q=1", "http://b.test/search?q=9", "http://a.test/search"} {
		if _, ok := c.Admit(u); !ok {
			t.Errorf("%s refused", u)
		}
	}
	// A resumed capture's URLs count.
	r := New(defaults, fixedNow)
	for i := range 3 {
		r.Restore(fmt.Sprintf("http://a.test/search?q=%d", i))
	}
	if _, ok := r.Admit("http://a.test/search?q=7"); ok {
		t.Error("restored variants were not counted")
	}
}

func TestZeroLimitsAdmitAll(t *testing.T) {
	c := New(Limits{}, fixedNow)
	for _, u := range []string{"http://a.test/" + strings.Repeat("a/", 900), "http://a.test/calendar/2999/01"} {
		if r, ok := c.Check(u); !ok {
			t.Errorf("%.60s refused (%s) with every check off", u, r)
		}
		if r, ok := c.Admit(u + "?x"); !ok {
			t.Errorf("%.60s refused (%s) with every check off", u, r)
		}
	}
}

// FuzzCheck: no URL panics the checks, and a refusal always names one of
// the known reasons.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"http://a.test/", "http://a.test/cal/2031/4", "https://x/a/a/a/a?b&c", "", "://", "http://h?", "2999-1"} {
		f.Add(s)
	}
	c := New(defaults, fixedNow)
	f.Fuzz(func(t *testing.T, u string) {
		r, ok := c.Check(u)
		if ok != (r == "") {
			t.Fatalf("Check(%q) = %q, %v", u, r, ok)
		}
		switch r {
		case "", URLTooLong, PathTooDeep, PathLoop, QueryParams, Calendar:
		default:
			t.Fatalf("unknown reason %q", r)
		}
		_, _ = c.Admit(u)
		c.Restore(u)
	})
}
