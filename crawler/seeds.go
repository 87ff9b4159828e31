package crawler

import (
	"context"
	"errors"
	"fmt"

	"github.com/sharc-archive/sharc/job"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/urlcanon"
)

// SeedsArchived counts the job's seeds that capture captureID archived (a
// response or revisit record of the seed's canonical URL, whatever its
// HTTP status). A capture that archived none captured nothing of the
// site: `sharc crawl` then exits with its own status.
func SeedsArchived(ctx context.Context, st store.Store, j *job.Job, captureID int64) (int, error) {
	n := 0
	for _, s := range j.Seeds {
		u, err := urlcanon.Canonical("", s)
		if err != nil {
			continue // a seed that does not parse was never crawled
		}
		r, err := st.LastCapture(ctx, u)
		switch {
		case errors.Is(err, store.ErrNotFound):
		case err != nil:
			return n, fmt.Errorf("seeds archived: %w", err)
		case r.CaptureID == captureID:
			n++
		}
	}
	return n, nil
}
