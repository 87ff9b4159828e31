package daemon

import (
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/job"
)

// nextAfter is the first scheduled time after now that follows due, the
// scheduled time that just fired. It is computed from the schedule, never
// from when the tick noticed due or when the run ended, so a late tick
// or a long capture does not push later runs back ("every 1m" stays on
// anchor + k×1m). Times missed while a capture was open are skipped, not
// fired in a burst.
func nextAfter(s *job.Schedule, due, now time.Time) time.Time {
	if s.Every > 0 {
		if now.Before(due) {
			return due.Add(s.Every)
		}
		k := now.Sub(due)/s.Every + 1
		return due.Add(k * s.Every)
	}
	next := s.Next(due)
	if !next.After(now) {
		next = s.Next(now)
	}
	return next
}

// logTime logs t as an RFC 3339 string, or nothing when t is zero: an
// encoder writing epoch seconds turns a zero time into -6795364578.87.
func logTime(key string, t time.Time) zap.Field {
	if t.IsZero() {
		return zap.Skip()
	}
	return zap.String(key, t.Format(time.RFC3339Nano))
}

// nextOnLoad is a schedule's next time when the daemon starts: after the
// schedule time of its last scheduled run (the anchor), else after its
// last capture's start, else after now. A time missed while the daemon
// was down is due at once (one run, not one per missed time).
func (d *Daemon) nextOnLoad(s *job.Schedule, anchor, lastStart time.Time) time.Time {
	switch {
	case !anchor.IsZero():
		return s.Next(anchor)
	case !lastStart.IsZero():
		return s.Next(lastStart)
	}
	return s.Next(d.now())
}
