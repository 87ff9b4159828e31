package job

import (
	"strings"
	"testing"
	"time"
)

func TestScheduleNext(t *testing.T) {
	// 2025-03-05 is a Wednesday.
	from := time.Date(2025, 3, 5, 10, 17, 30, 0, time.UTC)
	tests := []struct {
		spec string
		want time.Time
	}{
		{"every 168h", from.Add(168 * time.Hour)},
		{"@every 90m", from.Add(90 * time.Minute)},
		{"every: 2h", from.Add(2 * time.Hour)},
		{"* * * * *", time.Date(2025, 3, 5, 10, 18, 0, 0, time.UTC)},
		{"*/15 * * * *", time.Date(2025, 3, 5, 10, 30, 0, 0, time.UTC)},
		{"5/20 * * * *", time.Date(2025, 3, 5, 10, 25, 0, 0, time.UTC)},
		{"0 3 * * *", time.Date(2025, 3, 6, 3, 0, 0, 0, time.UTC)},
		{"0 3 * * mon", time.Date(2025, 3, 10, 3, 0, 0, 0, time.UTC)},
		{"0 3 * * 7", time.Date(2025, 3, 9, 3, 0, 0, 0, time.UTC)},
		{"30 23 1 * *", time.Date(2025, 4, 1, 23, 30, 0, 0, time.UTC)},
		{"0 0 1 jan *", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"@weekly", time.Date(2025, 3, 9, 0, 0, 0, 0, time.UTC)},
		{"@hourly", time.Date(2025, 3, 5, 11, 0, 0, 0, time.UTC)},
		// Both day fields restricted: either matches (classic cron).
		{"0 12 20 * fri", time.Date(2025, 3, 7, 12, 0, 0, 0, time.UTC)},
		{"0 0 29 2 *", time.Date(2028, 2, 29, 0, 0, 0, 0, time.UTC)},
		{"0 0 31 2 *", time.Time{}},
		{"0 9-17/4 * * 1-5", time.Date(2025, 3, 5, 13, 0, 0, 0, time.UTC)},
		{"0,45 10 * * *", time.Date(2025, 3, 5, 10, 45, 0, 0, time.UTC)},
	}
	for _, tt := range tests {
		s, err := ParseSchedule(tt.spec)
		if err != nil {
			t.Errorf("ParseSchedule(%q): %v", tt.spec, err)
			continue
		}
		if got := s.Next(from); !got.Equal(tt.want) {
			t.Errorf("%q.Next(%s) = %s, want %s", tt.spec, from, got, tt.want)
		}
	}
}

func TestScheduleNextInZone(t *testing.T) {
	// India is UTC+5:30: "every hour on the hour" must be local hours.
	loc := time.FixedZone("IST", 5*3600+1800)
	s, err := ParseSchedule("0 * * * *")
	if err != nil {
		t.Fatal(err)
	}
	from := time.Date(2025, 3, 5, 10, 17, 0, 0, loc)
	if got, want := s.Next(from), time.Date(2025, 3, 5, 11, 0, 0, 0, loc); !got.Equal(want) {
		t.Fatalf("Next = %s, want %s", got, want)
	}
}

func TestParseScheduleErrors(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"", "empty schedule"},
		{"every", "has 1 fields, want 5"},
		{"every 10s", "shorter than one minute"},
		{"every week", "bad interval"},
		{"@fortnightly", "unknown macro"},
		{"* * * *", "has 4 fields, want 5"},
		{"60 * * * *", "minute: value 60 out of range 0-59"},
		{"* 24 * * *", "hour: value 24 out of range 0-23"},
		{"* * 0 * *", "day of month: value 0 out of range 1-31"},
		{"* * * 13 *", "month: value 13 out of range 1-12"},
		{"* * * * 8", "day of week: value 8 out of range 0-7"},
		{"*/0 * * * *", "minute: bad step"},
		{"5-1 * * * *", "runs backwards"},
		{"x * * * *", "bad value"},
	}
	for _, tt := range tests {
		_, err := ParseSchedule(tt.spec)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseSchedule(%q) error %v, want containing %q", tt.spec, err, tt.want)
		}
	}
}

// FuzzParseSchedule: never panics, and an accepted schedule's next run is
// after the start time (or zero when a cron never matches).
func FuzzParseSchedule(f *testing.F) {
	for _, s := range []string{"every 168h", "0 3 * * mon", "*/15 9-17 1,15 jan-jun 1-5", "@daily", "0 0 31 2 *", "5/20 * * * 7"} {
		f.Add(s)
	}
	from := time.Date(2025, 3, 5, 10, 17, 30, 0, time.UTC)
	f.Fuzz(func(t *testing.T, spec string) {
		s, err := ParseSchedule(spec)
		if err != nil {
			return
		}
		next := s.Next(from)
		if !next.IsZero() && !next.After(from) {
			t.Fatalf("%q.Next(%s) = %s, not after", spec, from, next)
		}
		if s.Every == 0 && s.cron == nil {
			t.Fatalf("%q parsed to an empty schedule", spec)
		}
	})
}
