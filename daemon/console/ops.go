package console

import (
	"cmp"
	"net/http"
	"slices"
	"time"
)

// schedulesPage lists the jobs with a schedule and when each runs next,
// soonest first.
func (c *Console) schedulesPage(w http.ResponseWriter, r *http.Request) error {
	jobs, err := c.api.Jobs(r.Context())
	if err != nil {
		return err
	}
	var scheduled []jobRow
	for _, j := range jobs {
		if j.Schedule != "" {
			scheduled = append(scheduled, jobRow{JobInfo: j})
		}
	}
	sortByNextRun(scheduled)
	c.render(w, "schedules", page{Title: "Schedules", Jobs: scheduled, Now: time.Now(), Who: whoOf(r)})
	return nil
}

// sortByNextRun orders jobs by next run, jobs without one (running now)
// first, then by name.
func sortByNextRun(jobs []jobRow) {
	slices.SortFunc(jobs, func(a, b jobRow) int {
		return cmp.Or(a.NextRun.Compare(b.NextRun), cmp.Compare(a.Name, b.Name))
	})
}

// clusterPage shows the cluster's nodes and the hosts each holds, per open
// capture (it refreshes itself: leases move as nodes come and go).
func (c *Console) clusterPage(w http.ResponseWriter, r *http.Request) error {
	cv, err := c.api.Cluster(r.Context())
	if err != nil {
		return err
	}
	p := page{Title: "Cluster", ClusterInfo: &cv, Who: whoOf(r)}
	if cv.Cluster && len(cv.Captures) > 0 {
		p.Refresh = 5
	}
	c.render(w, "cluster", p)
	return nil
}
