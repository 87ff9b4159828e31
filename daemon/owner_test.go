package daemon

import (
	"context"
	"errors"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/crawler/job"
	"github.com/sharc-archive/sharc/frontier/urlcanon"
	"github.com/sharc-archive/sharc/internal/testkit"
	"github.com/sharc-archive/sharc/scheduler"
	"github.com/sharc-archive/sharc/store"
)

// TestSubmitRefusesOtherSettings: a job submitted under the name of a job
// with an open capture (running, paused, or started by `sharc crawl` on
// the same store) but other defining settings is refused with 409, naming
// both job files and what differs; once the capture is cancelled the new
// job is accepted.
func TestSubmitRefusesOtherSettings(t *testing.T) {
	dsn := storeDSN(t)
	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(60, 20*time.Millisecond, &hits))
	defer srv.Close()
	site := strings.TrimPrefix(srv.URL, "http://")
	td := startDaemon(t, dsn, 1)
	ctx := context.Background()
	c := td.client
	if _, err := c.Submit(ctx, jobYAML("own", site, ""), "a.yaml"); err != nil {
		t.Fatal(err)
	}
	testkit.WaitFor(t, 10*time.Second, "3 fetches", func() bool { return hits.Load() >= 3 })
	other := jobYAML("own", site, "scope: {max_hops: 1}\n")
	wantRefusal := func(when string, err error, owner, file string) {
		t.Helper()
		var ae *APIError
		if apiStatus(err) != 409 || !asAPIError(err, &ae) {
			t.Fatalf("%s: %v, want 409", when, err)
		}
		for _, w := range []string{"started by " + owner, file + " differs", "scope.max_hops", "cancel"} {
			if !strings.Contains(ae.Message, w) {
				t.Errorf("%s: message %q lacks %q", when, ae.Message, w)
			}
		}
		if !slices.ContainsFunc(ae.Details, func(d string) bool { return strings.HasPrefix(d, "scope.max_hops ") }) {
			t.Errorf("%s: details %q", when, ae.Details)
		}
	}
	_, err := c.Submit(ctx, other, "b.yaml")
	wantRefusal("running", err, "a.yaml", "b.yaml")
	if _, err := c.Action(ctx, "own", "pause"); err != nil {
		t.Fatal(err)
	}
	_, err = c.Submit(ctx, other, "b.yaml")
	wantRefusal("paused", err, "a.yaml", "b.yaml")
	if _, err := c.Action(ctx, "own", "cancel"); err != nil {
		t.Fatal(err)
	}
	// Idle now, the job is replaced by other settings only when asked to
	// (TestSubmitReplacingNeedsConfirmation).
	if info, err := c.SubmitReplacing(ctx, other, "b.yaml", true); err != nil || info.State == stateIdle {
		t.Fatalf("submit after cancel: %+v, %v", info, err)
	}
	testkit.WaitFor(t, 20*time.Second, "own idle", func() bool {
		info, err := c.Job(ctx, "own")
		return err == nil && info.State == stateIdle
	})
	// `sharc crawl` leaves a capture of the same name running with other
	// settings; resuming the idle job must not take it over (nor pause it).
	cliCapture(t, dsn, "own", "/jobs/own.yaml", jobYAML("own", site, "scope: {max_hops: 20}\n"))
	_, err = c.Action(ctx, "own", "resume")
	wantRefusal("resume of an idle job", err, "/jobs/own.yaml", "b.yaml")
	if caps, err := c.Captures(ctx, "own"); err != nil || len(caps) == 0 || caps[len(caps)-1].Status != store.CaptureStatusRunning {
		t.Errorf("sharc crawl's capture after the refused resume: %+v, %v; want it still running", caps, err)
	}

	// A capture `sharc crawl` left running in the daemon's store, of a
	// job the daemon was never given.
	cliCapture(t, dsn, "cli", "/jobs/cli.yaml", jobYAML("cli", site, ""))
	_, err = c.Submit(ctx, jobYAML("cli", site, "scope: {max_hops: 1}\n"), "mine.yaml")
	wantRefusal("started by sharc crawl", err, "/jobs/cli.yaml", "mine.yaml")
}

func asAPIError(err error, ae **APIError) bool { return errors.As(err, ae) }

// cliCapture stores a running capture of job name as an interrupted
// `sharc crawl file` would leave it, with the daemon's defaults applied
// to yamlText as Submit applies them.
func cliCapture(t *testing.T, dsn, name, file string, yamlText []byte) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, dsn, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	reg := scheduler.NewRegistry()
	j, err := job.Parse(yamlText, file, reg.Names(), reg.VisitRevisit)
	if err != nil {
		t.Fatal(err)
	}
	j.Store = dsn
	text, err := j.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	jr, err := st.UpsertJob(ctx, name, string(text))
	if err != nil {
		t.Fatal(err)
	}
	cp, _, err := st.OpenCapture(ctx, jr.ID, j.Scheduler.Strategy, j.Capture.Mode)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetCaptureOwner(ctx, cp.ID, store.CaptureOwner{JobFile: file, JobYAML: string(text)}); err != nil {
		t.Fatal(err)
	}
	seed := j.Seeds[0]
	u := store.FrontierURL{CaptureID: cp.ID, URL: seed, SURT: urlcanon.SURT(seed), Host: urlcanon.Host(seed), ParentSeq: -1, Rate: 0.01, State: store.StateQueued}
	if err := st.Commit(ctx, store.Batch{CaptureID: cp.ID, Discovered: []store.FrontierURL{u}}); err != nil {
		t.Fatal(err)
	}
}
