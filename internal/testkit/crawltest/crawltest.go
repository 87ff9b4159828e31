package crawltest

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"go.uber.org/zap/zaptest"

	"github.com/sharc-archive/sharc/crawler"
	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/crawler/jobdir"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// Capture is a finished capture: its store (closed when the test ends),
// its job, the crawler's statistics and the directory of its WARC files.
type Capture struct {
	Store store.DB
	Job   *job.Job
	Stats crawler.Stats
	WARCs string
}

// Run parses jobYAML (named name in errors), indexes into dir/index.db
// and runs the capture, at most a minute, to its end.
func Run(t testing.TB, dir, name, jobYAML string) Capture {
	t.Helper()
	return RunWith(t, dir, name, jobYAML, crawler.Options{})
}

// RunWith is Run with the crawler's options (the credentials a logged-in
// capture is granted, say).
func RunWith(t testing.TB, dir, name, jobYAML string, opts crawler.Options) Capture {
	t.Helper()
	reg := scheduler.NewRegistry()
	j, err := job.Parse([]byte(jobYAML), name, reg.Names(), reg.VisitRevisit)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(dir, "index.db"), zaptest.NewLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	stats, err := crawler.New(j, st, reg, zaptest.NewLogger(t), opts).Run(ctx)
	if err != nil || stats.StopReason != crawler.StopFinished {
		t.Fatalf("crawl %s: %v (stopped: %s)", name, err, stats.StopReason)
	}
	return Capture{Store: st, Job: j, Stats: stats, WARCs: jobdir.Folder(stats.Folder).WARCs()}
}
