package testsite

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestParsePageDelays(t *testing.T) {
	tests := []struct {
		in   string
		want map[int]time.Duration
		err  string
	}{
		{"", map[int]time.Duration{}, ""},
		{"  ", map[int]time.Duration{}, ""},
		{"5=30s", map[int]time.Duration{5: 30 * time.Second}, ""},
		{"5=30s, 12 = 2m,1=1h30m", map[int]time.Duration{5: 30 * time.Second, 12: 2 * time.Minute, 1: 90 * time.Minute}, ""},
		{"5", nil, "PAGE=DURATION"},
		{"x=1s", nil, "page number"},
		{"-1=1s", nil, "page number"},
		{"5=soon", nil, "invalid duration"},
		{"5=1s,5=2s", nil, "twice"},
		{"5=1s,", nil, "PAGE=DURATION"},
	}
	for _, tc := range tests {
		got, err := ParsePageDelays(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want one mentioning %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// FuzzParsePageDelays checks that a parsed list prints back to a list that
// parses to the same map.
func FuzzParsePageDelays(f *testing.F) {
	for _, s := range []string{"", "5=30s", "1=1h,2=2ms", "5=1s,5=2s", "x=1", "3=-1s", " 7 = 1.5s "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParsePageDelays(s)
		if err != nil {
			return
		}
		var parts []string
		for k, d := range m {
			if k < 0 {
				t.Fatalf("negative page %d from %q", k, s)
			}
			parts = append(parts, strconv.Itoa(k)+"="+d.String())
		}
		m2, err := ParsePageDelays(strings.Join(parts, ","))
		if err != nil || !reflect.DeepEqual(m, m2) {
			t.Fatalf("%q -> %v -> %v, %v", s, m, m2, err)
		}
	})
}
