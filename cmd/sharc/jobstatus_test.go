package main

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/daemon"
)

// TestJobStatusCounters is issue 29's "`job status` shows `failed 0` but
// `ERRORS 2`": the summary line's errors is the API's errors (every
// host's ERRORS added up, the daemon's TestCountersAgree checks the sum),
// by class, beside the URLs given up without an answer; a stopped run's
// hosts say when they were seen.
func TestJobStatusCounters(t *testing.T) {
	st := daemon.Status{Job: "j", State: "paused", Capture: 3, Fetched: 74, Failed: 0, Errors: 2,
		ErrorsByClass: map[daemon.HostErrorClass]int64{daemon.HostErrHTTP4xx: 2},
		Hosts: []daemon.HostStatusJSON{
			{Host: "a.test", Fetched: 70, Errors: 2},
			{Host: "b.test", Fetched: 4},
		}, HostsTotal: 2, HostsAsOf: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
	var out strings.Builder
	printStatus(&cli{stdout: &out}, st)
	got := out.String()
	for _, want := range []string{
		"job j: paused, capture 3\n",
		"fetched 74, errors 2 (4xx 2, 5xx 0, network 0, other 0), failed without an answer 0, robots-blocked 0\n",
		"hosts as of 2026-11-28T12:00:00Z, when the run stopped:\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("job status lacks %q:\n%s", want, got)
		}
	}
	var sum int64
	rows := regexp.MustCompile(`(?m)^[ab]\.test\s+\d+\s+\d+\s+\S+\s+\S+\s+\d+\s+(\d+)`).FindAllStringSubmatch(got, -1)
	for _, m := range rows {
		n, _ := strconv.ParseInt(m[1], 10, 64)
		sum += n
	}
	if len(rows) != 2 || sum != st.Errors {
		t.Errorf("the ERRORS column adds up to %d over %d rows, the summary says %d:\n%s", sum, len(rows), st.Errors, got)
	}
}
