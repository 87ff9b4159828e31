package store

import (
	"fmt"
	"strings"
	"time"
)

// validState reports whether st is one of the URLState constants.
func validState(st URLState) bool {
	switch st {
	case StateQueued, StateVisited, StateDone, StateBlocked, StateFailed:
		return true
	}
	return false
}

// prepared is a Batch checked and normalised for writing: capture IDs
// filled in, default states set, state changes deduplicated (last wins) so
// that the number of updated rows can be checked against it.
type prepared struct {
	captureID  int64
	records    []Record
	discovered []FrontierURL
	fresh      []FrontierURL // Batch.Fresh: inserted without a conflict probe where the store can
	states     []StateChange
	log        *LogMark
	provenance []HostProvenance
	graphs     []encodedGraph
}

func prepareBatch(b Batch) (prepared, error) {
	if b.CaptureID <= 0 {
		return prepared{}, fmt.Errorf("store: commit: batch has no capture ID")
	}
	p := prepared{
		captureID:  b.CaptureID,
		records:    make([]Record, len(b.Records)),
		discovered: make([]FrontierURL, 0, len(b.Discovered)),
		fresh:      make([]FrontierURL, 0, len(b.Fresh)),
		log:        b.Log,
	}
	for i, r := range b.Records {
		if r.CaptureID == 0 {
			r.CaptureID = b.CaptureID
		}
		if r.CaptureID != b.CaptureID {
			return prepared{}, fmt.Errorf("store: commit: record %s belongs to capture %d, batch to %d", r.RecordID, r.CaptureID, b.CaptureID)
		}
		if r.SURT == "" || r.RecordType == "" {
			return prepared{}, fmt.Errorf("store: commit: record %s of %q has no SURT or record type", r.RecordID, r.URL)
		}
		r.Time = dbTime(r.Time)
		p.records[i] = r
	}
	var err error
	if p.provenance, err = checkProvenance(b.Provenance, b.CaptureID); err != nil {
		return prepared{}, err
	}
	if p.graphs, err = encodeGraphs(b.Graphs, b.CaptureID); err != nil {
		return prepared{}, err
	}
	if p.discovered, err = checkURLs(p.discovered, b.Discovered, b.CaptureID); err != nil {
		return prepared{}, err
	}
	if p.fresh, err = checkURLs(p.fresh, b.Fresh, b.CaptureID); err != nil {
		return prepared{}, err
	}
	if len(b.States) > 0 {
		last := make(map[string]int, len(b.States))
		for _, sc := range b.States {
			if !validState(sc.State) {
				return prepared{}, fmt.Errorf("store: commit: state change of %s to unknown state %q", sc.SURT, sc.State)
			}
			if i, ok := last[sc.SURT]; ok {
				p.states[i] = sc
				continue
			}
			last[sc.SURT] = len(p.states)
			p.states = append(p.states, sc)
		}
	}
	return p, nil
}

// checkURLs appends us to dst with capture IDs and default states filled
// in, or fails on the first URL that cannot be stored.
func checkURLs(dst, us []FrontierURL, captureID int64) ([]FrontierURL, error) {
	for _, u := range us {
		if u.CaptureID == 0 {
			u.CaptureID = captureID
		}
		if u.CaptureID != captureID {
			return nil, fmt.Errorf("store: commit: discovered %q belongs to capture %d, batch to %d", u.URL, u.CaptureID, captureID)
		}
		if u.SURT == "" {
			return nil, fmt.Errorf("store: commit: discovered %q has no SURT", u.URL)
		}
		if u.State == "" {
			u.State = StateQueued
		}
		if !validState(u.State) {
			return nil, fmt.Errorf("store: commit: discovered %q has unknown state %q", u.URL, u.State)
		}
		dst = append(dst, u)
	}
	return dst, nil
}

// freshAsDiscovered is p with its fresh URLs among the discovered ones,
// for a store, or a retry, that probes every URL for a conflict.
func (p prepared) freshAsDiscovered() prepared {
	if len(p.fresh) > 0 {
		p.discovered = append(p.discovered[:len(p.discovered):len(p.discovered)], p.fresh...)
		p.fresh = nil
	}
	return p
}

// dbTime is t as both stores keep it: UTC, truncated to microseconds (the
// precision of PostgreSQL timestamps), so a value read back equals the
// value written whichever store is used.
func dbTime(t time.Time) time.Time {
	return t.UTC().Truncate(time.Microsecond)
}

// prefixCols qualifies each of a comma-separated column list with a table
// alias, e.g. "c.".
func prefixCols(alias, cols string) string {
	parts := strings.Split(cols, ", ")
	for i, p := range parts {
		parts[i] = alias + p
	}
	return strings.Join(parts, ", ")
}

// checkFinishStatus rejects statuses that would leave a finished capture
// looking resumable.
func checkFinishStatus(status CaptureStatus) error {
	if status == "" || status.Open() {
		return fmt.Errorf("store: finish capture: status %q is not a final status", status)
	}
	return nil
}

// jobCaptureSizesSQL counts the URLs per host of the newest finished
// capture of a job other than a given one, given the dialect's
// placeholders for the job ID and the excluded capture ID. Captures are
// numbered in the order they start and a job runs one at a time, so the
// highest ID is the most recent. Blocked URLs are never fetched and so are
// not part of the site's size.
func jobCaptureSizesSQL(jobID, notCapture string) string {
	return `SELECT host, COUNT(*) FROM urls
		WHERE capture_id = (SELECT id FROM captures WHERE job_id = ` + jobID + ` AND status = 'finished' AND id <> ` + notCapture + `
			ORDER BY id DESC LIMIT 1)
		AND state <> 'blocked'
		GROUP BY host`
}
