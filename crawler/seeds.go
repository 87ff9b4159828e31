package crawler

import (
	"context"
	"fmt"
	"slices"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/store"
)

// SeedsArchived counts the job's seeds that capture captureID archived (a
// response or revisit record of the seed's canonical URL, whatever its
// HTTP status: an unchanged seed archived as a revisit counts). A capture that archived none captured nothing of the
// site: `sharc crawl` then exits with its own status.
func SeedsArchived(ctx context.Context, st store.Store, j *job.Job, captureID int64) (int, error) {
	n := 0
	for _, s := range j.Seeds {
		u, err := urlcanon.Canonical("", s)
		if err != nil {
			continue // a seed that does not parse was never crawled
		}
		recs, err := st.History(ctx, u)
		if err != nil {
			return n, fmt.Errorf("seeds archived: %w", err)
		}
		if slices.ContainsFunc(recs, func(r store.Record) bool { return r.CaptureID == captureID }) {
			n++
		}
	}
	return n, nil
}
